import crypto from "node:crypto";
import { lt, sql } from "drizzle-orm";
import type { PgColumn, PgTable } from "drizzle-orm/pg-core";
import { isbot } from "isbot";
import { isoDateIn } from "~/lib/blog-format";
import { getDb } from "~/server/db/db.server";
import { blogs, blogViews, packages, packageViews } from "~/server/db/schema.server";
import { getEnv } from "~/server/env.server";
import { clientKey } from "~/server/forms/form-rate-limit.server";

/**
 * Page views counted once per visitor per day, for every page that shows or
 * ranks a view count (ADR 014; packages since ADR 030). A visitor is an HMAC
 * of the client IP and user agent keyed with the server secret and the day: no
 * raw IP is stored, and hashes of one day cannot be linked to another.
 *
 * One client address (an IPv4 address or an IPv6 /64, after TRUST_PROXY) adds
 * at most MAX_VIEWS_PER_ADDRESS_PER_DAY views to a page per day (ADR 021):
 * rotating user agents cannot inflate a count, while the many phones an
 * Indian carrier puts behind one address still count up to the cap.
 *
 * The counts are rows of the database, so with DATABASE_URL every server
 * counts against the same cap (ADR 060).
 */
export const MAX_VIEWS_PER_ADDRESS_PER_DAY = 20;

/** Where each kind of page keeps its per-day rows and its running count. */
const COUNTED = {
  blog: {
    rows: blogViews,
    subject: blogViews.blogId,
    day: blogViews.day,
    ipHash: blogViews.ipHash,
    counter: blogs,
    counterId: blogs.id,
    counterViews: blogs.views,
  },
  package: {
    rows: packageViews,
    subject: packageViews.packageId,
    day: packageViews.day,
    ipHash: packageViews.ipHash,
    counter: packages,
    counterId: packages.id,
    counterViews: packages.views,
  },
} satisfies Record<
  string,
  { rows: PgTable; subject: PgColumn; day: PgColumn; ipHash: PgColumn; counter: PgTable; counterId: PgColumn; counterViews: PgColumn }
>;

export type CountedPage = keyof typeof COUNTED;

// Without SESSION_SECRET a random key per process start: a restart may count
// a visitor once more that day, which is harmless.
const fallbackKey = crypto.randomBytes(32);

function visitorHash(clientIp: string, userAgent: string, day: string, page: CountedPage = "blog"): string {
  const key = getEnv().SESSION_SECRET ?? fallbackKey;
  return crypto.createHmac("sha256", key).update(`${page}-view|${day}|${clientIp}|${userAgent}`).digest("base64url");
}

/** The client's address alone, keyed the same way: what the per-address cap counts. */
function addressHash(clientIp: string, day: string, page: CountedPage = "blog"): string {
  const key = getEnv().SESSION_SECRET ?? fallbackKey;
  return crypto
    .createHmac("sha256", key)
    .update(`${page}-view-address|${day}|${clientKey(clientIp)}`)
    .digest("base64url");
}

/** Requests that must never count: bots, HEAD requests and browser prefetches. */
export function isCountableView(request: Request): boolean {
  if (request.method !== "GET") return false;
  const userAgent = request.headers.get("user-agent") ?? "";
  if (!userAgent || isbot(userAgent)) return false;
  const purpose = `${request.headers.get("sec-purpose") ?? ""} ${request.headers.get("purpose") ?? ""}`;
  return !/prefetch|prerender/i.test(purpose);
}

const lastPrunedDay: Partial<Record<CountedPage, string>> = {};

const firstRow = (result: unknown) => ((result as { rows?: Record<string, unknown>[] }).rows ?? [])[0];
const column = (col: PgColumn) => sql.identifier(col.name);

/**
 * Records a view of one page and returns its view count afterwards. Idempotent
 * per visitor and day: a repeat visit inserts nothing and leaves the count alone.
 */
export async function recordView(
  page: CountedPage,
  id: number,
  request: Request,
  clientIp: string,
  now: Date = new Date(),
): Promise<{ counted: boolean; views: number | null }> {
  if (!isCountableView(request)) return { counted: false, views: null };
  const t = COUNTED[page];
  const day = isoDateIn(now);
  const hash = visitorHash(clientIp, request.headers.get("user-agent") ?? "", day, page);
  const ipHash = addressHash(clientIp, day, page);
  const db = getDb();
  const result = await db.transaction(async (tx) => {
    // One address's views of one page that day, one at a time: with several
    // servers on PostgreSQL two of them could otherwise both read 19 and both
    // count, past the cap (ADR 060). Held until the transaction ends.
    await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`views|${page}|${id}|${ipHash}`}, 0))`);
    const fromAddress = firstRow(
      await tx.execute(sql`select count(*)::int as views from ${t.rows} where ${t.subject} = ${id} and ${t.day} = ${day} and ${t.ipHash} = ${ipHash}`),
    );
    if (Number(fromAddress?.views ?? 0) >= MAX_VIEWS_PER_ADDRESS_PER_DAY) return { counted: false, views: null };
    const inserted = firstRow(
      await tx.execute(sql`
        insert into ${t.rows} (${column(t.subject)}, visitor_hash, ${column(t.ipHash)}, ${column(t.day)})
        values (${id}, ${hash}, ${ipHash}, ${day})
        on conflict do nothing
        returning 1 as inserted`),
    );
    if (!inserted) return { counted: false, views: null };
    const updated = firstRow(
      await tx.execute(sql`
        update ${t.counter} set ${column(t.counterViews)} = ${t.counterViews} + 1
        where ${t.counterId} = ${id}
        returning ${t.counterViews} as views`),
    );
    return { counted: true, views: updated ? Number(updated.views) : null };
  });
  if (lastPrunedDay[page] !== day) {
    lastPrunedDay[page] = day;
    // Past days' rows serve no purpose once the day is over (data minimisation).
    await db.delete(t.rows).where(lt(t.day, day));
  }
  return result;
}
