import crypto from "node:crypto";
import os from "node:os";
import { and, asc, eq, inArray, isNull, lte, or, sql } from "drizzle-orm";
import type { Logger } from "pino";
import { getDatabaseKind, getDb } from "~/server/db/db.server";
import { contactMessages, leads, notificationOutbox as outbox, type OutboxRow } from "~/server/db/schema.server";
import { getLogger } from "~/server/logger.server";
import { SMTP_TIMEOUTS, type Mailer } from "./mailer.server";
import { backoffDelay, errorText, sleep, withTimeout } from "./retry.server";
import { emailPayloadSchema, outboxPayloadSchemas, setOutboxNudge, type DeliverableChannel } from "./outbox.server";
import { webhookPayloadSchema, type WebhookSender } from "./webhook.server";

export type OutboxWorkerOptions = {
  mailer: Mailer;
  /** Delivers the 'webhook' rows; without it they fail (WEBHOOK_URL was unset after they were queued). */
  webhook?: WebhookSender;
  /** How often to look for due rows; new enquiries nudge the worker at once. */
  pollMs?: number;
  /**
   * Rows claimed (and sent in parallel) at a time. 1 by default: a crash can
   * then leave at most one accepted-but-unmarked message to be sent again, and
   * no claimed rows wait for a dead worker's lease.
   */
  batchSize?: number;
  /** A claimed row is this worker's for this long; it must outlast a send. */
  leaseMs?: number;
  /** Longest a send may take before it counts as failed. */
  sendTimeoutMs?: number;
  /** Wait before try n+1 is baseDelayMs × 2^(n-1) ±10 %, at most maxDelayMs. */
  baseDelayMs?: number;
  maxDelayMs?: number;
  /** After this many failed tries the row is marked failed (kept for the dashboard). */
  maxAttempts?: number;
  /**
   * Whether the server is busy answering requests. While it is, the worker
   * waits up to `yieldMs` before each row, so a burst of enquiries is stored
   * (and answered) first and mailed just after; it never stops altogether.
   */
  busy?: () => boolean;
  yieldMs?: number;
  workerId?: string;
  logger?: Logger;
};

type ClaimedRow = Pick<OutboxRow, "id" | "channel" | "subjectType" | "subjectId" | "payload" | "attempts" | "createdAt">;

const SEND_TIMEOUT_MS = SMTP_TIMEOUTS.connectionTimeout + SMTP_TIMEOUTS.greetingTimeout + SMTP_TIMEOUTS.socketTimeout;

export const OUTBOX_DEFAULTS = {
  pollMs: 10_000,
  batchSize: 1,
  sendTimeoutMs: SEND_TIMEOUT_MS,
  leaseMs: 2 * SEND_TIMEOUT_MS,
  baseDelayMs: 30_000,
  maxDelayMs: 60 * 60_000,
  maxAttempts: 12,
  yieldMs: 250,
};

/**
 * Delivers the notification outbox (ADR 020). Claims due rows atomically with
 * FOR UPDATE SKIP LOCKED and a lease, so several servers sharing PostgreSQL
 * never send the same row; sends each; marks it sent at once (the only
 * at-least-once window is between the SMTP server's 250 and that update).
 */
export class OutboxWorker {
  readonly id: string;
  private readonly options: Required<Omit<OutboxWorkerOptions, "workerId" | "logger" | "mailer" | "webhook" | "busy">>;
  private readonly busy: () => boolean;
  private readonly mailer: Mailer;
  private readonly webhook: WebhookSender | undefined;
  private readonly logger: Logger;
  private timer: NodeJS.Timeout | undefined;
  private draining: Promise<void> | undefined;
  private again = false;
  private stopped = false;

  constructor({ mailer, webhook, workerId, logger, busy, ...options }: OutboxWorkerOptions) {
    this.mailer = mailer;
    this.webhook = webhook;
    this.busy = busy ?? (() => false);
    this.options = { ...OUTBOX_DEFAULTS, ...options };
    this.id = workerId ?? `${os.hostname()}:${process.pid}:${crypto.randomBytes(4).toString("hex")}`;
    this.logger = (logger ?? getLogger()).child({ component: "outbox", worker: this.id });
  }

