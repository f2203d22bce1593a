import { recordActivity, type ActivityEntry } from "~/server/activity/activity.server";
import { formatDateTime } from "~/lib/admin-format";
import { getDb, type Db } from "~/server/db/db.server";
import { getEnv } from "~/server/env.server";
import { nudgeJobs } from "~/server/jobs/jobs.server";
import { enqueueNotifications } from "~/server/notify/notification-jobs.server";

/**
 * What changed on someone's account, for the e-mail that tells them (ASVS
 * V2.2.3): sent through the notification outbox, so it survives a crash or an
 * SMTP outage, and queued in the same transaction as the activity entry it is
 * about (the entry's id names it in the outbox).
 */
type SecurityChange = "password-changed" | "password-set" | "two-factor-on" | "two-factor-off" | "two-factor-reset" | "sign-in-failures";

const WHAT: Record<SecurityChange, { subject: string; line: string; advice?: string[] }> = {
  "password-changed": { subject: "Your Pravas password was changed", line: "The password of your Pravas back-office account was changed" },
  "password-set": { subject: "Your Pravas password was set", line: "A password was set for your Pravas back-office account with a set-password link" },
  "two-factor-on": { subject: "Two-step sign-in is on for your Pravas account", line: "Two-step sign-in was turned on for your Pravas back-office account" },
  "two-factor-off": { subject: "Two-step sign-in is off for your Pravas account", line: "Two-step sign-in was turned off for your Pravas back-office account" },
  "two-factor-reset": {
    subject: "An admin reset your Pravas two-step sign-in",
    line: "An admin reset the two-step sign-in of your Pravas back-office account",
  },
  // Someone is guessing: the account is slowed down for new browsers, never locked (ADR 086).
  "sign-in-failures": {
    subject: "Failed sign-ins to your Pravas account",
    line: "There have been 10 or more failed sign-ins to your Pravas back-office account in 15 minutes, the latest",
    advice: [
      "Your account is not locked: a browser you have signed in from before still gets straight in, and with two-step sign-in a code from your app gets you in from anywhere. New browsers wait a little between tries while the guessing goes on.",
      "If this was not you, someone may be guessing your password. Make sure it is long and used nowhere else, and turn on two-step sign-in, both on your account page.",
    ],
  },
};

function securityNoticeText(change: SecurityChange, at: Date, ip: string | null | undefined): { subject: string; text: string } {
  const { subject, line } = WHAT[change];
  const site = getEnv().SITE_URL.replace(/\/$/, "");
  return {
    subject,
    text: [
      `${line} on ${formatDateTime(at)} (India time)${ip ? ` from the address ${ip}` : ""}.`,
      "",
      ...(WHAT[change].advice
        ? [...WHAT[change].advice.flatMap((paragraph) => [paragraph, ""]), `${site}/admin/account`]
        : [
            "If this was you, there is nothing to do.",
            `If it was not, tell an admin at once: they can reset your password and end every session of your account at ${site}/admin/users.`,
          ]),
    ].join("\n"),
  };
}

/** Records the activity entry and queues the e-mail to `to` in one transaction; the outbox sends it. */
export async function recordWithSecurityNotice(entry: ActivityEntry, notice: { change: SecurityChange; to: string }, db: Db = getDb()): Promise<void> {
  const { subject, text } = securityNoticeText(notice.change, new Date(), entry.ip);
  await db.transaction(async (rawTx) => {
    const tx = rawTx as unknown as Db;
    const activityId = await recordActivity(entry, { db: tx });
    await enqueueNotifications(tx, [{ channel: "email", subject: { type: "activity", id: activityId! }, payload: { to: notice.to, subject, text } }]);
  });
  nudgeJobs();
}
