import crypto from "node:crypto";
import os from "node:os";
import { and, asc, eq, gt, inArray, isNotNull, isNull, lte, or, sql } from "drizzle-orm";
import type { Logger } from "pino";
import { getDatabaseKind, getDb } from "~/server/db/db.server";
import { JOB_LANES, jobs } from "~/server/db/schema.server";
import { getLogger } from "~/server/logger.server";
import { setJobsNudge, type JobLane, type JobSubject, type JobType } from "./jobs.server";
import { JobLaneRunner, type ClaimedJob, type LaneSettings } from "./lane.server";

/** A claimed job, as its handler gets it. `id` and `createdAt` are stable: a handler can name a repeat with them (a Message-ID). */
export type Job<P = unknown> = {
  id: number;
  type: string;
  subject: JobSubject | null;
  payload: P;
  attempts: number;
  onceKey: string | null;
  createdAt: Date;
};

/**
 * `signal` is aborted when the try must stop: its time limit passed, the
 * lease was lost (another worker may be running it: whatever this try does
 * now is discarded), or the server is stopping. Pass it on (fetch, streams).
 */
export type JobContext = { signal: AbortSignal; logger: Logger };

/** Does the job's work; resolves once it is done, throws to have it retried (or `PermanentJobError` to give up at once). */
export type JobHandler<P = unknown> = (job: Job<P>, context: JobContext) => Promise<void>;

/** A job type with the function that runs it, as the worker is given them at start. */
export type JobRegistration = { type: JobType<unknown>; handle: JobHandler<unknown> };

export function handleJob<P>(type: JobType<P>, handle: JobHandler<P>): JobRegistration {
  return { type: type as JobType<unknown>, handle: handle as JobHandler<unknown> };
}

/** A failure that retrying cannot fix (an invalid payload, a channel not configured). */
export class PermanentJobError extends Error {}

/** Why a try's signal was aborted. */
export class JobStopped extends Error {
  constructor(
    readonly why: "timeout" | "lease lost" | "stopping",
    message: string,
  ) {
    super(message);
  }
}

export type JobWorkerOptions = {
  handlers: JobRegistration[];
  /** Stable across restarts of this server (stableWorkerId): a restart resumes the jobs it held at once. Default: unique to this process. */
  workerId?: string;
  /** Jobs each lane runs at once: short 25 (e-mails over an SMTP pool), long 1. */
  lanes?: Partial<Record<JobLane, Partial<LaneSettings>>>;
  /** How often to look for due jobs; `nudgeJobs()` wakes the worker at once. */
  pollMs?: number;
  /** A claimed job is this worker's for this long, renewed every `heartbeatMs` (leaseMs / 4) while it runs. */
  leaseMs?: number;
  heartbeatMs?: number;
  /** A try's time limit when its type sets none. */
  timeoutMs?: number;
  /** Wait before try n+1: baseDelayMs × 2^(n-1) ±10 %, at most maxDelayMs. */
  baseDelayMs?: number;
  maxDelayMs?: number;
  /** Failed tries before a job is given up on, when its type sets none. */
  maxAttempts?: number;
  /** While the server is busy answering requests, each claim waits up to yieldMs and a lane runs one job at a time: requests first. */
  busy?: () => boolean;
  yieldMs?: number;
  /** How long stop() lets running jobs finish before it aborts them and hands them back. */
  stopWaitMs?: number;
  /** Closes what the handlers hold open (an SMTP pool), once the jobs under way are recorded. */
  onStop?: () => void;
  /** When a job queued for later is due, by this clock instead of the database's (a test run's clock that is moved on). */
  clock?: { now(): Date };
  logger?: Logger;
};

export const JOB_DEFAULTS = {
  pollMs: 10_000,
  leaseMs: 120_000,
  timeoutMs: 60_000,
  baseDelayMs: 30_000,
  maxDelayMs: 3_600_000,
  maxAttempts: 12,
  yieldMs: 250,
  stopWaitMs: 10_000,
};

export const LANE_DEFAULTS: Record<JobLane, LaneSettings> = {
  short: { concurrency: 25 },
  long: { concurrency: 1 },
};

