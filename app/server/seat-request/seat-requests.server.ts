import { eq, sql } from "drizzle-orm";
import type { GroupDate } from "~/lib/content-types";
import { ROOM_LABELS, SEAT_STATUS_LABELS, seatsLeft, type SeatStatus } from "~/lib/seats";
import { formatTourDate, formatTourDateRange, todayIso, upcomingDates } from "~/lib/tour-format";
import { bumpContentVersion, noteContentWritten } from "~/server/cache/content-version.server";
import { getDb, type Db } from "~/server/db/db.server";
import { leads, packages, seatRequestNumbers, seatRequests, type PackageRow, type SeatRequestRow } from "~/server/db/schema.server";
import { getEnv } from "~/server/env.server";
import { nudgeJobs, type DbExecutor } from "~/server/jobs/jobs.server";
import { enqueueEnquiryNotifications } from "~/server/notify/enquiry-notification.server";
import { enqueueTeamEmail } from "~/server/notify/notification-jobs.server";
import { teamAddress } from "~/server/settings/settings.server";
import type { SeatRequestInput } from "./seat-request-schema";
import { confirmedTravellers, seatCounts, departureSeats } from "~/server/package/departure-seats.server";

type RequestPackage = Pick<PackageRow, "id" | "slug" | "title" | "status" | "groupDates">;

/** Why a seat request was not stored; the visitor is told, and nothing is stored. */
export type SeatRequestRefusal =
  | { refused: "draft"; status: 404; message: string }
  | { refused: "unknown-departure" | "past" | "no-seats" | "too-many"; status: 422; message: string }
  | { refused: "sold-out"; status: 409; message: string; stillOpen: string[] };

export type SeatRequestOutcome = { ok: true; leadId: number; reference: string } | ({ ok: false } & SeatRequestRefusal);

const site = () => getEnv().SITE_URL.replace(/\/$/, "");

/** "PRV-2027-0042". */
export function seatReference(year: number, number: number): string {
  return `PRV-${year}-${String(number).padStart(4, "0")}`;
}

/** The next reference of the year, numbered in the storing transaction (one row per year, its update locks it). */
async function nextReference(tx: DbExecutor, year: number): Promise<string> {
  const [row] = await (tx as Db)
    .insert(seatRequestNumbers)
    .values({ year, last: 1 })
    .onConflictDoUpdate({ target: seatRequestNumbers.year, set: { last: sql`${seatRequestNumbers.last} + 1` } })
    .returning({ last: seatRequestNumbers.last });
  return seatReference(year, row!.last);
}

/** "Dubai Winter Batch, 12 Mar 2027 – 18 Mar 2027 (9 seats left)": the upcoming dates that still have room. */
async function openDepartures(pkg: RequestPackage, today: string, exceptId?: string): Promise<string[]> {
  const counts = await seatCounts([pkg.id]);
  return upcomingDates(pkg.groupDates, today)
    .filter((date) => date.id !== exceptId && date.start > today)
    .flatMap((date) => {
      const seats = departureSeats(date, pkg.id, counts);
      if (seats.left === 0) return [];
      const dates = `${date.name}, ${formatTourDateRange(date.start, date.end)}`;
      return [seats.left === null ? dates : `${dates} (${seats.left} seat${seats.left === 1 ? "" : "s"} left)`];
    });
}

export function soldOutMessage(stillOpen: string[]): string {
  return stillOpen.length > 0
    ? `This date just sold out. These dates still have room: ${stillOpen.join("; ")}.`
    : "This date just sold out, and no other date has room. Please call us: we keep a waiting list.";
}

const travellersText = (adults: number, children: number) =>
  `${adults} adult${adults === 1 ? "" : "s"}${children ? `, ${children} child${children === 1 ? "" : "ren"}` : ""}`;

/**
 * Checks a seat request against the package and its departure as they are
 * now: published, a departure of this package, not yet started, with a
 * capacity and room for the travellers.
 */
