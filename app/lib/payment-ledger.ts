import { z } from "zod";
import { isCalendarDate } from "./calendar-date";
import { indianDate } from "./follow-up";
import { rupeeAmountSchema } from "./money";
import { formatPaise } from "./price";

/**
 * A booking's ledger (issue 46, ADR 090): every payment, refund and reversal,
 * as rows that are only ever added. A wrong payment is corrected by a
 * reversing entry, never edited or deleted, so the ledger is its own history.
 * These are the rows' shapes (the table comes with the bookings, ADR 090) and
 * the forms that add them; what a booking has paid is computed from them
 * (money-state.ts).
 */

export const PAYMENT_METHODS = ["upi", "bank-transfer", "cash", "card", "gateway"] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];
export const PAYMENT_METHOD_LABELS: Record<PaymentMethod, string> = {
  upi: "UPI",
  "bank-transfer": "Bank transfer",
  cash: "Cash",
  card: "Card",
  gateway: "Payment link",
};
/** Money that moved through a bank: the team must give its UTR or reference, or it cannot be reconciled. */
const METHODS_NEEDING_REFERENCE: ReadonlySet<PaymentMethod> = new Set(["upi", "bank-transfer"]);

type EntryBase = {
  id: number;
  /** When the team (or the gateway's webhook) added the row. */
  recordedAt: string;
  /** Who added it; null for the gateway. */
  recordedBy: { id: string; name: string } | null;
};

export type PaymentEntry = EntryBase & {
  kind: "payment";
  amountPaise: number;
  /** The Indian date the money arrived. */
  receivedOn: string;
  method: PaymentMethod;
  /** The UTR, cheque or card slip number, or the gateway's payment id; as typed. */
  reference: string | null;
  /** An uploaded image or PDF of the bank's message or receipt. */
  proofKey: string | null;
  note: string;
};

export type RefundEntry = EntryBase & {
  kind: "refund";
  amountPaise: number;
  paidOn: string;
  method: PaymentMethod;
  reference: string | null;
  reason: string;
};

/** Cancels one payment or refund that should not have been recorded (a mistyped amount, a bounced cheque). */
export type ReversalEntry = EntryBase & { kind: "reversal"; reverses: number; reason: string };

export type LedgerEntry = PaymentEntry | RefundEntry | ReversalEntry;

/** What the state of a booking's money needs of an entry. */
export type LedgerMovement =
  | Pick<PaymentEntry, "id" | "kind" | "amountPaise">
  | Pick<RefundEntry, "id" | "kind" | "amountPaise">
  | Pick<ReversalEntry, "id" | "kind" | "reverses">;

export type LedgerTotals = { receivedPaise: number; refundedPaise: number; paidPaise: number; reversedIds: ReadonlySet<number> };

/**
 * What came in, went back and stays paid, leaving out reversed entries. A
 * reversal of an entry that is not a payment or refund of this ledger, or a
 * second reversal of one, is a corrupt ledger: an error, never a guess.
 */
export function ledgerTotals(entries: readonly LedgerMovement[]): LedgerTotals {
  const byId = new Map(entries.map((entry) => [entry.id, entry]));
  const reversedIds = new Set<number>();
  for (const entry of entries) {
    if (entry.kind !== "reversal") continue;
    const target = byId.get(entry.reverses);
    if (!target || target.kind === "reversal" || reversedIds.has(entry.reverses))
      throw new Error(`Ledger entry ${entry.id} reverses ${entry.reverses}, which it cannot`);
    reversedIds.add(entry.reverses);
  }
  let receivedPaise = 0;
  let refundedPaise = 0;
  for (const entry of entries) {
    if (entry.kind === "reversal" || reversedIds.has(entry.id)) continue;
    if (entry.kind === "payment") receivedPaise += entry.amountPaise;
    else refundedPaise += entry.amountPaise;
  }
  return { receivedPaise, refundedPaise, paidPaise: receivedPaise - refundedPaise, reversedIds };
}

/** A UTR or reference as the database compares it: "utr 4123 5678 9012" and "UTR41235678 9012" are one. */
export function normalizeReference(reference: string): string {
  return reference.replace(/[\s-]+/g, "").toUpperCase();
}

const reasonSchema = (what: string) =>
  z
    .string({ error: `Say why ${what}.` })
    .transform((text) => text.replace(/\s+/g, " ").trim())
    .pipe(z.string().min(3, `Say why ${what}.`).max(500, "Keep the reason under 500 characters."));
const dateSchema = z.string({ error: "Choose a date." }).refine(isCalendarDate, "Choose a date that exists.");
const referenceSchema = z
  .string()
  .transform((text) => text.trim())
  .pipe(
    z
      .string()
      .max(40, "A reference is at most 40 characters.")
      .regex(/^[A-Za-z0-9 /-]*$/, "A reference has only letters, digits, spaces, / and -."),
  )
  .optional()
  .transform((text) => (text ? text : null));

