import { and, eq, isNull } from "drizzle-orm";
import { checkNewEntry, normalizeReference, PAYMENT_METHOD_LABELS, type PaymentMethod } from "~/lib/payment-ledger";
import { formatPaise } from "~/lib/price";
import { formatTourDate } from "~/lib/tour-format";
import { recordActivity, type ActivityKind } from "~/server/activity/activity.server";
import { getDb, type Db } from "~/server/db/db.server";
import { bookings, paymentLedger, paymentReferences, type BookingRow, type PaymentLedgerRow } from "~/server/db/schema.server";
import { bookingLedger } from "./booking-money.server";

/**
 * The ledger's one write path (ADR 090): a payment, a refund or a reversal is
 * inserted, never updated or deleted (the database refuses both). Each runs in
 * a transaction that locks the booking's row, so two entries for one booking
 * are checked one after the other (a refund cannot pass what is paid), and
 * the UTR index refuses a reference already on a live payment anywhere.
 */

export type LedgerActor = { id: string | null; email: string | null; name: string | null };
export type LedgerRefusal = { ok: false; status: 400 | 404 | 409; message: string; fields: Record<string, string> };
export type LedgerResult = { ok: true; entry: PaymentLedgerRow; duplicate?: boolean } | LedgerRefusal;

class LedgerAbort extends Error {
  constructor(readonly refusal: LedgerRefusal) {
    super(refusal.message);
  }
}
const refuse = (status: LedgerRefusal["status"], field: string, message: string): never => {
  throw new LedgerAbort({ ok: false, status, message, fields: { [field]: message } });
};

async function inLedgerTransaction(work: (tx: Db) => Promise<LedgerResult>): Promise<LedgerResult> {
  try {
    return await getDb().transaction(async (rawTx) => work(rawTx as unknown as Db));
  } catch (error) {
    if (error instanceof LedgerAbort) return error.refusal;
    throw error;
  }
}

async function lockBooking(tx: Db, bookingId: number): Promise<BookingRow> {
  const [row] = await tx
    .select()
    .from(bookings)
    .where(and(eq(bookings.id, bookingId), isNull(bookings.deletedAt)))
    .for("update");
  return row ?? refuse(404, "form", "There is no booking with that reference.");
}

async function logEntry(tx: Db, actor: LedgerActor, booking: BookingRow, kind: ActivityKind, detail: Record<string, unknown>) {
  await recordActivity(
    {
      kind,
      actor,
      subject: { type: "booking", id: booking.id, label: `${booking.reference} (${booking.leadName})` },
      detail: { ...detail, version: booking.version },
    },
    { db: tx },
  );
}

/** Claims a payment's UTR across every booking, or refuses it with where it already is. */
async function claimReference(tx: Db, reference: string | null, ledgerId: number): Promise<void> {
  if (!reference) return;
  const referenceKey = normalizeReference(reference);
  const claimed = await tx.insert(paymentReferences).values({ referenceKey, ledgerId }).onConflictDoNothing().returning();
  if (claimed.length > 0) return;
  const [other] = await tx
    .select({ reference: bookings.reference, amountPaise: paymentLedger.amountPaise, movedOn: paymentLedger.movedOn })
    .from(paymentReferences)
    .innerJoin(paymentLedger, eq(paymentLedger.id, paymentReferences.ledgerId))
    .innerJoin(bookings, eq(bookings.id, paymentLedger.bookingId))
    .where(eq(paymentReferences.referenceKey, referenceKey));
  refuse(
    409,
    "reference",
    other
      ? `This reference is already on a payment of ${formatPaise(other.amountPaise)} on booking ${other.reference} (received ${other.movedOn ? formatTourDate(other.movedOn) : "earlier"}).`
      : "This reference is already on another payment.",
  );
}

export type NewPayment = {
  amountPaise: number;
  receivedOn: string;
  method: PaymentMethod;
  reference: string | null;
  proofKey?: string | null;
  note?: string;
  /** A gateway's payment: its event's dedupe key. A second payment with the key is the first (a replay). */
  gatewayKey?: string;
};

