import { and, asc, eq, gt, inArray, isNotNull, isNull, lte } from "drizzle-orm";
import { z } from "zod";
import { travellerName } from "~/lib/booking";
import { addDays, daysFromTo } from "~/lib/calendar-date";
import { whatsappHref } from "~/lib/contact-links";
import { indianDate, indianTimeOn } from "~/lib/follow-up";
import { fillTaxWords } from "~/lib/package-text";
import { formatPhone } from "~/lib/phone";
import { formatTourDate } from "~/lib/tour-format";
import { detailLabel, missingDetails } from "~/lib/traveller-details";
import { recordActivity } from "~/server/activity/activity.server";
import { getTaxRates } from "~/server/settings/settings.server";
import { getDb, type Db } from "~/server/db/db.server";
import { bookings, bookingTravellers, jobs, packages, siteSettings, travellerDetails, type BookingRow } from "~/server/db/schema.server";
import { defineJobType, enqueueJobs, nudgeJobs, type DbExecutor } from "~/server/jobs/jobs.server";
import { handleJob, type JobRegistration } from "~/server/jobs/worker.server";
import { EMAIL_JOB, emailPayloadSchema } from "~/server/notify/notification-jobs.server";
import { mintTripLink, tripUrl } from "./trip-token.server";
import { packageIsAbroad } from "~/server/db/package-abroad.server";

/**
 * The traveller's scheduled messages (issue 48, ADR 117), through the job
 * queue (ADR 082): "details missing" 21 days before departure (only while a
 * traveller's details the trip page asks for are missing) and the
 * "pre-departure pack" 7 days before (the final itinerary, what to carry, the
 * team's phone). Each is an e-mail to the lead traveller, a timeline entry on
 * the booking and, on that entry, a WhatsApp text ready for the team.
 *
 * Days are Indian calendar days: a message is due from 00:00 Indian time on
 * its day (18:30 UTC the evening before) until the departure (details missing:
 * until the pack's day), so a booking confirmed late still gets its pack. The
 * minute's sweep (the daily digest's tick) queues it once per booking, kind
 * and departure date (the once key), to run at 9:00 Indian time that day; the
 * job reads the booking again when it runs and sends nothing for a booking
 * cancelled, moved to another date, no longer missing details or deleted since.
 */

export const TRIP_MESSAGE_KINDS = ["details-missing", "pre-departure"] as const;
export type TripMessageKind = (typeof TRIP_MESSAGE_KINDS)[number];
export const isTripMessageKind = (value: unknown): value is TripMessageKind => (TRIP_MESSAGE_KINDS as readonly unknown[]).includes(value);

/** Days before departure each message is first due. */
export const TRIP_MESSAGE_DAYS: Record<TripMessageKind, number> = { "details-missing": 21, "pre-departure": 7 };

/** The hour of the Indian day the e-mails go out (queued from midnight, sent from 9:00). */
const SEND_HOUR = 9;

export const TRIP_MESSAGE_LABELS: Record<TripMessageKind, string> = {
  "details-missing": "details missing",
  "pre-departure": "pre-departure pack",
};

export const TRIP_MESSAGE_JOB = defineJobType({
  name: "trip.message",
  lane: "short",
  payload: z.object({
    bookingId: z.number().int().positive(),
    kind: z.enum(TRIP_MESSAGE_KINDS),
    departsOn: z.iso.date(),
  }),
});
export type TripMessagePayload = z.infer<typeof TRIP_MESSAGE_JOB.payload>;

/** The message due on the Indian day `today` for a departure on `departsOn`, if any (pure). */
export function tripMessageDue(departsOn: string, today: string): TripMessageKind | null {
  if (today >= departsOn) return null;
  if (today >= addDays(departsOn, -TRIP_MESSAGE_DAYS["pre-departure"])) return "pre-departure";
  if (today >= addDays(departsOn, -TRIP_MESSAGE_DAYS["details-missing"])) return "details-missing";
  return null;
}

export const tripMessageOnceKey = (reference: string, kind: TripMessageKind, departsOn: string) => `trip.message:${reference}:${kind}:${departsOn}`;