/** "Record a payment": both roles; the gateway's payments come from its webhook instead. */
export const recordPaymentSchema = z
  .object({
    amount: rupeeAmountSchema,
    receivedOn: dateSchema,
    method: z.enum(PAYMENT_METHODS, { error: "Choose how it was paid." }),
    reference: referenceSchema,
    /** A proof upload's private key (ADR 114: `proofs/<upload id>.jpg` or `.pdf`, never a /media address); the action checks it is stored. */
    proofKey: z
      .string()
      .max(200, "Upload the proof again.")
      .refine((key) => key === "" || /^proofs\/[A-Za-z0-9_-]{1,64}\.(jpg|pdf)$/.test(key), "Upload the proof here: an image or a PDF.")
      .optional()
      .transform((key) => key || null),
    note: z
      .string()
      .max(500, "Keep the note under 500 characters.")
      .optional()
      .transform((text) => text?.trim() ?? ""),
  })
  .superRefine((input, ctx) => {
    if (!input.reference && METHODS_NEEDING_REFERENCE.has(input.method)) {
      ctx.addIssue({
        code: "custom",
        path: ["reference"],
        message: `Enter the ${PAYMENT_METHOD_LABELS[input.method]} reference (UTR), so the payment can be matched to the bank statement.`,
      });
    }
  });

/** "Record a refund": admins only. */
export const recordRefundSchema = z.object({
  amount: rupeeAmountSchema,
  paidOn: dateSchema,
  method: z.enum(PAYMENT_METHODS, { error: "Choose how it was paid back." }),
  reference: referenceSchema,
  reason: reasonSchema("it is refunded"),
});

/** "Reverse this entry": admins only. */
export const reverseEntrySchema = z.object({
  entryId: z.coerce.number({ error: "Choose the entry to reverse." }).int().positive("Choose the entry to reverse."),
  reason: reasonSchema("it is reversed"),
});

type NewEntry =
  | { kind: "payment"; amountPaise: number; receivedOn: string; reference: string | null }
  | { kind: "refund"; amountPaise: number; paidOn: string }
  | { kind: "reversal"; reverses: number };

const longDate = new Intl.DateTimeFormat("en-IN", { day: "numeric", month: "short", year: "numeric", timeZone: "UTC" });
const showDate = (date: string) => longDate.format(new Date(`${date}T00:00:00Z`));

/**
 * The rules a new entry must meet against this booking's ledger, beyond its
 * form: no date after today (Indian time), a UTR not already on a live payment
 * here (across bookings the database's unique index says it), a refund of no
 * more than is paid, a reversal of a live payment or refund that leaves no
 * more refunded than paid. Returns the field and message of the first broken
 * rule, or null.
 */
export function checkNewEntry(ledger: readonly LedgerEntry[], entry: NewEntry, now: Date): { field: string; message: string } | null {
  const today = indianDate(now);
  const totals = ledgerTotals(ledger);
  if (entry.kind === "payment") {
    if (entry.receivedOn > today) return { field: "receivedOn", message: "A payment cannot be received after today." };
    const reference = entry.reference ? normalizeReference(entry.reference) : "";
    const same = reference
      ? ledger.find(
          (other) => other.kind === "payment" && !totals.reversedIds.has(other.id) && other.reference && normalizeReference(other.reference) === reference,
        )
      : undefined;
    if (same?.kind === "payment") {
      return {
        field: "reference",
        message: `This reference is already on the payment of ${formatPaise(same.amountPaise)} received on ${showDate(same.receivedOn)}.`,
      };
    }
    return null;
  }
  if (entry.kind === "refund") {
    if (entry.paidOn > today) return { field: "paidOn", message: "A refund cannot be paid after today." };
    if (entry.amountPaise > totals.paidPaise) {
      return { field: "amount", message: `${formatPaise(Math.max(0, totals.paidPaise))} is paid on this booking, so no more than that can be refunded.` };
    }
    return null;
  }
  const target = ledger.find((other) => other.id === entry.reverses);
  if (!target || target.kind === "reversal") return { field: "entryId", message: "Only a payment or a refund can be reversed." };
  if (totals.reversedIds.has(target.id)) return { field: "entryId", message: "This entry is already reversed." };
  if (target.kind === "payment" && totals.paidPaise - target.amountPaise < 0) {
    return { field: "entryId", message: "Reversing this payment would leave more refunded than paid: reverse the refund first." };
  }
  return null;
}

/** "Mark handled" on a gateway event that needed a look (the Payments screen): which event, and what the team did (optional). */
export const eventHandledSchema = z.object({
  intent: z.literal("event-handled"),
  eventId: z.coerce.number().int().positive(),
  note: z.preprocess((value) => (typeof value === "string" ? value.replace(/\s+/g, " ").trim() : ""), z.string().max(300, "At most 300 characters.")),
});
