import { and, asc, eq, isNull } from "drizzle-orm";
import { HOLD_HOURS_DEFAULT, seatsText, takesSeats, type BookingPrice, type BookingState, type TravellerCounts } from "~/lib/booking";
import type { GroupDate, PackagePrice, PriceOption } from "~/lib/content-types";
import type { EditConflict } from "~/lib/revisions";
import { formatTourDate } from "~/lib/tour-format";
import { recordActivity, type ActivityKind } from "~/server/activity/activity.server";
import { bumpContentVersion, noteContentWritten } from "~/server/cache/content-version.server";
import { getDb, type Db } from "~/server/db/db.server";
import { bookings, bookingTravellers, siteSettings, type BookingRow } from "~/server/db/schema.server";
import { nudgeJobs } from "~/server/jobs/jobs.server";
import { lockDeparture, seatsOf, type DepartureSeats } from "~/server/seats/departure-seats.server";
import { queueBookingEmails } from "./booking-emails.server";
import type { ScheduleMove } from "~/server/payment-ledger/schedule-write.server";

/**
 * The one write path of bookings (ADR 088): every change runs in a
 * transaction that first locks the package's row (the departure's lock), so
 * seats are decided one change at a time on PGlite and PostgreSQL, on one
 * server or several. A refusal aborts the transaction: nothing changes.
 */

/** Who changes a booking: staff, or the hold sweep (id null, "Pravas"). */
export type BookingActor = { id: string | null; email: string | null; name: string | null };
export type BookingContext = { actor: BookingActor; ip?: string | null; now: Date };

export const SYSTEM_ACTOR: BookingActor = { id: null, email: null, name: "Pravas (automatic)" };

/** Why a change was refused; the form shows `fields` inline, the API answers `status` with them. */
export type BookingRefusal = {
  ok: false;
  status: 400 | 404 | 409 | 422;
  message: string;
  fields?: Record<string, string>;
  /** Free seats on the departure now (a full departure's 409). */
  free?: number | null;
  conflict?: EditConflict;
};
/** `scheduleChange`: the payment schedule's lines a new total moved ("Balance ₹1,56,750 → ₹2,61,250"), for the team's notice. */
export type BookingResult = { ok: true; booking: BookingRow; scheduleChange?: ScheduleMove } | BookingRefusal;

class BookingAbort extends Error {
  constructor(readonly refusal: BookingRefusal) {
    super(refusal.message);
  }
}

/** Refuses the change from inside its transaction: it rolls back. */
export function refuse(status: BookingRefusal["status"], message: string, extra: Omit<BookingRefusal, "ok" | "status" | "message"> = {}): never {
  throw new BookingAbort({ ok: false, status, message, ...extra });
}

/** What a change did besides its rows, for after the commit. */
export type WriteEffects = {
  seatsChanged: boolean;
  emails: number;
  /** Waitlisted bookings offered freed seats, for the team's notice: "PRV-7KQ2M (Asha Rao, 2 seats)". */
  offered: string[];
};

/**
 * Runs one booking change in a transaction. A seat change bumps the content
 * version in it (the public page's cached seat figure goes at the next
 * request, on every server); queued e-mails are nudged once it committed.
 */
export async function bookingTransaction<T>(work: (tx: Db, effects: WriteEffects) => Promise<T>): Promise<T | BookingRefusal> {
  const effects: WriteEffects = { seatsChanged: false, emails: 0, offered: [] };
  try {
    return await getDb().transaction(async (rawTx) => {
      const tx = rawTx as unknown as Db;
      const result = await work(tx, effects);
      if (effects.seatsChanged) await bumpContentVersion(tx);
      return result;
    });
  } catch (error) {
    if (error instanceof BookingAbort) return error.refusal;
    throw error;
  } finally {
    if (effects.seatsChanged) noteContentWritten();
    if (effects.emails > 0) nudgeJobs();
  }
}