async function checkDeparture(pkg: RequestPackage, input: SeatRequestInput, today: string): Promise<{ date: GroupDate & { id: string } } | SeatRequestRefusal> {
  if (pkg.status !== "published") return { refused: "draft", status: 404, message: "This trip is not open for seat requests." };
  const date = pkg.groupDates.find((candidate) => candidate.id === input.departureId);
  if (!date?.id)
    return { refused: "unknown-departure", status: 422, message: "That departure is not one of this trip's dates. Please choose a date from the list." };
  if (date.start <= today) return { refused: "past", status: 422, message: "This departure has already left. Please choose a later date." };
  if (!date.capacity) return { refused: "no-seats", status: 422, message: "Seats on this date are arranged by phone. Please send an enquiry or call us." };
  const counts = await seatCounts([pkg.id]);
  const left = departureSeats(date, pkg.id, counts).left ?? 0;
  if (left <= 0) {
    const stillOpen = await openDepartures(pkg, today, date.id);
    return { refused: "sold-out", status: 409, message: soldOutMessage(stillOpen), stillOpen };
  }
  const travellers = input.adults + input.children;
  if (travellers > left) {
    return {
      refused: "too-many",
      status: 422,
      message: `Only ${left} seat${left === 1 ? " is" : "s are"} left on this date. Please ask for ${left} or fewer, or call us.`,
    };
  }
  return { date: date as GroupDate & { id: string } };
}

/**
 * Stores a seat request (a lead of source 'seat-request' and its seat_requests
 * row) and, in the same transaction, the team's e-mail and, when the visitor
 * gave an e-mail, their acknowledgement with the reference (ADR 059).
 */
export async function createSeatRequest(input: SeatRequestInput, pkg: RequestPackage, now = new Date()): Promise<SeatRequestOutcome> {
  const today = todayIso(now);
  const checked = await checkDeparture(pkg, input, today);
  if ("refused" in checked) return { ok: false, ...checked };
  const { date } = checked;
  const to = await teamAddress();
  const travellers = input.adults + input.children;
  const who = travellersText(input.adults, input.children);
  const dates = formatTourDateRange(date.start, date.end);
  const stored = await getDb().transaction(async (tx) => {
    const [lead] = await tx
      .insert(leads)
      .values({
        source: "seat-request",
        name: input.name,
        phone: input.phone,
        email: input.email ?? null,
        packageId: pkg.id,
        packageTitle: pkg.title,
        travellers,
        preferredMonth: date.start.slice(0, 7),
        message: input.message ?? null,
      })
      .returning({ id: leads.id, createdAt: leads.createdAt });
    if (!lead) throw new Error("The seat request was not stored.");
    const reference = await nextReference(tx, Number(today.slice(0, 4)));
    await tx.insert(seatRequests).values({
      leadId: lead.id,
      reference,
      packageId: pkg.id,
      departureId: date.id,
      departureName: date.name,
      departureStart: date.start,
      departureEnd: date.end,
      adults: input.adults,
      children: input.children,
      room: input.room,
    });
    await enqueueEnquiryNotifications(
      tx,
      {
        subject: { type: "lead", id: lead.id },
        source: "seat-request",
        receivedAt: lead.createdAt,
        name: input.name,
        phone: input.phone,
        email: input.email,
        message: input.message,
        package: pkg,
        travellers,
        preferredMonth: date.start.slice(0, 7),
      },
      {
        to,
        text: [
          `Seat request ${reference}: confirm or cancel it in the inbox (${site()}/admin/enquiries/lead-${lead.id}).`,
          `Package: ${pkg.title} (${site()}/packages/${pkg.slug})`,
          `Departure: ${date.name}, ${dates}`,
          `Travellers: ${who}`,
          `Room: ${ROOM_LABELS[input.room]}`,
          `Name: ${input.name}`,
          `Phone: ${input.phone}`,
          `E-mail: ${input.email ?? "not given"}`,
          "",
          input.message ?? "(no message)",
        ].join("\n"),
      },
    );
    if (input.email) {
      await enqueueTeamEmail(
        tx,
        { type: "seat-request-ack", id: lead.id },
        {
          to: input.email,
          subject: `We have your seat request ${reference}: ${pkg.title}, ${formatTourDate(date.start)}`,
          text: [
            `Dear ${input.name},`,
            "",
            `Thank you for your seat request. Your reference is ${reference}.`,
            "",
            `Trip: ${pkg.title}`,
            `Departure: ${date.name}, ${dates}`,
            `Travellers: ${who}`,
            `Room: ${ROOM_LABELS[input.room]}`,
            "",
            "This request is not yet a booking: the seats are not held for you until our team confirms them. We will call you shortly, and e-mail you once the seats are confirmed.",
            "",
            `${site()}/packages/${pkg.slug}`,
          ].join("\n"),
        },
      );
    }
    return { leadId: lead.id, reference };
  });
  nudgeJobs();
  return { ok: true, ...stored };
}