/** The bookings a message goes to: confirmed, not deleted, with an e-mail address. */
const RECEIVING = and(isNull(bookings.deletedAt), eq(bookings.state, "confirmed"), isNotNull(bookings.leadEmail));

/** Each traveller's missing details (labels), of the bookings `ids`; travellers with none missing are left out. */
async function missingByBooking(db: DbExecutor, rows: { id: number; overseas: boolean }[]): Promise<Map<number, { name: string; missing: string[] }[]>> {
  const result = new Map<number, { name: string; missing: string[] }[]>();
  if (rows.length === 0) return result;
  const ids = rows.map((row) => row.id);
  const [travellers, details] = await Promise.all([
    db
      .select({ id: bookingTravellers.id, bookingId: bookingTravellers.bookingId, name: bookingTravellers.name, position: bookingTravellers.position })
      .from(bookingTravellers)
      .where(inArray(bookingTravellers.bookingId, ids))
      .orderBy(asc(bookingTravellers.bookingId), asc(bookingTravellers.position)),
    db.select().from(travellerDetails).where(inArray(travellerDetails.bookingId, ids)),
  ]);
  const given = new Map(details.map((detail) => [detail.travellerId, detail]));
  const overseas = new Map(rows.map((row) => [row.id, row.overseas]));
  for (const traveller of travellers) {
    const abroad = overseas.get(traveller.bookingId) ?? false;
    const missing = missingDetails(given.get(traveller.id), abroad);
    if (missing.length === 0) continue;
    const list = result.get(traveller.bookingId) ?? [];
    list.push({ name: travellerName(traveller.name, traveller.position), missing: missing.map((field) => detailLabel(field, abroad).toLowerCase()) });
    result.set(traveller.bookingId, list);
  }
  return result;
}

/**
 * Queues the messages due at `now` (the Indian day): returns how many were new.
 * One range query on the departure date finds the candidates; a key queued
 * before (by this pass, another server's or an earlier run) is not queued again.
 */
export async function queueTripMessages(now: Date, db: DbExecutor = getDb()): Promise<number> {
  const today = indianDate(now);
  const rows = await db
    .select({ id: bookings.id, reference: bookings.reference, startDate: bookings.startDate, overseas: packageIsAbroad })
    .from(bookings)
    .innerJoin(packages, eq(packages.id, bookings.packageId))
    .where(and(RECEIVING, gt(bookings.startDate, today), lte(bookings.startDate, addDays(today, TRIP_MESSAGE_DAYS["details-missing"]))));
  const due = rows.flatMap((row) => {
    const kind = tripMessageDue(row.startDate, today);
    return kind ? [{ ...row, kind, onceKey: tripMessageOnceKey(row.reference, kind, row.startDate) }] : [];
  });
  if (due.length === 0) return 0;
  // Leave out the keys already queued: the sweep runs every minute on every server.
  const queued = new Set(
    (
      await db
        .select({ key: jobs.onceKey })
        .from(jobs)
        .where(
          inArray(
            jobs.onceKey,
            due.map((row) => row.onceKey),
          ),
        )
    ).map((row) => row.key),
  );
  const fresh = due.filter((row) => !queued.has(row.onceKey));
  const missing = await missingByBooking(
    db,
    fresh.filter((row) => row.kind === "details-missing"),
  );
  const wanted = fresh.filter((row) => row.kind !== "details-missing" || missing.has(row.id));
  if (wanted.length === 0) return 0;
  const runAt = new Date(Math.max(now.getTime(), indianTimeOn(now, 0, SEND_HOUR).getTime()));
  const ids = await enqueueJobs(
    db,
    TRIP_MESSAGE_JOB,
    wanted.map((row) => ({
      payload: { bookingId: row.id, kind: row.kind, departsOn: row.startDate },
      subject: { type: "booking", id: row.id },
      onceKey: row.onceKey,
      runAt,
    })),
  );
  if (ids.length > 0) nudgeJobs();
  return ids.length;
}

type Agency = { name: string; phone: string; whatsapp: string; email: string };

