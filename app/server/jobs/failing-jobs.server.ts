import { and, desc, eq, gt, or, sql } from "drizzle-orm";
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
