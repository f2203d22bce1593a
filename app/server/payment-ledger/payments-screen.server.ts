import { and, asc, desc, eq, gte, inArray, isNull, lte } from "drizzle-orm";
import { addDays, isCalendarDate } from "~/lib/calendar-date";
import { indianDate } from "~/lib/follow-up";
import { PAYMENT_METHOD_LABELS, type PaymentMethod } from "~/lib/payment-ledger";
import { scheduleLineLabel } from "~/lib/payment-schedule";
import { formatPaise } from "~/lib/price";
import { bookings, paymentGatewayEvents, paymentLedger, paymentLinks } from "~/server/db/schema.server";
import type { DbExecutor } from "~/server/jobs/jobs.server";
import { amountDueUri, dueWhatsapp, upiSettings } from "./amount-due.server";
import { overdueBookings } from "./money-overview.server";

/**
 * The Payments screen (issue 46): every payment and refund in a range of
 * Indian dates (also as CSV and .xlsx), the gateway events that need a look
 * with what to do about each, and the overdue balances with a one-tap
 * WhatsApp reminder. Reads only.
 */

/** The longest range one view or export covers. */
export const PAYMENTS_RANGE_DAYS_MAX = 366;
/** The screen lists this many rows of a range; the exports have them all. */
export const PAYMENTS_SCREEN_ROWS = 500;

export type PaymentsRange = { from: string; to: string };

/** `?from=2026-11-01&to=2026-11-30`, Indian dates; by default this month to today. A bad or reversed range falls back to the default. */
export function parsePaymentsRange(url: URL, now: Date): PaymentsRange {
  const today = indianDate(now);
  const fallback = { from: `${today.slice(0, 8)}01`, to: today };
  const from = url.searchParams.get("from") ?? "";
  const to = url.searchParams.get("to") ?? "";
  if (!isCalendarDate(from) || !isCalendarDate(to) || from > to) return fallback;
  return { from, to: to > addDays(from, PAYMENTS_RANGE_DAYS_MAX - 1) ? addDays(from, PAYMENTS_RANGE_DAYS_MAX - 1) : to };
}

export type PaymentListRow = {
  id: number;
  kind: "payment" | "refund";
  movedOn: string;
  bookingReference: string;
  leadName: string;
  method: PaymentMethod;
  methodLabel: string;
  reference: string | null;
  amountPaise: number;
  /** Cancelled by a reversing entry: listed, not counted. */
  reversed: boolean;
  recordedBy: string;
  recordedAt: string;
  note: string;
};

/** Payments and refunds whose money moved in the range (Indian dates), oldest first. */
export async function paymentsInRange(db: DbExecutor, range: PaymentsRange, limit?: number): Promise<PaymentListRow[]> {
  const query = db
    .select({
      id: paymentLedger.id,
      kind: paymentLedger.kind,
      movedOn: paymentLedger.movedOn,
      bookingReference: bookings.reference,
      leadName: bookings.leadName,
      method: paymentLedger.method,
      reference: paymentLedger.reference,
      amountPaise: paymentLedger.amountPaise,
      recordedByName: paymentLedger.recordedByName,
      recordedAt: paymentLedger.recordedAt,
      note: paymentLedger.note,
    })
    .from(paymentLedger)
    .innerJoin(bookings, eq(bookings.id, paymentLedger.bookingId))
    .where(and(inArray(paymentLedger.kind, ["payment", "refund"]), gte(paymentLedger.movedOn, range.from), lte(paymentLedger.movedOn, range.to)))
    .orderBy(asc(paymentLedger.movedOn), asc(paymentLedger.id));
  const rows = await (limit ? query.limit(limit) : query);
  const ids = rows.map((row) => row.id);
  const reversals = ids.length ? await db.select({ reverses: paymentLedger.reverses }).from(paymentLedger).where(inArray(paymentLedger.reverses, ids)) : [];
  const reversed = new Set(reversals.map((row) => row.reverses));
  return rows.map((row) => ({
    id: row.id,
    kind: row.kind as "payment" | "refund",
    movedOn: row.movedOn!,
    bookingReference: row.bookingReference,
    leadName: row.leadName,
    method: row.method!,
    methodLabel: PAYMENT_METHOD_LABELS[row.method!],
    reference: row.reference,
    amountPaise: row.amountPaise,
    reversed: reversed.has(row.id),
    recordedBy: row.recordedByName ?? "",
    recordedAt: row.recordedAt.toISOString(),
    note: row.note,
  }));
}

/** Received, refunded and net over the rows, leaving out reversed entries. */
export function paymentTotals(rows: readonly PaymentListRow[]) {
  let receivedPaise = 0;
  let refundedPaise = 0;
  for (const row of rows) {
    if (row.reversed) continue;
    if (row.kind === "payment") receivedPaise += row.amountPaise;
    else refundedPaise += row.amountPaise;
  }
  return { receivedPaise, refundedPaise, netPaise: receivedPaise - refundedPaise };
}

