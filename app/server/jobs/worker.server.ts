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
  /** Jobs run at once (each claimed on its own); the SMTP pool has as many connections. */
  concurrency?: number;
  /** How often to look for due jobs; `nudgeJobs()` wakes the worker at once. */
  pollMs?: number;
  /** A claimed job is this worker's for this long; it must outlast `timeoutMs`. */
  leaseMs?: number;
  /** Longest a handler may take before its try counts as failed. */
  timeoutMs?: number;
  /** Wait before try n+1: baseDelayMs × 2^(n-1) ±10 %, at most maxDelayMs. */
  baseDelayMs?: number;
  maxDelayMs?: number;
  /** After this many failed tries the job is marked failed (kept for the dashboard). */
  maxAttempts?: number;
  /** While the server is busy answering requests, one runner goes on, each claim after up to yieldMs (requests first, jobs just after). */
  busy?: () => boolean;
  yieldMs?: number;
  /** Closes what the handlers hold open (an SMTP pool), once the jobs under way are recorded. */
  onStop?: () => void;
  workerId?: string;
  logger?: Logger;
};

export const JOB_DEFAULTS = { concurrency: 5, pollMs: 10_000, leaseMs: 120_000, timeoutMs: 60_000, baseDelayMs: 30_000, maxDelayMs: 3_600_000, maxAttempts: 12, yieldMs: 250 };

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
 * Runs due jobs (ADR 050). Each claim takes one job atomically (FOR UPDATE
 * SKIP LOCKED, then a lease), so several servers sharing PostgreSQL never run
 * the same job at once, and a crashed worker's job runs again when its lease
 * ends. At least once: a crash after the work, before the job is marked done,
 * runs it again (handlers make a repeat harmless: a stable Message-ID).
 */
export class JobWorker {
  readonly id: string;
  private readonly options: typeof JOB_DEFAULTS;
  private readonly handlers: Record<string, JobHandler>;
  private readonly busy: () => boolean;
  private readonly onStop: (() => void) | undefined;
  private readonly logger: Logger;
  private timer: NodeJS.Timeout | undefined;
  private readonly running = new Set<Promise<void>>();
  private again = false;
  private stopped = true;

  constructor({ handlers, workerId, logger, busy, onStop, ...options }: JobWorkerOptions) {
    this.handlers = handlers;
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
    this.logger.info({ types: Object.keys(this.handlers), concurrency: this.options.concurrency }, "job worker started");
  }

  /** Stops claiming and waits (10 s at most) for the jobs under way to be recorded. */
  async stop(): Promise<void> {
    this.stopped = true;
    clearTimeout(this.timer);
    setJobsNudge(undefined);
    await Promise.race([this.idle(), sleep(10_000)]);
    this.onStop?.();
  }

  /** Starts runners up to `concurrency`; a runner under way looks once more before it ends. */
  nudge(): void {
    if (this.stopped) return;
    this.again = true;
    while (this.running.size < this.options.concurrency) {
      const runner: Promise<void> = this.runner(this.running.size === 0).finally(() => this.running.delete(runner));
      this.running.add(runner);
    }
  }

  /** Resolves once no runner is running (tests). */
  async idle(): Promise<void> {
    while (this.running.size > 0) await Promise.all(this.running);
  }

  /** `first`: the runner that goes on while the server is busy; the others stop then (requests first, and a crash catches fewer sends). */
  private async runner(first: boolean): Promise<void> {
    while (!this.stopped) {
      this.again = false;
      try {
        const until = performance.now() + this.options.yieldMs;
        while (!this.stopped && this.busy() && performance.now() < until) await sleep(10);
        if (!first && this.busy()) return;
        if ((await this.runOnce()) > 0) continue;
      } catch (err) {
        // The database may be down; the next poll tries again.
        this.logger.warn({ err }, "job runner failed");
        return;
      }
      if (!this.again) return;
    }
  }

  /** Claims one due job and runs it. Returns how many were run (0 or 1). */
  async runOnce(): Promise<number> {
    const [job] = await this.claim();
    if (!job) return 0;
    await this.run(job);
    return 1;
  }

  /** Takes the oldest due job of a type this worker handles; jobs another worker holds are skipped, never waited for. */
  async claim(): Promise<Job[]> {
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
      .limit(1)
      .for("update", { skipLocked: true });
    return db
      .update(jobs)
      .set({ lockedUntil: sql`now() + ${this.options.leaseMs}::integer * interval '1 millisecond'`, lockedBy: this.id, attempts: sql`${jobs.attempts} + 1`, lastAttemptAt: sql`now()` })
      .where(inArray(jobs.id, due))
      .returning({ id: jobs.id, type: jobs.channel, subjectType: jobs.subjectType, subjectId: jobs.subjectId, payload: jobs.payload, attempts: jobs.attempts, createdAt: jobs.createdAt });
  }

  private async run(job: Job): Promise<void> {
    const started = performance.now();
    try {
      await withTimeout(this.handlers[job.type]!(job), this.options.timeoutMs);
    } catch (error) {
      await this.recordFailure(job, errorText(error), error instanceof PermanentJobError);
      return;
    }
    // Done: marked at once, so only a crash in the next few milliseconds repeats it.
    for (let attempt = 1; ; attempt++) {
      try {
        await getDb()
          .update(jobs)
          .set({ status: "sent", sentAt: sql`now()`, lockedUntil: null, lockedBy: null, lastError: null })
          .where(eq(jobs.id, job.id));
        this.logger.info({ jobId: job.id, type: job.type, subject: `${job.subjectType}:${job.subjectId}`, ms: Math.round(performance.now() - started) }, "job done");
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
    this.logger[giveUp ? "error" : "warn"]({ jobId: job.id, type: job.type, attempts: job.attempts, error, retryInMs: giveUp ? undefined : delay }, giveUp ? "job failed: giving up" : "job failed: will retry");
    try {
      await getDb()
        .update(jobs)
        .set({ status: giveUp ? "failed" : "pending", lastError: error.slice(0, 2000), nextAttemptAt: sql`now() + ${delay}::integer * interval '1 millisecond'`, lockedUntil: null, lockedBy: null })
        .where(and(eq(jobs.id, job.id), eq(jobs.lockedBy, this.id)));
    } catch (err) {
      // The lease ends on its own and the job is tried again.
      this.logger.warn({ err, jobId: job.id }, "could not record a failed job");
    }
  }
}
