import { eq } from "drizzle-orm";
import { reviewerName } from "~/lib/review";
import type { ReviewInput } from "~/lib/review-schema";
import { recordActivity } from "~/server/activity/activity.server";
import { getDb } from "~/server/db/db.server";
import { bookings, reviews } from "~/server/db/schema.server";
import { deleteReviewPhotoFiles, insertReviewPhotos, storeReviewPhotoFiles, type ProcessedPhoto } from "./review-photos.server";
import { liveReviewLink, useReviewLink } from "./review-token.server";

/**
 * A traveller's review through their one-time link (issue 48, ADR 116). The
 * link is used up in the transaction that stores the review, so a second post
 * with it (or two at once) stores nothing. The review waits as "new" for the
 * team; nothing reaches the package page before they publish it.
 */

/** What the form shows above the fields: the trip being reviewed. */
export type ReviewFormTrip = { packageTitle: string; leadName: string; startDate: string; endDate: string };

/** The trip a live link is for, or null (the same 404 for every other token). */
export async function reviewFormTrip(token: string, now: Date): Promise<ReviewFormTrip | null> {
  const link = await liveReviewLink(token, now);
  if (!link) return null;
  const [row] = await getDb()
    .select({ packageTitle: bookings.packageTitle, leadName: bookings.leadName, startDate: bookings.startDate, endDate: bookings.endDate })
    .from(bookings)
    .where(eq(bookings.id, link.bookingId));
  return row ?? null;
}

export type SubmitReviewResult = { ok: true; reviewId: number } | { ok: false; reason: "not-found" };

/**
 * Stores the review with its photos (already checked and processed, ADR 118),
 * or refuses it (the link is wrong, used or expired: the caller answers 404).
 * The photos' files are written first and their rows go in the review's
 * transaction; a review that is not stored leaves no file behind.
 */
export async function submitReview(token: string, input: ReviewInput, now: Date, photos: ProcessedPhoto[] = []): Promise<SubmitReviewResult> {
  const link = await liveReviewLink(token, now);
  if (!link) return { ok: false, reason: "not-found" };
  const files = await storeReviewPhotoFiles(photos);
  const result = await getDb()
    .transaction(async (tx) => {
      if (!(await useReviewLink(tx, link.linkId, now))) throw new LinkUsed();
      const [booking] = await tx.select().from(bookings).where(eq(bookings.id, link.bookingId));
      if (!booking) throw new LinkUsed();
      const [review] = await tx
        .insert(reviews)
        .values({
          bookingId: booking.id,
          linkId: link.linkId,
          packageId: booking.packageId,
          stars: input.stars,
          title: input.title,
          body: input.body,
          authorName: reviewerName(booking.leadName),
          travelledOn: booking.startDate,
          createdAt: now,
        })
        .returning({ id: reviews.id });
      await recordActivity(
        {
          kind: "review.received",
          actor: { name: `${booking.leadName} (review link)` },
          subject: { type: "booking", id: booking.id, label: `${booking.reference} (${booking.leadName})` },
          detail: { text: `${input.stars} of 5 stars: ${input.title}`, reviewId: review!.id, ...(photos.length ? { photos: photos.length } : {}) },
        },
        { db: tx },
      );
      await insertReviewPhotos(tx, review!.id, files.stored, now);
      return { ok: true as const, reviewId: review!.id };
    })
    .catch((error: unknown) => {
      if (error instanceof LinkUsed) return { ok: false as const, reason: "not-found" as const };
      throw error;
    })
    .catch(async (error: unknown) => {
      await deleteReviewPhotoFiles(files.fileKeys);
      throw error;
    });
  if (!result.ok) await deleteReviewPhotoFiles(files.fileKeys);
  return result;
}

class LinkUsed extends Error {
  constructor() {
    super("review link used");
  }
}
