/**
 * Calendar dates ("2026-12-12") for what falls due on a day: a payment's due
 * date, a departure, a reminder's day. They are Indian days; `indianDate` (in
 * follow-up.ts) turns a moment into one. Plain strings compare in date order.
 */

const DAY_MS = 86_400_000;

/** Whether `value` is a yyyy-mm-dd date that exists (not 2026-02-30). */
export function isCalendarDate(value: string): boolean {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!match) return false;
  const date = new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3])));
  return date.toISOString().slice(0, 10) === value;
}

/** The date `days` after (or before, when negative) `date`. */
export function addDays(date: string, days: number): string {
  if (!isCalendarDate(date)) throw new RangeError(`Not a yyyy-mm-dd date: ${date}`);
  return new Date(Date.parse(`${date}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);
}

/** Whole days from `from` to `to` (negative when `to` is earlier). */
export function daysFromTo(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY_MS);
}
