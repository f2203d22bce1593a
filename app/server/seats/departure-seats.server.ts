import { and, eq, inArray, isNotNull, isNull, ne, sql } from "drizzle-orm";
import type { GroupDate } from "~/lib/content-types";
import { seatsLeft } from "~/lib/seats";
import { getDb, type Db } from "~/server/db/db.server";
import { bookings, packages, seatRequests } from "~/server/db/schema.server";

/**
 * The seats of every departure (ADR 088), counted from bookings, never typed:
 * the ONE count that the public page, the seat-request form, the package
 * editor, the Departures screen, the booking screens and the API read.
 * Below `package/`, `seat-request/` and `booking/`, which all import it.
 */

/** A transaction handle, or the database. */
type Executor = Db | Parameters<Parameters<Db["transaction"]>[0]>[0];

/** A departure's seats: `free` = capacity − held − confirmed (null: no capacity, no limit, no count shown). */
export type DepartureSeats = {
  capacity: number | null;
  /** Travellers of held bookings. */
  held: number;
  /** Travellers of confirmed bookings. */
  confirmed: number;
  free: number | null;
  /** Bookings on the waitlist, and their travellers. */
  waitlist: number;
  waitlistSeats: number;
  /** Travellers of seat requests not yet answered (they take nothing). */
  requested: number;
};

type Counts = { held: number; confirmed: number; waitlist: number; waitlistSeats: number; requested: number };
const NONE: Counts = { held: 0, confirmed: 0, waitlist: 0, waitlistSeats: 0, requested: 0 };

const key = (packageId: number, departureId: string) => `${packageId}:${departureId}`;

/**
 * Held, confirmed and waitlisted travellers of live bookings, and open seat
 * requests, per package and departure: one grouped query over bookings (its
 * partial index) and one over seat requests. Inside a transaction that locked
 * the package (lockDeparture), it is the truth a seat-taking change decides on.
 */
export async function departureSeatCounts(packageIds: number[], db: Executor = getDb()): Promise<Map<string, Counts>> {
  const result = new Map<string, Counts>();
  if (packageIds.length === 0) return result;
  const booked = await db
    .select({
      packageId: bookings.packageId,
      departureId: bookings.departureId,
      held: sql<number>`coalesce(sum(${bookings.seats}) filter (where ${bookings.state} = 'held'), 0)::int`,
      confirmed: sql<number>`coalesce(sum(${bookings.seats}) filter (where ${bookings.state} = 'confirmed'), 0)::int`,
      waitlist: sql<number>`(count(*) filter (where ${bookings.state} = 'waitlisted'))::int`,
      waitlistSeats: sql<number>`coalesce(sum(${bookings.seats}) filter (where ${bookings.state} = 'waitlisted'), 0)::int`,
    })
    .from(bookings)
    .where(
      and(
        inArray(bookings.packageId, packageIds),
        isNotNull(bookings.departureId),
        isNull(bookings.deletedAt),
        inArray(bookings.state, ["held", "confirmed", "waitlisted"]),
      ),
    )
    .groupBy(bookings.packageId, bookings.departureId);
  for (const row of booked) {
    result.set(key(row.packageId, row.departureId!), {
      ...NONE,
      held: Number(row.held),
      confirmed: Number(row.confirmed),
      waitlist: Number(row.waitlist),
      waitlistSeats: Number(row.waitlistSeats),
    });
  }
  const asked = await db
    .select({
      packageId: seatRequests.packageId,
      departureId: seatRequests.departureId,
      requested: sql<number>`coalesce(sum(${seatRequests.adults} + ${seatRequests.children}), 0)::int`,
    })
    .from(seatRequests)
    .where(and(inArray(seatRequests.packageId, packageIds), eq(seatRequests.seatStatus, "requested")))
    .groupBy(seatRequests.packageId, seatRequests.departureId);
  for (const row of asked) {
    const at = key(row.packageId, row.departureId);
    result.set(at, { ...(result.get(at) ?? NONE), requested: Number(row.requested) });
  }
  return result;
}

