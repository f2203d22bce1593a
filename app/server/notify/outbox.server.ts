import { z } from "zod";
import { enqueueJobs, type DbExecutor, type JobSubject } from "~/server/jobs/jobs.server";
import { JobWorker, PermanentJobError, type Job, type JobHandler, type JobWorkerOptions } from "~/server/jobs/worker.server";
import type { Mailer } from "./mailer.server";
import { webhookPayloadSchema, type WebhookPayload, type WebhookSender } from "./webhook.server";

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

/** What a notification is about: an enquiry, an activity entry (a security notice) or a digest claim. */
export type OutboxSubject = {
  /** The seat-request-* subjects are the visitor's e-mails about a seat request (ADR 059): one each, by lead id. */
  type: "lead" | "contact-message" | "activity" | "digest" | "seat-request-ack" | "seat-request-confirmed" | "seat-request-cancelled";
  id: number;
} & JobSubject;

/** The job types that are notifications; the job table also runs backups and image work. */
export const NOTIFICATION_CHANNELS = ["email", "webhook"] as const;

/** One notification to queue (a job of type "email" or "webhook"). */
export type QueuedNotification =
  { channel: "email"; subject: OutboxSubject; payload: EmailPayload } | { channel: "webhook"; subject: OutboxSubject; payload: WebhookPayload };

/**
 * Queues notifications as jobs, in the transaction that stores what they are
 * about; then call `nudgeJobs()` once it has committed. Returns the jobs' ids.
 */
export async function enqueueNotifications(tx: DbExecutor, notifications: QueuedNotification[]): Promise<number[]> {
  return enqueueJobs(
    tx,
    notifications.map(({ channel, subject, payload }) => ({
      type: channel,
      subject,
      payload: channel === "email" ? emailPayloadSchema.parse(payload) : webhookPayloadSchema.parse(payload),
    })),
  );
}

/** Queues the team's e-mail about `subject` (an enquiry, a digest claim). */
export async function enqueueTeamEmail(tx: DbExecutor, subject: OutboxSubject, email: EmailPayload): Promise<number> {
  const [id] = await enqueueNotifications(tx, [{ channel: "email", subject, payload: email }]);
  return id!;
}

function parsePayload<T>(schema: z.ZodType<T>, job: Job): T {
  const parsed = schema.safeParse(job.payload);
  if (!parsed.success) throw new PermanentJobError(`invalid payload: ${parsed.error.message}`);
  return parsed.data;
}

/**
 * The job handlers of the notifications: "email" sends through the mailer
 * (SMTP, or .eml files without it), "webhook" POSTs to WEBHOOK_URL. Both name
 * a repeat the same way each time (Message-ID, delivery header).
 */
function notificationHandlers({ mailer, webhook }: { mailer: Mailer; webhook?: WebhookSender }): Record<string, JobHandler> {
  return {
    email: async (job) => {
      await mailer.send(parsePayload(emailPayloadSchema, job), job);
    },
    webhook: async (job) => {
      // WEBHOOK_URL was unset after the job was queued.
      if (!webhook) throw new PermanentJobError("WEBHOOK_URL is not set");
      await webhook.send(parsePayload(webhookPayloadSchema, job), job);
    },
  };
}

/** A job worker for the notifications; stopping it closes the mailer (its SMTP connections). */
export function notificationWorker({
  mailer,
  webhook,
  handlers,
  ...options
}: Omit<JobWorkerOptions, "handlers" | "onStop"> & { mailer: Mailer; webhook?: WebhookSender; handlers?: JobWorkerOptions["handlers"] }): JobWorker {
  // `handlers`: other job types this server runs (the automatic backups, ADR 054).
  return new JobWorker({ ...options, handlers: { ...handlers, ...notificationHandlers({ mailer, webhook }) }, onStop: () => mailer.close() });
}
