import { eq } from "drizzle-orm";
import { formatTourDateRange, upcomingDates } from "~/lib/tour-format";
import { getDb } from "~/server/db/db.server";
import { packages } from "~/server/db/schema.server";
import { departureSeatCounts, departureSeats, type DepartureSeats } from "./departure-seats.server";
import { packageIsAbroad } from "~/server/db/package-abroad.server";

export type UpcomingDeparture = {
  packageId: number;
  packageTitle: string;
  packageStatus: string;
  departureId: string;
  name: string;
  start: string;
  end: string;
  dates: string;
  seats: DepartureSeats;
};

const addDays = (iso: string, days: number) => {
  const date = new Date(`${iso}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
};

/** Every departure from today on (up to `withinDays` ahead when given), soonest first, with its seats from bookings (ADR 088). */
export async function listUpcomingDepartures(today: string, options: { withinDays?: number } = {}): Promise<UpcomingDeparture[]> {
  const rows = await getDb().select({ id: packages.id, title: packages.title, status: packages.status, groupDates: packages.groupDates }).from(packages);
  const counts = await departureSeatCounts(rows.map((row) => row.id));
  const until = options.withinDays === undefined ? null : addDays(today, options.withinDays);
  return rows
    .flatMap((row) =>
      upcomingDates(row.groupDates, today)
        .filter((date) => date.id && (until === null || date.start <= until))
        .map((date) => ({
          packageId: row.id,
          packageTitle: row.title,
          packageStatus: row.status,
          departureId: date.id!,
          name: date.name,
          start: date.start,
          end: date.end,
          dates: formatTourDateRange(date.start, date.end),
          seats: departureSeats(date, row.id, counts),
        })),
    )
    .sort((a, b) => a.start.localeCompare(b.start) || a.packageTitle.localeCompare(b.packageTitle));
}

/** One departure of one package (past ones too) with its seats, or null. */
export async function findDeparture(packageId: number, departureId: string) {
  const [row] = await getDb()
    .select({
      id: packages.id,
      title: packages.title,
      groupDates: packages.groupDates,
      abroad: packageIsAbroad,
    })
    .from(packages)
    .where(eq(packages.id, packageId));
  const date = row?.groupDates.find((candidate) => candidate.id === departureId);
  if (!row || !date) return null;
  const counts = await departureSeatCounts([row.id]);
  return { packageId: row.id, packageTitle: row.title, abroad: Boolean(row.abroad), date, seats: departureSeats(date, row.id, counts) };
}