/** One departure's seats from the counts. */
export function departureSeats(date: Pick<GroupDate, "id" | "capacity">, packageId: number, counts: Map<string, Counts>): DepartureSeats {
  const found = (date.id ? counts.get(key(packageId, date.id)) : undefined) ?? NONE;
  const capacity = date.capacity ?? null;
  return { capacity, ...found, free: seatsLeft(capacity, found.held + found.confirmed) };
}

/** Every departure of one package with its seats. */
export async function packageDepartureSeats<T extends GroupDate>(packageId: number, dates: readonly T[], db: Executor = getDb()) {
  const counts = await departureSeatCounts([packageId], db);
  return dates.map((date) => ({ ...date, seats: departureSeats(date, packageId, counts) }));
}

/** One departure's seats, read inside a transaction. */
export async function seatsOf(db: Executor, packageId: number, date: Pick<GroupDate, "id" | "capacity">): Promise<DepartureSeats> {
  return departureSeats(date, packageId, await departureSeatCounts([packageId], db));
}

/**
 * The departure's lock: the package's row, SELECT … FOR UPDATE (ADR 059, 088).
 * Package saves take the same lock (lockForWrite), so a booking and a
 * capacity change never interleave; two bookings of one package run one after
 * the other, and the second counts the first's seats (READ COMMITTED gives
 * each statement after the lock a fresh snapshot). PGlite runs one
 * transaction at a time, which orders them the same way.
 */
export async function lockDeparture(tx: Executor, packageId: number) {
  const [row] = await tx
    .select({
      id: packages.id,
      slug: packages.slug,
      title: packages.title,
      status: packages.status,
      groupDates: packages.groupDates,
      price: packages.price,
      priceOptions: packages.priceOptions,
      paymentTerms: packages.paymentTerms,
    })
    .from(packages)
    .where(eq(packages.id, packageId))
    .for("update");
  return row ?? null;
}

/**
 * What a package save must respect (ADR 088): for each departure, the seats
 * its live bookings take and how many live bookings (waitlisted too) name it.
 * Read after the package's lock.
 */
export async function bookedDepartures(tx: Executor, packageId: number): Promise<Map<string, { taken: number; bookings: number }>> {
  const rows = await tx
    .select({
      departureId: bookings.departureId,
      taken: sql<number>`coalesce(sum(${bookings.seats}) filter (where ${bookings.state} in ('held', 'confirmed')), 0)::int`,
      bookings: sql<number>`count(*)::int`,
    })
    .from(bookings)
    .where(
      and(
        eq(bookings.packageId, packageId),
        isNotNull(bookings.departureId),
        isNull(bookings.deletedAt),
        inArray(bookings.state, ["held", "confirmed", "waitlisted"]),
      ),
    )
    .groupBy(bookings.departureId);
  return new Map(rows.map((row) => [row.departureId!, { taken: Number(row.taken), bookings: Number(row.bookings) }]));
}

/** Live bookings of a package (a package with any cannot be deleted). */
export async function liveBookingCount(tx: Executor, packageId: number): Promise<number> {
  const [row] = await tx
    .select({ n: sql<number>`count(*)::int` })
    .from(bookings)
    .where(and(eq(bookings.packageId, packageId), isNull(bookings.deletedAt), inArray(bookings.state, ["held", "confirmed", "waitlisted"])));
  return Number(row?.n ?? 0);
}

/** A package save renamed or moved departures: its open bookings show the departure as it is now (closed ones keep theirs). */
export async function refreshDepartureSnapshots(tx: Executor, packageId: number, title: string, dates: readonly GroupDate[]): Promise<void> {
  const open = inArray(bookings.state, ["held", "confirmed", "waitlisted"]);
  for (const date of dates) {
    if (!date.id) continue;
    await tx
      .update(bookings)
      .set({ departureName: date.name, startDate: date.start, endDate: date.end, packageTitle: title })
      .where(
        and(
          eq(bookings.packageId, packageId),
          eq(bookings.departureId, date.id),
          open,
          sql`(${bookings.departureName}, ${bookings.startDate}, ${bookings.endDate}, ${bookings.packageTitle}) is distinct from (${date.name}, ${date.start}::date, ${date.end}::date, ${title})`,
        ),
      );
  }
  await tx
    .update(bookings)
    .set({ packageTitle: title })
    .where(and(eq(bookings.packageId, packageId), open, ne(bookings.packageTitle, title)));
}