/** The package locked for this change, and the departure named (or null for a private trip). */
export async function lockPackage(tx: Db, packageId: number) {
  const pkg = await lockDeparture(tx, packageId);
  if (!pkg) refuse(422, "That package does not exist.", { fields: { packageId: "Choose a package." } });
  return pkg!;
}

export type LockedPackage = Awaited<ReturnType<typeof lockPackage>>;

/** The booking, read after its package's lock (so every change to it before ours has committed). */
export async function lockedBooking(tx: Db, id: number): Promise<BookingRow> {
  const [row] = await tx
    .select()
    .from(bookings)
    .where(and(eq(bookings.id, id), isNull(bookings.deletedAt)))
    .for("update");
  if (!row) refuse(404, "There is no booking with that reference.");
  return row!;
}

/** The departure's dates as people read them: "12 Dec 2027 (Winter Batch)". */
export const departureWords = (date: Pick<GroupDate, "name" | "start">) => `${formatTourDate(date.start)} (${date.name})`;

/**
 * Room for `wanted` travellers on a departure, counted after the lock;
 * `mine` are seats this booking already takes there. Refused with the numbers.
 */
export async function requireRoom(tx: Db, packageId: number, date: GroupDate, wanted: number, mine = 0): Promise<DepartureSeats> {
  const seats = await seatsOf(tx, packageId, date);
  if (seats.free === null) return seats;
  const free = seats.free + mine;
  if (wanted > free) {
    const message =
      free === 0
        ? `No seats left on ${departureWords(date)}: the departure is full. Put the booking on the waitlist?`
        : `Only ${seatsText(free)} left on ${departureWords(date)}; this booking needs ${wanted}. Put it on the waitlist, or book ${free === 1 ? "1 traveller" : `${free} travellers`}.`;
    refuse(409, message, { free, fields: { adults: message } });
  }
  return seats;
}

/** The package's per-person prices in paise, copied now (a later price edit leaves the booking alone); null for an unknown option. */
export function copyPrices(price: PackagePrice, options: readonly PriceOption[], basis: string): Pick<BookingPrice, "basis" | "units"> | null {
  if (basis) {
    const option = options.find((candidate) => candidate.label === basis);
    if (!option) return null;
    const each = option.amount * 100;
    return { basis: option.label, units: { adult: each, childWithBed: each, childNoBed: each } };
  }
  if (price.kind === "single") {
    const each = price.amount * 100;
    return { basis: "Package price", units: { adult: each, childWithBed: each, childNoBed: each } };
  }
  return { basis: "Package price", units: { adult: price.adult * 100, childWithBed: price.childWithBed * 100, childNoBed: price.childNoBed * 100 } };
}

/** The hold setting, in hours (Settings; 48 by default). */
export async function holdHours(tx: Db): Promise<number> {
  const [row] = await tx.select({ hours: siteSettings.bookingHoldHours }).from(siteSettings).limit(1);
  return row?.hours ?? HOLD_HOURS_DEFAULT;
}

/** The traveller rows of a booking: one per seat, adults first, names and ages as given by position. */
export function travellerRows(counts: TravellerCounts, given: readonly { name: string; age?: number }[]) {
  const kinds = [
    ...Array<"adult">(counts.adults).fill("adult"),
    ...Array<"child-with-bed">(counts.childrenWithBed).fill("child-with-bed"),
    ...Array<"child-no-bed">(counts.childrenNoBed).fill("child-no-bed"),
  ];
  return kinds.map((kind, index) => ({ position: index + 1, kind, name: given[index]?.name ?? "", age: given[index]?.age ?? null }));
}

