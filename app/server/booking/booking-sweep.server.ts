import { and, asc, eq, isNull, lt, lte, sql } from "drizzle-orm";
import type { Logger } from "pino";
import { todayIso } from "~/lib/tour-format";
import { systemClock, type Clock } from "~/server/content/clock.server";
import { getDb } from "~/server/db/db.server";
import { bookings } from "~/server/db/schema.server";
import { purgeDeletedBookings } from "./booking-transitions.server";
import { bookingTransaction, lockPackage, moveState, offerFreedSeats, SYSTEM_ACTOR, type BookingContext } from "./booking-write.server";

/**
 * The booking sweep (ADR 088), every minute on each server by the injected
 * clock: held bookings past their deadline expire and their seats go back,
 * waitlisted bookings are offered seats that came free (a cancellation, an
 * expiry, a raised capacity), confirmed trips that have returned are
 * completed, and bookings deleted over 30 days ago go. Each step is a normal
 * booking change under the package's lock, so two servers sweeping at once
 * do each thing once: the second finds nothing left to do.
 */

type SweepResult = { expired: number; offered: number; completed: number; purged: number };

/** Held bookings whose deadline has passed: expired, their seats offered to the waitlist. */
export async function expireDueHolds(now: Date): Promise<{ expired: number; offered: number }> {
  const ctx: BookingContext = { actor: SYSTEM_ACTOR, now };
  const due = await getDb()
    .selectDistinct({ packageId: bookings.packageId })
    .from(bookings)
    .where(and(eq(bookings.state, "held"), lte(bookings.holdUntil, now), isNull(bookings.deletedAt)));
  let expired = 0;
  let offered = 0;
  for (const { packageId } of due) {
    await bookingTransaction(async (tx, effects) => {
      const pkg = await lockPackage(tx, packageId);
      const rows = await tx
        .select()
        .from(bookings)
        .where(and(eq(bookings.packageId, packageId), eq(bookings.state, "held"), lte(bookings.holdUntil, now), isNull(bookings.deletedAt)))
        .orderBy(asc(bookings.holdUntil));
      const departures = new Set<string>();
      for (const row of rows) {
        await moveState(tx, ctx, effects, row, "expired", {}, { deadline: row.holdUntil?.toISOString() });
        if (row.departureId) departures.add(row.departureId);
        expired += 1;
      }
      for (const departureId of departures) offered += await offerFreedSeats(tx, ctx, effects, pkg, departureId);
    });
  }
  return { expired, offered };
}

/** Departures with a waitlist: offered whatever seats are free now (a raised capacity frees seats without a booking change). */
export async function offerWaitlists(now: Date): Promise<number> {
  const ctx: BookingContext = { actor: SYSTEM_ACTOR, now };
  const waiting = await getDb()
    .selectDistinct({ packageId: bookings.packageId, departureId: bookings.departureId })
    .from(bookings)
    .where(and(eq(bookings.state, "waitlisted"), isNull(bookings.deletedAt), sql`${bookings.startDate} > ${todayIso(now)}`));
  let offered = 0;
  for (const { packageId, departureId } of waiting) {
    await bookingTransaction(async (tx, effects) => {
      const pkg = await lockPackage(tx, packageId);
      offered += await offerFreedSeats(tx, ctx, effects, pkg, departureId!);
    });
  }
  return offered;
}

/** Confirmed bookings whose trip has returned (its end date is before today, Indian time): completed. */
export async function completeReturnedTrips(now: Date): Promise<number> {
  const ctx: BookingContext = { actor: SYSTEM_ACTOR, now };
  const today = todayIso(now);
  const due = await getDb()
    .selectDistinct({ packageId: bookings.packageId })
    .from(bookings)
    .where(and(eq(bookings.state, "confirmed"), lt(bookings.endDate, today), isNull(bookings.deletedAt)));
  let completed = 0;
  for (const { packageId } of due) {
    await bookingTransaction(async (tx, effects) => {
      await lockPackage(tx, packageId);
      const rows = await tx
        .select()
        .from(bookings)
        .where(and(eq(bookings.packageId, packageId), eq(bookings.state, "confirmed"), lt(bookings.endDate, today), isNull(bookings.deletedAt)));
      for (const row of rows) {
        await moveState(tx, ctx, effects, row, "completed");
        completed += 1;
      }
    });
  }
  return completed;
}

export async function sweepBookings(now: Date): Promise<SweepResult> {
  const { expired, offered: afterExpiry } = await expireDueHolds(now);
  const offered = afterExpiry + (await offerWaitlists(now));
  const completed = await completeReturnedTrips(now);
  const purged = await purgeDeletedBookings(getDb(), now);
  return { expired, offered, completed, purged };
}

/** Runs the sweep every minute by the injected clock (a test moves it on and calls runDue). */
export class BookingSweeper {
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<SweepResult> | undefined;
  constructor(private readonly options: { clock?: Clock; logger?: Logger; pollMs?: number } = {}) {}

  /** One pass now; overlapping calls share the pass in flight. */
  runDue(): Promise<SweepResult> {
    this.running ??= sweepBookings((this.options.clock ?? systemClock).now())
      .then((result) => {
        if (result.expired + result.offered + result.completed + result.purged > 0) this.options.logger?.info(result, "booking sweep");
        return result;
      })
      .finally(() => {
        this.running = undefined;
      });
    return this.running;
  }

  start() {
    if (this.timer) return;
    const run = () => void this.runDue().catch((error: unknown) => this.options.logger?.error({ err: error }, "booking sweep failed"));
    this.timer = setInterval(run, this.options.pollMs ?? 60_000);
    this.timer.unref();
    run();
  }

  stop() {
    clearInterval(this.timer);
    this.timer = undefined;
  }
}
