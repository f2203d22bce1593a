import crypto from "node:crypto";
import os from "node:os";
import { and, asc, eq, inArray, isNull, lte, or, sql } from "drizzle-orm";
import type { Logger } from "pino";
import { getDatabaseKind, getDb } from "~/server/db/db.server";
import { notificationOutbox as jobs } from "~/server/db/schema.server";
import { getLogger } from "~/server/logger.server";
import { setJobsNudge } from "./jobs.server";

/** A claimed job, as its handler gets it. `id` and `createdAt` are stable: a handler can name a repeat with them (a Message-ID). */
export type Job = { id: number; type: string; subjectType: string; subjectId: number; payload: unknown; attempts: number; createdAt: Date };

/** Does the job's work; resolves once it is done, throws to have it retried (or `PermanentJobError` to give up at once). */
export type JobHandler = (job: Job) => Promise<void>;

/** A failure that retrying cannot fix (an invalid payload, a channel not configured). */
export class PermanentJobError extends Error {}

export type JobWorkerOptions = {
  /** One handler per job type; jobs of other types are left for a worker that has one. */
  handlers: Record<string, JobHandler>;
  /** Jobs claimed together and run at once (1 while the server is busy); each is marked done as soon as it is. */
  batchSize?: number;
  /** How often to look for due jobs; `nudgeJobs()` wakes the worker at once. */
  pollMs?: number;
  /** A claimed job is this worker's for this long; it must outlast `timeoutMs`. */
  leaseMs?: number;
  /** Longest a handler may take before its try counts as failed. */
  timeoutMs?: number;
  /** Job types that may take longer than timeoutMs (a backup): their own limit, and a lease that outlasts it. */
  timeoutsMs?: Record<string, number>;
  /** Wait before try n+1: baseDelayMs × 2^(n-1) ±10 %, at most maxDelayMs. */
  baseDelayMs?: number;
  maxDelayMs?: number;
  /** After this many failed tries the job is marked failed (kept for the dashboard). */
  maxAttempts?: number;
  /** While the server is busy answering requests, each claim (of one job) waits up to yieldMs: requests first, jobs just after. */
  busy?: () => boolean;
  yieldMs?: number;
  /** Closes what the handlers hold open (an SMTP pool), once the jobs under way are recorded. */
  onStop?: () => void;
  workerId?: string;
  logger?: Logger;
};

export const JOB_DEFAULTS = {
  batchSize: 25,
  pollMs: 10_000,
  leaseMs: 120_000,
  timeoutMs: 60_000,
  baseDelayMs: 30_000,
  maxDelayMs: 3_600_000,
  maxAttempts: 12,
  yieldMs: 250,
};

/** The wait after `attempts` failed tries: exponential, capped, with jitter so retries spread out. */
export function backoffDelay(attempts: number, baseMs: number, maxMs: number, random = Math.random): number {
  const exponential = baseMs * 2 ** Math.min(30, Math.max(0, attempts - 1));
  return Math.round(Math.min(maxMs, exponential * (0.9 + 0.2 * random())));
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function errorText(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  const code = (error as { responseCode?: number; code?: string }).responseCode ?? (error as { code?: string }).code;
  return code ? `${code}: ${error.message}` : error.message;
}

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => (timer = setTimeout(() => reject(new Error(`timed out after ${ms} ms`)), ms)));
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

/**
 * Runs due jobs (ADR 050). Each claim takes up to `batchSize` jobs atomically
 * (FOR UPDATE SKIP LOCKED, then a lease), so several servers sharing
 * PostgreSQL never run the same job at once, and a crashed worker's jobs run
 * again when their lease ends. At least once: a crash after a job's work,
 * before it is marked done, runs it again (handlers make a repeat harmless: a
 * stable Message-ID). Each job is marked done the moment its work ends, so a
 * crash repeats only the sends that finished in that instant, not the batch.
 * While the server is busy, one job at a time.
 */
