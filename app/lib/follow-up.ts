import { z } from "zod";
import { parseIndianDateTime } from "./admin-format";

/**
 * Follow-up dates ("Call back on …", issue 23, ADR 045): the one-tap choices,
 * Indian days and the form's schema. Indian time whatever the server's zone:
 * India has no daylight saving, so it is always UTC+5:30.
 */

const IST_OFFSET_MS = 330 * 60_000;
const DAY_MS = 86_400_000;

/** The Indian date of a moment, "2026-11-26". */
export function indianDate(at: Date): string {
  return new Date(at.getTime() + IST_OFFSET_MS).toISOString().slice(0, 10);
}

/** Midnight (Indian time) starting the Indian day `days` after `at`'s. */
export function indianMidnight(at: Date, days = 0): Date {
  return new Date(Date.parse(`${indianDate(at)}T00:00:00Z`) - IST_OFFSET_MS + days * DAY_MS);
}

/** `hour`:`minute` Indian time on the Indian day `days` after `at`'s. */
export function indianTimeOn(at: Date, days: number, hour: number, minute = 0): Date {
  return new Date(indianMidnight(at, days).getTime() + (hour * 60 + minute) * 60_000);
}

/** The hour of the Indian day a reminder "Tomorrow" or "In 3 days" is set for (10:00 am). */
const MORNING_HOUR = 10;
/** "Today 5 pm". */
const EVENING_HOUR = 17;

export const FOLLOW_UP_PRESETS = ["today", "tomorrow", "in-3-days"] as const;
type FollowUpPreset = (typeof FOLLOW_UP_PRESETS)[number];

/**
 * What "Today 5 pm" means at `now`: 5 pm today, or once 5 pm has passed, an
 * hour from now rounded up to the quarter hour (the button then says "In an hour").
 */
export function eveningOrSoon(now: Date): { at: Date; label: string } {
  const evening = indianTimeOn(now, 0, EVENING_HOUR);
  if (now.getTime() < evening.getTime()) return { at: evening, label: "Today 5 pm" };
  const quarter = 15 * 60_000;
  return { at: new Date(Math.ceil((now.getTime() + 60 * 60_000) / quarter) * quarter), label: "In an hour" };
}

/** The moment a one-tap choice stands for, at `now`. */
export function presetTime(preset: FollowUpPreset, now: Date): Date {
  if (preset === "today") return eveningOrSoon(now).at;
  return indianTimeOn(now, preset === "tomorrow" ? 1 : 3, MORNING_HOUR);
}

/** The buttons' labels at `now`. */
export function presetLabels(now: Date): Record<FollowUpPreset, string> {
  return { today: eveningOrSoon(now).label, tomorrow: "Tomorrow 10 am", "in-3-days": "In 3 days" };
}

export const FOLLOW_UP_REASON_MAX = 200;
/** How far ahead a picked date may be. */
const FOLLOW_UP_MAX_DAYS = 366;

// One line: a line break posted in the reason must not shape the digest e-mail's lines.
const reason = z
  .string()
  .transform((text) => text.replace(/[\s\p{Cc}]+/gu, " ").trim())
  .pipe(z.string().max(FOLLOW_UP_REASON_MAX, `Keep the reason under ${FOLLOW_UP_REASON_MAX} characters.`))
  .optional();

/**
 * The follow-up form: a one-tap `when`, or "pick" with a date and time
 * (Indian time), or "clear". Shared by the form and the action.
 */
export const followUpSchema = z.discriminatedUnion("when", [
  z.object({ intent: z.literal("follow-up"), when: z.enum(FOLLOW_UP_PRESETS), reason }),
  z.object({
    intent: z.literal("follow-up"),
    when: z.literal("pick"),
    reason,
    date: z.string({ error: "Choose a date." }).regex(/^\d{4}-\d{2}-\d{2}$/, "Choose a date."),
    time: z.string({ error: "Choose a time." }).regex(/^\d{2}:\d{2}$/, "Choose a time."),
  }),
  z.object({ intent: z.literal("follow-up"), when: z.literal("clear") }),
]);

/** A picked date and time as a moment, or the message to show beside the date. */
export function pickedTime(date: string, time: string, now: Date): Date | string {
  const at = parseIndianDateTime(`${date}T${time}`);
  if (!at) return "Choose a date that exists.";
  // A minute's grace: the form may have been filled in just before the minute turned.
  if (at.getTime() < now.getTime() - 60_000) return "Choose a time from now on.";
  if (at.getTime() > now.getTime() + FOLLOW_UP_MAX_DAYS * DAY_MS) return "Choose a date within a year.";
  return at;
}

export type DueBucket = "overdue" | "today" | "upcoming";

/** Overdue (past), today (later this Indian day) or upcoming. */
export function dueBucket(dueAt: Date | string, now: Date): DueBucket {
  const at = typeof dueAt === "string" ? new Date(dueAt) : dueAt;
  if (at.getTime() <= now.getTime()) return "overdue";
  return at.getTime() < indianMidnight(now, 1).getTime() ? "today" : "upcoming";
}

/** "Call back" as the page says it: "Today, 5:00 pm", "Tomorrow, 10:00 am", "Mon 30 Nov, 10:00 am". */
const timeOnly = new Intl.DateTimeFormat("en-IN", { hour: "numeric", minute: "2-digit", hour12: true, timeZone: "Asia/Kolkata" });
const weekdayDay = new Intl.DateTimeFormat("en-IN", { weekday: "short", day: "numeric", month: "short", timeZone: "Asia/Kolkata" });

export function formatFollowUp(dueAt: Date | string, now: Date | string): string {
  const at = typeof dueAt === "string" ? new Date(dueAt) : dueAt;
  const current = typeof now === "string" ? new Date(now) : now;
  const days = Math.round((indianMidnight(at).getTime() - indianMidnight(current).getTime()) / DAY_MS);
  const day = days === 0 ? "Today" : days === 1 ? "Tomorrow" : days === -1 ? "Yesterday" : weekdayDay.format(at);
  return `${day}, ${timeOnly.format(at)}`;
}

/** The account page's daily-digest switch. */
export const digestSwitchSchema = z.object({ intent: z.literal("digest"), digest: z.enum(["on", "off"], { error: "Choose on or off." }) });
