import { eq } from "drizzle-orm";
import { formatDayTime } from "~/lib/admin-format";
import { priceLines, priceLineText, ROOM_SHARING_LABELS, seatsText, travellersText } from "~/lib/booking";
import { formatPhone } from "~/lib/phone";
import { askedPaise } from "~/lib/booking-amount";
import { formatPaise } from "~/lib/price";
import { formatTourDateRange } from "~/lib/tour-format";
import type { Db } from "~/server/db/db.server";
import { siteSettings, type BookingRow } from "~/server/db/schema.server";
import { getEnv } from "~/server/env.server";
import { enqueueJobs, subjectOnceKey, type JobSubject } from "~/server/jobs/jobs.server";
import { EMAIL_JOB, emailPayloadSchema, type EmailPayload } from "~/server/notify/notification-jobs.server";
import { mintTripLink, tripUrl } from "~/server/trip/trip-token.server";

/**
 * The booking e-mails (issue 45, ADR 088), the ONE module that queues them:
 * to the lead traveller when a booking is held (with the deadline),
 * confirmed, offered a waitlist place or cancelled, and to the team when a
 * waitlist place is offered. Each is a job of type "email" queued in the
 * change's transaction; its subject is the timeline entry that caused it, so
 * a retried request never sends one twice.
 */
export type BookingEmailKind = "held" | "confirmed" | "offered" | "cancelled" | "waitlisted" | "expired" | "completed";

/** The e-mails that carry the trip page's link. */
const TRIP_LINK_KINDS = new Set<BookingEmailKind>(["held", "offered", "confirmed"]);

/** Job subjects: one e-mail to the traveller and one to the team per timeline entry. */
const TRAVELLER_SUBJECT = "booking-traveller";
const TEAM_SUBJECT = "booking-team";

const site = () => getEnv().SITE_URL.replace(/\/$/, "");

function tripLines(row: BookingRow): string[] {
  const lines = priceLines(row.price, row);
  return [
    `Trip: ${row.packageTitle}`,
    `Dates: ${row.departureName ? `${row.departureName}, ` : ""}${formatTourDateRange(row.startDate, row.endDate)}`,
    `Travellers: ${travellersText(row)} (${seatsText(row.seats)})`,
    `Room: ${ROOM_SHARING_LABELS[row.room]}`,
    "",
    "Price:",
    ...lines.map((line) => `  ${priceLineText(line)}: ${formatPaise(line.amountPaise)}`),
    `  Total: ${formatPaise(row.totalPaise)}`,
    // What the booking asks (ADR 115): the price with its GST and, abroad, TCS, as the money panel and the trip page say.
    ...(row.gstPaise > 0 ? [`  GST: ${formatPaise(row.gstPaise)}`] : []),
    ...(row.tcsPaise > 0 ? [`  TCS: ${formatPaise(row.tcsPaise)}`] : []),
    ...(askedPaise(row) > row.totalPaise ? [`  To pay, with taxes: ${formatPaise(askedPaise(row))}`] : []),
  ];
}

