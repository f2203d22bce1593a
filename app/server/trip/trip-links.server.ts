import { and, eq, isNull } from "drizzle-orm";
import { z } from "zod";
import { normalizeReference } from "~/lib/booking";
export { LOST_LINK_SENT } from "~/lib/trip-page";
import { formatTourDateRange } from "~/lib/tour-format";
import { recordActivity } from "~/server/activity/activity.server";
import type { Viewer } from "~/server/auth/guard.server";
import { getDb } from "~/server/db/db.server";
import { bookings, siteSettings, type BookingRow } from "~/server/db/schema.server";
import { enqueueJobs, subjectOnceKey, type DbExecutor } from "~/server/jobs/jobs.server";
import { EMAIL_JOB, emailPayloadSchema } from "~/server/notify/notification-jobs.server";
import { mintTripLink, revokeTripLinks, tripUrl, type TripLinkReason } from "./trip-token.server";

/**
 * Links sent outside the booking e-mails (ADR 108): the team's "Send a new
 * link" (the old ones stop working) and the public "Lost your link?" form
 * (a new link to the e-mail on the booking, the old ones kept). Each is an
 * e-mail through the job queue, its subject the timeline entry, so the
 * booking's erasure finds and deletes it.
 */

/**
 * Queues an e-mail to the lead traveller about the timeline entry `eventId`
 * (its subject, so the booking's erasure finds and deletes it), replying to
 * the agency's address and signed with its name.
 */
export async function queueTravellerEmail(tx: DbExecutor, to: string, eventId: number, content: (agencyName: string) => { subject: string; text: string }) {
  const [settings] = await tx.select({ name: siteSettings.brandName, email: siteSettings.email }).from(siteSettings).limit(1);
  const subject = { type: "booking-traveller", id: eventId };
  await enqueueJobs(tx, EMAIL_JOB, [
    {
      subject,
      onceKey: subjectOnceKey(EMAIL_JOB, subject),
      payload: emailPayloadSchema.parse({ to, ...(settings?.email ? { replyTo: settings.email } : {}), ...content(settings?.name ?? "Pravas") }),
    },
  ]);
}

async function queueLinkEmail(
  tx: Parameters<Parameters<ReturnType<typeof getDb>["transaction"]>[0]>[0],
  row: BookingRow,
  reason: TripLinkReason,
  actor: { id?: string; email?: string; name: string },
  now: Date,
) {
  if (reason === "new-link") await revokeTripLinks(tx, row.id, now);
  const token = await mintTripLink(tx, row.id, reason, now);
  const eventId = await recordActivity(
    {
      kind: "trip.link-sent",
      actor,
      subject: { type: "booking", id: row.id, label: `${row.reference} (${row.leadName})` },
      detail: { text: reason === "new-link" ? "Sent a new trip page link; the old links stop working" : "Sent a trip page link (asked for on the site)" },
    },
    { db: tx },
  );
  if (!row.leadEmail || !eventId) return false;
  await queueTravellerEmail(tx, row.leadEmail, eventId, (agency) => ({
    subject: `Your trip page: ${row.packageTitle} (${row.reference})`,
    text: [
      `Dear ${row.leadName},`,
      "",
      `Here is the link to your trip page for ${row.packageTitle} (${formatTourDateRange(row.startDate, row.endDate)}): what you have paid and what is due, your documents, and your travellers' details.`,
      "",
      tripUrl(token),
      "",
      "Keep it private: it opens your booking without a password.",
      ...(reason === "new-link" ? ["Links we sent you before no longer work."] : []),
      "",
      agency,
    ].join("\n"),
  }));
  return true;
}

/** "Send a new link" on the booking (both roles): the old links are revoked, a new one is e-mailed to the lead traveller. */
export async function sendNewTripLink(row: BookingRow, viewer: Viewer, now: Date): Promise<{ emailed: boolean }> {
  const emailed = await getDb().transaction((tx) => queueLinkEmail(tx, row, "new-link", viewer, now));
  return { emailed };
}

/** "Lost your link?": the booking reference and the phone or e-mail on it. */
export const lostLinkSchema = z.object({
  reference: z
    .string({ error: "Enter your booking reference." })
    .trim()
    .min(1, "Enter your booking reference.")
    .max(20, "A booking reference looks like PRV-7KQ2M.")
    .refine((value) => normalizeReference(value) !== null, "A booking reference looks like PRV-7KQ2M."),
  contact: z
    .string({ error: "Enter the phone number or e-mail address on the booking." })
    .trim()
    .min(3, "Enter the phone number or e-mail address on the booking.")
    .max(320, "Enter the phone number or e-mail address on the booking."),
});

/**
 * Sends a new link when the reference and the phone (its last ten digits) or
 * e-mail match a live booking with an e-mail; does nothing otherwise. The
 * caller answers the same either way.
 */
export async function requestLostLink(input: z.output<typeof lostLinkSchema>, now: Date): Promise<boolean> {
  const reference = normalizeReference(input.reference)!;
  const [row] = await getDb()
    .select()
    .from(bookings)
    .where(and(eq(bookings.reference, reference), isNull(bookings.deletedAt)));
  if (!row?.leadEmail) return false;
  const typed = input.contact.trim();
  const digits = typed.replace(/\D/g, "");
  const matches = typed.includes("@")
    ? typed.toLowerCase() === row.leadEmail.toLowerCase()
    : digits.length >= 10 && row.leadPhone.replace(/\D/g, "").slice(-10) === digits.slice(-10);
  if (!matches) return false;
  return getDb().transaction((tx) => queueLinkEmail(tx, row, "lost-link", { name: "Traveller (lost link form)" }, now));
}
