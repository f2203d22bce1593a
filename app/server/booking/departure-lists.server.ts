import ExcelJS from "exceljs";
import { formatDateTime } from "~/lib/admin-format";
import { BOOKING_STATE_LABELS, ROOM_SHARING_LABELS, roomsOf, seatsText, TRAVELLER_KIND_LABELS, listedTravellerName } from "~/lib/booking";
import { toCsv, verbatim, type CsvValue } from "~/lib/csv";
import { formatPhone } from "~/lib/phone";
import { spreadsheetPhone } from "~/lib/spreadsheet-text";
import { formatTourDate, formatTourDateRange } from "~/lib/tour-format";
import { asc, inArray } from "drizzle-orm";
import { getDb } from "~/server/db/db.server";
import { bookingTravellers, travellerDetails } from "~/server/db/schema.server";
import { findDeparture } from "~/server/seats/upcoming-departures.server";
import { maskedField } from "~/server/trip/sealed-field.server";
import { departureBookings } from "./booking-queries.server";

/**
 * A departure's lists for the tour manager (issue 45, ADR 088): the
 * manifest (every traveller of a held or confirmed booking, with age, room
 * and the lead's phone) and the rooming list (rooms, their sharing and who
 * sleeps in each), as CSV, .xlsx and an A4 PDF from the same rows. On a
 * trip abroad the manifest adds each traveller's passport as the team sees it
 * (masked, "XXXX1234": issue 48, ADR 108) and its expiry, for the visas and
 * the airline; the number itself is only in the traveller's sealed details.
 */

/** A list's columns: title and width in PDF points (the .xlsx's widths follow them). */
const columnsOf = (spec: [string, number][]) => spec.map(([title, width]) => ({ title, width }));
const MANIFEST_COLUMNS = columnsOf([
  ["No.", 26],
  ["Traveller", 118],
  ["Type", 70],
  ["Age", 30],
  ["Room", 52],
  ["Booking", 62],
  ["State", 56],
  ["Lead traveller", 88],
  ["Phone", 84],
]);
const PASSPORT_COLUMNS = columnsOf([
  ["Passport", 62],
  ["Expires", 58],
]);
const ROOMING_COLUMNS = columnsOf([
  ["Room", 36],
  ["Sharing", 78],
  ["Beds", 64],
  ["Guests", 190],
  ["Booking", 62],
  ["Phone", 86],
]);

export const DEPARTURE_LISTS = ["manifest", "rooming-list"] as const;
export type DepartureListKind = (typeof DEPARTURE_LISTS)[number];

/** A list as rows: what every format writes. Text cells are typed by people (names); numbers stay numbers. */
export type DepartureList = {
  kind: DepartureListKind;
  title: string;
  subtitle: string;
  fileName: string;
  columns: { title: string; width: number }[];
  rows: (string | number)[][];
  /** Columns that are phones (spreadsheet-safe as they read). */
  phoneColumn: number;
};

const slug = (text: string) =>
  text
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-|-$/g, "")
    .slice(0, 60);

/** A traveller's passport as the manifest shows it: masked, and its expiry date; blank until given on the trip page. */
const passportCells = (details: { last4: string | null; expiresOn: string | null } | undefined): string[] => [
  maskedField(details?.last4 ?? null) ?? "",
  details?.expiresOn ? formatTourDate(details.expiresOn) : "",
];

