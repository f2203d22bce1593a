import { z } from "zod";
import { formatPaise } from "./price";

/**
 * Money as the team types it and the ledger keeps it (issue 46, ADR 090):
 * integer paise everywhere, converted from and to text with integer arithmetic
 * only, never through a float. Isomorphic: the payment forms check an amount
 * as it is typed, with the schema their action uses.
 */

const PAISE_PER_RUPEE = 100;

/** ₹1 crore: the most one amount (a payment, a refund, an instalment) may be. */
export const MAX_AMOUNT_PAISE = 1_00_00_000 * PAISE_PER_RUPEE;

/** A whole, safe number of paise (0 included). */
export function isPaise(value: unknown): value is number {
  return typeof value === "number" && Number.isSafeInteger(value) && value >= 0;
}

/** "104500.50": rupees with exactly two decimals, for UPI's `am` and spreadsheets. */
export function paiseToDecimalRupees(paise: number): string {
  if (!Number.isSafeInteger(paise)) throw new RangeError(`Not a whole number of paise: ${paise}`);
  const sign = paise < 0 ? "-" : "";
  const magnitude = Math.abs(paise);
  return `${sign}${Math.floor(magnitude / PAISE_PER_RUPEE)}.${String(magnitude % PAISE_PER_RUPEE).padStart(2, "0")}`;
}

// Digits as typed in India or elsewhere: plain (104500), Indian grouping
// (1,04,500: three digits, then twos) or international (104,500: threes).
const PLAIN = /^\d+$/;
const INDIAN_GROUPS = /^\d{1,2}(,\d{2})*,\d{3}$/;
const INTERNATIONAL_GROUPS = /^\d{1,3}(,\d{3})+$/;

export const AMOUNT_MESSAGES = {
  empty: "Enter an amount.",
  notAnAmount: "Enter an amount in rupees, like 1,04,500 or 104500.50.",
  notPositive: "Enter an amount more than ₹0.",
  tooPrecise: "An amount has at most 2 decimals (paise), like 104500.50.",
  tooLarge: `An amount can be at most ${formatPaise(MAX_AMOUNT_PAISE)} (₹1 crore).`,
} as const;

export type ParsedAmount = { ok: true; paise: number } | { ok: false; message: string };

/**
 * A rupee amount as typed ("1,04,500.50", "104500.5", "₹ 1,04,500/-") in
 * paise, or why it is not one: empty, not a number, 0 or less, more than two
 * decimals, or over ₹1 crore.
 */
export function parseRupees(typed: string): ParsedAmount {
  let text = typed.normalize("NFKC").trim();
  if (text === "") return { ok: false, message: AMOUNT_MESSAGES.empty };
  // What people write around an amount: ₹, Rs., INR before it; "/-" after it.
  text = text
    .replace(/^(₹|rs\.?|inr)\s*/i, "")
    .replace(/\s*\/-$/, "")
    .trim();
  if (/^[-−–]/.test(text)) {
    return /\d/.test(text) ? { ok: false, message: AMOUNT_MESSAGES.notPositive } : { ok: false, message: AMOUNT_MESSAGES.notAnAmount };
  }
  const match = /^([\d,]*)(?:\.(\d*))?$/.exec(text);
  const whole = match?.[1] ?? "";
  const fraction = match?.[2];
  if (!match || (whole === "" && !fraction) || (whole !== "" && !PLAIN.test(whole) && !INDIAN_GROUPS.test(whole) && !INTERNATIONAL_GROUPS.test(whole))) {
    return { ok: false, message: AMOUNT_MESSAGES.notAnAmount };
  }
  if (fraction !== undefined && fraction.length > 2) return { ok: false, message: AMOUNT_MESSAGES.tooPrecise };
  const digits = whole.replaceAll(",", "").replace(/^0+(?=\d)/, "");
  // Eleven digits of rupees are already more than a crore: stop before the arithmetic.
  if (digits.length > 10) return { ok: false, message: AMOUNT_MESSAGES.tooLarge };
  const paise = Number(digits || "0") * PAISE_PER_RUPEE + Number((fraction ?? "").padEnd(2, "0"));
  if (paise <= 0) return { ok: false, message: AMOUNT_MESSAGES.notPositive };
  if (paise > MAX_AMOUNT_PAISE) return { ok: false, message: AMOUNT_MESSAGES.tooLarge };
  return { ok: true, paise };
}

/**
 * One typed rupee amount, in paise: the schema every money form, its action
 * and the API share. A JSON number is read as the text it prints as, so
 * 0.1 + 0.2 is refused for its decimals rather than rounded.
 */
export const rupeeAmountSchema = z.union([z.string(), z.number()], { error: AMOUNT_MESSAGES.empty }).transform((value, ctx) => {
  const parsed = parseRupees(typeof value === "number" ? String(value) : value);
  if (parsed.ok) return parsed.paise;
  ctx.addIssue({ code: "custom", message: parsed.message });
  return z.NEVER;
});
