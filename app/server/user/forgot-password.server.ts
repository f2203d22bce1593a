import { z } from "zod";
import { and, eq, sql } from "drizzle-orm";
import { getDb, type Db } from "~/server/db/db.server";
import { jobs, users } from "~/server/db/schema.server";
import { takeFormPost } from "~/server/forms/form-rate-limit.server";
import { defineJobType, enqueueJob, nudgeJobs } from "~/server/jobs/jobs.server";
import { handleJob, type JobRegistration } from "~/server/jobs/worker.server";
import type { Mailer } from "~/server/notify/mailer.server";
import { activeStaffIdByEmail, createForgottenPasswordLink, FORGOTTEN_PASSWORD_LINK_HOURS } from "./user-admin.server";
import { formatDateTime } from "~/lib/admin-format";

/**
 * "Forgot password?" on the sign-in page (issue 49). Whoever asks gets the same
 * answer, whether or not the address is a staff member's; an active staff
 * member gets an e-mail with a one-time link (an hour) to the set-password page.
 * The link is made when the e-mail is sent, by the job: the queue never holds a
 * working link (tokens are stored as hashes, ADR 087).
 */

/** One e-mail per account in any 15 minutes, however often it is asked for: nobody fills a colleague's inbox. */
const ONE_MAIL_PER_MS = 15 * 60 * 1000;

export const forgotPasswordSchema = z.object({
  email: z.string().trim().toLowerCase().pipe(z.email("Enter your staff e-mail address, like name@example.com.")).pipe(z.string().max(320)),
});

export const PASSWORD_RESET_MAIL_JOB = defineJobType({
  name: "email.password-reset",
  lane: "short",
  // askedAt: when it was asked for (the injected clock), which the 15-minute limit counts from.
  payload: z.object({ userId: z.string().min(1), askedAt: z.iso.datetime().optional() }),
  // A link asked for hours ago is no help: after a few tries it is given up on (shown with the failing jobs).
  maxAttempts: 5,
});

export type ForgotPasswordOutcome = { status: "answered" } | { status: "invalid"; message: string } | { status: "throttled"; retryAfterSeconds: number };

/**
 * Takes a request from the public forms' budget (FORM_RATE_LIMIT per client per
 * ten minutes, ADR 060), then queues the e-mail if the address is an active
 * staff member's. The answer does not tell which.
 */
export async function requestPasswordReset(fields: { email: unknown }, clientIp: string, now: Date): Promise<ForgotPasswordOutcome> {
  const budget = await takeFormPost(clientIp);
  if (!budget.allowed) return { status: "throttled", retryAfterSeconds: budget.retryAfterSeconds };
  const parsed = forgotPasswordSchema.safeParse(fields);
  if (!parsed.success) return { status: "invalid", message: parsed.error.issues[0]?.message ?? "Enter your staff e-mail address." };
  const userId = await activeStaffIdByEmail(parsed.data.email);
  if (userId && (await queueResetMail(userId, now)) !== null) nudgeJobs();
  return { status: "answered" };
}

/**
 * Queues the e-mail unless one was asked for this user in the last 15 minutes
 * (a sliding window: a mail at 10:14 blocks until 10:29, not just to 10:15).
 * The user's row is locked while it looks, so two requests at once queue one.
 */
async function queueResetMail(userId: string, now: Date): Promise<number | null> {
  return getDb().transaction(async (tx) => {
    await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for("update");
    const since = new Date(now.getTime() - ONE_MAIL_PER_MS).toISOString();
    const [recent] = await tx
      .select({ id: jobs.id })
      .from(jobs)
      .where(
        and(
          eq(jobs.type, PASSWORD_RESET_MAIL_JOB.name),
          sql`${jobs.payload}->>'userId' = ${userId}`,
          sql`(${jobs.payload}->>'askedAt')::timestamptz > ${since}::timestamptz`,
        ),
      )
      .limit(1);
    if (recent) return null;
    const askedAt = now.toISOString();
    return enqueueJob(tx as unknown as Db, PASSWORD_RESET_MAIL_JOB, {
      payload: { userId, askedAt },
      onceKey: `${PASSWORD_RESET_MAIL_JOB.name}:${userId}:${askedAt}`,
    });
  });
}

/** The e-mail, with the link made now (it replaces any earlier link of that user). */
export function passwordResetMailHandler(mailer: Mailer): JobRegistration {
  return handleJob(PASSWORD_RESET_MAIL_JOB, async (job) => {
    // Deactivated or deleted since it was asked for: nothing to send.
    const link = await createForgottenPasswordLink(job.payload.userId);
    if (!link) return;
    const hours = FORGOTTEN_PASSWORD_LINK_HOURS === 1 ? "one hour" : `${FORGOTTEN_PASSWORD_LINK_HOURS} hours`;
    await mailer.send(
      {
        to: link.user.email,
        subject: "Choose a new password for the Pravas back office",
        text: [
          `Hello ${link.user.name},`,
          "",
          "Someone (we hope you) asked to reset your password on the back office's sign-in page. Choose a new one here:",
          "",
          link.url,
          "",
          `The link works once, until ${formatDateTime(link.expiresAt)} (${hours}). Choosing a new password signs you out everywhere.`,
          "If you did not ask for this, ignore this e-mail: your password stays as it is.",
        ].join("\n"),
      },
      job,
    );
  });
}