  /** Starts polling, listens for nudges, and sends whatever is due now. */
  async start(): Promise<void> {
    this.stopped = false;
    // Embedded PGlite admits one process (a lock file), so any lease found at
    // start belongs to a process that died: its rows need not wait for it to end.
    if (getDatabaseKind() !== "postgres") await this.releaseAllLeases().catch((err) => this.logger.warn({ err }, "could not release leases"));
    setOutboxNudge(() => this.nudge());
    this.schedulePoll();
    this.nudge();
    this.logger.info({ mailer: this.mailer.kind, webhook: Boolean(this.webhook) }, "outbox worker started");
  }

  /** Stops polling and waits for the sends under way to be recorded. */
  async stop(): Promise<void> {
    this.stopped = true;
    clearTimeout(this.timer);
    setOutboxNudge(undefined);
    // A hung SMTP server must not hold up shutdown for long: its rows' leases end and they are retried.
    if (this.draining) {
      let timer: NodeJS.Timeout | undefined;
      const giveUp = new Promise<void>((resolve) => (timer = setTimeout(resolve, 10_000)));
      await Promise.race([this.draining, giveUp]).finally(() => clearTimeout(timer));
    }
    this.mailer.close();
  }

  /** Runs a drain now, or once more after the one under way. */
  nudge(): void {
    if (this.stopped) return;
    if (this.draining) {
      this.again = true;
      return;
    }
    this.draining = this.drain().finally(() => {
      this.draining = undefined;
    });
  }

  /** Resolves once no drain is running (tests). */
  async idle(): Promise<void> {
    while (this.draining) await this.draining;
  }

  private schedulePoll() {
    this.timer = setTimeout(() => {
      this.nudge();
      if (!this.stopped) this.schedulePoll();
    }, this.options.pollMs);
    this.timer.unref();
  }

  private async drain(): Promise<void> {
    do {
      this.again = false;
      try {
        // A full batch means there may be more.
        let claimed = this.options.batchSize;
        while (!this.stopped && claimed === this.options.batchSize) {
          await this.yieldToRequests();
          claimed = await this.runOnce();
        }
      } catch (err) {
        // The database may be down; the next poll tries again.
        this.logger.warn({ err }, "outbox drain failed");
      }
    } while (this.again && !this.stopped);
  }

  /** Waits while the server is busy with requests, at most yieldMs. */
  private async yieldToRequests(): Promise<void> {
    const until = performance.now() + this.options.yieldMs;
    while (!this.stopped && this.busy() && performance.now() < until) await sleep(10);
  }

  /** Claims one batch of due rows and delivers it. Returns how many were claimed. */
  async runOnce(): Promise<number> {
    const rows = await this.claim();
    await Promise.all(rows.map((row) => this.deliver(row)));
    return rows.length;
  }

  /** Takes up to batchSize due rows; rows another worker holds are skipped, never waited for. */
  async claim(): Promise<ClaimedRow[]> {
    const db = getDb();
    const channels = Object.keys(outboxPayloadSchemas) as DeliverableChannel[];
    const due = db
      .select({ id: outbox.id })
      .from(outbox)
      .where(
        and(
          eq(outbox.status, "pending"),
          lte(outbox.nextAttemptAt, sql`now()`),
          inArray(outbox.channel, channels),
          or(isNull(outbox.lockedUntil), lte(outbox.lockedUntil, sql`now()`)),
        ),
      )
      .orderBy(asc(outbox.nextAttemptAt), asc(outbox.id))
      .limit(this.options.batchSize)
      .for("update", { skipLocked: true });
    return db
      .update(outbox)
      .set({
        lockedUntil: sql`now() + ${this.options.leaseMs}::integer * interval '1 millisecond'`,
        lockedBy: this.id,
        attempts: sql`${outbox.attempts} + 1`,
        lastAttemptAt: sql`now()`,
      })
      .where(inArray(outbox.id, due))
      .returning({
        id: outbox.id,
        channel: outbox.channel,
        subjectType: outbox.subjectType,
        subjectId: outbox.subjectId,
        payload: outbox.payload,
        attempts: outbox.attempts,
        createdAt: outbox.createdAt,
      });
  }

