// Job workers and handler runs for the database tests (ADR 082). A test
// helper: it lives outside app/ so that no production code can import it.
import { pino } from "pino";
import { JobWorker, type Job, type JobRegistration, type JobWorkerOptions } from "~/server/jobs/worker.server";
import type { Mailer } from "~/server/notify/mailer.server";
import { notificationHandlers } from "~/server/notify/notification-jobs.server";
import type { WebhookSender } from "~/server/notify/webhook.server";

/** A worker with the notification handlers, as server/job-worker.ts registers them; stopping it closes the mailer. */
export function notificationWorker({
  mailer,
  webhook,
  ...options
}: Omit<JobWorkerOptions, "handlers" | "onStop"> & { mailer: Mailer; webhook?: WebhookSender }): JobWorker {
  return new JobWorker({ ...options, handlers: notificationHandlers({ mailer, webhook }), onStop: () => mailer.close() });
}

/** Runs a registered handler once, on a job made up for the test (id 1, no subject, an empty payload unless given). */
export function runJobHandler(registration: JobRegistration, job: Partial<Job> = {}, signal: AbortSignal = new AbortController().signal): Promise<void> {
  return registration.handle(
    { id: 1, type: registration.type.name, subject: null, payload: {}, attempts: 1, onceKey: null, createdAt: new Date(), ...job },
    { signal, logger: pino({ level: "silent" }) },
  );
}
