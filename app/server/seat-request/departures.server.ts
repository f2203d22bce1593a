import { and, asc, eq, inArray } from "drizzle-orm";
import type { RoomPreference, SeatStatus } from "~/lib/seats";
import { getDb } from "~/server/db/db.server";
import { leads, seatRequests } from "~/server/db/schema.server";

export type DepartureRequest = {
  leadId: number;
  reference: string;
  status: SeatStatus;
  name: string;
  phone: string;
  email: string | null;
  adults: number;
  children: number;
  room: RoomPreference;
  message: string | null;
  createdAt: Date;
};

/** The seat requests of some departures, oldest first, keyed "packageId:departureId" (only those in `statuses` when given). */
export async function departureRequests(
  departures: { packageId: number; departureId: string }[],
  { statuses = ["requested", "booked", "cancelled"] }: { statuses?: SeatStatus[] } = {},
): Promise<Map<string, DepartureRequest[]>> {
  const result = new Map<string, DepartureRequest[]>();
  if (departures.length === 0) return result;
  const packageIds = [...new Set(departures.map((date) => date.packageId))];
  const rows = await getDb()
    .select({
      packageId: seatRequests.packageId,
      departureId: seatRequests.departureId,
      leadId: seatRequests.leadId,
      reference: seatRequests.reference,
      status: seatRequests.seatStatus,
      name: leads.name,
      phone: leads.phone,
      email: leads.email,
      adults: seatRequests.adults,
      children: seatRequests.children,
      room: seatRequests.room,
      message: leads.message,
      createdAt: seatRequests.createdAt,
    })
    .from(seatRequests)
    .innerJoin(leads, eq(leads.id, seatRequests.leadId))
    .where(and(inArray(seatRequests.packageId, packageIds), inArray(seatRequests.seatStatus, statuses)))
    .orderBy(asc(seatRequests.createdAt), asc(seatRequests.leadId));
  const wanted = new Set(departures.map((date) => `${date.packageId}:${date.departureId}`));
  for (const { packageId, departureId, ...request } of rows) {
    const key = `${packageId}:${departureId}`;
    if (!wanted.has(key)) continue;
    result.set(key, [...(result.get(key) ?? []), request]);
  }
  return result;
}
