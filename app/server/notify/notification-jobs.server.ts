import { z } from "zod";
import { defineJobType, enqueueJobs, subjectOnceKey, type DbExecutor, type JobSubject } from "~/server/jobs/jobs.server";
import { handleJob, PermanentJobError, type JobRegistration } from "~/server/jobs/worker.server";
import { retryFailedJobsOfType } from "~/server/jobs/failing-jobs.server";
import type { Mailer } from "./mailer.server";
import { webhookPayloadSchema, type WebhookPayload, type WebhookSender } from "./webhook.server";

/**
 * An e-mail. From is never here: it is always ours (MAIL_FROM), added when
 * sending. Reply-To is the visitor's address when they gave one.
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

/** The notification job types (ADR 082): an e-mail through the mailer, an enquiry POSTed to WEBHOOK_URL. Both short. */
export const EMAIL_JOB = defineJobType({ name: "email", lane: "short", payload: emailPayloadSchema });
export const WEBHOOK_JOB = defineJobType({ name: "webhook", lane: "short", payload: webhookPayloadSchema });

/** The job types that are notifications ("waiting to send", "last sent"); the queue also runs backups and image work. */
export const NOTIFICATION_JOB_TYPES = [EMAIL_JOB.name, WEBHOOK_JOB.name];

/** What a notification is about: an enquiry, an activity entry (a security notice) or a digest claim. */
export type NotificationSubject = {
  /** The seat-request-* subjects are the visitor's e-mails about a seat request (ADR 059): one each, by lead id. */
  type: "lead" | "contact-message" | "activity" | "digest" | "seat-request-ack" | "seat-request-confirmed" | "seat-request-cancelled";
  id: number;
} & JobSubject;

/** One notification to queue: one e-mail or webhook call per subject, however often it is asked for. */
export type QueuedNotification =
  | { channel: "email"; subject: NotificationSubject; payload: EmailPayload }
  | { channel: "webhook"; subject: NotificationSubject; payload: WebhookPayload };

/**
 * Queues notifications as jobs, in the transaction that stores what they are
 * about; then call `nudgeJobs()` once it has committed. Each is queued once
 * per subject and channel (its once-key). Returns the jobs' ids.
 */
export async function enqueueNotifications(tx: DbExecutor, notifications: QueuedNotification[]): Promise<number[]> {
  const of = <C extends QueuedNotification["channel"]>(channel: C) =>
    notifications.filter((item): item is Extract<QueuedNotification, { channel: C }> => item.channel === channel);
  const jobFor = <P>(type: { name: string }, { subject, payload }: { subject: NotificationSubject; payload: P }) => ({
    payload,
    subject,
    onceKey: subjectOnceKey(type, subject),
  });
  const emails = await enqueueJobs(
    tx,
    EMAIL_JOB,
    of("email").map((item) => jobFor(EMAIL_JOB, item)),
  );
  const webhooks = await enqueueJobs(
    tx,
    WEBHOOK_JOB,
    of("webhook").map((item) => jobFor(WEBHOOK_JOB, item)),
  );
  return [...emails, ...webhooks];
}

/** Queues the team's e-mail about `subject` (an enquiry, a digest claim). */
export async function enqueueTeamEmail(tx: DbExecutor, subject: NotificationSubject, email: EmailPayload): Promise<void> {
  await enqueueNotifications(tx, [{ channel: "email", subject, payload: email }]);
}

/**
 * The notification handlers, registered with the job worker at start: an
 * e-mail goes through the mailer (SMTP, or .eml files without it), a webhook
 * call to WEBHOOK_URL. Both name a repeat the same way each time (Message-ID,
 * delivery header), so a repeat after a crash is seen as one message.
 */
export function notificationHandlers({ mailer, webhook }: { mailer: Mailer; webhook?: WebhookSender }): JobRegistration[] {
  // Since this server started or its last send failed, no send has succeeded: earlier e-mails may wait in back-off.
  let relayMayHaveFailed = true;
  return [
    handleJob(EMAIL_JOB, async (job, { logger }) => {
      try {
        await mailer.send(job.payload, job);
      } catch (error) {
        relayMayHaveFailed = true;
        throw error;
      }
      if (!relayMayHaveFailed) return;
      relayMayHaveFailed = false;
      // The relay takes mail again: the e-mails that failed go now, not after their back-off (issue 49). Once per
      // recovery, not after every send (a write per e-mail otherwise).
      await retryFailedJobsOfType(EMAIL_JOB.name, { except: job.id }).catch((err: unknown) =>
        logger.warn({ err }, "could not make the failed e-mails due again"),
      );
    }),
    handleJob(WEBHOOK_JOB, async (job, { signal }) => {
      // WEBHOOK_URL was unset after the job was queued.
      if (!webhook) throw new PermanentJobError("WEBHOOK_URL is not set");
      await webhook.send(job.payload, job, signal);
    }),
  ];
}
