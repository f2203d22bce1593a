import { and, between, eq, inArray, isNotNull, isNull, notExists } from "drizzle-orm";
import { addDays } from "~/lib/calendar-date";
import { whatsappHref } from "~/lib/contact-links";
import { indianDate, indianTimeOn } from "~/lib/follow-up";
import { formatPhone } from "~/lib/phone";
import { formatTourDateRange } from "~/lib/tour-format";
import { recordActivity } from "~/server/activity/activity.server";
import { getDb } from "~/server/db/db.server";
import { bookings, reviewLinks, siteSettings, type BookingRow } from "~/server/db/schema.server";
import { getEnv } from "~/server/env.server";
import { enqueueJobs, nudgeJobs, subjectOnceKey } from "~/server/jobs/jobs.server";
import { EMAIL_JOB, emailPayloadSchema } from "~/server/notify/notification-jobs.server";
import { mintReviewLink, reviewUrl } from "./review-token.server";

/**
 * The review request (issue 48, ADR 116): 2 days after a trip's return date
 * (Indian time), from 9:00 (a day missed, at once), each booking that travelled (confirmed or
 * completed, not cancelled, not deleted, with an e-mail) gets one e-mail with
 * a one-time review link, and the team gets the same words ready to send on
 * WhatsApp. Queued by the minute's pass (the daily digest's tick), once per
 * booking however often and from however many servers it runs: the e-mail
 * job's once-key names the booking.
 */

/** Days after the return date the request goes out. */
export const REVIEW_REQUEST_DAYS_AFTER = 2;
/** From this hour, Indian time. */
const REVIEW_REQUEST_HOUR = 9;
/** A server down on the day still sends it within this many days after. */
const CATCH_UP_DAYS = 7;

/** The once-key of a booking's review request. */
export const reviewRequestOnceKey = (bookingId: number) => `review.request:booking:${bookingId}`;

/** What the traveller reads, by e-mail and (sent by the team) on WhatsApp. */
export function reviewRequestText(row: Pick<BookingRow, "leadName" | "packageTitle" | "startDate" | "endDate">, link: string, brandName: string): string {
  return [
    `Dear ${row.leadName},`,
    "",
    `Welcome home! We hope ${row.packageTitle} (${formatTourDateRange(row.startDate, row.endDate)}) was everything you hoped for.`,
    "",
    "Would you tell other travellers how it went? It takes two minutes: give it stars and a few words here (the link works once, for you only):",
    link,
    "",
    "Our team reads every review before it appears on the package page.",
    "",
    brandName,
  ].join("\n");
}

/** The bookings whose request is due on `today` (or was, within the catch-up days; `notToday`: only those) and not yet made. */
async function dueBookings(today: string, notToday: 0 | 1): Promise<BookingRow[]> {
  const db = getDb();
  return db
    .select()
    .from(bookings)
    .where(
      and(
        isNull(bookings.deletedAt),
        inArray(bookings.state, ["confirmed", "completed"]),
        isNotNull(bookings.leadEmail),
        between(bookings.endDate, addDays(today, -(REVIEW_REQUEST_DAYS_AFTER + CATCH_UP_DAYS)), addDays(today, -REVIEW_REQUEST_DAYS_AFTER - notToday)),
        notExists(db.select({ id: reviewLinks.id }).from(reviewLinks).where(eq(reviewLinks.bookingId, bookings.id))),
      ),
    );
}

/**
 * Queues the review requests due at `now`; returns how many were new. Each
 * booking's is one transaction: its timeline entry, its link and its two
 * e-mails (the traveller's, once per booking by its key, and the team's
 * WhatsApp text), or nothing when another pass queued it first.
 */
export async function queueReviewRequests(now: Date): Promise<number> {
  // Today's go from 9:00; a day missed (the server was down) goes at once.
  const beforeNine = now.getTime() < indianTimeOn(now, 0, REVIEW_REQUEST_HOUR).getTime();
  const due = await dueBookings(indianDate(now), beforeNine ? 1 : 0);
  let queued = 0;
  for (const row of due) {
    const done = await getDb()
      .transaction(async (tx) => {
        const [settings] = await tx
          .select({ name: siteSettings.brandName, email: siteSettings.email, notifyEmail: siteSettings.notifyEmail })
          .from(siteSettings)
          .limit(1);
        const brandName = settings?.name ?? "Pravas";
        const token = await mintReviewLink(tx, row.id, now);
        const eventId = await recordActivity(
          {
            kind: "review.requested",
            actor: { name: "Review request (automatic)" },
            subject: { type: "booking", id: row.id, label: `${row.reference} (${row.leadName})` },
            detail: { text: `Asked ${row.leadName} for a review by e-mail` },
          },
          { db: tx },
        );
        if (!eventId) throw new AlreadyQueued();
        const text = reviewRequestText(row, reviewUrl(token), brandName);
        const [id] = await enqueueJobs(tx, EMAIL_JOB, [
          {
            subject: { type: "booking-traveller", id: eventId },
            onceKey: reviewRequestOnceKey(row.id),
            payload: emailPayloadSchema.parse({
              to: row.leadEmail,
              ...(settings?.email ? { replyTo: settings.email } : {}),
              subject: `How was ${row.packageTitle}? Tell other travellers (${row.reference})`,
              text,
            }),
          },
        ]);
        // Another server's pass queued it first: this link and entry go with the rollback.
        if (id === undefined) throw new AlreadyQueued();
        const teamSubject = { type: "booking-team", id: eventId };
        // teamAddress()'s rule, read in this transaction; no address at all: the traveller's e-mail still goes.
        const teamAddress = settings?.notifyEmail ?? getEnv().NOTIFY_EMAIL ?? settings?.email ?? "";
        if (teamAddress.trim().length < 3) return true;
        await enqueueJobs(tx, EMAIL_JOB, [
          {
            subject: teamSubject,
            onceKey: subjectOnceKey(EMAIL_JOB, teamSubject),
            payload: emailPayloadSchema.parse({
              to: teamAddress,
              subject: `Review asked for: ${row.reference} ${row.leadName}, ${row.packageTitle}`,
              text: [
                `${row.leadName} (${row.reference}) came back from ${row.packageTitle} 2 days ago and has been e-mailed a review link.`,
                `To send it on WhatsApp too (${formatPhone(row.leadPhone)}), open:`,
                whatsappHref(row.leadPhone, text),
                "",
                "The message, ready to paste:",
                "",
                text,
                "",
                `${getEnv().SITE_URL.replace(/\/$/, "")}/admin/bookings/${row.reference}`,
              ].join("\n"),
            }),
          },
        ]);
        return true;
      })
      .catch((error: unknown) => {
        if (error instanceof AlreadyQueued) return false;
        throw error;
      });
    if (done) queued += 1;
  }
  if (queued > 0) nudgeJobs();
  return queued;
}

class AlreadyQueued extends Error {
  constructor() {
    super("review request already queued");
  }
}