export type SeatRequestView = Pick<
  SeatRequestRow,
  "reference" | "packageId" | "departureId" | "departureName" | "departureStart" | "departureEnd" | "adults" | "children" | "room"
> & {
  status: SeatStatus;
  statusLabel: string;
  dates: string;
  seats: { capacity: number | null; confirmed: number; held: number; left: number | null };
};

/** A lead's seat request, with its departure's seats now; null for other leads. */
export async function getSeatRequest(leadId: number): Promise<SeatRequestView | null> {
  const db = getDb();
  const [row] = await db.select().from(seatRequests).where(eq(seatRequests.leadId, leadId)).limit(1);
  if (!row) return null;
  const [pkg] = await db.select({ groupDates: packages.groupDates }).from(packages).where(eq(packages.id, row.packageId)).limit(1);
  const date = pkg?.groupDates.find((candidate) => candidate.id === row.departureId);
  const confirmed = await confirmedTravellers(db, row.packageId, row.departureId);
  const held = date?.heldSeats ?? 0;
  return {
    reference: row.reference,
    packageId: row.packageId,
    departureId: row.departureId,
    departureName: row.departureName,
    departureStart: row.departureStart,
    departureEnd: row.departureEnd,
    adults: row.adults,
    children: row.children,
    room: row.room,
    status: row.seatStatus,
    statusLabel: SEAT_STATUS_LABELS[row.seatStatus],
    dates: formatTourDateRange(row.departureStart, row.departureEnd),
    seats: { capacity: date?.capacity ?? null, confirmed, held, left: seatsLeft(date?.capacity, held + confirmed) },
  };
}

export type SeatChangeOutcome = "confirmed" | "cancelled" | "unchanged" | "not-found" | "full" | "was-cancelled";

/** E-mails the visitor (when they gave an address) that their request was confirmed or cancelled, through the outbox. */
async function queueVisitorEmail(tx: DbExecutor, row: SeatRequestRow, change: "confirmed" | "cancelled") {
  const [lead] = await tx.select({ name: leads.name, email: leads.email, packageTitle: leads.packageTitle }).from(leads).where(eq(leads.id, row.leadId));
  if (!lead?.email) return;
  const trip = lead.packageTitle ?? "your trip";
  const dates = formatTourDateRange(row.departureStart, row.departureEnd);
  const lines =
    change === "confirmed"
      ? [
          `Good news: your seats are confirmed (${row.reference}).`,
          "",
          `Trip: ${trip}`,
          `Departure: ${row.departureName}, ${dates}`,
          `Travellers: ${travellersText(row.adults, row.children)}`,
          "",
          "Our team will call you about the payment and the documents for the trip.",
        ]
      : [
          `Your seat request ${row.reference} is cancelled, and its seats are released.`,
          "",
          `Trip: ${trip}`,
          `Departure: ${row.departureName}, ${dates}`,
          "",
          "If this is a surprise, or you would like other dates, reply to this e-mail or call us.",
        ];
  await enqueueTeamEmail(
    tx,
    { type: change === "confirmed" ? "seat-request-confirmed" : "seat-request-cancelled", id: row.leadId },
    {
      to: lead.email,
      subject:
        change === "confirmed"
          ? `Seats confirmed: ${trip}, ${formatTourDate(row.departureStart)} (${row.reference})`
          : `Seat request cancelled: ${trip} (${row.reference})`,
      text: [`Dear ${lead.name},`, "", ...lines].join("\n"),
    },
  );
}

