import { z } from "zod";
import { MAX_AMOUNT_PAISE, paiseToDecimalRupees } from "./money";

/**
 * UPI payment links (issue 46, ADR 090): the `upi://pay` URI that every UPI
 * app opens, and that the QR beside each amount due holds. Built by one pure
 * function, for the booking page's link and "Copy", the QR, the reminder
 * e-mail and the tax documents alike.
 *
 * The parameters are those of NPCI's UPI linking specification: `pa` the
 * payee's UPI ID, `pn` the payee's name, `am` the amount in rupees with two
 * decimals, `cu` INR, `tn` a note the payer sees, `tr` the reference the
 * payee's bank statement shows.
 */

/** The longest `tr` the specification allows. */
const UPI_REFERENCE_MAX = 35;
/** A note that every UPI app shows whole. */
const UPI_NOTE_MAX = 50;
const UPI_PAYEE_NAME_MAX = 50;

// A UPI ID: a handle, @, the provider's name (okhdfcbank, ybl, paytm, upi).
const VPA_PATTERN = /^[a-z0-9][a-z0-9._-]{1,254}@[a-z][a-z0-9]{1,63}$/;

/** The agency's UPI ID as Settings takes it. */
export const upiIdSchema = z
  .string({ error: "Enter the agency's UPI ID, like pravas@okhdfcbank." })
  .transform((text) => text.trim().toLowerCase())
  .pipe(z.string().regex(VPA_PATTERN, "Enter a UPI ID like pravas@okhdfcbank: a name, @ and the bank or app's handle."));

/** The name UPI apps show the payer before they pay: the name on the agency's account. */
export const upiPayeeNameSchema = z
  .string({ error: "Enter the name on the agency's UPI account." })
  .transform((text) => text.replace(/\s+/g, " ").trim())
  .pipe(z.string().min(1, "Enter the name on the agency's UPI account.").max(UPI_PAYEE_NAME_MAX, `Keep the name under ${UPI_PAYEE_NAME_MAX} characters.`));

export type UpiPayment = {
  /** The payee's UPI ID (VPA). */
  vpa: string;
  payeeName: string;
  amountPaise: number;
  /** What the payer's app shows: "PRV-7KQ2M balance". */
  note: string;
  /** What the agency's bank statement shows: "PRV-7KQ2M-BAL". */
  reference: string;
};

/**
 * A value as the URI carries it: every character but the unreserved ones of
 * RFC 3986 (letters, digits, - . _ ~) and @ percent-encoded from its UTF-8
 * bytes, so a space is %20 (never +), & %26, # %23 and Hindi text its bytes.
 * @ stays: a query may hold it, and the specification's own examples write
 * `pa=name@bank`.
 */
function encodeUpiValue(value: string): string {
  return encodeURIComponent(value)
    .replace(/[!'()*]/g, (char) => `%${char.charCodeAt(0).toString(16).toUpperCase()}`)
    .replaceAll("%40", "@");
}

const characters = (text: string) => [...text].length;

/** The `upi://pay` URI for one amount due. Throws on a value that no UPI app would take: a bug, not an input. */
export function upiPaymentUri(payment: UpiPayment): string {
  const { vpa, payeeName, amountPaise, note, reference } = payment;
  if (!VPA_PATTERN.test(vpa)) throw new RangeError(`Not a UPI ID: ${vpa}`);
  if (payeeName.trim() === "" || characters(payeeName) > UPI_PAYEE_NAME_MAX) throw new RangeError(`Not a payee name: ${payeeName}`);
  if (!Number.isSafeInteger(amountPaise) || amountPaise <= 0 || amountPaise > MAX_AMOUNT_PAISE) throw new RangeError(`Not an amount to pay: ${amountPaise}`);
  if (characters(note) > UPI_NOTE_MAX) throw new RangeError(`A UPI note is at most ${UPI_NOTE_MAX} characters: ${note}`);
  if (!/^[A-Za-z0-9-]+$/.test(reference) || reference.length > UPI_REFERENCE_MAX) throw new RangeError(`Not a UPI reference: ${reference}`);
  const parameters: [string, string][] = [
    ["pa", vpa],
    ["pn", payeeName],
    ["am", paiseToDecimalRupees(amountPaise)],
    ["cu", "INR"],
    ["tn", note],
    ["tr", reference],
  ];
  return `upi://pay?${parameters.map(([name, value]) => `${name}=${encodeUpiValue(value)}`).join("&")}`;
}

/**
 * The parameters of a `upi://pay` URI, read strictly: %XX only (a + is a
 * plus, as RFC 3986 has it), each parameter once. Null for anything else.
 */
export function readUpiUri(uri: string): Record<string, string> | null {
  const prefix = "upi://pay?";
  if (!uri.startsWith(prefix)) return null;
  const parameters: Record<string, string> = {};
  for (const pair of uri.slice(prefix.length).split("&")) {
    const [name, value, extra] = pair.split("=");
    if (!name || value === undefined || extra !== undefined || name in parameters) return null;
    try {
      parameters[name] = decodeURIComponent(value);
    } catch {
      return null;
    }
  }
  return parameters;
}

/** `tr` for one line of a booking's schedule: "PRV-7KQ2M-BAL". */
export function upiReference(bookingReference: string, lineKey: string): string {
  return `${bookingReference}-${lineKey}`;
}

/** `tn`: the booking and what the amount is for, as the team says it ("PRV-7KQ2M balance"). */
export function upiNote(bookingReference: string, lineLabel: string): string {
  return `${bookingReference} ${lineLabel.toLowerCase()}`;
}
