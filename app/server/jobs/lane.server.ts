import type { Logger } from "pino";
import type { JobLane } from "./jobs.server";
import type { Job } from "./worker.server";

/** A job as claimed: the handler's view plus the claim's lease token. */
export type ClaimedJob = Job & { leaseToken: string };

export type LaneSettings = {
  /** Jobs this lane runs at once. */
  concurrency: number;
};

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * One lane of a job worker: keeps up to `concurrency` of its jobs running,
 * claiming more as they end, on its own, so what runs in another lane (a
 * backup) never holds it up. It claims in batches (each claim is a commit,
 * 10–20 ms on embedded PGlite): when half its places are free, or all.
 * While the server is busy answering requests it waits up to `yieldMs` before
 * a claim and runs one job at a time.
 */
export class JobLaneRunner {
  readonly lane: JobLane;
  readonly settings: LaneSettings;
  private readonly running = new Set<Promise<void>>();
  private filling: Promise<void> | undefined;
  private again = false;
  private wake: NodeJS.Timeout | undefined;

  constructor(
    private readonly deps: {
      lane: JobLane;
      settings: LaneSettings;
      yieldMs: number;
      busy: () => boolean;
      isStopped: () => boolean;
      claim: (limit: number) => Promise<ClaimedJob[]>;
      /** How long until this lane's next job queued for later is due (null: none, or not before the next poll). */
      msUntilNext: () => Promise<number | null>;
      run: (job: ClaimedJob) => Promise<void>;
      logger: Logger;
    },
  ) {
    this.lane = deps.lane;
    this.settings = deps.settings;
  }

  /** Claims what is due into the free places, now or right after the claim under way. */
  fill(): void {
    if (this.deps.isStopped()) return;
    if (this.filling) {
      this.again = true;
      return;
    }
    this.filling = this.fillLoop().finally(() => (this.filling = undefined));
  }

  isIdle(): boolean {
    return !this.filling && this.running.size === 0;
  }

  async idle(): Promise<void> {
    while (!this.isIdle()) await Promise.all([this.filling, ...this.running]);
  }

  /** How many to claim now: none while most places are taken (a claim for each ending job would cost a commit each). */
  private wanted(): number {
    const free = this.settings.concurrency - this.running.size;
    if (this.deps.busy()) return this.running.size === 0 ? 1 : 0;
    return this.running.size === 0 || free >= Math.ceil(this.settings.concurrency / 2) ? free : 0;
  }

  private async fillLoop(): Promise<void> {
    do {
      this.again = false;
      try {
        for (;;) {
          const until = performance.now() + this.deps.yieldMs;
          while (!this.deps.isStopped() && this.deps.busy() && performance.now() < until) await sleep(10);
          const limit = this.wanted();
          if (this.deps.isStopped() || limit <= 0) break;
          const claimed = await this.deps.claim(limit);
          for (const job of claimed) this.start(job);
          if (claimed.length < limit) {
            // Nothing more is due: wake up when the next job queued for later is (a reminder at 9:00), not at the next poll.
            await this.wakeForNext();
            break;
          }
        }
      } catch (err) {
        // The database may be down; the next poll or nudge tries again.
        this.deps.logger.warn({ err, lane: this.lane }, "could not claim jobs");
      }
    } while (this.again && !this.deps.isStopped());
  }

  private async wakeForNext(): Promise<void> {
    const ms = await this.deps.msUntilNext();
    clearTimeout(this.wake);
    if (ms === null || this.deps.isStopped()) return;
    this.wake = setTimeout(() => this.fill(), Math.max(0, ms));
    this.wake.unref();
  }

  /** Drops the wake-up timer (the worker is stopping). */
  stop(): void {
    clearTimeout(this.wake);
  }

  private start(job: ClaimedJob): void {
    const run: Promise<void> = this.deps
      .run(job)
      .catch((err: unknown) => this.deps.logger.error({ err, jobId: job.id }, "job run failed"))
      .finally(() => {
        this.running.delete(run);
        this.fill();
      });
    this.running.add(run);
  }
}
