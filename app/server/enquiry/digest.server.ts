import { and, eq, inArray, notExists, or, sql } from "drizzle-orm";
import type { Logger } from "pino";
import { enquiryName } from "~/lib/enquiry-format";
import { digestSwitchSchema, formatFollowUp, indianDate, indianTimeOn } from "~/lib/follow-up";
import { recordActivity } from "~/server/activity/activity.server";
import { redirectWithNotice } from "~/server/admin/notice.server";
import { systemClock, type Clock } from "~/server/content/clock.server";
import { getDb } from "~/server/db/db.server";
import { digestOptOuts, digestSends, users } from "~/server/db/schema.server";
import { getEnv } from "~/server/env.server";
import { nudgeJobs } from "~/server/jobs/jobs.server";
import { enqueueTeamEmail } from "~/server/notify/notification-jobs.server";
import { formatPaise } from "~/lib/price";
import { formatTourDate } from "~/lib/tour-format";
import { moneyDueItems, type MoneyDueItem } from "~/server/payment-ledger/money-overview.server";
import { queueDueReminders } from "~/server/payment-ledger/payment-reminder-jobs.server";
import { queueReviewRequests } from "~/server/review/review-request.server";
import { digestItems } from "./follow-up.server";

/**
 * The daily digest (issue 23, ADR 045): at 9:00 Indian time each team member
 * (editors and admins who have not turned it off) gets one e-mail, through the
 * outbox, listing their due and overdue call backs and the New enquiries
 * assigned to them. A row per user and Indian date claims it, so two servers
 * (or a restart) never send it twice. Nothing to tell: no e-mail.
 */

const DIGEST_HOUR = 9;

type Items = Awaited<ReturnType<typeof digestItems>>;

const siteUrl = () => getEnv().SITE_URL.replace(/\/$/, "");

/** The e-mail: plain text, one line per item, each with its link. `money`: the bookings with money overdue or due this week (issue 46). */
export function digestEmail(name: string, items: Items, now: Date, money: MoneyDueItem[] = []): { subject: string; text: string } {
  const day = new Intl.DateTimeFormat("en-IN", { weekday: "short", day: "numeric", month: "short", timeZone: "Asia/Kolkata" }).format(now);
  const link = (key: string) => `${siteUrl()}/admin/enquiries/${key}`;
  const parts = [
    items.due.length ? `${items.due.length} to call back` : null,
    items.fresh.length ? `${items.fresh.length} new` : null,
    money.length ? `${money.length} with money due` : null,
  ].filter(Boolean);
  const lines = [`Good morning ${name.split(/\s+/)[0] || name},`, ""];
  if (items.due.length) {
    lines.push("Call back today:");
    for (const row of items.due) {
      const when =
        row.dueAt.getTime() <= now.getTime() && indianDate(row.dueAt) !== indianDate(now)
          ? `overdue since ${formatFollowUp(row.dueAt, now)}`
          : formatFollowUp(row.dueAt, now);
      lines.push(`- ${enquiryName(row)}, ${row.phone}: ${when}${row.reason ? ` (${row.reason})` : ""}`, `  ${link(row.key)}`);
    }
    lines.push("");
  }
  if (items.fresh.length) {
    lines.push("New enquiries assigned to you:");
    for (const row of items.fresh) lines.push(`- ${enquiryName(row)}, ${row.phone}`, `  ${link(row.key)}`);
    lines.push("");
  }
  if (money.length) {
    const soon = money.reduce((sum, item) => sum + item.dueSoonPaise, 0);
    const overdue = money.reduce((sum, item) => sum + item.overduePaise, 0);
    lines.push(`Money: ${formatPaise(soon)} falls due this week, ${formatPaise(overdue)} is overdue:`);
    for (const item of money) {
      const what = [item.overduePaise ? `${formatPaise(item.overduePaise)} overdue` : null, item.dueSoonPaise ? `${formatPaise(item.dueSoonPaise)} due` : null];
      lines.push(
        `- ${item.reference}, ${item.leadName}: ${what.filter(Boolean).join(", ")}${item.dueOn ? ` (next by ${formatTourDate(item.dueOn)})` : ""}`,
        `  ${siteUrl()}/admin/bookings/${item.reference}`,
      );
    }
    lines.push(`Payments: ${siteUrl()}/admin/payments`, "");
  }
  lines.push(`Everything due: ${siteUrl()}/admin/enquiries/due`, "", `You can turn this e-mail off on your account page: ${siteUrl()}/admin/account`);
  return { subject: `Pravas, ${day}: ${parts.join(", ")}`, text: lines.join("\n") };
}

/** Editors and admins, not deactivated, who have not turned the digest off. */
async function recipients(day: string) {
  return getDb()
    .select({ id: users.id, name: users.name, email: users.email })
    .from(users)
    .where(
      and(
        inArray(users.role, ["admin", "editor"]),
        or(eq(users.banned, false), sql`${users.banned} is null`),
        notExists(
          getDb()
            .select({ one: sql`1` })
            .from(digestOptOuts)
            .where(eq(digestOptOuts.userId, users.id)),
        ),
        notExists(
          getDb()
            .select({ one: sql`1` })
            .from(digestSends)
            .where(and(eq(digestSends.userId, users.id), eq(digestSends.day, day))),
        ),
      ),
    );
}

