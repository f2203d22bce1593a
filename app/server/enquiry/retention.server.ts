import { and, eq, inArray, isNotNull, lt, ne, or } from "drizzle-orm";
import type { Logger } from "pino";
import { RETAINABLE_STATUSES } from "~/lib/enquiry-status";
import { recordActivity } from "~/server/activity/activity.server";
import { getDb } from "~/server/db/db.server";
import { bookings, contactMessages, jobs, leads, reviews } from "~/server/db/schema.server";
import { bumpContentVersion, noteContentWritten } from "~/server/cache/content-version.server";
import { deleteReviewPhotoFiles, dropReviewPhotosOfBookings } from "~/server/review/review-photos.server";
import { eraseTripData } from "./personal-data-bookings.server";

/** Who a published review is from once the retention sweep has taken the traveller's name (ADR 121). */
export const RETAINED_REVIEWER_NAME = "A traveller";

/** Whether a sweep deleted or changed anything (the outbox rows go with the enquiries counted). */
const sweptAnything = (counts: Record<string, number>) => Object.entries(counts).some(([what, count]) => what !== "outbox" && count > 0);

/** The moment N calendar months before `now`: enquiries that came in before it are old enough. */
export function retentionCutoff(months: number, now = new Date()): Date {
  const cutoff = new Date(now);
  cutoff.setUTCMonth(cutoff.getUTCMonth() - months);
  return cutoff;
}

/**
 * The optional retention setting (ENQUIRY_RETENTION_MONTHS, ADR 029): deletes
 * Closed and Spam enquiries that came in more than `months` months ago, with
 * their notes (cascade) and outbox rows, in one transaction. New, Contacted
 * and Converted enquiries are kept. Records the counts when anything went.
 */
export async function deleteExpiredEnquiries(months: number, now = new Date()) {
  const cutoff = retentionCutoff(months, now);
  const statuses = [...RETAINABLE_STATUSES];
  let photoFiles: string[] = [];
  const counts = await getDb().transaction(async (tx) => {
    const goneLeads = await tx
      .delete(leads)
      .where(and(inArray(leads.status, statuses), lt(leads.createdAt, cutoff)))
      .returning({ id: leads.id });
    const goneContact = await tx
      .delete(contactMessages)
      .where(and(inArray(contactMessages.status, statuses), lt(contactMessages.createdAt, cutoff)))
      .returning({ id: contactMessages.id });
    let outbox = 0;
    if (goneLeads.length) {
      const rows = await tx
        .delete(jobs)
        .where(
          and(
            inArray(jobs.subjectType, ["lead"]),
            inArray(
              jobs.subjectId,
              goneLeads.map((row) => row.id),
            ),
          ),
        )
        .returning({ id: jobs.id });
      outbox += rows.length;
    }
    if (goneContact.length) {
      const rows = await tx
        .delete(jobs)
        .where(
          and(
            inArray(jobs.subjectType, ["contact-message"]),
            inArray(
              jobs.subjectId,
              goneContact.map((row) => row.id),
            ),
          ),
        )
        .returning({ id: jobs.id });
      outbox += rows.length;
    }
    // The trip page's details (ADR 108) and the reviews (ADR 116) of closed bookings whose trip ended (or that closed) before the cutoff.
    const cutoffDate = cutoff.toISOString().slice(0, 10);
    const closed = await tx
      .select({ id: bookings.id })
      .from(bookings)
      .where(
        and(
          inArray(bookings.state, ["cancelled", "expired", "completed"]),
          or(lt(bookings.endDate, cutoffDate), and(isNotNull(bookings.deletedAt), lt(bookings.updatedAt, cutoff))),
        ),
      );
    const closedIds = closed.map((row) => row.id);
    const trip = await eraseTripData(tx, closedIds);
    // Their reviews (ADR 121): the photos go (their rows here, their files after the commit, ADR 118), and so does a
    // review nobody published; a published one stays on the package page, its stars and words kept as the traveller
    // wrote them for the public, without the name. The package page's cache refreshed.
    const photos = await dropReviewPhotosOfBookings(closedIds, tx);
    photoFiles = photos.fileKeys;
    const ofClosed = inArray(reviews.bookingId, closedIds);
    const reviewsGone = closedIds.length
      ? await tx
          .delete(reviews)
          .where(and(ofClosed, ne(reviews.status, "published")))
          .returning({ id: reviews.id })
      : [];
    const reviewsAnonymised = closedIds.length
      ? await tx
          .update(reviews)
          .set({ authorName: RETAINED_REVIEWER_NAME })
          .where(and(ofClosed, eq(reviews.status, "published"), ne(reviews.authorName, RETAINED_REVIEWER_NAME)))
          .returning({ id: reviews.id })
      : [];
    if (photos.photos > 0 || reviewsGone.length > 0 || reviewsAnonymised.length > 0) {
      await bumpContentVersion(tx as Parameters<typeof bumpContentVersion>[0]);
      noteContentWritten();
    }
    const counts = {
      leads: goneLeads.length,
      contactMessages: goneContact.length,
      outbox,
      travellerDetails: trip.details,
      reviews: reviewsGone.length,
      reviewsAnonymised: reviewsAnonymised.length,
      reviewPhotos: photos.photos,
    };
    if (sweptAnything(counts)) {
      await recordActivity(
        { kind: "enquiry.retention-deleted", subject: { type: "personal-data", label: `older than ${months} months` }, detail: { ...counts, months } },
        { db: tx },
      );
    }
    return counts;
  });
  // After the commit: a rolled-back sweep keeps its files.
  await deleteReviewPhotoFiles(photoFiles);
  return counts;
}

const RETENTION_SWEEP_MS = 6 * 60 * 60 * 1000;

/** Runs the retention sweep now and every six hours; returns a stop function. Off when `months` is unset. */
export function startRetentionSweep(months: number | undefined, logger: Logger): () => void {
  if (!months) return () => {};
  const sweep = async () => {
    try {
      const counts = await deleteExpiredEnquiries(months);
      if (sweptAnything(counts)) logger.info({ ...counts, months }, "retention: deleted old closed and spam enquiries");
    } catch (err) {
      logger.error({ err }, "retention sweep failed");
    }
  };
  void sweep();
  const timer = setInterval(sweep, RETENTION_SWEEP_MS);
  timer.unref();
  return () => clearInterval(timer);
}
