import { and, eq, inArray, sql } from "drizzle-orm";
import type { GroupDate } from "~/lib/content-types";
import { seatsLeft } from "~/lib/seats";
import { getDb, type Db } from "~/server/db/db.server";
import { seatRequests } from "~/server/db/schema.server";
import type { DbExecutor } from "~/server/jobs/jobs.server";

/** A departure's seats: capacity (null: none set), taken by hand, by confirmed requests, asked for by open requests, and left. */
export type DepartureSeats = {
  capacity: number | null;
  held: number;
  confirmed: number;
  requested: number;
  left: number | null;
};

type Counts = { confirmed: number; requested: number };

const key = (packageId: number, departureId: string) => `${packageId}:${departureId}`;

/** Travellers of confirmed and of still-requested seat requests, per package and departure. */
export async function seatCounts(packageIds: number[], db: DbExecutor = getDb()): Promise<Map<string, Counts>> {
  if (packageIds.length === 0) return new Map();
  const rows = await (db as Db)
    .select({
      packageId: seatRequests.packageId,
      departureId: seatRequests.departureId,
      confirmed: sql<number>`coalesce(sum(${seatRequests.adults} + ${seatRequests.children}) filter (where ${seatRequests.seatStatus} = 'confirmed'), 0)::int`,
      requested: sql<number>`coalesce(sum(${seatRequests.adults} + ${seatRequests.children}) filter (where ${seatRequests.seatStatus} = 'requested'), 0)::int`,
    })
    .from(seatRequests)
    .where(inArray(seatRequests.packageId, packageIds))
    .groupBy(seatRequests.packageId, seatRequests.departureId);
  return new Map(rows.map((row) => [key(row.packageId, row.departureId), { confirmed: Number(row.confirmed), requested: Number(row.requested) }]));
}

/** Travellers of confirmed requests on one departure (read inside the confirming transaction, after the package's lock). */
export async function confirmedTravellers(db: DbExecutor, packageId: number, departureId: string): Promise<number> {
  const [row] = await (db as Db)
    .select({ n: sql<number>`coalesce(sum(${seatRequests.adults} + ${seatRequests.children}), 0)::int` })
    .from(seatRequests)
    .where(and(eq(seatRequests.packageId, packageId), eq(seatRequests.departureId, departureId), eq(seatRequests.seatStatus, "confirmed")));
  return Number(row?.n ?? 0);
}

/** One departure's seats from the counts. */
export function departureSeats(date: GroupDate, packageId: number, counts: Map<string, Counts>): DepartureSeats {
  const found = date.id ? counts.get(key(packageId, date.id)) : undefined;
  const held = date.heldSeats ?? 0;
  const confirmed = found?.confirmed ?? 0;
  const capacity = date.capacity ?? null;
  return { capacity, held, confirmed, requested: found?.requested ?? 0, left: seatsLeft(capacity, held + confirmed) };
}

/** Every departure of one package with its seats. */
export async function packageDepartureSeats(packageId: number, dates: readonly GroupDate[]): Promise<(GroupDate & { seats: DepartureSeats })[]> {
  const counts = await seatCounts([packageId]);
  return dates.map((date) => ({ ...date, seats: departureSeats(date, packageId, counts) }));
}