/** Stores a booking's travellers as given: rows kept by position (their ids stay, for details added later), extra ones removed. */
export async function storeTravellers(tx: Db, bookingId: number, rows: ReturnType<typeof travellerRows>): Promise<void> {
  const stored = await tx.select().from(bookingTravellers).where(eq(bookingTravellers.bookingId, bookingId)).orderBy(asc(bookingTravellers.position));
  for (const row of rows) {
    const existing = stored.find((candidate) => candidate.position === row.position);
    if (!existing) await tx.insert(bookingTravellers).values({ bookingId, ...row });
    else if (existing.kind !== row.kind || existing.name !== row.name || existing.age !== row.age) {
      await tx.update(bookingTravellers).set(row).where(eq(bookingTravellers.id, existing.id));
    }
  }
  const extra = stored.filter((candidate) => candidate.position > rows.length).map((candidate) => candidate.id);
  for (const id of extra) await tx.delete(bookingTravellers).where(eq(bookingTravellers.id, id));
}

export const bookingSubject = (row: Pick<BookingRow, "id" | "reference" | "leadName">) => ({
  type: "booking",
  id: row.id,
  label: `${row.reference} (${row.leadName})`,
});

/** One timeline entry (the activity log), in the change's transaction; its id names the e-mails it sends. */
export async function recordBookingEvent(tx: Db, ctx: BookingContext, row: BookingRow, kind: ActivityKind, detail: Record<string, unknown>): Promise<number> {
  const id = await recordActivity(
    { kind, actor: ctx.actor, subject: bookingSubject(row), ip: ctx.ip ?? null, detail: { ...detail, version: row.version } },
    { db: tx },
  );
  return id!;
}

/** A booking moved from one state to another: its row, its timeline entry, its e-mails. */
export async function moveState(
  tx: Db,
  ctx: BookingContext,
  effects: WriteEffects,
  row: BookingRow,
  to: BookingState,
  set: Partial<Pick<BookingRow, "holdUntil" | "cancelReason" | "waitlistedAt">> = {},
  detail: Record<string, unknown> = {},
): Promise<BookingRow> {
  const [moved] = await tx
    .update(bookings)
    .set({ state: to, ...set, version: row.version + 1, updatedAt: ctx.now })
    .where(eq(bookings.id, row.id))
    .returning();
  const kind = `booking.${to === "held" ? "offered" : to}` as ActivityKind;
  const eventId = await recordBookingEvent(tx, ctx, moved!, kind, { from: row.state, to, ...detail });
  if (row.departureId && takesSeats(row.state) !== takesSeats(to)) effects.seatsChanged = true;
  effects.emails += await queueBookingEmails(tx, moved!, eventId, to === "held" ? "offered" : to);
  return moved!;
}

/**
 * Seats came free on a departure: waitlisted bookings are offered them, first
 * come first offered, each one that fits (a larger party keeps its place
 * while a smaller one behind it fits). Each offer is a hold with the usual
 * deadline, e-mailed to the traveller and the team. Call it after the lock.
 */
export async function offerFreedSeats(tx: Db, ctx: BookingContext, effects: WriteEffects, pkg: LockedPackage, departureId: string): Promise<number> {
  const date = pkg.groupDates.find((candidate) => candidate.id === departureId);
  if (!date?.capacity) return 0;
  const waiting = await tx
    .select()
    .from(bookings)
    .where(and(eq(bookings.packageId, pkg.id), eq(bookings.departureId, departureId), eq(bookings.state, "waitlisted"), isNull(bookings.deletedAt)))
    .orderBy(asc(bookings.waitlistedAt), asc(bookings.id));
  if (waiting.length === 0) return 0;
  let free = (await seatsOf(tx, pkg.id, date)).free ?? 0;
  const hours = await holdHours(tx);
  let offered = 0;
  for (const row of waiting) {
    if (free <= 0) break;
    if (row.seats > free) continue;
    await moveState(tx, ctx, effects, row, "held", { holdUntil: new Date(ctx.now.getTime() + hours * 3_600_000) }, { offered: true });
    free -= row.seats;
    offered += 1;
    effects.offered.push(`${row.reference} (${row.leadName}, ${row.seats === 1 ? "1 seat" : `${row.seats} seats`})`);
  }
  return offered;
}