export class JobWorker {
  readonly id: string;
  private readonly options: typeof JOB_DEFAULTS;
  private readonly handlers: Record<string, JobHandler>;
  private readonly timeoutsMs: Record<string, number>;
  private readonly busy: () => boolean;
  private readonly onStop: (() => void) | undefined;
  private readonly logger: Logger;
  private timer: NodeJS.Timeout | undefined;
  private draining: Promise<void> | undefined;
  private again = false;
  private stopped = true;

  constructor({ handlers, timeoutsMs, workerId, logger, busy, onStop, ...options }: JobWorkerOptions) {
    this.handlers = handlers;
    this.timeoutsMs = timeoutsMs ?? {};
    this.onStop = onStop;
    this.busy = busy ?? (() => false);
    this.options = { ...JOB_DEFAULTS, ...options };
    this.id = workerId ?? `${os.hostname()}:${process.pid}:${crypto.randomBytes(4).toString("hex")}`;
    this.logger = (logger ?? getLogger()).child({ component: "jobs", worker: this.id });
  }

  /** Starts polling, listens for nudges, and runs whatever is due now. */
  async start(): Promise<void> {
    this.stopped = false;
    // Embedded PGlite admits one process (a lock file), so a lease found at
    // start belongs to a process that died: its jobs need not wait for it.
    if (getDatabaseKind() !== "postgres") {
      await getDb()
        .update(jobs)
        .set({ lockedUntil: null, lockedBy: null })
        .where(and(eq(jobs.status, "pending"), sql`${jobs.lockedUntil} is not null`))
        .catch((err: unknown) => this.logger.warn({ err }, "could not release leases"));
    }
    setJobsNudge(() => this.nudge());
    const poll = () => {
      this.timer = setTimeout(() => (this.nudge(), poll()), this.options.pollMs);
      this.timer.unref();
    };
    poll();
    this.nudge();
    this.logger.info({ types: Object.keys(this.handlers), batchSize: this.options.batchSize }, "job worker started");
  }

  /** Stops claiming and waits (10 s at most) for the jobs under way to be recorded. */
  async stop(): Promise<void> {
    this.stopped = true;
    clearTimeout(this.timer);
    setJobsNudge(undefined);
    await Promise.race([this.idle(), sleep(10_000)]);
    this.onStop?.();
  }

  /** Runs a drain now, or once more after the one under way. */
  nudge(): void {
    if (this.stopped) return;
    if (this.draining) {
      this.again = true;
      return;
    }
    this.draining = this.drain().finally(() => (this.draining = undefined));
  }

  /** Resolves once no drain is running (tests). */
  async idle(): Promise<void> {
    while (this.draining) await this.draining;
  }

  private async drain(): Promise<void> {
    do {
      this.again = false;
      try {
        for (;;) {
          const until = performance.now() + this.options.yieldMs;
          while (!this.stopped && this.busy() && performance.now() < until) await sleep(10);
          if (this.stopped || (await this.runOnce(this.busy() ? 1 : this.options.batchSize)) === 0) break;
        }
      } catch (err) {
        // The database may be down; the next poll tries again.
        this.logger.warn({ err }, "job drain failed");
      }
    } while (this.again && !this.stopped);
  }

  /** Claims up to `limit` due jobs, runs them at once and records each as it ends. Returns how many were claimed. */
  async runOnce(limit = this.options.batchSize): Promise<number> {
    const claimed = await this.claim(limit);
    await Promise.all(claimed.map((job) => this.run(job)));
    return claimed.length;
  }

