import crypto from "node:crypto";
import { and, eq, isNull, sql } from "drizzle-orm";
import { indianDate } from "~/lib/follow-up";
import { getDb } from "~/server/db/db.server";
import { bookings, tripLinks } from "~/server/db/schema.server";
import { getEnv } from "~/server/env.server";
import type { DbExecutor } from "~/server/jobs/jobs.server";

/**
 * The trip page's links (issue 48, ADR 108). A token is 32 random bytes
 * (256 bits) in base64url, 43 characters; only its SHA-256 is stored. A
 * request's token is always hashed and looked up by that hash, whatever it
 * looks like (no check of its length or alphabet first), so a wrong, tampered,
 * revoked, expired or other booking's token always costs that lookup and gives
 * the same 404: a guess is never answered faster than another guess.
 */

/**
 * A link opens the page until this many days after the trip's return date
 * (refunds, the invoice, the review request all fall well inside it), or, if
 * later, until LINK_DAYS_AFTER_SENDING days after it was sent: a link the
 * team or "Lost your link?" sends after the trip still works for a while.
 * Past both, a forwarded old e-mail no longer opens anyone's personal data.
 */
export const TRIP_LINK_DAYS_AFTER_RETURN = 180;
export const TRIP_LINK_DAYS_AFTER_SENDING = 30;

export type TripLinkReason = "e-mail" | "lost-link" | "new-link";

/** Longer paths are cut before hashing, so hashing costs the same bounded time for anything sent. */
const MAX_TOKEN_CHARS = 128;

export const hashTripToken = (token: string) => crypto.createHash("sha256").update(token.slice(0, MAX_TOKEN_CHARS), "utf8").digest("hex");

export const tripPath = (token: string) => `/trip/${token}`;
export const tripUrl = (token: string) => `${getEnv().SITE_URL.replace(/\/$/, "")}${tripPath(token)}`;

/** A new link for the booking, in the caller's transaction; returns the token (shown once: in the e-mail). */
export async function mintTripLink(tx: DbExecutor, bookingId: number, reason: TripLinkReason, now?: Date): Promise<string> {
  const token = crypto.randomBytes(32).toString("base64url");
  await tx.insert(tripLinks).values({ bookingId, tokenHash: hashTripToken(token), reason, ...(now ? { createdAt: now } : {}) });
  return token;
}

/** "Send a new link": every live link of the booking stops working. Returns how many were revoked. */
export async function revokeTripLinks(tx: DbExecutor, bookingId: number, now: Date): Promise<number> {
  const rows = await tx
    .update(tripLinks)
    .set({ revokedAt: now })
    .where(and(eq(tripLinks.bookingId, bookingId), isNull(tripLinks.revokedAt)))
    .returning({ id: tripLinks.id });
  return rows.length;
}

/**
 * The booking a token opens: one indexed lookup by the token's hash, live
 * links of bookings that are not deleted, on Indian date `now` still within
 * the link's time (above). Null for anything else.
 */
export async function bookingIdForToken(token: string, now: Date, db: DbExecutor = getDb()): Promise<number | null> {
  const today = indianDate(now);
  const [row] = await db
    .select({ bookingId: tripLinks.bookingId })
    .from(tripLinks)
    .innerJoin(bookings, eq(bookings.id, tripLinks.bookingId))
    .where(
      and(
        eq(tripLinks.tokenHash, hashTripToken(token)),
        isNull(tripLinks.revokedAt),
        isNull(bookings.deletedAt),
        sql`greatest(${bookings.endDate} + ${TRIP_LINK_DAYS_AFTER_RETURN}::int, (${tripLinks.createdAt} at time zone 'Asia/Kolkata')::date + ${TRIP_LINK_DAYS_AFTER_SENDING}::int) >= ${today}::date`,
      ),
    );
  return row?.bookingId ?? null;
}
