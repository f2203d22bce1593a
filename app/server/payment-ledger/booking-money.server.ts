import { asc, desc, eq } from "drizzle-orm";
import { askedPaise } from "~/lib/booking-amount";
import { indianDate } from "~/lib/follow-up";
import { moneyState, type MoneyState } from "~/lib/money-state";
import type { LedgerEntry } from "~/lib/payment-ledger";
import { DEFAULT_PAYMENT_TERMS, scheduleFromTerms, type PaymentSchedule, type PaymentTerms } from "~/lib/payment-schedule";
import type { Db } from "~/server/db/db.server";
import { bookingPaymentLines, paymentLedger, paymentLinks, type BookingRow, type PaymentLedgerRow, type PaymentLinkRow } from "~/server/db/schema.server";
import type { DbExecutor } from "~/server/jobs/jobs.server";

/**
 * A booking's money (issue 46, ADR 090): its schedule, its ledger and the
 * state computed from both, read in one place for the booking page, the API,
 * the lists and the reminders.
 */

/** `totalPaise` is the price; the schedule asks for it with its GST and TCS (askedPaise, ADR 115). */
export type MoneyBooking = Pick<BookingRow, "id" | "totalPaise" | "gstPaise" | "tcsPaise" | "seats" | "startDate" | "createdAt">;

/**
 * The schedule the package's terms give a booking: the deposit due on the day
 * it was made (Indian date), the balance N days before departure. A booking
 * whose team has not changed its schedule has no rows of its own: this is its
 * schedule, and it follows the total when travellers are added.
 */
export function termsSchedule(booking: MoneyBooking, terms: PaymentTerms = DEFAULT_PAYMENT_TERMS): PaymentSchedule {
  return scheduleFromTerms({
    terms,
    totalPaise: askedPaise(booking),
    travellers: Math.max(1, booking.seats),
    confirmedOn: indianDate(booking.createdAt),
    departureOn: booking.startDate,
  });
}

/** The booking's stored schedule, or its terms' when the team never changed it. */
export async function bookingSchedule(db: DbExecutor, booking: MoneyBooking): Promise<PaymentSchedule> {
  const rows = await db
    .select()
    .from(bookingPaymentLines)
    .where(eq(bookingPaymentLines.bookingId, booking.id))
    .orderBy(asc(bookingPaymentLines.dueOn), asc(bookingPaymentLines.id));
  if (rows.length === 0) return termsSchedule(booking);
  return { totalPaise: askedPaise(booking), lines: rows.map(({ key, kind, dueOn, amountPaise }) => ({ key, kind, dueOn, amountPaise })) };
}

/** A stored ledger row in the ledger's own terms (app/lib/payment-ledger.ts). */
export function ledgerEntry(row: PaymentLedgerRow): LedgerEntry {
  const base = {
    id: row.id,
    recordedAt: row.recordedAt.toISOString(),
    recordedBy: row.recordedBy || row.recordedByName ? { id: row.recordedBy ?? "", name: row.recordedByName ?? "" } : null,
  };
  if (row.kind === "reversal") return { ...base, kind: "reversal", reverses: row.reverses!, reason: row.note };
  if (row.kind === "refund") {
    return { ...base, kind: "refund", amountPaise: row.amountPaise, paidOn: row.movedOn!, method: row.method!, reference: row.reference, reason: row.note };
  }
  return {
    ...base,
    kind: "payment",
    amountPaise: row.amountPaise,
    receivedOn: row.movedOn!,
    method: row.method!,
    reference: row.reference,
    proofKey: row.proofKey,
    note: row.note,
  };
}

/** Every entry of a booking's ledger, oldest first. */
export async function bookingLedger(db: DbExecutor, bookingId: number): Promise<LedgerEntry[]> {
  const rows = await db.select().from(paymentLedger).where(eq(paymentLedger.bookingId, bookingId)).orderBy(asc(paymentLedger.id));
  return rows.map(ledgerEntry);
}

export type BookingMoney = { schedule: PaymentSchedule; ledger: LedgerEntry[]; state: MoneyState; links: PaymentLinkRow[] };

/** Schedule, ledger, links and the state now. */
export async function bookingMoney(db: Db, booking: MoneyBooking, now: Date): Promise<BookingMoney> {
  const [schedule, ledger, links] = await Promise.all([
    bookingSchedule(db, booking),
    bookingLedger(db, booking.id),
    db.select().from(paymentLinks).where(eq(paymentLinks.bookingId, booking.id)).orderBy(desc(paymentLinks.id)),
  ]);
  return { schedule, ledger, state: moneyState(schedule, ledger, now), links };
}
