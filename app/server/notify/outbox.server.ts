import { and, desc, eq, gt, or, sql } from "drizzle-orm";
import { z } from "zod";
import type { Db } from "~/server/db/db.server";
import { getDb } from "~/server/db/db.server";
import { notificationOutbox, type OutboxSubjectType } from "~/server/db/schema.server";
import { getEnv } from "~/server/env.server";
import { getStoredSiteSettings } from "~/server/settings/settings.server";
import { webhookPayloadSchema, type WebhookPayload } from "./webhook.server";

/** A transaction handle, or the database itself. */
export type DbExecutor = Db | Parameters<Parameters<Db["transaction"]>[0]>[0];

/**
 * An e-mail to the team. From is never here: it is always ours (MAIL_FROM),
 * added when sending. Reply-To is the visitor's address when they gave one.
 */
export const emailPayloadSchema = z.object({
  // Not z.email(): the site settings' address is checked where it is edited,
  // and an odd one must not stop an enquiry from being stored.
  to: z.string().trim().min(3).max(1000),
  subject: z.string().max(1000),
  text: z.string().max(100_000),
  replyTo: z.email().optional(),
});
export type EmailPayload = z.infer<typeof emailPayloadSchema>;

/** One payload schema per channel. */
export const outboxPayloadSchemas = { email: emailPayloadSchema, webhook: webhookPayloadSchema } as const;
export type DeliverableChannel = keyof typeof outboxPayloadSchemas;

export type OutboxSubject = { type: OutboxSubjectType; id: number };

/** Where the team's e-mail goes: the settings' "enquiry e-mails to", else NOTIFY_EMAIL (a first-start default), else the agency's e-mail. */
export async function teamAddress(): Promise<string> {
  const settings = await getStoredSiteSettings();
  return settings.notifyEmail ?? getEnv().NOTIFY_EMAIL ?? settings.email;
}

/**
 * Queues the team's e-mail about an enquiry. Call it inside the transaction
 * that stores the enquiry, so both are stored or neither is; then call
 * `nudgeOutbox()` once the transaction has committed.
 */
export async function enqueueTeamEmail(tx: DbExecutor, subject: OutboxSubject, email: EmailPayload): Promise<number> {
  const [id] = await enqueueNotifications(tx, [{ channel: "email", subject, payload: email }]);
  return id!;
}

/** One notification to queue: an e-mail or a webhook copy, about one enquiry. */
export type QueuedNotification =
  | { channel: "email"; subject: OutboxSubject; payload: EmailPayload }
  | { channel: "webhook"; subject: OutboxSubject; payload: WebhookPayload };

/**
 * Queues many notifications in one statement, in the transaction that stores
 * their enquiries (group commit stores many leads at once). Returns the rows' ids.
 */
export async function enqueueNotifications(tx: DbExecutor, notifications: QueuedNotification[]): Promise<number[]> {
  if (notifications.length === 0) return [];
  const rows = await tx
    .insert(notificationOutbox)
    .values(
      notifications.map(({ channel, subject, payload }) => ({
        channel,
        subjectType: subject.type,
        subjectId: subject.id,
        payload: outboxPayloadSchemas[channel].parse(payload),
      })),
    )
    .returning({ id: notificationOutbox.id });
  return rows.map((row) => row.id);
}

/** Queues the webhook's copy of an enquiry, in the transaction that stores it (like `enqueueTeamEmail`). */
export async function enqueueWebhook(tx: DbExecutor, subject: OutboxSubject, payload: WebhookPayload): Promise<number> {
  const [id] = await enqueueNotifications(tx, [{ channel: "webhook", subject, payload }]);
  return id!;
}

// The worker lives in the server entry's bundle, the enquiry code in React
// Router's: they meet on globalThis, like the database instance.
const globalForOutbox = globalThis as typeof globalThis & { __pravasOutboxNudge?: () => void };

/** Wakes this process's outbox worker, if one runs, so a new notification goes out at once. */
export function nudgeOutbox(): void {
  globalForOutbox.__pravasOutboxNudge?.();
}

/** Called by the worker when it starts (a function) and stops (undefined). */
export function setOutboxNudge(nudge: (() => void) | undefined): void {
  globalForOutbox.__pravasOutboxNudge = nudge;
}

/**
 * Deliveries that keep failing, for the dashboard: given up on, or pending
 * after at least `minAttempts` failed tries. Newest first.
 */
export async function listFailingDeliveries(options: { minAttempts?: number; limit?: number } = {}) {
  const t = notificationOutbox;
  return getDb()
    .select({
      id: t.id,
      channel: t.channel,
      subjectType: t.subjectType,
      subjectId: t.subjectId,
      status: t.status,
      attempts: t.attempts,
      lastError: t.lastError,
      lastAttemptAt: t.lastAttemptAt,
      nextAttemptAt: t.nextAttemptAt,
      createdAt: t.createdAt,
    })
    .from(t)
    .where(
      or(eq(t.status, "failed"), and(eq(t.status, "pending"), gt(t.attempts, (options.minAttempts ?? 3) - 1))),
    )
    .orderBy(desc(t.createdAt), desc(t.id))
    .limit(options.limit ?? 50);
}

/**
 * The dashboard's retry button: a failed (or retrying) delivery becomes due now
 * with a fresh count of attempts. A sent one is never sent again.
 * Returns whether a row was changed.
 */
export async function retryDelivery(id: number): Promise<boolean> {
  const t = notificationOutbox;
  const rows = await getDb()
    .update(t)
    .set({ status: "pending", attempts: 0, nextAttemptAt: sql`now()` })
    .where(and(eq(t.id, id), or(eq(t.status, "failed"), eq(t.status, "pending"))))
    .returning({ id: t.id });
  if (rows.length > 0) nudgeOutbox();
  return rows.length > 0;
}
