import type { z } from "zod";
import type { Db } from "~/server/db/db.server";
import { jobs, type JobLane } from "~/server/db/schema.server";
import { services } from "~/server/services.server";

/**
 * The job queue's API for domain code (ADR 082). A job type is declared once,
 * beside its domain, with the lane that runs it; a job is queued in the
 * transaction that stores what it is about, optionally at a later time and
 * at most once per key; `nudgeJobs()` after the commit runs it at once. The
 * handlers are registered with the worker at start (server/job-worker.ts).
 *
 *   export const HOLD_EXPIRY_JOB = defineJobType({ name: "booking.hold-expiry", lane: "short", payload: z.object({ bookingId: z.number() }) });
 *   await db.transaction(async (tx) => {
 *     … store the hold …
 *     await enqueueJob(tx, HOLD_EXPIRY_JOB, {
 *       payload: { bookingId }, runAt: deadline,
 *       subject: { type: "booking", id: bookingId },
 *       onceKey: `booking.hold-expiry:${bookingId}:${deadline.toISOString()}`,
 *     });
 *   });
 *   nudgeJobs();
 */

export type { JobLane };

/** A transaction handle, or the database itself. */
export type DbExecutor = Db | Parameters<Parameters<Db["transaction"]>[0]>[0];

/** What a job is about (an enquiry, a booking): the dashboard names it; retention and personal-data deletion find it. */
export type JobSubject = { type: string; id: number };

/**
 * A kind of job. `lane`: "short" for what someone waits for within seconds
 * (e-mails, webhooks, reminders, expiries), "long" for what may take minutes
 * (backups, image cuts, PDF renders): a long job never holds up a short one.
 */
export type JobType<P = unknown> = {
  readonly name: string;
  readonly lane: JobLane;
  /** Checked when queued (a mistake fails the caller's transaction) and again before the handler runs. */
  readonly payload: z.ZodType<P>;
  /** Longest one try may run: its handler's signal is then aborted and the try counts as failed. Default 60 s. */
  readonly timeoutMs?: number;
  /** Failed tries before the job is given up on (kept as failed for the dashboard). Default 12. */
  readonly maxAttempts?: number;
};

/** Declares a job type (a constant beside the domain code that queues it). */
export function defineJobType<P>(type: JobType<P>): JobType<P> {
  if (!/^[a-z][a-z0-9.-]*$/.test(type.name)) throw new Error(`A job type's name is lower case, dots and dashes: ${type.name}`);
  return type;
}

export type NewJob<P> = {
  payload: P;
  /** Not before this time (default: now). A job runs within the worker's poll (OUTBOX_POLL_MS) of it. */
  runAt?: Date;
  /**
   * Queued at most once, ever, for this key, from any server, even at the same
   * moment: a second enqueue is ignored (also once the first is done). Name the
   * occasion, e.g. `payment.reminder:PRV-7KQ2M:2027-01-05`.
   */
  onceKey?: string;
  subject?: JobSubject;
};

/** The once-key for "one job of this type about this subject" (what the old unique subject index meant). */
export function subjectOnceKey(type: { name: string }, subject: JobSubject): string {
  return `${type.name}:${subject.type}:${subject.id}`;
}

/**
 * Queues jobs of one type in one statement, in the caller's transaction (or
 * on the database), so they are stored with what they are about or not at
 * all; call `nudgeJobs()` once it has committed. Returns the ids of the jobs
 * queued: one whose once-key was already queued is skipped.
 */
export async function enqueueJobs<P>(tx: DbExecutor, type: JobType<P>, newJobs: NewJob<P>[]): Promise<number[]> {
  if (newJobs.length === 0) return [];
  const rows = await tx
    .insert(jobs)
    .values(
      newJobs.map((job) => ({
        type: type.name,
        lane: type.lane,
        payload: type.payload.parse(job.payload),
        runAt: job.runAt,
        onceKey: job.onceKey,
        subjectType: job.subject?.type,
        subjectId: job.subject?.id,
      })),
    )
    .onConflictDoNothing({ target: jobs.onceKey })
    .returning({ id: jobs.id });
  return rows.map((row) => row.id);
}

/** Queues one job; its id, or null when its once-key was already queued. */
export async function enqueueJob<P>(tx: DbExecutor, type: JobType<P>, job: NewJob<P>): Promise<number | null> {
  const [id] = await enqueueJobs(tx, type, [job]);
  return id ?? null;
}

/** Wakes this process's worker, if one runs, so a job queued for now runs at once (call it after the commit). */
export function nudgeJobs(): void {
  services.jobsNudge?.();
}

/** Whether this process's worker runs (readiness, ADR 058). */
export function isJobWorkerRunning(): boolean {
  return services.jobsNudge !== undefined;
}

/** Called by the worker when it starts (a function) and stops (undefined). */
export function setJobsNudge(nudge: (() => void) | undefined): void {
  services.jobsNudge = nudge;
}
