import { and, asc, eq, inArray, ne } from "drizzle-orm";
import ExcelJS from "exceljs";
import { toCsv, verbatim } from "~/lib/csv";
import { ROOM_LABELS, SEAT_STATUS_LABELS, type RoomPreference, type SeatStatus } from "~/lib/seats";
import { spreadsheetIndiaTime, spreadsheetPhone } from "~/lib/spreadsheet-text";
import { formatTourDateRange, upcomingDates } from "~/lib/tour-format";
import { getDb } from "~/server/db/db.server";
import { leads, packages, seatRequests } from "~/server/db/schema.server";
import { departureSeats, seatCounts, type DepartureSeats } from "~/server/package/departure-seats.server";

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

export type UpcomingDeparture = {
  packageId: number;
  packageTitle: string;
  packageStatus: string;
  departureId: string;
  name: string;
  start: string;
  dates: string;
  seats: DepartureSeats;
};

const addDays = (iso: string, days: number) => {
  const date = new Date(`${iso}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
};

/** Every departure from today on (up to `withinDays` ahead when given), soonest first, with its seats. */
export async function listUpcomingDepartures(today: string, options: { withinDays?: number } = {}): Promise<UpcomingDeparture[]> {
  const rows = await getDb().select({ id: packages.id, title: packages.title, status: packages.status, groupDates: packages.groupDates }).from(packages);
  const counts = await seatCounts(rows.map((row) => row.id));
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
          dates: formatTourDateRange(date.start, date.end),
          seats: departureSeats(date, row.id, counts),
        })),
    )
    .sort((a, b) => a.start.localeCompare(b.start) || a.packageTitle.localeCompare(b.packageTitle));
}

/** The seat requests of some departures, oldest first, keyed "packageId:departureId"; cancelled ones only when asked. */
export async function departureRequests(
  departures: Pick<UpcomingDeparture, "packageId" | "departureId">[],
  { withCancelled = true } = {},
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
    .where(and(inArray(seatRequests.packageId, packageIds), withCancelled ? undefined : ne(seatRequests.seatStatus, "cancelled")))
    .orderBy(asc(seatRequests.createdAt), asc(seatRequests.leadId));
  const wanted = new Set(departures.map((date) => `${date.packageId}:${date.departureId}`));
  for (const { packageId, departureId, ...request } of rows) {
    const key = `${packageId}:${departureId}`;
    if (!wanted.has(key)) continue;
    result.set(key, [...(result.get(key) ?? []), request]);
  }
  return result;
}

/** One departure of one package (past ones too), or null. */
export async function findDeparture(packageId: number, departureId: string) {
  const [row] = await getDb().select({ title: packages.title, groupDates: packages.groupDates }).from(packages).where(eq(packages.id, packageId));
  const date = row?.groupDates.find((candidate) => candidate.id === departureId);
  return row && date ? { packageTitle: row.title, date } : null;
}

const HEADERS = ["Reference", "Status", "Name", "Phone", "E-mail", "Adults", "Children", "Room", "Message", "Requested (IST)"];

/** The tour manager's passenger list: confirmed and still-requested seat requests (cancelled ones left out). */
export async function passengerList(packageId: number, departureId: string): Promise<DepartureRequest[]> {
  const requests = await departureRequests([{ packageId, departureId }], { withCancelled: false });
  const list = requests.get(`${packageId}:${departureId}`) ?? [];
  // Confirmed first: they travel.
  return [...list.filter((row) => row.status === "confirmed"), ...list.filter((row) => row.status !== "confirmed")];
}

/** CSV: visitor text made inert (csv.ts), phones as typed when plainly numbers. */
export function passengerCsv(rows: DepartureRequest[]): string {
  return toCsv(
    HEADERS,
    rows.map((row) => [
      row.reference,
      SEAT_STATUS_LABELS[row.status],
      row.name,
      verbatim(spreadsheetPhone(row.phone)),
      row.email,
      row.adults,
      row.children,
      ROOM_LABELS[row.room],
      row.message,
      verbatim(spreadsheetIndiaTime(row.createdAt)),
    ]),
  );
}

// eslint-disable-next-line no-control-regex -- characters an .xlsx (XML) cannot hold
const NOT_XML = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]/g;
/** A text cell (never run by a spreadsheet, so no formula can start from visitor text). */
const textCell = (value: string | null) => (value === null ? null : value.replace(NOT_XML, "").slice(0, 32_767));

/** The same list as an Excel workbook: text cells for visitor text, numbers for travellers. */
export async function passengerXlsx(title: string, rows: DepartureRequest[]): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  workbook.creator = "Pravas";
  const sheet = workbook.addWorksheet("Passengers", { views: [{ state: "frozen", ySplit: 2 }] });
  sheet.addRow([textCell(title)]).font = { bold: true };
  sheet.addRow(HEADERS).font = { bold: true };
  for (const row of rows) {
    sheet.addRow([
      row.reference,
      SEAT_STATUS_LABELS[row.status],
      textCell(row.name),
      textCell(row.phone),
      textCell(row.email),
      row.adults,
      row.children,
      ROOM_LABELS[row.room],
      textCell(row.message),
      spreadsheetIndiaTime(row.createdAt),
    ]);
  }
  sheet.columns.forEach((column, index) => (column.width = [16, 11, 24, 17, 28, 8, 9, 15, 40, 17][index]));
  return Buffer.from(await workbook.xlsx.writeBuffer());
}
