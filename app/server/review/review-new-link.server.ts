import { and, desc, eq, gt, isNull, sql } from "drizzle-orm";
import { data } from "react-router";
import { indianDate } from "~/lib/follow-up";
import { formatTourDate } from "~/lib/tour-format";
import { recordActivity } from "~/server/activity/activity.server";
import { redirectWithNotice } from "~/server/admin/notice.server";
import { canSendReviewLinks } from "~/server/auth/access.server";
import type { Viewer } from "~/server/auth/guard.server";
import { getDb } from "~/server/db/db.server";
import { reviewLinks, reviews, type BookingRow } from "~/server/db/schema.server";
import { nudgeJobs, type DbExecutor } from "~/server/jobs/jobs.server";
import { queueTravellerEmail } from "~/server/trip/trip-links.server";
import { reviewRequestText } from "./review-request.server";
import { mintReviewLink, reviewUrl } from "./review-token.server";

/**
 * "Send a new review link" on the booking (issue 48, ADR 116's amendment): the
 * traveller lost the review request's e-mail, or its link expired. Both roles,
 * as "Send a new link" for the trip page. The new link voids every unused one
 * of the booking, and is refused when a review was already written with this
 * booking (one review per booking), when the trip has not ended, or when the
 * booking did not travel.
 */

/** Why a booking cannot get a new review link now; null when it can. */
type ReviewLinkRefusal = { reason: "not-travelled" | "no-email" | "not-ended" | "reviewed"; message: string };

/** What the booking page shows about the booking's review. */
type ReviewLinkPanel = {
  /** When a review was written with this booking's link, if one was. */
  writtenAt: string | null;
  /** When the newest link was sent, and whether it still opens the form. */
  lastLink: { sentAt: string; live: boolean } | null;
  refusal: ReviewLinkRefusal | null;
};

const TRAVELLED = new Set(["confirmed", "completed"]);

/** The refusals that depend on the booking and the day alone (a review written is checked against the database). */
function refusalOf(row: Pick<BookingRow, "state" | "leadEmail" | "endDate">, now: Date): ReviewLinkRefusal | null {
  if (!TRAVELLED.has(row.state)) return { reason: "not-travelled", message: "Only a booking that travelled (confirmed or completed) gets a review link." };
  if (!row.leadEmail) return { reason: "no-email", message: "No e-mail on this booking: add the lead traveller's e-mail first." };
  // The trip has ended from the day after its return date (Indian calendar days, as the review request counts them).
  if (indianDate(now) <= row.endDate)
    return {
      reason: "not-ended",
      message: `The trip has not ended yet: it comes back on ${formatTourDate(row.endDate)}, and a review link can be sent from the day after.`,
    };
  return null;
}

const reviewedRefusal = (at: Date): ReviewLinkRefusal => ({
  reason: "reviewed",
  message: `A review was already written with this booking (${formatTourDate(indianDate(at))}): a booking gets one review, so no new link is sent.`,
});

/** The booking page's review line: written or not, the newest link, and why a new one cannot be sent. */
export async function reviewLinkPanel(row: BookingRow, now: Date, db: DbExecutor = getDb()): Promise<ReviewLinkPanel> {
  const [[review], [link]] = await Promise.all([
    db.select({ createdAt: reviews.createdAt }).from(reviews).where(eq(reviews.bookingId, row.id)).limit(1),
    db
      .select({ createdAt: reviewLinks.createdAt, usedAt: reviewLinks.usedAt, expiresAt: reviewLinks.expiresAt })
      .from(reviewLinks)
      .where(eq(reviewLinks.bookingId, row.id))
      .orderBy(desc(reviewLinks.id))
      .limit(1),
  ]);
  return {
    writtenAt: review?.createdAt.toISOString() ?? null,
    lastLink: link ? { sentAt: link.createdAt.toISOString(), live: link.usedAt === null && link.expiresAt > now } : null,
    refusal: review ? reviewedRefusal(review.createdAt) : refusalOf(row, now),
  };
}

type NewReviewLinkResult = { ok: true; to: string } | { ok: false; refusal: ReviewLinkRefusal };

class Refused extends Error {
  constructor(readonly refusal: ReviewLinkRefusal) {
    super(refusal.message);
  }
}

/**
 * Voids the booking's unused links, mints a new one and e-mails it to the lead
 * traveller (the review request's words), in one transaction with its timeline
 * entry. The old links are voided first and the review checked after: a review
 * sent with an old link at the same moment either commits before the check
 * (which then sees it and refuses) or finds its link voided (its update waits
 * for this one's row lock, then no longer matches), so a booking never has two.
 */
export async function sendNewReviewLink(
  row: BookingRow,
  viewer: Pick<Viewer, "id" | "email" | "name">,
  ip: string | undefined,
  now: Date,
): Promise<NewReviewLinkResult> {
  const early = refusalOf(row, now);
  if (early) return { ok: false, refusal: early };
  return getDb()
    .transaction(async (tx) => {
      const voided = await tx
        .update(reviewLinks)
        // Void: it expired when it was made, earlier than any clock a post with it can read.
        .set({ expiresAt: sql`${reviewLinks.createdAt}` })
        .where(and(eq(reviewLinks.bookingId, row.id), isNull(reviewLinks.usedAt), gt(reviewLinks.expiresAt, now)))
        .returning({ id: reviewLinks.id });
      const [review] = await tx.select({ createdAt: reviews.createdAt }).from(reviews).where(eq(reviews.bookingId, row.id)).limit(1);
      if (review) throw new Refused(reviewedRefusal(review.createdAt));
      const token = await mintReviewLink(tx, row.id, now);
      const eventId = await recordActivity(
        {
          kind: "review.link-sent",
          actor: viewer,
          subject: { type: "booking", id: row.id, label: `${row.reference} (${row.leadName})` },
          ip,
          detail: {
            text: voided.length > 0 ? `Sent a new review link to ${row.leadEmail}; the old link no longer works` : `Sent a review link to ${row.leadEmail}`,
          },
        },
        { db: tx },
      );
      await queueTravellerEmail(tx, row.leadEmail!, eventId!, (agency) => ({
        subject: `How was ${row.packageTitle}? Your review link (${row.reference})`,
        text: reviewRequestText(row, reviewUrl(token), agency),
      }));
      return { ok: true as const, to: row.leadEmail! };
    })
    .then((result) => {
      nudgeJobs();
      return result;
    })
    .catch((error: unknown) => {
      if (error instanceof Refused) return { ok: false as const, refusal: error.refusal };
      throw error;
    });
}

/** The booking page's post of "Send a new review link" (intent `review-new-link`). */
export const REVIEW_LINK_INTENT = "review-new-link";

/** Checked before the booking is looked up (the access matrix): both roles today. */
export function requireReviewLinkRight(viewer: Viewer) {
  if (!canSendReviewLinks(viewer)) throw data({ message: "You cannot send review links." }, { status: 403 });
}

/** Sends the link and comes back to the booking with what happened (sent, or why not). */
export async function handleReviewLinkIntent(row: BookingRow, viewer: Viewer, ip: string | undefined, now: Date) {
  const sent = await sendNewReviewLink(row, viewer, ip, now);
  return redirectWithNotice(
    `/admin/bookings/${row.reference}`,
    sent.ok
      ? { kind: "success", message: `A new review link is e-mailed to ${sent.to}. The old link no longer works.` }
      : { kind: "error", message: sent.refusal.message },
  );
}
