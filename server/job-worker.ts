import type { Logger } from "pino";
import { passwordResetMailHandler } from "~/server/user/forgot-password.server";
import { encryptionKeyFromEnv } from "~/server/backup/backup-env.server";
import { backupJobHandler } from "~/server/backup/backup-job.server";
import type { BackupStore } from "~/server/backup/backup-store.server";
import type { Env } from "~/server/env.server";
import { JobWorker, stableWorkerId } from "~/server/jobs/worker.server";
import { portraitCutJobHandler } from "~/server/media-library/portrait-backfill.server";
import type { PrivateFileStore } from "~/server/media/private-store.server";
import type { MediaStorage } from "~/server/media/storage.server";
import { createMailerFromEnv } from "~/server/notify/mailer.server";
import { notificationHandlers } from "~/server/notify/notification-jobs.server";
import { createWebhookSender } from "~/server/notify/webhook.server";
import { paymentEventHandler } from "~/server/payment-ledger/gateway-events.server";
import { paymentReminderHandler } from "~/server/payment-ledger/payment-reminder-jobs.server";
import { followBookingTotal } from "~/server/payment-ledger/schedule-write.server";
import { tcsReworkHandler } from "~/server/document/tcs-rework.server";
import { tripMessageHandler } from "~/server/trip/trip-messages.server";

/**
 * This server's job worker (ADR 082), built once at start with the other
 * services: every job type's handler is registered here, with what it needs
 * (the mailer, the media storage, the backup store). A new job type adds its
 * handler to this list. The worker id is the host and port, so a restarted
 * server takes back the jobs it held at once.
 */
export function createJobWorker(options: {
  env: Env;
  logger: Logger;
  mediaStorage: MediaStorage;
  /** Payment proofs (ADR 114): in the backups too. */
  privateStore?: PrivateFileStore;
  backupStore: BackupStore | undefined;
  /** The server is answering requests: jobs wait a little (ADR 050). */
  busy: () => boolean;
  /** A test run's clock (moved on through /__e2e): jobs queued for later are due by it. Unset: the database's clock. */
  clock?: { now(): Date };
  /** The clock payments are dated by (a test run's, or the system's). */
  paymentClock?: { now(): Date };
}): JobWorker {
  const { env, logger, mediaStorage, backupStore } = options;
  const mailer = createMailerFromEnv();
  const paymentClock = options.paymentClock ?? { now: () => new Date() };
  const webhook = env.WEBHOOK_URL ? createWebhookSender({ url: env.WEBHOOK_URL, format: env.WEBHOOK_FORMAT }) : undefined;
  return new JobWorker({
    workerId: stableWorkerId(env.PORT),
    handlers: [
      // Short lane: the notifications (ADR 050, 030).
      ...notificationHandlers({ mailer, webhook }),
      // Short lane: "Forgot password?" e-mails (issue 49).
      passwordResetMailHandler(mailer),
      // Short lane: verified gateway events become payments (ADR 090).
      paymentEventHandler(paymentClock),
      // Short lane: balance-due e-mails with the UPI QR (issue 46), read again when sent: none once paid.
      paymentReminderHandler({ mailer, clock: paymentClock }),
      // Short lane: the traveller's scheduled messages (issue 48, ADR 117), read again when they run: none once cancelled or moved.
      tripMessageHandler(paymentClock),
      // Short lane: a TCS rule taking effect prices the rest of the open bookings at it (ADR 122), the rules read again when it runs.
      tcsReworkHandler({ clock: paymentClock, followTotal: followBookingTotal }),
      // Long lane: image cuts for older images (ADR 076) and the automatic backups (ADRs 054, 063).
      portraitCutJobHandler(mediaStorage),
      ...(backupStore
        ? [backupJobHandler({ store: backupStore, storage: mediaStorage, privateStore: options.privateStore, key: encryptionKeyFromEnv(env), logger })]
        : []),
    ],
    pollMs: env.OUTBOX_POLL_MS,
    logger,
    busy: options.busy,
    clock: options.clock,
    // The SMTP pool closes once the jobs under way are recorded.
    onStop: () => mailer.close(),
  });
}
