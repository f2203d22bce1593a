import { and, desc, eq, gt, or, sql } from "drizzle-orm";
import type { Db } from "~/server/db/db.server";
import { getDb } from "~/server/db/db.server";
import { notificationOutbox as jobs } from "~/server/db/schema.server";
import { services } from "~/server/services.server";

/**
 * The job queue (ADR 050): one table of jobs, each with a type, a JSON
 * payload, attempts, a next run time and a lease. It knows no domain: the
 * handlers registered per type (worker.server.ts) do. The table keeps its
 * first name, notification_outbox; `channel` is the job's type and
 * `subject_type`/`subject_id` name what the job is about (one job per
 * subject and type, however often a request is retried).
 */

/** A transaction handle, or the database itself. */
export type DbExecutor = Db | Parameters<Parameters<Db["transaction"]>[0]>[0];

export type JobSubject = { type: string; id: number };
type NewJob = { type: string; subject: JobSubject; payload: unknown };

/**
 * Queues jobs in one statement. Call it inside the transaction that stores
 * what they are about, so both are stored or neither is; then `nudgeJobs()`
 * once it has committed. Returns the jobs' ids.
 */
export async function enqueueJobs(tx: DbExecutor, newJobs: NewJob[]): Promise<number[]> {
  if (newJobs.length === 0) return [];
  const rows = await tx
    .insert(jobs)
    .values(newJobs.map(({ type, subject, payload }) => ({ channel: type, subjectType: subject.type, subjectId: subject.id, payload })))
    .returning({ id: jobs.id });
  return rows.map((row) => row.id);
}

/** Wakes this process's worker, if one runs, so a new job runs at once. */
export function nudgeJobs(): void {
  services.jobsNudge?.();
}

/** Whether this process's worker runs (readiness, issue 25 §4). */
export function isJobWorkerRunning(): boolean {
  return services.jobsNudge !== undefined;
}

/** Called by the worker when it starts (a function) and stops (undefined). */
export function setJobsNudge(nudge: (() => void) | undefined): void {
  services.jobsNudge = nudge;
}

/** Jobs that keep failing, for the dashboard: given up on, or pending after at least `minAttempts` failed tries. Newest first. */
/** A job that keeps failing: given up on, or pending after at least `minAttempts` failed tries (the dashboard's list and count). */
export const isFailingJob = (minAttempts = 3) => or(eq(jobs.status, "failed"), and(eq(jobs.status, "pending"), gt(jobs.attempts, minAttempts - 1)));

export async function listFailingJobs(options: { minAttempts?: number; limit?: number } = {}) {
  return getDb()
    .select({
      id: jobs.id,
      channel: jobs.channel,
      subjectType: jobs.subjectType,
      subjectId: jobs.subjectId,
      status: jobs.status,
      attempts: jobs.attempts,
      lastError: jobs.lastError,
      lastAttemptAt: jobs.lastAttemptAt,
      nextAttemptAt: jobs.nextAttemptAt,
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
    .set({ status: "pending", attempts: 0, nextAttemptAt: sql`now()` })
    .where(and(eq(jobs.id, id), or(eq(jobs.status, "failed"), eq(jobs.status, "pending"))))
    .returning({ id: jobs.id });
  if (rows.length > 0) nudgeJobs();
  return rows.length > 0;
}
