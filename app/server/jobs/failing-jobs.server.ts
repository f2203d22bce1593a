import { and, asc, desc, eq, gt, isNotNull, isNull, lte, ne, or, sql } from "drizzle-orm";
import { getDb } from "~/server/db/db.server";
import { jobs } from "~/server/db/schema.server";
import { nudgeJobs } from "./jobs.server";

/** A job that keeps failing: given up on, or pending after at least `minAttempts` failed tries (the dashboard's list and count). */
export const isFailingJob = (minAttempts = 3) => or(eq(jobs.status, "failed"), and(eq(jobs.status, "pending"), gt(jobs.attempts, minAttempts - 1)));

/** Jobs that keep failing, for the dashboard; newest first. */
export async function listFailingJobs(options: { minAttempts?: number; limit?: number } = {}) {
  return getDb()
    .select({
      id: jobs.id,
      type: jobs.type,
      subjectType: jobs.subjectType,
      subjectId: jobs.subjectId,
      status: jobs.status,
      attempts: jobs.attempts,
      lastError: jobs.lastError,
      lastAttemptAt: jobs.lastAttemptAt,
      runAt: jobs.runAt,
      createdAt: jobs.createdAt,
    })
    .from(jobs)
    .where(isFailingJob(options.minAttempts))
    .orderBy(desc(jobs.createdAt), desc(jobs.id))
    .limit(options.limit ?? 50);
}

/**
 * The dashboard's retry button: a failed (or retrying) job becomes due now
 * with a fresh count of attempts. A done one never runs again. Returns whether
 * a job was changed.
 */
export async function retryJob(id: number): Promise<boolean> {
  const rows = await getDb()
    .update(jobs)
    .set({ status: "pending", attempts: 0, runAt: sql`now()` })
    .where(and(eq(jobs.id, id), or(eq(jobs.status, "failed"), eq(jobs.status, "pending"))))
    .returning({ id: jobs.id });
  if (rows.length > 0) nudgeJobs();
  return rows.length > 0;
}

/**
 * Once a delivery of `type` succeeds, the others of that type that failed are
 * tried again now (issue 49): the relay is back, so a visitor's enquiry need
 * not wait out its back-off (up to 15 minutes). Given-up ones start a fresh
 * count; retrying ones keep theirs. Jobs being run are left alone. Returns
 * how many were made due.
 */
export async function retryFailedJobsOfType(type: string, options: { except?: number } = {}): Promise<number> {
  const rows = await getDb()
    .update(jobs)
    .set({
      status: "pending",
      attempts: sql`case when ${jobs.status} = 'failed' then 0 else ${jobs.attempts} end`,
      runAt: sql`now()`,
    })
    .where(
      and(
        eq(jobs.type, type),
        options.except === undefined ? undefined : ne(jobs.id, options.except),
        or(eq(jobs.status, "failed"), and(eq(jobs.status, "pending"), gt(jobs.attempts, 0), gt(jobs.runAt, sql`now()`))),
        or(isNull(jobs.lockedUntil), lte(jobs.lockedUntil, sql`now()`)),
      ),
    )
    .returning({ id: jobs.id });
  if (rows.length > 0) nudgeJobs();
  return rows.length;
}

/** Deliveries of `type` failing now: since when (the oldest's creation) and the latest error; null when none. */
export async function failingDeliveries(type: string): Promise<{ since: Date; lastError: string } | null> {
  const failing = and(eq(jobs.type, type), isNotNull(jobs.lastError), or(eq(jobs.status, "failed"), and(eq(jobs.status, "pending"), gt(jobs.attempts, 0))));
  const [oldest] = await getDb().select({ since: jobs.createdAt }).from(jobs).where(failing).orderBy(asc(jobs.createdAt)).limit(1);
  if (!oldest) return null;
  const [latest] = await getDb().select({ lastError: jobs.lastError }).from(jobs).where(failing).orderBy(desc(jobs.lastAttemptAt)).limit(1);
  return { since: oldest.since, lastError: latest?.lastError ?? "" };
}
