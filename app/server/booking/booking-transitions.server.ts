import { and, eq, gte, isNotNull, isNull, lt, sql } from "drizzle-orm";
import { formatDayTime } from "~/lib/admin-format";
import { BOOKING_STATE_LABELS, BOOKING_TRANSITIONS, takesSeats, type BookingTransition } from "~/lib/booking";
import { formatTourDate, todayIso } from "~/lib/tour-format";
import type { Db } from "~/server/db/db.server";
import { bookings, type BookingRow } from "~/server/db/schema.server";
import {
  bookingTransaction,
  holdHours,
  lockedBooking,
  lockPackage,
  moveState,
  offerFreedSeats,
  recordBookingEvent,
  refuse,
  requireRoom,
  type BookingContext,
  type BookingResult,
  type WriteEffects,
} from "./booking-write.server";

/** Deleted bookings can be restored for this long, then they go for good (as packages, ADR 037). */
export const RESTORE_DAYS = 30;

/** The booking's package, locked, then the booking itself, read after the lock. */
async function lockBooking(tx: Db, bookingId: number, options: { deleted?: boolean } = {}) {
  const [peek] = await tx
    .select({ packageId: bookings.packageId })
    .from(bookings)
    .where(and(eq(bookings.id, bookingId), options.deleted ? isNotNull(bookings.deletedAt) : isNull(bookings.deletedAt)));
  if (!peek) refuse(404, "There is no booking with that reference.");
  const pkg = await lockPackage(tx, peek!.packageId);
  if (options.deleted) {
    const [row] = await tx.select().from(bookings).where(eq(bookings.id, bookingId)).for("update");
    if (!row?.deletedAt) refuse(404, "That booking is not in Recently deleted.");
    return { pkg, row: row! };
  }
  return { pkg, row: await lockedBooking(tx, bookingId) };
}

/** Seats this booking gave back: the waitlist of its departure is offered them. */
async function freed(tx: Db, ctx: BookingContext, effects: WriteEffects, pkg: Awaited<ReturnType<typeof lockPackage>>, row: BookingRow) {
  if (!row.departureId) return;
  effects.seatsChanged = true;
  await offerFreedSeats(tx, ctx, effects, pkg, row.departureId);
}

/**
 * One of the transitions staff may make (BOOKING_TRANSITIONS), from the
 * booking page or the API, under the departure's lock, recorded in the
 * timeline with who and when, with its e-mail. Refused (409) from any other
 * state, or when a held booking's deadline has passed (its seats went back).
 */
export async function transitionBooking(
  bookingId: number,
  name: BookingTransition,
  ctx: BookingContext,
  options: { reason?: string; expectedVersion?: number } = {},
): Promise<(Extract<BookingResult, { ok: true }> & { offered: string[] }) | Exclude<BookingResult, { ok: true }>> {
  const transition = BOOKING_TRANSITIONS[name];
  return bookingTransaction(async (tx, effects) => {
    const { pkg, row } = await lockBooking(tx, bookingId);
    if (options.expectedVersion !== undefined && options.expectedVersion !== row.version) {
      refuse(409, `This booking was changed meanwhile (it is ${BOOKING_STATE_LABELS[row.state]} now, version ${row.version}). Look at it again first.`);
    }
    if (!(transition.from as readonly string[]).includes(row.state)) {
      refuse(409, `This booking is ${BOOKING_STATE_LABELS[row.state]}: it cannot ${name === "offer" ? "be offered seats" : `be ${transition.to}`} now.`);
    }
    if (name === "confirm" && row.holdUntil && row.holdUntil <= ctx.now) {
      refuse(409, `This hold expired at ${formatDayTime(row.holdUntil)} and its seats went back to the departure. Make a new booking if there is still room.`);
    }
    if (name === "complete" && row.endDate >= todayIso(ctx.now)) {
      refuse(409, `The trip returns on ${formatTourDate(row.endDate)}: it can be marked completed after that.`);
    }
    if (name === "cancel" && !options.reason) refuse(422, "Say why the booking is cancelled.", { fields: { reason: "Say why the booking is cancelled." } });
    if (name === "offer") {
      const date = pkg.groupDates.find((candidate) => candidate.id === row.departureId);
      if (date) await requireRoom(tx, pkg.id, date, row.seats);
      const holdUntil = new Date(ctx.now.getTime() + (await holdHours(tx)) * 3_600_000);
      return { ok: true as const, booking: await moveState(tx, ctx, effects, row, "held", { holdUntil }), offered: [] as string[] };
    }
    const moved = await moveState(
      tx,
      ctx,
      effects,
      row,
      transition.to,
      name === "cancel" ? { cancelReason: options.reason ?? null } : name === "confirm" ? { holdUntil: null } : {},
      name === "cancel" ? { reason: options.reason } : {},
    );
    if (takesSeats(row.state) && !takesSeats(transition.to)) await freed(tx, ctx, effects, pkg, row);
    return { ok: true as const, booking: moved, offered: effects.offered };
  });
}