/**
 * Claims and queues today's digests that are due at `now` (from 9:00 Indian
 * time to the end of the Indian day, so a server down at 9 sends it when it is
 * back). Returns how many e-mails were queued.
 */
export async function sendDueDigests(now: Date, logger?: Logger): Promise<number> {
  if (now.getTime() < indianTimeOn(now, 0, DIGEST_HOUR).getTime()) return 0;
  const day = indianDate(now);
  let queued = 0;
  const users = await recipients(day);
  // The same for every member: what falls due this week and what is overdue (issue 46).
  const money = users.length ? await moneyDueItems(getDb(), now) : [];
  for (const user of users) {
    try {
      const sent = await getDb().transaction(async (tx) => {
        const items = await digestItems(user.id, now, tx);
        const count = items.due.length + items.fresh.length + money.length;
        // Another server (or an earlier run) holding the row: it sends, not us.
        const [claim] = await tx.insert(digestSends).values({ userId: user.id, day, items: count }).onConflictDoNothing().returning({ id: digestSends.id });
        if (!claim || count === 0) return false;
        await enqueueTeamEmail(tx, { type: "digest", id: claim.id }, { to: user.email, ...digestEmail(user.name, items, now, money) });
        return true;
      });
      if (sent) queued += 1;
    } catch (error) {
      logger?.error({ err: error, userId: user.id }, "could not queue the daily digest");
    }
  }
  if (queued > 0) nudgeJobs();
  return queued;
}

/** Turns the digest on or off for a user (their account page). */
export async function setDigestEnabled(userId: string, enabled: boolean): Promise<void> {
  if (enabled) await getDb().delete(digestOptOuts).where(eq(digestOptOuts.userId, userId));
  else await getDb().insert(digestOptOuts).values({ userId }).onConflictDoNothing();
}

export async function digestEnabled(userId: string): Promise<boolean> {
  const rows = await getDb().select({ userId: digestOptOuts.userId }).from(digestOptOuts).where(eq(digestOptOuts.userId, userId));
  return rows.length === 0;
}

/** Runs `sendDueDigests` every minute by the injected clock (a test moves it on and calls runDue). */
export class DigestScheduler {
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<number> | undefined;
  constructor(private readonly options: { clock?: Clock; logger?: Logger; pollMs?: number } = {}) {}

  /**
   * One pass now; overlapping calls share the pass in flight. The same tick
   * queues the balance-due reminders (issue 46) and the review requests (ADR
   * 116): each is queued once by its key, so a pass every minute on every
   * server sends one.
   */
  runDue(): Promise<number> {
    const now = (this.options.clock ?? systemClock).now();
    this.running ??= Promise.all([
      sendDueDigests(now, this.options.logger),
      queueDueReminders(now).catch((error: unknown) => {
        this.options.logger?.error({ err: error }, "could not queue the payment reminders");
        return 0;
      }),
      // The review requests 2 days after each return date (issue 48, ADR 116): once per booking by its key.
      queueReviewRequests(now).catch((error: unknown) => {
        this.options.logger?.error({ err: error }, "could not queue the review requests");
        return 0;
      }),
    ])
      .then(([digests]) => digests)
      .finally(() => {
        this.running = undefined;
      });
    return this.running;
  }

  start() {
    if (this.timer) return;
    this.timer = setInterval(
      () => void this.runDue().catch((error: unknown) => this.options.logger?.error({ err: error }, "daily digest run failed")),
      this.options.pollMs ?? 60_000,
    );
    this.timer.unref();
    void this.runDue().catch((error: unknown) => this.options.logger?.error({ err: error }, "daily digest run failed"));
  }

  stop() {
    clearInterval(this.timer);
    this.timer = undefined;
  }
}

/** The account page's switch; records the change in the activity log. Null when the form is not this one. */
export async function handleDigestSwitch(form: FormData, viewer: { id: string; email: string; name: string }, ip: string | null) {
  if (form.get("intent") !== "digest") return null;
  const parsed = digestSwitchSchema.safeParse(Object.fromEntries(form));
  if (!parsed.success) return redirectWithNotice("/admin/account#daily-email", { kind: "error", message: "That request was not understood." });
  const enabled = parsed.data.digest === "on";
  if (enabled !== (await digestEnabled(viewer.id))) {
    await setDigestEnabled(viewer.id, enabled);
    await recordActivity({
      kind: "account.digest-changed",
      actor: viewer,
      subject: { type: "user", id: viewer.id, label: enabled ? "On" : "Off" },
      ip,
      detail: { enabled },
    });
  }
  return redirectWithNotice("/admin/account#daily-email", { kind: "success", message: enabled ? "The daily e-mail is on." : "The daily e-mail is off." });
}