/** This server's worker identity: the same after a restart (same host and port), different for every other server. */
export function stableWorkerId(port: number | string, host = os.hostname()): string {
  return `${host}:${port}`;
}

/** The wait after `attempts` failed tries: exponential, capped, with jitter so retries spread out. */
export function backoffDelay(attempts: number, baseMs: number, maxMs: number, random = Math.random): number {
  const exponential = baseMs * 2 ** Math.min(30, Math.max(0, attempts - 1));
  return Math.round(Math.min(maxMs, exponential * (0.9 + 0.2 * random())));
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const msInterval = (ms: number) => sql`now() + ${Math.round(ms)}::integer * interval '1 millisecond'`;

function errorText(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  const code = (error as { responseCode?: number; code?: string }).responseCode ?? (error as { code?: string }).code;
  return code ? `${code}: ${error.message}` : error.message;
}

/** Settles with the handler, or rejects with the signal's reason as soon as it is aborted (a handler that ignores it is left behind). */
function untilAborted<T>(promise: Promise<T>, signal: AbortSignal): Promise<T> {
  if (signal.aborted) return Promise.reject(signal.reason as Error);
  let onAbort = () => {};
  const aborted = new Promise<never>((_, reject) => {
    onAbort = () => reject(signal.reason as Error);
    signal.addEventListener("abort", onAbort, { once: true });
  });
  return Promise.race([promise, aborted]).finally(() => signal.removeEventListener("abort", onAbort));
}

/** A running job's lease as this process sees it: aborted when it runs out here, before the database's ends. */
type Lease = { controller: AbortController; timer?: NodeJS.Timeout };

/**
 * Runs due jobs (ADR 082), each lane on its own, so a backup never holds up
 * an e-mail. A claim (FOR UPDATE SKIP LOCKED) gives each job a lease with a
 * token of its own; only the token's holder can record the job done or
 * failed, so a worker that lost its lease (a stall, a partition) cannot
 * overwrite the outcome of the worker that took the job over, and its
 * handler is aborted. Leases are renewed while jobs run, so a job of any
 * length is taken over within one lease of its worker dying; a restarted
 * server (the same worker id) takes its own jobs back at once. At least once:
 * a crash after a job's work and before its mark runs it again.
 */
export class JobWorker {
  readonly id: string;
  private readonly options: typeof JOB_DEFAULTS & { heartbeatMs?: number };
  private readonly registry = new Map<string, JobRegistration>();
  private readonly lanes: JobLaneRunner[];
  private readonly leases = new Map<string, Lease>();
  private readonly busyCheck: () => boolean;
  private readonly onStop: (() => void) | undefined;
  private readonly clock: { now(): Date } | undefined;
  private readonly logger: Logger;
  private pollTimer: NodeJS.Timeout | undefined;
  private heartbeatTimer: NodeJS.Timeout | undefined;
  private stopped = true;

  constructor({ handlers, workerId, lanes, logger, busy, onStop, clock, ...options }: JobWorkerOptions) {
    for (const registration of handlers) this.registry.set(registration.type.name, registration);
    this.onStop = onStop;
    this.clock = clock;
    this.busyCheck = busy ?? (() => false);
    this.options = { ...JOB_DEFAULTS, ...Object.fromEntries(Object.entries(options).filter(([, value]) => value !== undefined)) };
    this.id = workerId ?? `${os.hostname()}:${process.pid}:${crypto.randomBytes(4).toString("hex")}`;
    this.logger = (logger ?? getLogger()).child({ component: "jobs", worker: this.id });
    this.lanes = JOB_LANES.map(
      (lane) =>
        new JobLaneRunner({
          lane,
          settings: { ...LANE_DEFAULTS[lane], ...lanes?.[lane] },
          yieldMs: this.options.yieldMs,
          busy: () => this.busyCheck(),
          isStopped: () => this.stopped,
          claim: (limit) => this.claim(lane, limit),
          msUntilNext: () => this.msUntilNext(lane),
          run: (job) => this.run(job),
          logger: this.logger,
        }),
    );
  }

  get types(): string[] {
    return [...this.registry.keys()];
  }

  /** Takes back the jobs this worker id held before a restart, then runs what is due and keeps polling. */
  async start(): Promise<void> {
    this.stopped = false;
    await this.resumeOwnJobs().catch((err: unknown) => this.logger.warn({ err }, "could not take back this worker's jobs"));
    setJobsNudge(() => this.nudge());
    const poll = () => {
      this.pollTimer = setTimeout(() => (this.nudge(), poll()), this.options.pollMs);
      this.pollTimer.unref();
    };
    poll();
    this.heartbeatTimer = setInterval(() => void this.heartbeat(), this.options.heartbeatMs ?? Math.max(10, this.options.leaseMs / 4));
    this.heartbeatTimer.unref();
    this.nudge();
    this.logger.info({ types: this.types, lanes: this.lanes.map((lane) => `${lane.lane}×${lane.settings.concurrency}`) }, "job worker started");
  }

  /**
   * Stops claiming, lets the jobs under way finish (stopWaitMs at most), then
   * aborts the rest and hands them back (not counted as a try), so the next
   * start, here or on another server, runs them at once.
   */
  async stop(): Promise<void> {
    this.stopped = true;
    clearTimeout(this.pollTimer);
    for (const lane of this.lanes) lane.stop();
    setJobsNudge(undefined);
    await Promise.race([this.idle(), sleep(this.options.stopWaitMs)]);
    clearInterval(this.heartbeatTimer);
    const left = [...this.leases.entries()];
    if (left.length > 0) {
      for (const [, lease] of left) lease.controller.abort(new JobStopped("stopping", "the server is stopping"));
      await getDb()
        .update(jobs)
        .set({ lockedUntil: null, lockedBy: null, leaseToken: null, attempts: sql`greatest(${jobs.attempts} - 1, 0)` })
        .where(
          and(
            inArray(
              jobs.leaseToken,
              left.map(([token]) => token),
            ),
            eq(jobs.status, "pending"),
          ),
        )
        .catch((err: unknown) => this.logger.warn({ err }, "could not hand back the jobs under way: they run again when their lease ends"));
      this.logger.info({ jobs: left.length }, "handed back the jobs under way");
    }
    this.onStop?.();
  }

  /** Looks for due jobs in every lane now. */
  nudge(): void {
    for (const lane of this.lanes) lane.fill();
  }

  /** Resolves once no lane is claiming or running (tests). */
  async idle(): Promise<void> {
    for (const lane of this.lanes) await lane.idle();
    if (this.lanes.some((lane) => !lane.isIdle())) await this.idle();
  }

  /** Claims what is due in every lane (up to `limit` a lane) and runs it to the end. Returns how many were claimed (tests). */
  async runOnce(limit?: number): Promise<number> {
    const claimed = (await Promise.all(this.lanes.map((lane) => this.claim(lane.lane, limit ?? lane.settings.concurrency)))).flat();
    await Promise.all(claimed.map((job) => this.run(job)));
    return claimed.length;
  }

  /** Takes a lane's oldest due jobs of the types this worker handles; jobs another worker holds are skipped, never waited for. */
  async claim(lane: JobLane, limit: number): Promise<ClaimedJob[]> {
    if (limit <= 0 || this.registry.size === 0) return [];
    const db = getDb();
    const due = db
      .select({ id: jobs.id })
      .from(jobs)
      .where(
        and(
          eq(jobs.status, "pending"),
          eq(jobs.lane, lane),
          lte(jobs.runAt, this.now()),
          inArray(jobs.type, this.types),
          or(isNull(jobs.lockedUntil), lte(jobs.lockedUntil, sql`now()`)),
        ),
      )
      .orderBy(asc(jobs.runAt), asc(jobs.id))
      .limit(limit)
      .for("update", { skipLocked: true });
    const sentAt = performance.now();
    const rows = await db
      .update(jobs)
      .set({
        lockedUntil: msInterval(this.options.leaseMs),
        lockedBy: this.id,
        leaseToken: sql`gen_random_uuid()::text`,
        attempts: sql`${jobs.attempts} + 1`,
        lastAttemptAt: sql`now()`,
      })
      .where(inArray(jobs.id, due))
      .returning();
    return rows
      .sort((a, b) => a.runAt.getTime() - b.runAt.getTime() || a.id - b.id)
      .map((row) => {
        const lease: Lease = { controller: new AbortController() };
        this.leases.set(row.leaseToken!, lease);
        this.holdUntil(lease, sentAt);
        return {
          id: row.id,
          type: row.type,
          subject: row.subjectType !== null && row.subjectId !== null ? { type: row.subjectType, id: row.subjectId } : null,
          payload: row.payload,
          attempts: row.attempts,
          onceKey: row.onceKey,
          createdAt: row.createdAt,
          leaseToken: row.leaseToken!,
        };
      });
  }

  /**
   * Aborts the job when its lease runs out as this process counts it: from
   * when the claim or renewal was sent, a little short of the database's.
   */
  private holdUntil(lease: Lease, sentAt: number): void {
    clearTimeout(lease.timer);
    const ms = sentAt + this.options.leaseMs - Math.min(1_000, this.options.leaseMs / 10) - performance.now();
    lease.timer = setTimeout(() => lease.controller.abort(new JobStopped("lease lost", "its lease ran out before it was renewed")), Math.max(0, ms));
    lease.timer.unref();
  }

  /** Now, as due times are compared with: the database's clock, or the injected one. */
  private now() {
    return this.clock ? sql`${this.clock.now().toISOString()}::timestamptz` : sql`now()`;
  }

  /**
   * How long until the lane's next free job (of a type handled here) is due,
   * if before the next poll. One that came due since the claim looked is due
   * in a moment (not at once: another worker's claim may be taking it).
   */
  private async msUntilNext(lane: JobLane): Promise<number | null> {
    const [next] = await getDb()
      .select({ ms: sql<number | string | null>`extract(epoch from (min(${jobs.runAt}) - ${this.now()})) * 1000` })
      .from(jobs)
      .where(
        and(eq(jobs.status, "pending"), eq(jobs.lane, lane), inArray(jobs.type, this.types), or(isNull(jobs.lockedUntil), lte(jobs.lockedUntil, sql`now()`))),
      );
    if (next?.ms === null || next?.ms === undefined) return null;
    const ms = Number(next.ms);
    return ms < this.options.pollMs ? Math.max(50, ms) : null;
  }

  /** Runs one claimed job and records the outcome, if this worker still holds it. */
  private async run(job: ClaimedJob): Promise<void> {
    const lease = this.leases.get(job.leaseToken);
    const registration = this.registry.get(job.type);
    if (!lease || !registration) return;
    const { type, handle } = registration;
    const timeoutMs = type.timeoutMs ?? this.options.timeoutMs;
    const timer = setTimeout(() => lease.controller.abort(new JobStopped("timeout", `timed out after ${timeoutMs} ms`)), timeoutMs);
    const logger = this.logger.child({ jobId: job.id, type: job.type });
    const { leaseToken, ...rest } = job;
    let failure: unknown;
    try {
      const parsed = type.payload.safeParse(job.payload);
      if (!parsed.success) throw new PermanentJobError(`invalid payload: ${parsed.error.message}`);
      await untilAborted(handle({ ...rest, payload: parsed.data }, { signal: lease.controller.signal, logger }), lease.controller.signal);
    } catch (error) {
      failure = error;
    } finally {
      clearTimeout(timer);
      clearTimeout(lease.timer);
      this.leases.delete(leaseToken);
    }
    if (failure instanceof JobStopped && failure.why !== "timeout") {
      logger.warn({ why: failure.why }, "job stopped before it ended: whatever it did is not recorded, it runs again");
      return;
    }
    if (failure === undefined) await this.markDone(job, logger);
    else await this.recordFailure(job, type, failure, logger);
  }

  /** The holder's lease, still running: what every outcome's update requires. */
  private held(job: ClaimedJob) {
    return and(eq(jobs.id, job.id), eq(jobs.leaseToken, job.leaseToken), eq(jobs.status, "pending"), gt(jobs.lockedUntil, sql`now()`));
  }

  /** Marks a job done if this worker still holds it, retried briefly: a crash before it runs the job again (at least once). */
  private async markDone(job: ClaimedJob, logger: Logger): Promise<void> {
    for (let attempt = 1; ; attempt++) {
      try {
        const marked = await getDb()
          .update(jobs)
          .set({ status: "done", doneAt: sql`now()`, lockedUntil: null, lockedBy: null, leaseToken: null, lastError: null })
          .where(this.held(job))
          .returning({ id: jobs.id });
        if (marked.length === 0) logger.warn("job ended after its lease did: not recorded, it runs again");
        else logger.info({ subject: job.subject ? `${job.subject.type}:${job.subject.id}` : undefined }, "job done");
        return;
      } catch (err) {
        if (attempt >= 5 || this.stopped) {
          logger.error({ err }, "job done but not recorded: it runs again when its lease ends");
          return;
        }
        await sleep(200 * attempt);
      }
    }
  }

  private async recordFailure(job: ClaimedJob, type: JobType<unknown>, failure: unknown, logger: Logger): Promise<void> {
    const error = errorText(failure);
    const giveUp = failure instanceof PermanentJobError || job.attempts >= (type.maxAttempts ?? this.options.maxAttempts);
    const delay = backoffDelay(job.attempts, this.options.baseDelayMs, this.options.maxDelayMs);
    logger[giveUp ? "error" : "warn"](
      { attempts: job.attempts, error, retryInMs: giveUp ? undefined : delay },
      giveUp ? "job failed: giving up" : "job failed: will retry",
    );
    try {
      await getDb()
        .update(jobs)
        .set({
          status: giveUp ? "failed" : "pending",
          lastError: error.slice(0, 2000),
          runAt: msInterval(delay),
          lockedUntil: null,
          lockedBy: null,
          leaseToken: null,
        })
        .where(this.held(job));
    } catch (err) {
      // The lease ends on its own and the job is tried again.
      logger.warn({ err }, "could not record a failed job");
    }
  }

  /**
   * Renews the leases of the jobs running here. A job whose lease is gone
   * (taken over after it ran out) or that this process could not renew in
   * time is aborted: its outcome would not be recorded anyway.
   */
  async heartbeat(): Promise<void> {
    const tokens = [...this.leases.keys()];
    if (tokens.length > 0) {
      const sentAt = performance.now();
      try {
        const renewed = await getDb()
          .update(jobs)
          .set({ lockedUntil: msInterval(this.options.leaseMs) })
          .where(and(inArray(jobs.leaseToken, tokens), eq(jobs.status, "pending"), gt(jobs.lockedUntil, sql`now()`)))
          .returning({ token: jobs.leaseToken });
        const kept = new Set(renewed.map((row) => row.token));
        for (const token of tokens) {
          const lease = this.leases.get(token);
          if (!lease) continue;
          if (kept.has(token)) this.holdUntil(lease, sentAt);
          else lease.controller.abort(new JobStopped("lease lost", "its lease ended and it may run elsewhere"));
        }
      } catch (err) {
        // Each job is aborted when its lease runs out here, unless a later renewal gets through.
        this.logger.warn({ err }, "could not renew the leases of the jobs under way");
      }
    }
  }

  /**
   * At start: the jobs this worker id held when its process died run again now,
   * not when their leases end. Embedded PGlite admits one process, so there
   * every lease found at start belongs to a dead one.
   */
  private async resumeOwnJobs(): Promise<void> {
    const ours = getDatabaseKind() === "postgres" ? eq(jobs.lockedBy, this.id) : undefined;
    const resumed = await getDb()
      .update(jobs)
      .set({ lockedUntil: null, lockedBy: null, leaseToken: null })
      .where(and(eq(jobs.status, "pending"), isNotNull(jobs.lockedUntil), ours))
      .returning({ id: jobs.id });
    if (resumed.length > 0) this.logger.info({ jobs: resumed.length }, "took back the jobs held before a restart");
  }
}