/** Admins only: the booking is hidden and gives its seats back; restorable for 30 days. */
export async function deleteBooking(bookingId: number, ctx: BookingContext): Promise<BookingResult> {
  return bookingTransaction(async (tx, effects) => {
    const { pkg, row } = await lockBooking(tx, bookingId);
    const [deleted] = await tx
      .update(bookings)
      .set({ deletedAt: ctx.now, version: row.version + 1, updatedAt: ctx.now })
      .where(eq(bookings.id, row.id))
      .returning();
    await recordBookingEvent(tx, ctx, deleted!, "booking.deleted", { state: row.state });
    if (takesSeats(row.state)) await freed(tx, ctx, effects, pkg, row);
    return { ok: true as const, booking: deleted! };
  });
}

/** Brings a deleted booking back; one that takes seats needs them free again. */
export async function restoreBooking(bookingId: number, ctx: BookingContext): Promise<BookingResult> {
  return bookingTransaction(async (tx, effects) => {
    const { pkg, row } = await lockBooking(tx, bookingId, { deleted: true });
    if (row.deletedAt! < new Date(ctx.now.getTime() - RESTORE_DAYS * 86_400_000)) refuse(404, "That booking was deleted over 30 days ago.");
    const date = pkg.groupDates.find((candidate) => candidate.id === row.departureId);
    if (takesSeats(row.state) && date) await requireRoom(tx, pkg.id, date, row.seats);
    const [restored] = await tx
      .update(bookings)
      .set({ deletedAt: null, version: row.version + 1, updatedAt: ctx.now })
      .where(eq(bookings.id, row.id))
      .returning();
    await recordBookingEvent(tx, ctx, restored!, "booking.restored", { state: row.state });
    if (takesSeats(row.state) && row.departureId) effects.seatsChanged = true;
    return { ok: true as const, booking: restored! };
  });
}

/** Deleted bookings still restorable, newest first (Recently deleted). */
export async function listDeletedBookings(db: Db, now: Date) {
  return db
    .select()
    .from(bookings)
    .where(and(isNotNull(bookings.deletedAt), gte(bookings.deletedAt, new Date(now.getTime() - RESTORE_DAYS * 86_400_000))))
    .orderBy(bookings.deletedAt);
}

/** Deleted more than 30 days ago: gone for good (their travellers with them), unless money moved on it: the ledger is kept (ADR 090). */
export async function purgeDeletedBookings(db: Db, now: Date): Promise<number> {
  const rows = await db
    .delete(bookings)
    .where(
      and(
        isNotNull(bookings.deletedAt),
        lt(bookings.deletedAt, new Date(now.getTime() - RESTORE_DAYS * 86_400_000)),
        sql`not exists (select 1 from payment_ledger where payment_ledger.booking_id = ${bookings.id})`,
      ),
    )
    .returning({ id: bookings.id });
  return rows.length;
}
