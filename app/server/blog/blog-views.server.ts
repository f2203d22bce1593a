import crypto from "node:crypto";
import { and, count, eq, lt, sql } from "drizzle-orm";
import { isbot } from "isbot";
import { isoDateIn } from "~/lib/blog-format";
import { getDb } from "~/server/db/db.server";
import { blogs, blogViews } from "~/server/db/schema.server";
import { getEnv } from "~/server/env.server";
import { clientKey } from "~/server/forms/form-rate-limit.server";

/**
 * Counts a blog view once per visitor per day (ADR 014). A visitor is an
 * HMAC of the client IP and user agent keyed with the server secret and the
 * day: no raw IP is stored, and hashes of one day cannot be linked to another.
 *
 * One client address (an IPv4 address or an IPv6 /64, after TRUST_PROXY) adds
 * at most MAX_VIEWS_PER_ADDRESS_PER_DAY views to a post per day (ADR 021):
 * rotating user agents cannot inflate a count, while the many phones an
 * Indian carrier puts behind one address still count up to the cap.
 */
export const MAX_VIEWS_PER_ADDRESS_PER_DAY = 20;

// Without SESSION_SECRET a random key per process start: a restart may count
// a visitor once more that day, which is harmless. One per process, on
// globalThis: the page cache counts views on a hit from the server entry's
// bundle, the loader from React Router's, and both must hash alike.
const globalForViews = globalThis as typeof globalThis & { __pravasViewKey?: Buffer };
const fallbackKey = (globalForViews.__pravasViewKey ??= crypto.randomBytes(32));

export function visitorHash(clientIp: string, userAgent: string, day: string): string {
  const key = getEnv().SESSION_SECRET ?? fallbackKey;
  return crypto.createHmac("sha256", key).update(`blog-view|${day}|${clientIp}|${userAgent}`).digest("base64url");
}

/** The client's address alone, keyed the same way: what the per-address cap counts. */
export function addressHash(clientIp: string, day: string): string {
  const key = getEnv().SESSION_SECRET ?? fallbackKey;
  return crypto.createHmac("sha256", key).update(`blog-view-address|${day}|${clientKey(clientIp)}`).digest("base64url");
}

/** Requests that must never count: bots, HEAD requests and browser prefetches. */
export function isCountableView(request: Request): boolean {
  if (request.method !== "GET") return false;
  const userAgent = request.headers.get("user-agent") ?? "";
  if (!userAgent || isbot(userAgent)) return false;
  const purpose = `${request.headers.get("sec-purpose") ?? ""} ${request.headers.get("purpose") ?? ""}`;
  return !/prefetch|prerender/i.test(purpose);
}

let lastPrunedDay = "";

/**
 * Records the view and returns the blog's view count afterwards. Idempotent per
 * visitor and day: a repeat visit inserts nothing and leaves the count alone.
 */
export async function recordBlogView(
  blogId: number,
  request: Request,
  clientIp: string,
  now: Date = new Date(),
): Promise<{ counted: boolean; views: number | null }> {
  if (!isCountableView(request)) return { counted: false, views: null };
  const day = isoDateIn(now);
  const hash = visitorHash(clientIp, request.headers.get("user-agent") ?? "", day);
  const ipHash = addressHash(clientIp, day);
  const db = getDb();
  const result = await db.transaction(async (tx) => {
    const [fromAddress] = await tx
      .select({ views: count() })
      .from(blogViews)
      .where(and(eq(blogViews.blogId, blogId), eq(blogViews.day, day), eq(blogViews.ipHash, ipHash)));
    if ((fromAddress?.views ?? 0) >= MAX_VIEWS_PER_ADDRESS_PER_DAY) return { counted: false, views: null };
    const inserted = await tx
      .insert(blogViews)
      .values({ blogId, visitorHash: hash, ipHash, day })
      .onConflictDoNothing()
      .returning({ blogId: blogViews.blogId });
    if (inserted.length === 0) return { counted: false, views: null };
    const [row] = await tx
      .update(blogs)
      .set({ views: sql`${blogs.views} + 1` })
      .where(eq(blogs.id, blogId))
      .returning({ views: blogs.views });
    return { counted: true, views: row?.views ?? null };
  });
  if (lastPrunedDay !== day) {
    lastPrunedDay = day;
    // Past days' rows serve no purpose once the day is over (data minimisation).
    await db.delete(blogViews).where(lt(blogViews.day, day));
  }
  return result;
}