/** The list of one departure, or null when the departure does not exist. */
export async function departureList(kind: DepartureListKind, packageId: number, departureId: string, now: Date): Promise<DepartureList | null> {
  const found = await findDeparture(packageId, departureId);
  if (!found) return null;
  const booked = ((await departureBookings([{ packageId, departureId }])).get(`${packageId}:${departureId}`) ?? []).filter((row) => row.state !== "waitlisted");
  const travellers = booked.length
    ? await getDb()
        .select()
        .from(bookingTravellers)
        .where(
          inArray(
            bookingTravellers.bookingId,
            booked.map((row) => row.id),
          ),
        )
        .orderBy(asc(bookingTravellers.bookingId), asc(bookingTravellers.position))
    : [];
  const { date, seats } = found;
  const departure = `${found.packageTitle}: ${date.name}, ${formatTourDateRange(date.start, date.end)}`;
  const figures =
    seats.capacity === null
      ? `${seats.confirmed} confirmed, ${seats.held} held (no seat limit)`
      : `${seats.capacity} seats: ${seats.confirmed} confirmed, ${seats.held} held, ${seats.free} free${seats.waitlist ? `, ${seats.waitlist} on the waitlist` : ""}`;
  const subtitle = `${figures}. Made ${formatDateTime(now)} (Indian time).`;
  const base = `${slug(found.packageTitle)}-${date.start}`;
  let roomNumber = 0;
  // What the travellers gave on the trip page: the name as on their passport or photo ID (both lists), the passport (the manifest abroad).
  const given = new Map(
    travellers.length
      ? (
          await getDb()
            .select({
              travellerId: travellerDetails.travellerId,
              asOnId: travellerDetails.passportName,
              last4: travellerDetails.passportNumberLast4,
              expiresOn: travellerDetails.passportExpiresOn,
            })
            .from(travellerDetails)
            .where(
              inArray(
                travellerDetails.travellerId,
                travellers.map((traveller) => traveller.id),
              ),
            )
        ).map((row) => [row.travellerId, row] as const)
      : [],
  );
  if (kind === "manifest") {
    const { abroad } = found;
    const rows: (string | number)[][] = [];
    for (const booking of booked) {
      const own = travellers.filter((traveller) => traveller.bookingId === booking.id);
      const rooms = roomsOf(booking.room, own);
      const roomOf = new Map(rooms.flatMap((room) => room.travellers.map((traveller) => [traveller, roomNumber + room.number] as const)));
      roomNumber += rooms.length;
      for (const traveller of own) {
        rows.push([
          rows.length + 1,
          listedTravellerName(traveller.name, traveller.position, given.get(traveller.id)?.asOnId),
          TRAVELLER_KIND_LABELS[traveller.kind],
          traveller.age ?? "",
          `${roomOf.get(traveller) ?? ""} (${ROOM_SHARING_LABELS[booking.room].split(" ")[0]!.toLowerCase()})`,
          booking.reference,
          BOOKING_STATE_LABELS[booking.state],
          booking.leadName,
          booking.leadPhone ? formatPhone(booking.leadPhone) : "",
          ...(abroad ? passportCells(given.get(traveller.id)) : []),
        ]);
      }
    }
    return {
      kind,
      title: `Manifest: ${departure}`,
      subtitle: `${subtitle} ${seatsText(rows.length)} listed.`,
      fileName: `manifest-${base}`,
      columns: abroad ? [...MANIFEST_COLUMNS, ...PASSPORT_COLUMNS] : MANIFEST_COLUMNS,
      rows,
      phoneColumn: 8,
    };
  }
  const rows: (string | number)[][] = [];
  for (const booking of booked) {
    const own = travellers.filter((traveller) => traveller.bookingId === booking.id);
    for (const room of roomsOf(booking.room, own)) {
      roomNumber += 1;
      const beds = room.travellers.filter((traveller) => traveller.kind !== "child-no-bed").length;
      rows.push([
        roomNumber,
        ROOM_SHARING_LABELS[room.sharing],
        beds < room.beds ? `${beds} of ${room.beds} (to pair)` : `${beds}`,
        room.travellers
          .map((traveller) => {
            // roomsOf keeps the booking's own traveller objects.
            const member = traveller as (typeof own)[number];
            const name = listedTravellerName(member.name, own.indexOf(member) + 1, given.get(member.id)?.asOnId);
            const notes = [
              traveller.kind === "adult" ? "" : TRAVELLER_KIND_LABELS[traveller.kind].toLowerCase(),
              traveller.age !== null ? `${traveller.age}` : "",
            ].filter(Boolean);
            return notes.length ? `${name} (${notes.join(", ")})` : name;
          })
          .join("; "),
        booking.reference,
        booking.leadPhone ? formatPhone(booking.leadPhone) : "",
      ]);
    }
  }
  return {
    kind,
    title: `Rooming list: ${departure}`,
    subtitle: `${subtitle} ${rows.length} room${rows.length === 1 ? "" : "s"}.`,
    fileName: `rooming-list-${base}`,
    columns: ROOMING_COLUMNS,
    rows,
    phoneColumn: 5,
  };
}

/** CSV: people's text made inert (csv.ts), phones as they read. */
export function departureListCsv(list: DepartureList): string {
  return toCsv(
    list.columns.map((column) => column.title),
    list.rows.map((row) =>
      row.map((cell, index): CsvValue => (index === list.phoneColumn && typeof cell === "string" ? verbatim(spreadsheetPhone(cell)) : cell)),
    ),
  );
}

// eslint-disable-next-line no-control-regex -- characters an .xlsx (XML) cannot hold
const NOT_XML = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]/g;

/** The same rows as an Excel workbook: text cells (never run as formulas), numbers as numbers. */
export async function departureListXlsx(list: DepartureList): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  workbook.creator = "Pravas";
  const sheet = workbook.addWorksheet(list.kind === "manifest" ? "Manifest" : "Rooming list", { views: [{ state: "frozen", ySplit: 3 }] });
  sheet.addRow([list.title.replace(NOT_XML, "")]).font = { bold: true };
  sheet.addRow([list.subtitle]);
  sheet.addRow(list.columns.map((column) => column.title)).font = { bold: true };
  for (const row of list.rows) sheet.addRow(row.map((cell) => (typeof cell === "string" ? cell.replace(NOT_XML, "").slice(0, 32_767) : cell)));
  sheet.columns.forEach((column, index) => (column.width = Math.max(6, Math.round((list.columns[index]?.width ?? 60) / 5))));
  return Buffer.from(await workbook.xlsx.writeBuffer());
}
