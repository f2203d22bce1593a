import { desc, eq, sql } from "drizzle-orm";
import { z } from "zod";
import { travelledLabel, type ReviewPhoto } from "~/lib/review";
import { reviewReplySchema } from "~/lib/review-schema";
import { recordActivity } from "~/server/activity/activity.server";
import type { Viewer } from "~/server/auth/guard.server";
import { bumpContentVersion, noteContentWritten } from "~/server/cache/content-version.server";
import { getDb, type Db } from "~/server/db/db.server";
import { bookings, reviews, type ReviewStatus } from "~/server/db/schema.server";
import { photosOfReviews, TEAM_PHOTO_BASE } from "./review-photos.server";

/**
 * The team's side of verified reviews (issue 48, ADR 116): the queue (new
 * reviews first), publish, hide and reply. Both roles (canModerateReviews);
 * each action is one transaction with its activity entry and a bump of the
 * content version, so the package page's cache shows the change at its next
 * request (ADR 003).
 */

export type ModerationReview = {
  id: number;
  status: ReviewStatus;
  stars: number;
  title: string;
  body: string;
  authorName: string;
  leadName: string;
  reference: string;
  packageTitle: string;
  travelled: string;
  createdAt: string;
  reply: string | null;
  moderatedByName: string | null;
  /** Its photos, read through the team's address (any status). */
  photos: ReviewPhoto[];
};

export const MODERATION_TABS = ["new", "published", "hidden"] as const satisfies readonly ReviewStatus[];

/** One tab of the Reviews screen (newest first, at most `limit`), and how many each tab holds. */
export async function moderationQueue(status: ReviewStatus, limit = 50): Promise<{ reviews: ModerationReview[]; counts: Record<ReviewStatus, number> }> {
  const db = getDb();
  const [rows, totals] = await Promise.all([
    db
      .select({ review: reviews, leadName: bookings.leadName, reference: bookings.reference, packageTitle: bookings.packageTitle })
      .from(reviews)
      .innerJoin(bookings, eq(bookings.id, reviews.bookingId))
      .where(eq(reviews.status, status))
      .orderBy(desc(reviews.createdAt), desc(reviews.id))
      .limit(limit),
    db
      .select({ status: reviews.status, count: sql<number>`count(*)::int` })
      .from(reviews)
      .groupBy(reviews.status),
  ]);
  const counts: Record<ReviewStatus, number> = { new: 0, published: 0, hidden: 0 };
  for (const row of totals) counts[row.status] = Number(row.count);
  const photos = await photosOfReviews(
    rows.map(({ review }) => review),
    TEAM_PHOTO_BASE,
  );
  return {
    counts,
    reviews: rows.map(({ review, leadName, reference, packageTitle }) => ({
      id: review.id,
      status: review.status,
      stars: review.stars,
      title: review.title,
      body: review.body,
      authorName: review.authorName,
      leadName,
      reference,
      packageTitle,
      travelled: travelledLabel(review.travelledOn),
      createdAt: review.createdAt.toISOString(),
      reply: review.reply,
      moderatedByName: review.moderatedByName,
      photos: photos.get(review.id) ?? [],
    })),
  };
}

export const moderationActionSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.enum(["publish", "hide"]), reviewId: z.coerce.number().int().positive() }),
  z.object({ intent: z.literal("reply"), reviewId: z.coerce.number().int().positive(), reply: reviewReplySchema.shape.reply }),
]);
export type ModerationAction = z.output<typeof moderationActionSchema>;

const DONE: Record<ModerationAction["intent"], string> = {
  publish: "Published: it shows on the package page now.",
  hide: "Hidden: it no longer shows on the package page.",
  reply: "Reply saved.",
};

/** Publishes, hides or replies to a review; its notice, or null when there is no such review. */
export async function moderateReview(action: ModerationAction, viewer: Viewer, ip: string | null, now: Date): Promise<string | null> {
  try {
    return await getDb().transaction(async (rawTx) => {
      const tx = rawTx as unknown as Db;
      const [row] = await tx
        .select({ review: reviews, reference: bookings.reference, leadName: bookings.leadName })
        .from(reviews)
        .innerJoin(bookings, eq(bookings.id, reviews.bookingId))
        .where(eq(reviews.id, action.reviewId))
        .for("update");
      if (!row) return null;
      if (action.intent === "reply") {
        await tx
          .update(reviews)
          .set(action.reply ? { reply: action.reply, replyByName: viewer.name, repliedAt: now } : { reply: null, replyByName: null, repliedAt: null })
          .where(eq(reviews.id, row.review.id));
      } else {
        await tx
          .update(reviews)
          .set({ status: action.intent === "publish" ? "published" : "hidden", moderatedAt: now, moderatedByName: viewer.name })
          .where(eq(reviews.id, row.review.id));
      }
      // The package page shows published reviews: its cached copies go (ADR 003).
      await bumpContentVersion(tx);
      await recordActivity(
        {
          kind: action.intent === "publish" ? "review.published" : action.intent === "hide" ? "review.hidden" : "review.replied",
          actor: viewer,
          ip,
          subject: { type: "booking", id: row.review.bookingId, label: `${row.reference} (${row.leadName})` },
          detail: {
            text: action.intent === "reply" ? (action.reply ? `Replied: ${action.reply.slice(0, 200)}` : "Removed the reply") : `“${row.review.title}”`,
            reviewId: row.review.id,
          },
        },
        { db: tx },
      );
      return DONE[action.intent];
    });
  } finally {
    noteContentWritten();
  }
}
