import { and, eq, isNull, sql } from "drizzle-orm";
import type { GroupDate } from "~/lib/content-types";
import { ROOM_LABELS, SEAT_STATUS_LABELS, type SeatStatus } from "~/lib/seats";
import { formatTourDate, formatTourDateRange, todayIso, upcomingDates } from "~/lib/tour-format";
import { getDb, type Db } from "~/server/db/db.server";
import { bookings, leads, packages, seatRequestNumbers, seatRequests, type PackageRow, type SeatRequestRow } from "~/server/db/schema.server";
import { getEnv } from "~/server/env.server";
import { nudgeJobs, type DbExecutor } from "~/server/jobs/jobs.server";
import { enqueueEnquiryNotifications } from "~/server/notify/enquiry-notification.server";
import { enqueueTeamEmail } from "~/server/notify/notification-jobs.server";
import { teamAddress } from "~/server/settings/settings.server";
import type { SeatRequestInput } from "./seat-request-schema";
import { departureSeatCounts, departureSeats, seatsOf, type DepartureSeats } from "~/server/seats/departure-seats.server";

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

/** The seat request that a request with this balancer id stored (ADR 093). */
async function seatRequestOfRequest(tx: DbExecutor, requestId: string): Promise<{ leadId: number; reference: string } | undefined> {
  const [found] = await (tx as Db)
    .select({ leadId: leads.id, reference: seatRequests.reference })
    .from(leads)
    .innerJoin(seatRequests, eq(seatRequests.leadId, leads.id))
    .where(and(eq(leads.source, "seat-request"), eq(leads.requestId, requestId)));
  return found;
}

/** "Dubai Winter Batch, 12 Mar 2027 – 18 Mar 2027 (9 seats left)": the upcoming dates that still have room. */
async function openDepartures(pkg: RequestPackage, today: string, exceptId?: string): Promise<string[]> {
  const counts = await departureSeatCounts([pkg.id]);
  return upcomingDates(pkg.groupDates, today)
    .filter((date) => date.id !== exceptId && date.start > today)
    .flatMap((date) => {
      const { free } = departureSeats(date, pkg.id, counts);
      if (free === 0) return [];
      const dates = `${date.name}, ${formatTourDateRange(date.start, date.end)}`;
      return [free === null ? dates : `${dates} (${free} seat${free === 1 ? "" : "s"} left)`];
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
  // The one seat count (ADR 088): free = capacity − held − confirmed.
  const left = (await seatsOf(getDb(), pkg.id, date)).free ?? 0;
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
 * With the balancer's `requestId`, a request already stored (retried here
 * after another server stored it, ADR 093) stores nothing new, sends nothing,
 * and answers with the first one's reference; one still being stored is waited for.
 */
export async function createSeatRequest(
  input: SeatRequestInput,
  pkg: RequestPackage,
  now = new Date(),
  requestId: string | null = null,
): Promise<SeatRequestOutcome> {
  // Answered as it was the first time, whatever the seats are now.
  const earlier = requestId ? await seatRequestOfRequest(getDb(), requestId) : undefined;
  if (earlier) return { ok: true, ...earlier };
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
        requestId,
      })
      .onConflictDoNothing({ target: [leads.source, leads.requestId] })
      .returning({ id: leads.id, createdAt: leads.createdAt });
    if (!lead) {
      // Stored meanwhile by the first try, which this insert waited for.
      const first = requestId ? await seatRequestOfRequest(tx, requestId) : undefined;
      if (!first) throw new Error("The seat request was not stored.");
      return first;
    }
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
  leadId: number;
  status: SeatStatus;
  statusLabel: string;
  dates: string;
  seats: DepartureSeats;
  /** The bookings made from it (ADR 088). */
  bookings: { reference: string; state: string }[];
};

/** A lead's seat request, with its departure's seats now and the bookings made from it; null for other leads. */
export async function getSeatRequest(leadId: number): Promise<SeatRequestView | null> {
  const db = getDb();
  const [row] = await db.select().from(seatRequests).where(eq(seatRequests.leadId, leadId)).limit(1);
  if (!row) return null;
  const [pkg] = await db.select({ groupDates: packages.groupDates }).from(packages).where(eq(packages.id, row.packageId)).limit(1);
  const date = pkg?.groupDates.find((candidate) => candidate.id === row.departureId) ?? { id: row.departureId };
  const made = await db
    .select({ reference: bookings.reference, state: bookings.state })
    .from(bookings)
    .where(and(eq(bookings.leadId, leadId), isNull(bookings.deletedAt)));
  return {
    leadId,
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
    seats: await seatsOf(db, row.packageId, date),
    bookings: made,
  };
}

/**
 * Requested → Cancelled: the team declines the request (it never took seats;
 * a booking made from it is cancelled on the booking's page). The visitor is
 * e-mailed when they gave an address.
 */
export async function cancelSeatRequest(leadId: number): Promise<{ outcome: "cancelled" | "unchanged" | "not-found" | "booked" }> {
  const result = await getDb().transaction(async (tx) => {
    const [row] = await tx
      .update(seatRequests)
      .set({ seatStatus: "cancelled", cancelledAt: new Date() })
      .where(and(eq(seatRequests.leadId, leadId), eq(seatRequests.seatStatus, "requested")))
      .returning();
    if (!row) {
      const [exists] = await tx.select({ status: seatRequests.seatStatus }).from(seatRequests).where(eq(seatRequests.leadId, leadId));
      return { outcome: !exists ? ("not-found" as const) : exists.status === "booked" ? ("booked" as const) : ("unchanged" as const) };
    }
    const [lead] = await tx.select({ name: leads.name, email: leads.email, packageTitle: leads.packageTitle }).from(leads).where(eq(leads.id, row.leadId));
    if (lead?.email) {
      const trip = lead.packageTitle ?? "your trip";
      await enqueueTeamEmail(
        tx,
        { type: "seat-request-cancelled", id: row.leadId },
        {
          to: lead.email,
          subject: `Seat request cancelled: ${trip} (${row.reference})`,
          text: [
            `Dear ${lead.name},`,
            "",
            `Your seat request ${row.reference} is cancelled.`,
            "",
            `Trip: ${trip}`,
            `Departure: ${row.departureName}, ${formatTourDateRange(row.departureStart, row.departureEnd)}`,
            "",
            "If this is a surprise, or you would like other dates, reply to this e-mail or call us.",
          ].join("\n"),
        },
      );
    }
    return { outcome: "cancelled" as const };
  });
  if (result.outcome === "cancelled") nudgeJobs();
  return result;
}