  /** The send for a row's channel, or why it cannot be sent (retrying cannot fix that). */
  private sendOf(row: ClaimedRow): { send: () => Promise<{ id?: string }> } | { problem: string } {
    const invalid = (error: { message: string }) => ({ problem: `invalid payload: ${error.message}` });
    if (row.channel === "webhook") {
      const webhook = this.webhook;
      if (!webhook) return { problem: "WEBHOOK_URL is not set" };
      const parsed = webhookPayloadSchema.safeParse(row.payload);
      return parsed.success ? { send: () => webhook.send(parsed.data, row) } : invalid(parsed.error);
    }
    const parsed = emailPayloadSchema.safeParse(row.payload);
    return parsed.success ? { send: () => this.mailer.send(parsed.data, row) } : invalid(parsed.error);
  }

  private async deliver(row: ClaimedRow): Promise<void> {
    const delivery = this.sendOf(row);
    if ("problem" in delivery) {
      await this.recordFailure(row, delivery.problem, true);
      return;
    }
    let sentId: string | undefined;
    const sendStarted = performance.now();
    try {
      sentId = (await withTimeout(delivery.send(), this.options.sendTimeoutMs)).id;
    } catch (error) {
      await this.recordFailure(row, errorText(error), false);
      return;
    }
    await this.recordSent(row, sentId, performance.now() - sendStarted);
  }

  /**
   * Marks the row sent and its enquiry notified. One statement, so one round
   * trip: the time between the relay's 250 and this commit is the only window
   * in which a crash makes the message go out twice. Retried briefly so a
   * database blip does not cause a resend.
   */
  private async recordSent(row: ClaimedRow, sentId: string | undefined, sendMs: number): Promise<void> {
    const accepted = performance.now();
    const subject = row.subjectType === "lead" ? leads : contactMessages;
    const notified = row.channel === "email";
    for (let attempt = 1; ; attempt++) {
      try {
        await getDb().execute(sql`
          with marked as (
            update ${outbox}
            set status = 'sent', sent_at = now(), locked_until = null, locked_by = null, last_error = null
            where ${outbox.id} = ${row.id} and ${outbox.status} = 'pending'
            returning ${outbox.id}
          )
          update ${subject} set notified_at = now()
          where ${subject.id} = ${row.subjectId} and ${notified} and exists (select 1 from marked)`);
        // markMs is the at-least-once window this send went through (ADR 020).
        const markMs = Math.round(performance.now() - accepted);
        this.logger.info({ outboxId: row.id, subject: `${row.subjectType}:${row.subjectId}`, sentId, sendMs: Math.round(sendMs), markMs }, "notification sent");
        return;
      } catch (err) {
        if (attempt >= 5 || this.stopped) {
          this.logger.error({ err, outboxId: row.id }, "notification sent but not marked: it will be sent again when its lease ends");
          return;
        }
        await sleep(200 * attempt);
      }
    }
  }

  private async recordFailure(row: ClaimedRow, error: string, permanent: boolean): Promise<void> {
    const giveUp = permanent || row.attempts >= this.options.maxAttempts;
    const delay = backoffDelay(row.attempts, this.options.baseDelayMs, this.options.maxDelayMs);
    const log = giveUp ? this.logger.error.bind(this.logger) : this.logger.warn.bind(this.logger);
    log({ outboxId: row.id, attempts: row.attempts, error, retryInMs: giveUp ? undefined : delay }, giveUp ? "notification failed: giving up" : "notification failed: will retry");
    try {
      await getDb()
        .update(outbox)
        .set({
          status: giveUp ? "failed" : "pending",
          lastError: error.slice(0, 2000),
          nextAttemptAt: sql`now() + ${delay}::integer * interval '1 millisecond'`,
          lockedUntil: null,
          lockedBy: null,
        })
        .where(and(eq(outbox.id, row.id), eq(outbox.lockedBy, this.id)));
    } catch (err) {
      // The lease ends on its own and the row is tried again.
      this.logger.warn({ err, outboxId: row.id }, "could not record a failed notification");
    }
  }

  private async releaseAllLeases(): Promise<void> {
    await getDb()
      .update(outbox)
      .set({ lockedUntil: null, lockedBy: null })
      .where(and(eq(outbox.status, "pending"), sql`${outbox.lockedUntil} is not null`));
  }
}
