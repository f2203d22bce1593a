import { and, count, desc, eq, gt, gte, inArray, isNotNull, sql } from "drizzle-orm";
import { getDb } from "~/server/db/db.server";
import { blogs, contactMessages, jobs, leads, packages } from "~/server/db/schema.server";
import { isFailingJob } from "~/server/jobs/failing-jobs.server";
import { NOTIFICATION_JOB_TYPES, WEBHOOK_JOB } from "~/server/notify/notification-jobs.server";
import { dashboardPeriods } from "./dashboard-periods.server";

/**
 * The dashboard's figures (ADR 030). Enquiries are popup leads, package
 * enquiries and contact messages together; spam is never counted.
 */

const ENQUIRY_SOURCES = ["popup", "package-enquiry", "seat-request", "contact"] as const;
type EnquirySourceKey = (typeof ENQUIRY_SOURCES)[number];

/** Every enquiry as one row set: its source, status, package and time. */
function allEnquiries() {
  return sql`(
    select ${leads.source} as source, ${leads.status} as status, ${leads.createdAt} as created_at from ${leads}
    union all
    select 'contact' as source, ${contactMessages.status} as status, ${contactMessages.createdAt} as created_at from ${contactMessages}
  ) as enquiries`;
}

const rowsOf = (result: unknown) => (result as { rows: Record<string, unknown>[] }).rows;
const at = (date: Date) => sql`${date.toISOString()}::timestamptz`;

type EnquiryFigures = {
  today: number;
  week: number;
  month: number;
  total: number;
  converted: number;
  /** Converted ÷ total, 0 … 1 (0 when there are none). */
  convertedShare: number;
  /** The last 30 days, per source, every source present. */
  bySource: { source: EnquirySourceKey; count: number }[];
};

export async function enquiryFigures(now: Date = new Date()): Promise<EnquiryFigures> {
  const periods = dashboardPeriods(now);
  const db = getDb();
  const [totals] = rowsOf(
    await db.execute(sql`
      select
        count(*) filter (where created_at >= ${at(periods.today)})::int as today,
        count(*) filter (where created_at >= ${at(periods.week)})::int as week,
        count(*) filter (where created_at >= ${at(periods.month)})::int as month,
        count(*)::int as total,
        count(*) filter (where status = 'converted')::int as converted
      from ${allEnquiries()}
      where status <> 'spam'`),
  );
  const sources = rowsOf(
    await db.execute(sql`
      select source, count(*)::int as count from ${allEnquiries()}
      where status <> 'spam' and created_at >= ${at(periods.last30Days)}
      group by source`),
  );
  const n = (value: unknown) => Number(value ?? 0);
  const total = n(totals?.total);
  const converted = n(totals?.converted);
  return {
    today: n(totals?.today),
    week: n(totals?.week),
    month: n(totals?.month),
    total,
    converted,
    convertedShare: total === 0 ? 0 : converted / total,
    bySource: ENQUIRY_SOURCES.map((source) => ({ source, count: n(sources.find((row) => row.source === source)?.count) })),
  };
}

type RankedPackage = { id: number; title: string; slug: string | null; count: number };

/** Packages with the most enquiries in the last 30 days (a deleted package keeps its title). */
export async function topPackagesByEnquiries(options: { now?: Date; limit?: number } = {}): Promise<RankedPackage[]> {
  const since = dashboardPeriods(options.now).last30Days;
  const rows = await getDb()
    .select({
      id: leads.packageId,
      title: sql<string>`coalesce(${packages.title}, max(${leads.packageTitle}), '')`,
      slug: packages.slug,
      count: count(),
    })
    .from(leads)
    .leftJoin(packages, eq(packages.id, leads.packageId))
    .where(and(isNotNull(leads.packageId), sql`${leads.status} <> 'spam'`, gte(leads.createdAt, since)))
    .groupBy(leads.packageId, packages.title, packages.slug)
    .orderBy(desc(count()), sql`2`) // then by title
    .limit(options.limit ?? 5);
  return rows.map((row) => ({ id: row.id!, title: row.title, slug: row.slug, count: Number(row.count) }));
}

/** Packages by page views (all time, counted once per visitor per day). */
export async function topPackagesByViews(limit = 5): Promise<RankedPackage[]> {
  const rows = await getDb()
    .select({ id: packages.id, title: packages.title, slug: packages.slug, count: packages.views })
    .from(packages)
    .where(gt(packages.views, 0))
    .orderBy(desc(packages.views), packages.title)
    .limit(limit);
  return rows;
}

/** Published posts by views (all time). */
export async function mostReadBlogs(limit = 5): Promise<{ id: number; title: string; count: number }[]> {
  return getDb()
    .select({ id: blogs.id, title: blogs.title, count: blogs.views })
    .from(blogs)
    .where(and(eq(blogs.status, "published"), gt(blogs.views, 0)))
    .orderBy(desc(blogs.views), blogs.title)
    .limit(limit);
}

type OutboxHealth = { pending: number; failing: number; lastSentAt: Date | null };

/**
 * Notifications pending (due or waiting to retry) and the last real delivery;
 * jobs of any type failing (given up, or 3+ failed tries), as the list of
 * them below shows. A backup or an image cut is not a notification, so it is
 * neither "waiting to send" nor "last sent". Without SMTP an e-mail "sent" was
 * only written to a file on the server, so only webhook deliveries count then
 * (issue 23).
 */
export async function outboxHealth(options: { emailDelivered: boolean } = { emailDelivered: true }): Promise<OutboxHealth> {
  const t = jobs;
  const db = getDb();
  const notification = inArray(t.type, NOTIFICATION_JOB_TYPES);
  const [pending] = await db
    .select({ n: count() })
    .from(t)
    .where(and(notification, eq(t.status, "pending")));
  const [failing] = await db.select({ n: count() }).from(t).where(isFailingJob());
  const delivered = and(isNotNull(t.doneAt), options.emailDelivered ? notification : eq(t.type, WEBHOOK_JOB.name));
  const [last] = await db.select({ doneAt: t.doneAt }).from(t).where(delivered).orderBy(desc(t.doneAt)).limit(1);
  return { pending: Number(pending?.n ?? 0), failing: Number(failing?.n ?? 0), lastSentAt: last?.doneAt ?? null };
}