/** What the team does about an event that needs a look, from why it does. */
export function whatToDo(problem: string | null, hasBooking: boolean): string {
  if (problem?.startsWith("No payment link of ours")) {
    return "Find this payment in the gateway's dashboard by its payment id. If it is for one of our bookings, record it there by hand (method Gateway, the payment id as the reference); if not, refund it in the gateway.";
  }
  if (problem?.startsWith("Paid in ")) return "Money came in another currency: refund it in the gateway and send the traveller a rupee link or the UPI QR.";
  if (problem?.startsWith("Paid ")) {
    return "The amount differs from the link's: check it in the gateway's dashboard, then record what was really paid by hand on the booking, or refund it.";
  }
  return hasBooking
    ? "The ledger refused it (often: the same UTR was already recorded by hand). Compare with the booking's ledger; if this is a second payment, record it by hand with the gateway's payment id."
    : "Check it in the gateway's dashboard and record it by hand on the right booking if it is ours.";
}

/** Gateway events the team must look at, newest first. */
export async function eventsNeedingALook(db: DbExecutor, limit = 50) {
  const rows = await db
    .select({
      id: paymentGatewayEvents.id,
      provider: paymentGatewayEvents.provider,
      providerEvent: paymentGatewayEvents.providerEvent,
      reference: paymentGatewayEvents.reference,
      amountPaise: paymentGatewayEvents.amountPaise,
      problem: paymentGatewayEvents.problem,
      receivedAt: paymentGatewayEvents.receivedAt,
      event: paymentGatewayEvents.event,
      bookingReference: bookings.reference,
    })
    .from(paymentGatewayEvents)
    .leftJoin(bookings, eq(bookings.id, paymentGatewayEvents.bookingId))
    .where(and(eq(paymentGatewayEvents.status, "needs-look"), isNull(paymentGatewayEvents.handledAt)))
    .orderBy(desc(paymentGatewayEvents.receivedAt), desc(paymentGatewayEvents.id))
    .limit(limit);
  return rows.map((row) => ({
    id: row.id,
    provider: row.provider,
    providerEvent: row.providerEvent,
    reference: row.reference,
    paymentId: typeof row.event.paymentId === "string" ? row.event.paymentId : null,
    amount: row.amountPaise === null ? null : formatPaise(row.amountPaise),
    problem: row.problem ?? "",
    receivedAt: row.receivedAt.toISOString(),
    bookingReference: row.bookingReference,
    whatToDo: whatToDo(row.problem, Boolean(row.bookingReference)),
  }));
}

/** Overdue balances, oldest first, each with its one-tap WhatsApp reminder (the amount, the due date and the UPI link). */
export async function overdueReminders(db: DbExecutor, now: Date) {
  const [rows, settings] = await Promise.all([overdueBookings(db, now), upiSettings(db)]);
  const ids = rows.map((row) => row.id);
  const links = ids.length
    ? await db
        .select({
          bookingId: paymentLinks.bookingId,
          lineKey: paymentLinks.lineKey,
          amountPaise: paymentLinks.amountPaise,
          url: paymentLinks.url,
          expiresAt: paymentLinks.expiresAt,
        })
        .from(paymentLinks)
        .where(inArray(paymentLinks.bookingId, ids))
    : [];
  return rows.map((row) => {
    const schedule = { totalPaise: row.money.totalPaise, lines: row.money.lines };
    const late = row.money.lines.filter((line) => line.status === "overdue");
    const first = late[0]!;
    const label = late.length === 1 ? scheduleLineLabel(schedule, first) : "Amount overdue";
    const amountPaise = row.money.overduePaise;
    const link =
      late.length === 1
        ? links.find(
            (candidate) =>
              candidate.bookingId === row.id && candidate.lineKey === first.key && candidate.amountPaise === amountPaise && candidate.expiresAt > now,
          )
        : undefined;
    const upiUri = amountDueUri(settings, { bookingReference: row.reference, lineKey: late.length === 1 ? first.key : "DUE", label, amountPaise });
    return {
      reference: row.reference,
      leadName: row.leadName,
      leadPhone: row.leadPhone,
      packageTitle: row.packageTitle,
      overduePaise: amountPaise,
      owingPaise: row.money.owingPaise,
      dueOn: first.dueOn,
      whatsapp: row.leadPhone
        ? dueWhatsapp(row.leadPhone, {
            leadName: row.leadName,
            packageTitle: row.packageTitle,
            bookingReference: row.reference,
            label,
            amountPaise,
            dueOn: first.dueOn,
            upiUri,
            linkUrl: link?.url ?? null,
            brandName: settings.brandName,
          })
        : null,
    };
  });
}
