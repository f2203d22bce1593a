import crypto from "node:crypto";
import { and, eq, gt, isNull } from "drizzle-orm";
import { getDb } from "~/server/db/db.server";
import { bookings, reviewLinks } from "~/server/db/schema.server";
import { getEnv } from "~/server/env.server";
import type { DbExecutor } from "~/server/jobs/jobs.server";

/**
 * The review request's one-time links (issue 48, ADR 116), made like the trip
 * page's (ADR 108): 32 random bytes (256 bits) in base64url, only the SHA-256
 * stored. A link opens the form until a review is stored with it or it
 * expires; any other token (wrong, used, expired, tampered) costs one hashed
 * lookup and gets the same 404.
 */

/** How long a review link works: long enough for a traveller back from a trip to get round to it. */
export const REVIEW_LINK_DAYS = 60;

const MAX_TOKEN_CHARS = 128;

export const hashReviewToken = (token: string) => crypto.createHash("sha256").update(token.slice(0, MAX_TOKEN_CHARS), "utf8").digest("hex");

export const reviewPath = (token: string) => `/review/${token}`;
export const reviewUrl = (token: string) => `${getEnv().SITE_URL.replace(/\/$/, "")}${reviewPath(token)}`;

/** A new link for the booking, in the caller's transaction; returns the token (shown once: in the e-mail). */
export async function mintReviewLink(tx: DbExecutor, bookingId: number, now: Date): Promise<string> {
  const token = crypto.randomBytes(32).toString("base64url");
  await tx.insert(reviewLinks).values({
    bookingId,
    tokenHash: hashReviewToken(token),
    createdAt: now,
    expiresAt: new Date(now.getTime() + REVIEW_LINK_DAYS * 86_400_000),
  });
  return token;
}

/** The live link a token names (not used, not expired, its booking not deleted): one indexed lookup by the hash. */
export async function liveReviewLink(token: string, now: Date, db: DbExecutor = getDb()): Promise<{ linkId: number; bookingId: number } | null> {
  const [row] = await db
    .select({ linkId: reviewLinks.id, bookingId: reviewLinks.bookingId })
    .from(reviewLinks)
    .innerJoin(bookings, eq(bookings.id, reviewLinks.bookingId))
    .where(and(eq(reviewLinks.tokenHash, hashReviewToken(token)), isNull(reviewLinks.usedAt), gt(reviewLinks.expiresAt, now), isNull(bookings.deletedAt)));
  return row ?? null;
}

/**
 * Uses the link up, in the transaction that stores the review: only one post
 * can win (the update's condition), so a second review with the same link,
 * even at the same moment, finds none.
 */
export async function useReviewLink(tx: DbExecutor, linkId: number, now: Date): Promise<boolean> {
  const rows = await tx
    .update(reviewLinks)
    .set({ usedAt: now })
    .where(and(eq(reviewLinks.id, linkId), isNull(reviewLinks.usedAt), gt(reviewLinks.expiresAt, now)))
    .returning({ id: reviewLinks.id });
  return rows.length === 1;
}
