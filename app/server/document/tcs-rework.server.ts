import { and, eq, inArray, isNull, notInArray, or, gt } from "drizzle-orm";
import { formatWithPaise } from "~/lib/amount-with-paise";
import { formatTourDate } from "~/lib/tour-format";
import { recordActivity } from "~/server/activity/activity.server";
import { getDb, type Db } from "~/server/db/db.server";
import { packageIsAbroad } from "~/server/db/package-abroad.server";
import { bookings, packages, taxDocuments } from "~/server/db/schema.server";
import { handleJob, type JobRegistration } from "~/server/jobs/worker.server";
import { formatRate } from "~/server/tax/tax-rules.server";
import { TCS_REWORK_JOB } from "~/server/tax/tcs-rework-job.server";
import { storeTcs, tcsNow, type TcsNow } from "./current-booking-taxes.server";
import { bookingSubject, lockBookingRow, type FollowTotal } from "./document-billing.server";
import { forPackage } from "./document-context.server";

/**
 * A TCS rule taking effect reprices the rest of every open booking (ADR 122):
 * the TCS its live receipts collected stays, the supply still unpaid is asked
 * TCS at the rule in force today (`tcsNow`, the path `followReceipts` takes
 * after a receipt), the schedule follows, and the booking's timeline says so.
 * GST is not repriced (ADR 115). Each booking is one transaction under its row
 * lock that compares before it writes, so a second run, or a second server
 * running the same job, finds nothing to change.
 */

/** Who the timeline names for the rework: no one on the team did it. */
const REWORK_ACTOR = { id: null, email: null, name: "Pravas (automatic)" };

/** States a booking no longer asks money in. */
const CLOSED_STATES = ["cancelled", "expired"] as const;

/**
 * The open bookings that can ask TCS: not deleted, cancelled or expired, on a
 * package abroad or already asking TCS, with some of their supply (price +
 * GST) not yet paid for by a live receipt. Domestic bookings are left out by
 * the query. Ids, oldest first.
 */
export async function openTcsBookingIds(db: Db): Promise<number[]> {
  const candidates = await db
    .select({ id: bookings.id, supplyPaise: bookings.totalPaise, gstPaise: bookings.gstPaise })
    .from(bookings)
    .leftJoin(packages, eq(packages.id, bookings.packageId))
    .where(and(isNull(bookings.deletedAt), notInArray(bookings.state, [...CLOSED_STATES]), or(packageIsAbroad, gt(bookings.tcsPaise, 0))))
    .orderBy(bookings.id);
  if (candidates.length === 0) return [];
  const receipts = await db
    .select({ bookingId: taxDocuments.bookingId, snapshot: taxDocuments.snapshot })
    .from(taxDocuments)
    .where(
      and(
        inArray(
          taxDocuments.bookingId,
          candidates.map((row) => row.id),
        ),
        inArray(taxDocuments.kind, ["receipt-voucher", "payment-receipt"]),
        isNull(taxDocuments.cancelledAt),
      ),
    );
  const paid = new Map<number, number>();
  for (const receipt of receipts) paid.set(receipt.bookingId, (paid.get(receipt.bookingId) ?? 0) + forPackage(receipt.snapshot.figures));
  return candidates.filter((row) => row.supplyPaise + row.gstPaise - (paid.get(row.id) ?? 0) > 0).map((row) => row.id);
}

/** How many open bookings ask TCS on what is left to pay now: the Settings notice after a TCS rule is saved. */
export const countOpenTcsBookings = async (): Promise<number> => (await openTcsBookingIds(getDb())).length;

/**
 * The timeline's words for a move: the headline "TCS worked out again at the rule from 1 Mar 2027 (1%)" and its
 * lines, "On the ₹81,486.76 left to pay: TCS ₹2,194.50 → ₹1,379.63" and "Payment schedule: Balance ₹83,116.50 → ₹82,301.63".
 */
function reworkWords(worked: TcsNow, fromPaise: number, schedule: string | null): { text: string; lines: string[] } {
  const rate = worked.rateBps === null ? "" : ` (${formatRate(worked.rateBps)})`;
  const rule = worked.ruleFrom ? `the rule from ${formatTourDate(worked.ruleFrom)}${rate}` : "today's rule";
  return {
    text: `TCS worked out again at ${rule}`,
    lines: [
      `On the ${formatWithPaise(worked.restPaise)} left to pay: TCS ${formatWithPaise(fromPaise)} → ${formatWithPaise(worked.tcsPaise)}`,
      ...(schedule ? [`Payment schedule: ${schedule}`] : []),
    ],
  };
}

/**
 * One booking's rest priced at today's rule, under its row lock: stores the
 * TCS if it changed (the schedule follows) and writes the timeline entry.
 * Returns the entry's words on one line, or null when nothing changed.
 */
export async function reworkBookingTcs(bookingId: number, now: Date, followTotal: FollowTotal): Promise<string | null> {
  return getDb().transaction(async (rawTx) => {
    const tx = rawTx as unknown as Db;
    const booking = await lockBookingRow(tx, bookingId);
    if (!booking || (CLOSED_STATES as readonly string[]).includes(booking.state)) return null;
    const worked = await tcsNow(tx, booking, now);
    // Paid in full: nothing is left for a new rule to price, and what was collected stays.
    if (!worked || worked.restPaise <= 0 || worked.tcsPaise === booking.tcsPaise) return null;
    const moved = await storeTcs(tx, booking, worked.tcsPaise, followTotal);
    const words = reworkWords(worked, booking.tcsPaise, moved?.text ?? null);
    await recordActivity(
      {
        kind: "booking.tcs-reworked",
        actor: REWORK_ACTOR,
        subject: bookingSubject(booking),
        ip: null,
        detail: { ...words, ruleFrom: worked.ruleFrom, fromPaise: booking.tcsPaise, toPaise: worked.tcsPaise, version: booking.version },
      },
      { db: tx },
    );
    return [words.text, ...words.lines].join("; ");
  });
}

/** Every open booking priced at today's rule; the bookings that moved, with the timeline's words. */
export async function reworkOpenBookingsTcs(now: Date, followTotal: FollowTotal, signal?: AbortSignal): Promise<{ bookingId: number; text: string }[]> {
  const moved: { bookingId: number; text: string }[] = [];
  for (const bookingId of await openTcsBookingIds(getDb())) {
    // A try stopped (its time, its lease) stops between bookings: the next try finds the ones done unchanged.
    signal?.throwIfAborted();
    const text = await reworkBookingTcs(bookingId, now, followTotal);
    if (text) moved.push({ bookingId, text });
  }
  return moved;
}

/** Registered with the job worker at start (server/job-worker.ts), with the ledger's followBookingTotal and the payments' clock. */
export function tcsReworkHandler(options: { clock: { now(): Date }; followTotal: FollowTotal }): JobRegistration {
  return handleJob(TCS_REWORK_JOB, async (job, { logger, signal }) => {
    const moved = await reworkOpenBookingsTcs(options.clock.now(), options.followTotal, signal);
    logger.info({ rule: job.payload.ruleId, effectiveFrom: job.payload.effectiveFrom, moved: moved.length }, "TCS worked out again on the open bookings");
  });
}
