import { and, desc, eq, gt, isNotNull, isNull } from "drizzle-orm";
import { z } from "zod";
import { addDays } from "~/lib/calendar-date";
import { indianDate, indianTimeOn } from "~/lib/follow-up";
import { scheduleLineLabel } from "~/lib/payment-schedule";
import { formatPaise } from "~/lib/price";
import { formatTourDate } from "~/lib/tour-format";
import { getDb } from "~/server/db/db.server";
import { bookings, paymentLinks, siteSettings } from "~/server/db/schema.server";
import { defineJobType, enqueueJobs, nudgeJobs, type DbExecutor } from "~/server/jobs/jobs.server";
import { handleJob, type JobRegistration } from "~/server/jobs/worker.server";
import type { Mailer } from "~/server/notify/mailer.server";
import { DEFAULT_REMINDER_DAYS, remindersDue } from "~/server/payment/payment-reminders.server";
import { upiQrPng } from "~/server/payment/upi-qr.server";
import { amountDueUri, dueMessage, upiSettings } from "./amount-due.server";
import { bookingMoney } from "./booking-money.server";
import { moneyOfBookingsDueOn } from "./money-overview.server";

/**
 * Balance-due e-mails through the job queue (issue 46, ADR 090 amended, ADR
 * 082): each minute's pass (with the daily digest's tick, by the injected
 * clock) queues the reminders due now (`remindersDue`: the days of Settings → Payments, default 7 and 1, before
 * each due date, from 9:00 Indian time) of every confirmed booking with an
 * e-mail address and money owing. Each is queued once, from any server and
 * however often the pass runs: its once-key names the booking, the line, its
 * due date and the days before. The job reads the booking again and sends
 * nothing once the line is paid (or the booking is no longer confirmed).
 */

export const PAYMENT_REMINDER_JOB = defineJobType({
  name: "payment.reminder",
  lane: "short",
  payload: z.object({
    bookingId: z.number().int().positive(),
    lineKey: z.string().min(1).max(20),
    dueOn: z.iso.date(),
    daysBefore: z.number().int().positive(),
  }),
});

/** The days before each due date the reminders go out: Settings → Payments (default 7 and 1). */
export async function reminderDays(db: DbExecutor): Promise<readonly number[]> {
  const [row] = await db.select({ days: siteSettings.paymentReminderDays }).from(siteSettings).limit(1);
  return row?.days ?? DEFAULT_REMINDER_DAYS;
}

/** Queues the reminders due at `now` (on the days of Settings, or `days`); returns how many were new (a key queued before is not queued again). */
export async function queueDueReminders(now: Date, days?: readonly number[]): Promise<number> {
  // Nothing goes out before 9:00 Indian time: no need to read the bookings.
  if (now.getTime() < indianTimeOn(now, 0, 9).getTime()) return 0;
  const db = getDb();
  const daysBefore = days ?? (await reminderDays(db));
  if (daysBefore.length === 0) return 0;
  // Only the bookings with a line falling due on a reminder's day are read in full (one query finds them).
  const today = indianDate(now);
  const rows = await moneyOfBookingsDueOn(
    db,
    and(isNull(bookings.deletedAt), eq(bookings.state, "confirmed"), isNotNull(bookings.leadEmail))!,
    daysBefore.map((days) => addDays(today, days)),
    now,
  );
  const jobs = rows.flatMap((row) =>
    remindersDue(row.money, now, daysBefore).map((reminder) => ({
      payload: { bookingId: row.id, lineKey: reminder.lineKey, dueOn: reminder.dueOn, daysBefore: reminder.daysBefore },
      subject: { type: "booking", id: row.id },
      onceKey: `payment.reminder:${row.reference}:${reminder.key}`,
    })),
  );
  if (jobs.length === 0) return 0;
  const queued = await enqueueJobs(db, PAYMENT_REMINDER_JOB, jobs);
  if (queued.length > 0) nudgeJobs();
  return queued.length;
}

