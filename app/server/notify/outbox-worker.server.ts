import crypto from "node:crypto";
import os from "node:os";
import { and, asc, eq, inArray, isNull, lte, or, sql } from "drizzle-orm";
import type { Logger } from "pino";
import { getDatabaseKind, getDb } from "~/server/db/db.server";
import { contactMessages, leads, notificationOutbox as outbox, type OutboxRow } from "~/server/db/schema.server";
import { getLogger } from "~/server/logger.server";
import { SMTP_TIMEOUTS, type Mailer, type SendResult } from "./mailer.server";
import { backoffDelay, errorText, sleep, withTimeout } from "./retry.server";
import { SentJournal } from "./sent-journal.server";
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
  /**
   * The sent-journal file (DATA_DIR/outbox-sent.journal on a server): each
   * accepted send is written there before anything else, and a worker marks the
   * rows it names sent before claiming any. Without it a crash between the
   * relay's 250 and the database's mark sends that message again.
   */
  journalFile?: string;
  /** Tests: runs right after a send is journaled; a promise that never settles stands for a process killed there. */
  afterJournal?: (outboxId: number) => Promise<void> | void;
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
  private readonly options: Required<Omit<OutboxWorkerOptions, "workerId" | "logger" | "mailer" | "webhook" | "busy" | "journalFile" | "afterJournal">>;
  private readonly journal: SentJournal | undefined;
  private readonly afterJournal: OutboxWorkerOptions["afterJournal"];
  private readonly busy: () => boolean;
  private readonly mailer: Mailer;
  private readonly webhook: WebhookSender | undefined;
  private readonly logger: Logger;
  private timer: NodeJS.Timeout | undefined;
  private draining: Promise<void> | undefined;
  private again = false;
  private stopped = false;

  constructor({ mailer, webhook, workerId, logger, busy, journalFile, afterJournal, ...options }: OutboxWorkerOptions) {
    this.mailer = mailer;
    this.journal = journalFile ? new SentJournal(journalFile) : undefined;
    this.afterJournal = afterJournal;
    this.webhook = webhook;
    this.busy = busy ?? (() => false);
    this.options = { ...OUTBOX_DEFAULTS, ...options };
    this.id = workerId ?? `${os.hostname()}:${process.pid}:${crypto.randomBytes(4).toString("hex")}`;
    this.logger = (logger ?? getLogger()).child({ component: "outbox", worker: this.id });
  }

  /** Starts polling, listens for nudges, and sends whatever is due now. */
  async start(): Promise<void> {
    this.stopped = false;
    // Before claiming anything: the rows the relay accepted just before a crash are sent, not to be sent again.
    await this.applyJournal();
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
    this.journal?.close();
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
  private sendOf(row: ClaimedRow): { send: () => Promise<SendResult> } | { problem: string } {
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
    // The relay accepted it before (the journal says so), but it was never marked: mark it, never resend it.
    if (this.journal?.has(row.id)) {
      await this.recordSent(row, { fromJournal: true });
      return;
    }
    const delivery = this.sendOf(row);
    if ("problem" in delivery) {
      await this.recordFailure(row, delivery.problem, true);
      return;
    }
    const sendStarted = Date.now();
    let journaledAt: number | undefined;
    let syncMs: number | undefined;
    // The SMTP thread journals the 250 itself. Otherwise it is journaled in the
    // very turn that reads the acceptance (the webhook's 2xx): the promise
    // callbacks in between are microtasks. Also when the acceptance comes after
    // the timeout: the row is then not sent again.
    this.journal?.sending(+1);
    const accepted = delivery.send().then(
      async (result) => {
        ({ journaledAt, syncMs } = result);
        try {
          if (result.journaled) this.journal?.recorded(row.id);
          else if (this.journal) ({ writtenAt: journaledAt, syncMs } = this.journal.record(row.id));
        } catch (err) {
          this.logger.error({ err, outboxId: row.id }, "could not write the sent-journal: a crash before the mark would send this again");
        } finally {
          this.journal?.sending(-1);
        }
        journaledAt ??= performance.timeOrigin + performance.now();
        await this.afterJournal?.(row.id);
        return result;
      },
      (error: unknown) => {
        this.journal?.sending(-1);
        throw error;
      },
    );
    let sentId: string | undefined;
    try {
      sentId = (await withTimeout(accepted, this.options.sendTimeoutMs)).id;
    } catch (error) {
      await this.recordFailure(row, errorText(error), false);
      return;
    }
    await this.recordSent(row, { sentId, sendMs: (journaledAt ?? Date.now()) - sendStarted, journaledAt, syncMs });
  }

  /**
   * Marks rows sent and their enquiries notified (for e-mail rows), in one
   * statement: after each accepted send, and for the rows a journal names.
   * Returns the ids it changed (a row already marked is left as it is).
   */
  private async markSent(ids: number[]): Promise<number[]> {
    const result = await getDb().execute(sql`
      with marked as (
        update ${outbox}
        set status = 'sent', sent_at = now(), locked_until = null, locked_by = null, last_error = null
        where ${outbox.id} in (${sql.join(ids.map((id) => sql`${id}`), sql`, `)}) and ${outbox.status} <> 'sent'
        returning ${outbox.id} as id, ${outbox.channel} as channel, ${outbox.subjectType} as subject_type, ${outbox.subjectId} as subject_id
      ),
      notified_leads as (
        update ${leads} set notified_at = now()
        where ${leads.id} in (select subject_id from marked where channel = 'email' and subject_type = 'lead')
      ),
      notified_messages as (
        update ${contactMessages} set notified_at = now()
        where ${contactMessages.id} in (select subject_id from marked where channel = 'email' and subject_type = 'contact-message')
      )
      select id from marked`);
    return (result as unknown as { rows: Array<{ id: number }> }).rows.map((row) => Number(row.id));
  }

  /**
   * Records an accepted send in the database, then drops it from the journal.
   * Retried briefly so a database blip does not leave it to the journal.
   */
  private async recordSent(row: ClaimedRow, sent: { sentId?: string; sendMs?: number; journaledAt?: number; syncMs?: number; fromJournal?: boolean }): Promise<void> {
    const started = performance.now();
    for (let attempt = 1; ; attempt++) {
      try {
        await this.markSent([row.id]);
        this.journal?.marked([row.id]);
        // markMs: how long the mark took (before the journal, the window in which a crash repeated a message).
        // journaledAt (epoch ms): when the acceptance was written to the journal (or seen, without one); the crash
        // bench compares it with the relay's 250. syncMs: the journal's flush to disk after that write.
        this.logger.info(
          {
            outboxId: row.id,
            subject: `${row.subjectType}:${row.subjectId}`,
            sentId: sent.sentId,
            sendMs: sent.sendMs === undefined ? undefined : Math.round(sent.sendMs),
            journaledAt: sent.journaledAt === undefined ? undefined : Number(sent.journaledAt.toFixed(1)),
            syncMs: sent.syncMs === undefined ? undefined : Number(sent.syncMs.toFixed(1)),
            markMs: Math.round(performance.now() - started),
            fromJournal: sent.fromJournal,
          },
          "notification sent",
        );
        return;
      } catch (err) {
        if (attempt >= 5 || this.stopped) {
          this.logger.error(
            { err, outboxId: row.id, journaled: Boolean(this.journal) },
            this.journal ? "notification sent but not marked: the journal marks it later" : "notification sent but not marked: it will be sent again when its lease ends",
          );
          return;
        }
        await sleep(200 * attempt);
      }
    }
  }

  /** At start, before claiming: marks sent the rows an earlier process journaled as accepted. */
  private async applyJournal(): Promise<void> {
    if (!this.journal) return;
    const ids = this.journal.load();
    if (ids.length === 0) return;
    try {
      const marked = await this.markSent(ids);
      this.journal.marked(ids);
      // outboxIds: marked now (each a repeat avoided); the others had been marked just before the crash.
      this.logger.info({ outboxIds: marked, alreadyMarked: ids.filter((id) => !marked.includes(id)) }, "sent-journal applied: rows the relay accepted before a crash are marked sent");
    } catch (err) {
      // They stay in the journal: each is marked, not sent, when it is claimed.
      this.logger.warn({ err, outboxIds: ids }, "could not apply the sent-journal yet");
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