/**
 * Requested → Confirmed: takes the seats atomically. The package's row is
 * locked (SELECT … FOR UPDATE) before the confirmed seats are counted, so two
 * confirmations of one departure run one after the other and the second sees
 * the first's seats (ADR 059). "full": not enough seats left; nothing changed.
 */
export async function confirmSeatRequest(leadId: number): Promise<{ outcome: SeatChangeOutcome; left?: number }> {
  const result = await getDb().transaction(async (tx) => {
    const [row] = await tx.select().from(seatRequests).where(eq(seatRequests.leadId, leadId)).limit(1);
    if (!row) return { outcome: "not-found" as const };
    const [pkg] = await tx.select({ groupDates: packages.groupDates }).from(packages).where(eq(packages.id, row.packageId)).for("update");
    // Read again under the package's lock: a concurrent change of this request has committed by now.
    const [current] = await tx.select().from(seatRequests).where(eq(seatRequests.leadId, leadId)).limit(1);
    if (!current) return { outcome: "not-found" as const };
    if (current.seatStatus === "confirmed") return { outcome: "unchanged" as const };
    if (current.seatStatus === "cancelled") return { outcome: "was-cancelled" as const };
    const date = pkg?.groupDates.find((candidate) => candidate.id === current.departureId);
    if (date?.capacity) {
      const taken = (date.heldSeats ?? 0) + (await confirmedTravellers(tx, current.packageId, current.departureId));
      const left = Math.max(0, date.capacity - taken);
      if (current.adults + current.children > left) return { outcome: "full" as const, left };
    }
    await tx.update(seatRequests).set({ seatStatus: "confirmed", confirmedAt: new Date() }).where(eq(seatRequests.leadId, leadId));
    // The package page shows seats left: its cached copies are stale from this commit on.
    await bumpContentVersion(tx as unknown as Db);
    await queueVisitorEmail(tx, current, "confirmed");
    return { outcome: "confirmed" as const };
  });
  if (result.outcome === "confirmed") {
    noteContentWritten();
    nudgeJobs();
  }
  return result;
}

/** Requested or Confirmed → Cancelled: frees the seats of a confirmed request. */
export async function cancelSeatRequest(leadId: number): Promise<{ outcome: SeatChangeOutcome }> {
  const result = await getDb().transaction(async (tx) => {
    const [row] = await tx
      .update(seatRequests)
      .set({ seatStatus: "cancelled", cancelledAt: new Date() })
      .where(sql`${seatRequests.leadId} = ${leadId} and ${seatRequests.seatStatus} <> 'cancelled'`)
      .returning();
    if (!row) {
      const [exists] = await tx.select({ id: seatRequests.leadId }).from(seatRequests).where(eq(seatRequests.leadId, leadId));
      return { outcome: exists ? ("unchanged" as const) : ("not-found" as const) };
    }
    if (row.seatStatus === "cancelled" && row.confirmedAt) await bumpContentVersion(tx as unknown as Db);
    await queueVisitorEmail(tx, row, "cancelled");
    return { outcome: "cancelled" as const };
  });
  if (result.outcome === "cancelled") {
    noteContentWritten();
    nudgeJobs();
  }
  return result;
}
