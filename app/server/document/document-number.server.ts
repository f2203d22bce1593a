import type { FinancialYear } from "~/lib/financial-year";

/**
 * Tax document numbers (ADR 092): one series per kind of document, each
 * unique and gapless per Indian financial year (1 April – 31 March, Indian
 * time), "PRV/26-27/00042", at most 16 characters (CGST Rules, rule 46(b),
 * and rules 50, 51 and 53 for vouchers and notes). The counter is taken in
 * the issuing transaction (ADR 092); this module only names and formats.
 */

export type DocumentKind = "quote" | "receipt-voucher" | "tax-invoice" | "payment-receipt" | "refund-voucher" | "credit-note";

/** Every numbered kind, its title on the document, and its series' prefix at first start (the settings change them). */
export const NUMBERED_SERIES = {
  "tax-invoice": { title: "Tax Invoice", defaultPrefix: "PRV" },
  "receipt-voucher": { title: "Receipt Voucher", defaultPrefix: "RV" },
  "payment-receipt": { title: "Payment Receipt", defaultPrefix: "RC" },
  "refund-voucher": { title: "Refund Voucher", defaultPrefix: "RF" },
  "credit-note": { title: "Credit Note", defaultPrefix: "CN" },
} as const satisfies Record<Exclude<DocumentKind, "quote">, { title: string; defaultPrefix: string }>;

export type NumberedKind = keyof typeof NUMBERED_SERIES;

/** The most characters a number may have (rule 46(b)). */
const MAX_NUMBER_LENGTH = 16;
const SEQUENCE_DIGITS = 5;

/** A series prefix is 1–4 letters or digits, so that every number fits 16 characters. Null when it is fine, else the message. */
export function seriesPrefixProblem(prefix: string): string | null {
  if (!/^[A-Z0-9]{1,4}$/.test(prefix)) return "Use 1 to 4 capital letters or digits, like PRV.";
  return null;
}

/** "PRV/26-27/00042". Throws when the prefix is not a series prefix or the number would pass 16 characters. */
export function formatDocumentNumber(prefix: string, year: FinancialYear, sequence: number): string {
  const problem = seriesPrefixProblem(prefix);
  if (problem) throw new RangeError(`Series prefix "${prefix}": ${problem}`);
  if (!Number.isSafeInteger(sequence) || sequence < 1) throw new RangeError(`Not a sequence number: ${sequence}`);
  const number = `${prefix}/${year.label}/${String(sequence).padStart(SEQUENCE_DIGITS, "0")}`;
  if (number.length > MAX_NUMBER_LENGTH)
    throw new RangeError(`${number} is longer than ${MAX_NUMBER_LENGTH} characters: the series is full for ${year.label}.`);
  return number;
}