/** Records money received on a booking. */
export async function recordPayment(bookingId: number, payment: NewPayment, actor: LedgerActor, now: Date): Promise<LedgerResult> {
  return inLedgerTransaction(async (tx) => {
    const booking = await lockBooking(tx, bookingId);
    if (payment.gatewayKey) {
      const [already] = await tx.select().from(paymentLedger).where(eq(paymentLedger.gatewayKey, payment.gatewayKey));
      if (already) return { ok: true, entry: already, duplicate: true };
    }
    const ledger = await bookingLedger(tx, booking.id);
    const problem = checkNewEntry(
      ledger,
      { kind: "payment", amountPaise: payment.amountPaise, receivedOn: payment.receivedOn, reference: payment.reference },
      now,
    );
    if (problem) refuse(problem.field === "reference" ? 409 : 400, problem.field, problem.message);
    const [entry] = await tx
      .insert(paymentLedger)
      .values({
        bookingId: booking.id,
        kind: "payment",
        amountPaise: payment.amountPaise,
        movedOn: payment.receivedOn,
        method: payment.method,
        reference: payment.reference,
        proofKey: payment.proofKey ?? null,
        note: payment.note ?? "",
        gatewayKey: payment.gatewayKey ?? null,
        recordedBy: actor.id,
        recordedByName: actor.name,
        recordedAt: now,
      })
      .returning();
    await claimReference(tx, payment.reference, entry!.id);
    const how = PAYMENT_METHOD_LABELS[payment.method];
    await logEntry(tx, actor, booking, "payment.recorded", {
      text: `Payment of ${formatPaise(payment.amountPaise)} received on ${formatTourDate(payment.receivedOn)} (${how}${payment.reference ? `, ${payment.reference}` : ""})`,
      entryId: entry!.id,
    });
    return { ok: true, entry: entry! };
  });
}

export type NewRefund = { amountPaise: number; paidOn: string; method: PaymentMethod; reference: string | null; reason: string };

/** Records money paid back (admins: the route checks canCorrectLedger). */
export async function recordRefund(bookingId: number, refund: NewRefund, actor: LedgerActor, now: Date): Promise<LedgerResult> {
  return inLedgerTransaction(async (tx) => {
    const booking = await lockBooking(tx, bookingId);
    const problem = checkNewEntry(await bookingLedger(tx, booking.id), { kind: "refund", amountPaise: refund.amountPaise, paidOn: refund.paidOn }, now);
    if (problem) refuse(400, problem.field, problem.message);
    const [entry] = await tx
      .insert(paymentLedger)
      .values({
        bookingId: booking.id,
        kind: "refund",
        amountPaise: refund.amountPaise,
        movedOn: refund.paidOn,
        method: refund.method,
        reference: refund.reference,
        note: refund.reason,
        recordedBy: actor.id,
        recordedByName: actor.name,
        recordedAt: now,
      })
      .returning();
    await logEntry(tx, actor, booking, "payment.refunded", {
      text: `Refund of ${formatPaise(refund.amountPaise)} paid on ${formatTourDate(refund.paidOn)}`,
      reason: refund.reason,
      entryId: entry!.id,
    });
    return { ok: true, entry: entry! };
  });
}

/** Cancels a payment or refund by a reversing entry (admins); a reversed payment's UTR is free again, for the corrected entry. */
export async function reverseEntry(bookingId: number, reversal: { entryId: number; reason: string }, actor: LedgerActor, now: Date): Promise<LedgerResult> {
  return inLedgerTransaction(async (tx) => {
    const booking = await lockBooking(tx, bookingId);
    const ledger = await bookingLedger(tx, booking.id);
    const problem = checkNewEntry(ledger, { kind: "reversal", reverses: reversal.entryId }, now);
    if (problem) refuse(problem.field === "entryId" ? 409 : 400, problem.field, problem.message);
    const target = ledger.find((entry) => entry.id === reversal.entryId)!;
    const [entry] = await tx
      .insert(paymentLedger)
      .values({
        bookingId: booking.id,
        kind: "reversal",
        reverses: reversal.entryId,
        note: reversal.reason,
        recordedBy: actor.id,
        recordedByName: actor.name,
        recordedAt: now,
      })
      .returning();
    // The index of live UTRs is not the ledger: its row goes, the payment stays.
    await tx.delete(paymentReferences).where(eq(paymentReferences.ledgerId, reversal.entryId));
    const amount = target.kind === "reversal" ? "" : ` of ${formatPaise(target.amountPaise)}`;
    await logEntry(tx, actor, booking, "payment.reversed", {
      text: `Reversed the ${target.kind}${amount}`,
      reason: reversal.reason,
      entryId: entry!.id,
    });
    return { ok: true, entry: entry! };
  });
}