/** What each e-mail to the traveller says; null: none for this change. */
function travellerEmail(
  row: BookingRow,
  kind: BookingEmailKind,
  agency: { name: string; phone: string },
  tripLink: string | null,
): Omit<EmailPayload, "to"> | null {
  const call = [
    ...(tripLink ? [`Your trip page (keep this link private: it opens your booking without a password):`, tripLink, ""] : []),
    `Questions? Reply to this e-mail or call us on ${agency.phone}.`,
  ].join("\n");
  const until = row.holdUntil ? `${formatDayTime(row.holdUntil)} (Indian time)` : "";
  const body = (opening: string[], closing: string[]) =>
    [`Dear ${row.leadName},`, "", ...opening, "", ...tripLines(row), "", ...closing, "", call, "", `${agency.name}`].join("\n");
  switch (kind) {
    case "held":
      return {
        subject: `Seats held until ${formatDayTime(row.holdUntil!)}: ${row.packageTitle} (${row.reference})`,
        text: body(
          [`We are holding ${seatsText(row.seats)} for you on ${row.packageTitle}. Your booking reference is ${row.reference}.`],
          [`The seats are kept for you until ${until}. To confirm them, call or message us before then; after it, they go back on sale.`],
        ),
      };
    case "offered":
      return {
        subject: `A place has opened up: ${row.packageTitle} (${row.reference})`,
        text: body(
          [`Good news: seats have come free, and the ${seatsText(row.seats)} you waited for are now held for you. Your booking reference is ${row.reference}.`],
          [`We keep them for you until ${until}. To confirm, call or message us before then; after it, we offer them to the next person waiting.`],
        ),
      };
    case "confirmed":
      return {
        subject: `Booking confirmed: ${row.packageTitle} (${row.reference})`,
        text: body(
          [`Your booking ${row.reference} is confirmed. Thank you for travelling with us.`],
          ["Our team will be in touch about payment and the documents for the trip. Please quote your reference whenever you contact us."],
        ),
      };
    case "cancelled":
      return {
        subject: `Booking cancelled: ${row.packageTitle} (${row.reference})`,
        text: [
          `Dear ${row.leadName},`,
          "",
          `Your booking ${row.reference} for ${row.packageTitle} (${formatTourDateRange(row.startDate, row.endDate)}) is cancelled${row.cancelReason ? `: ${row.cancelReason}` : ""}.`,
          "",
          "If this is a surprise, or you would like other dates, reply to this e-mail and we will help.",
          "",
          call,
          "",
          agency.name,
        ].join("\n"),
      };
    default:
      return null;
  }
}

/** Queues the e-mails a change of `row` sends (`eventId`: its timeline entry). Returns how many. */
export async function queueBookingEmails(tx: Db, row: BookingRow, eventId: number, kind: BookingEmailKind): Promise<number> {
  const [settings] = await tx
    .select({ name: siteSettings.brandName, phone: siteSettings.phonePrimary, email: siteSettings.email, notifyEmail: siteSettings.notifyEmail })
    .from(siteSettings)
    .where(eq(siteSettings.id, 1));
  const agency = { name: settings?.name ?? "Pravas", phone: settings ? formatPhone(settings.phone) : "" };
  const jobs: { subject: JobSubject; payload: EmailPayload }[] = [];
  // The held, offered and confirmed e-mails carry a trip page link of their own (ADR 108): minted here, in this transaction.
  const tripLink = row.leadEmail && TRIP_LINK_KINDS.has(kind) ? tripUrl(await mintTripLink(tx, row.id, "e-mail")) : null;
  const mail = row.leadEmail ? travellerEmail(row, kind, agency, tripLink) : null;
  if (mail) {
    jobs.push({
      subject: { type: TRAVELLER_SUBJECT, id: eventId },
      payload: emailPayloadSchema.parse({ ...mail, to: row.leadEmail, ...(settings?.email ? { replyTo: settings.email } : {}) }),
    });
  }
  if (kind === "offered") {
    jobs.push({
      subject: { type: TEAM_SUBJECT, id: eventId },
      payload: emailPayloadSchema.parse({
        // teamAddress()'s rule, read in this transaction (PGlite runs one at a time: a read outside it would wait for it).
        to: settings?.notifyEmail ?? getEnv().NOTIFY_EMAIL ?? settings?.email ?? "",
        subject: `Waitlist place offered: ${row.reference} ${row.leadName}, ${row.packageTitle}`,
        text: [
          `Seats came free on ${row.packageTitle}, ${row.departureName ?? ""} ${formatTourDateRange(row.startDate, row.endDate)}.`,
          `${row.leadName} (${row.reference}, ${seatsText(row.seats)}) was first on the waitlist and now has them held until ${formatDayTime(row.holdUntil!)} (Indian time).`,
          row.leadEmail ? "They have been e-mailed." : `They gave no e-mail: call them on ${formatPhone(row.leadPhone)}.`,
          "",
          `${site()}/admin/bookings/${row.reference}`,
        ].join("\n"),
      }),
    });
  }
  // Once per timeline entry and addressee (the once-key), however often the change is retried.
  await enqueueJobs(
    tx,
    EMAIL_JOB,
    jobs.map((job) => ({ ...job, onceKey: subjectOnceKey(EMAIL_JOB, job.subject) })),
  );
  return jobs.length;
}