async function agencyOf(db: DbExecutor): Promise<Agency> {
  const [row] = await db
    .select({ name: siteSettings.brandName, phone: siteSettings.phonePrimary, whatsapp: siteSettings.whatsappNumber, email: siteSettings.email })
    .from(siteSettings)
    .limit(1);
  return {
    name: row?.name ?? "Pravas",
    phone: row ? formatPhone(row.phone) : "",
    whatsapp: row?.whatsapp ? formatPhone(row.whatsapp.startsWith("+") ? row.whatsapp : `+${row.whatsapp.replace(/\D/g, "")}`) : "",
    email: row?.email ?? "",
  };
}

/** What to carry, from the package: its region's papers, and what it does not include. */
export function whatToCarry(row: Pick<BookingRow, "reference" | "endDate">, overseas: boolean, excluded: readonly string[]): string[] {
  return [
    ...(overseas
      ? [
          `Each traveller's passport (valid for six months after ${formatTourDate(row.endDate)}) and visa papers`,
          "A card that works abroad and some cash in the local currency",
        ]
      : ["A photo ID for each traveller (Aadhaar, passport, driving licence or voter ID)"]),
    "Your flight or train tickets and this itinerary, printed or on your phone",
    "Your own medicines, with the prescriptions",
    ...excluded.map((item) => `Not included, so plan for it: ${item}`),
    `Your booking reference: ${row.reference}`,
  ];
}

const firstName = (name: string) => name.trim().split(/\s+/)[0] || name;

/** The WhatsApp text the team can send the lead traveller beside the e-mail (no link: the e-mail carries the private one). */
export function tripMessageWhatsappText(
  row: Pick<BookingRow, "leadName" | "packageTitle" | "reference" | "startDate">,
  kind: TripMessageKind,
  agencyName: string,
): string {
  const date = formatTourDate(row.startDate);
  return kind === "details-missing"
    ? `Namaste ${firstName(row.leadName)}, your ${row.packageTitle} trip starts on ${date}. We still need some travellers' details to complete your bookings: our e-mail lists what is missing, with the link to your trip page where you can fill it in (booking ${row.reference}). Thank you, ${agencyName}`
    : `Namaste ${firstName(row.leadName)}, your ${row.packageTitle} trip starts on ${date}! We have e-mailed your pre-departure pack: the final itinerary with each day's date and your hotels, and what to carry. Booking ${row.reference}. Have a wonderful trip, ${agencyName}`;
}

/** The wa.me link to the lead traveller's phone with the message written (the booking's timeline shows it). */
export const tripMessageWhatsapp = (
  row: Pick<BookingRow, "leadName" | "leadPhone" | "packageTitle" | "reference" | "startDate">,
  kind: TripMessageKind,
  agencyName: string,
) => (row.leadPhone ? whatsappHref(row.leadPhone, tripMessageWhatsappText(row, kind, agencyName)) : null);

/** The e-mail of one message (pure: the booking, what is missing or the package's lists, the link). */
export function tripMessageEmail(
  row: Pick<BookingRow, "leadName" | "packageTitle" | "reference" | "startDate" | "endDate">,
  kind: TripMessageKind,
  input: { link: string; agency: Agency; overseas: boolean; missing?: { name: string; missing: string[] }[]; carry?: string[] },
): { subject: string; text: string } {
  const date = formatTourDate(row.startDate);
  // Every message: the greeting, its own lines, then the private link, how to reach the team, and the agency.
  const letter = (lines: string[], linkLine: string) =>
    [
      `Dear ${row.leadName},`,
      "",
      ...lines,
      "",
      `${linkLine} (keep this link private: it opens your booking without a password):`,
      input.link,
      "",
      `Questions? Reply to this e-mail or call us on ${input.agency.phone}.`,
      "",
      input.agency.name,
    ].join("\n");
  if (kind === "details-missing") {
    return {
      subject: `Details needed for your trip: ${row.packageTitle} (${row.reference})`,
      text: letter(
        [
          `Your trip, ${row.packageTitle}, starts on ${date}. To book your ${input.overseas ? "flights, hotels and visas" : "travel and hotels"} we still need these details:`,
          "",
          ...(input.missing ?? []).map((traveller) => `- ${traveller.name}: ${traveller.missing.join(", ")}`),
        ],
        "Please fill them in on your trip page",
      ),
    };
  }
  return {
    subject: `Your trip starts on ${date}: ${row.packageTitle} (${row.reference})`,
    text: letter(
      [
        `${row.packageTitle} starts on ${date}. Here is your pre-departure pack.`,
        "",
        "Your final itinerary (PDF: each day's date, the plan and your hotels):",
        `${input.link}/itinerary.pdf`,
        "",
        "What to carry:",
        ...(input.carry ?? []).map((item) => `- ${item}`),
        "",
        `During the trip our team is on ${input.agency.phone}${input.agency.whatsapp ? ` (WhatsApp ${input.agency.whatsapp})` : ""}.`,
      ],
      "Your trip page, with your documents and payments",
    ),
  };
}