export type ReminderEmail = { to: string; subject: string; text: string; html: string; qrPng: Buffer | null };

/** The reminder as it goes out now, or null when there is nothing to ask for (paid, moved, cancelled, no address). */
export async function reminderEmail(payload: z.infer<typeof PAYMENT_REMINDER_JOB.payload>, now: Date): Promise<ReminderEmail | null> {
  const db = getDb();
  const [booking] = await db
    .select()
    .from(bookings)
    .where(and(eq(bookings.id, payload.bookingId), isNull(bookings.deletedAt)));
  if (!booking || booking.state !== "confirmed" || !booking.leadEmail) return null;
  const money = await bookingMoney(db, booking, now);
  const line = money.state.lines.find((candidate) => candidate.key === payload.lineKey && candidate.dueOn === payload.dueOn);
  if (!line || line.outstandingPaise <= 0) return null;
  const label = scheduleLineLabel(money.schedule, line);
  const settings = await upiSettings(db);
  const upiUri = amountDueUri(settings, { bookingReference: booking.reference, lineKey: line.key, label, amountPaise: line.outstandingPaise });
  const [link] = await db
    .select({ url: paymentLinks.url })
    .from(paymentLinks)
    .where(
      and(
        eq(paymentLinks.bookingId, booking.id),
        eq(paymentLinks.lineKey, line.key),
        eq(paymentLinks.amountPaise, line.outstandingPaise),
        gt(paymentLinks.expiresAt, now),
      ),
    )
    .orderBy(desc(paymentLinks.id))
    .limit(1);
  const amount = formatPaise(line.outstandingPaise);
  const due = formatTourDate(line.dueOn);
  const text = dueMessage({
    leadName: booking.leadName,
    packageTitle: booking.packageTitle,
    bookingReference: booking.reference,
    label,
    amountPaise: line.outstandingPaise,
    dueOn: line.dueOn,
    upiUri,
    linkUrl: link?.url ?? null,
    brandName: settings.brandName,
  });
  const escape = (value: string) => value.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
  const html = [
    `<p>Namaste ${escape(booking.leadName)},</p>`,
    `<p>The ${escape(label.toLowerCase())} of <strong>${escape(amount)}</strong> for your ${escape(booking.packageTitle)} booking ${escape(booking.reference)} is due by <strong>${escape(due)}</strong>.</p>`,
    upiUri
      ? `<p>Scan to pay by UPI (any UPI app), or tap <a href="${escape(upiUri)}">pay by UPI</a> on your phone:</p><p><img src="cid:upi-qr" width="240" height="240" alt="UPI QR code for ${escape(amount)}"></p>`
      : "",
    link ? `<p>Or pay online: <a href="${escape(link.url)}">${escape(link.url)}</a></p>` : "",
    `<p>Thank you,<br>${escape(settings.brandName)}</p>`,
  ].join("\n");
  return {
    to: booking.leadEmail,
    subject: `Reminder: ${amount} due by ${due} for your booking ${booking.reference}`,
    text,
    html,
    qrPng: upiUri ? await upiQrPng(upiUri) : null,
  };
}

/** Registered with the job worker at start: builds the reminder now and sends it (the same Message-ID on a repeat). */
export function paymentReminderHandler({ mailer, clock }: { mailer: Mailer; clock: { now(): Date } }): JobRegistration {
  return handleJob(PAYMENT_REMINDER_JOB, async (job) => {
    const email = await reminderEmail(job.payload, clock.now());
    if (!email) return;
    await mailer.send(
      {
        to: email.to,
        subject: email.subject,
        text: email.text,
        html: email.html,
        attachments: email.qrPng ? [{ filename: "upi-qr.png", content: email.qrPng, cid: "upi-qr", contentType: "image/png" }] : [],
      },
      job,
    );
  });
}