  /** Takes the oldest due jobs of the types this worker handles; jobs another worker holds are skipped, never waited for. */
  async claim(limit = this.options.batchSize): Promise<Job[]> {
    const db = getDb();
    const due = db
      .select({ id: jobs.id })
      .from(jobs)
      .where(
        and(
          eq(jobs.status, "pending"),
          lte(jobs.nextAttemptAt, sql`now()`),
          inArray(jobs.channel, Object.keys(this.handlers)),
          or(isNull(jobs.lockedUntil), lte(jobs.lockedUntil, sql`now()`)),
        ),
      )
      .orderBy(asc(jobs.nextAttemptAt), asc(jobs.id))
      .limit(limit)
      .for("update", { skipLocked: true });
    return db
      .update(jobs)
      .set({
        lockedUntil: sql`now() + ${this.leaseSql()} * interval '1 millisecond'`,
        lockedBy: this.id,
        attempts: sql`${jobs.attempts} + 1`,
        lastAttemptAt: sql`now()`,
      })
      .where(inArray(jobs.id, due))
      .returning({
        id: jobs.id,
        type: jobs.channel,
        subjectType: jobs.subjectType,
        subjectId: jobs.subjectId,
        payload: jobs.payload,
        attempts: jobs.attempts,
        createdAt: jobs.createdAt,
      });
  }

  private timeoutFor(type: string): number {
    return this.timeoutsMs[type] ?? this.options.timeoutMs;
  }

  /** The lease in ms for the claimed row's type: a job with a longer limit is held a minute past it, so no other server takes it meanwhile. */
  private leaseSql() {
    const longer = Object.keys(this.timeoutsMs).map(
      (type) => sql`when ${type} then ${Math.max(this.options.leaseMs, this.timeoutFor(type) + 60_000)}::integer`,
    );
    if (longer.length === 0) return sql`${this.options.leaseMs}::integer`;
    return sql`(case ${jobs.channel} ${sql.join(longer, sql` `)} else ${this.options.leaseMs}::integer end)`;
  }

  /** Runs one job and records the outcome: done at once, or a failure to retry. */
  private async run(job: Job): Promise<void> {
    try {
      await withTimeout(this.handlers[job.type]!(job), this.timeoutFor(job.type));
    } catch (error) {
      await this.recordFailure(job, errorText(error), error instanceof PermanentJobError);
      return;
    }
    await this.markDone(job);
  }

  /** Marks a job done, retried briefly: a crash before it runs the job again (at least once). */
  private async markDone(job: Job): Promise<void> {
    for (let attempt = 1; ; attempt++) {
      try {
        await getDb()
          .update(jobs)
          .set({ status: "sent", sentAt: sql`now()`, lockedUntil: null, lockedBy: null, lastError: null })
          .where(eq(jobs.id, job.id));
        this.logger.info({ jobId: job.id, type: job.type, subject: `${job.subjectType}:${job.subjectId}` }, "job done");
        return;
      } catch (err) {
        if (attempt >= 5 || this.stopped) {
          this.logger.error({ err, jobId: job.id }, "job done but not recorded: it runs again when its lease ends");
          return;
        }
        await sleep(200 * attempt);
      }
    }
  }

  private async recordFailure(job: Job, error: string, permanent: boolean): Promise<void> {
    const giveUp = permanent || job.attempts >= this.options.maxAttempts;
    const delay = backoffDelay(job.attempts, this.options.baseDelayMs, this.options.maxDelayMs);
    this.logger[giveUp ? "error" : "warn"](
      { jobId: job.id, type: job.type, attempts: job.attempts, error, retryInMs: giveUp ? undefined : delay },
      giveUp ? "job failed: giving up" : "job failed: will retry",
    );
    try {
      await getDb()
        .update(jobs)
        .set({
          status: giveUp ? "failed" : "pending",
          lastError: error.slice(0, 2000),
          nextAttemptAt: sql`now() + ${delay}::integer * interval '1 millisecond'`,
          lockedUntil: null,
          lockedBy: null,
        })
        .where(and(eq(jobs.id, job.id), eq(jobs.lockedBy, this.id)));
    } catch (err) {
      // The lease ends on its own and the job is tried again.
      this.logger.warn({ err, jobId: job.id }, "could not record a failed job");
    }
  }
}