/** The once key of the e-mail a message job queues: a retried job never queues a second. */
const emailOnceKey = (jobId: number) => `trip.message-email:${jobId}`;

export type TripMessageOutcome = "sent" | "already" | "not-due";

/**
 * Runs one message job: reads the booking again (confirmed, not deleted, the
 * same departure date, an address; details still missing), then in one
 * transaction mints the e-mail's trip link, records the timeline entry and
 * queues the e-mail (its subject is the entry, as the booking e-mails': the
 * personal-data tools find and erase it).
 */
export async function runTripMessage(jobId: number, payload: TripMessagePayload, now: Date = new Date()): Promise<TripMessageOutcome> {
  const db = getDb();
  const [done] = await db
    .select({ id: jobs.id })
    .from(jobs)
    .where(eq(jobs.onceKey, emailOnceKey(jobId)));
  if (done) return "already";
  const [row] = await db
    .select({ booking: bookings, overseas: packageIsAbroad, excluded: packages.excluded })
    .from(bookings)
    .innerJoin(packages, eq(packages.id, bookings.packageId))
    .where(and(eq(bookings.id, payload.bookingId), RECEIVING));
  if (!row || row.booking.startDate !== payload.departsOn) return "not-due";
  const booking = row.booking;
  const missing = payload.kind === "details-missing" ? (await missingByBooking(db, [{ id: booking.id, overseas: row.overseas }])).get(booking.id) : undefined;
  if (payload.kind === "details-missing" && !missing) return "not-due";
  const [agency, taxes] = await Promise.all([agencyOf(db), getTaxRates(now)]);
  const daysBefore = daysFromTo(indianDate(now), payload.departsOn);
  await db.transaction(async (rawTx) => {
    const tx = rawTx as unknown as Db;
    const link = tripUrl(await mintTripLink(tx, booking.id, "e-mail", now));
    const mail = tripMessageEmail(booking, payload.kind, {
      link,
      agency,
      overseas: row.overseas,
      missing,
      carry:
        payload.kind === "pre-departure"
          ? whatToCarry(
              booking,
              row.overseas,
              row.excluded.map((item) => fillTaxWords(item, taxes)),
            )
          : undefined,
    });
    const eventId = await recordActivity(
      {
        kind: "trip.message-sent",
        actor: { id: null, email: null, name: agency.name },
        subject: { type: "booking", id: booking.id, label: `${booking.reference} ${booking.leadName}` },
        ip: null,
        detail: {
          message: payload.kind,
          departsOn: payload.departsOn,
          text: `E-mailed the ${TRIP_MESSAGE_LABELS[payload.kind]} (${daysBefore} ${daysBefore === 1 ? "day" : "days"} before departure)`,
        },
      },
      { db: tx },
    );
    await enqueueJobs(tx, EMAIL_JOB, [
      {
        subject: { type: "booking-traveller", id: eventId! },
        onceKey: emailOnceKey(jobId),
        payload: emailPayloadSchema.parse({ to: booking.leadEmail, ...mail, ...(agency.email ? { replyTo: agency.email } : {}) }),
      },
    ]);
  });
  nudgeJobs();
  return "sent";
}

/** Registered with the job worker at start (`clock`: a test run's, else the system's). */
export function tripMessageHandler(clock: { now(): Date } = { now: () => new Date() }): JobRegistration {
  return handleJob(TRIP_MESSAGE_JOB, async (job) => {
    await runTripMessage(job.id, job.payload, clock.now());
  });
}
