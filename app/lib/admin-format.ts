/** Dates in the back office: Indian time, whatever the server's or browser's zone, so both render the same. */
const dateTime = new Intl.DateTimeFormat("en-IN", {
  dateStyle: "medium",
  timeStyle: "short",
  timeZone: "Asia/Kolkata",
});

export function formatDateTime(value: Date | string | null | undefined): string {
  if (value == null) return "";
  const date = typeof value === "string" ? new Date(value) : value;
  return Number.isNaN(date.getTime()) ? "" : dateTime.format(date);
}

const dateOnly = new Intl.DateTimeFormat("en-IN", { dateStyle: "medium", timeZone: "Asia/Kolkata" });

/** A day in the back office (e.g. a post's creation date), in Indian time. */
export function formatDate(value: Date | string | null | undefined): string {
  if (value == null) return "";
  const date = typeof value === "string" ? new Date(value) : value;
  return Number.isNaN(date.getTime()) ? "" : dateOnly.format(date);
}

const timeOnly = new Intl.DateTimeFormat("en-IN", { hour: "numeric", minute: "2-digit", hour12: true, timeZone: "Asia/Kolkata" });
const dayAndTime = new Intl.DateTimeFormat("en-IN", {
  day: "numeric",
  month: "short",
  hour: "numeric",
  minute: "2-digit",
  hour12: true,
  timeZone: "Asia/Kolkata",
});
const indianDay = new Intl.DateTimeFormat("en-CA", { timeZone: "Asia/Kolkata" });

const asDate = (value: Date | string) => (typeof value === "string" ? new Date(value) : value);

/** "1 Dec, 9:00 am" in Indian time: when something is scheduled. */
export function formatDayTime(value: Date | string): string {
  const date = asDate(value);
  return Number.isNaN(date.getTime()) ? "" : dayAndTime.format(date);
}

/** "10:42 am" on the same Indian day as `now`, else "23 Nov, 10:42 am": when a colleague did something. */
export function formatWhen(value: Date | string, now: Date = new Date()): string {
  const date = asDate(value);
  if (Number.isNaN(date.getTime())) return "";
  return indianDay.format(date) === indianDay.format(now) ? timeOnly.format(date) : dayAndTime.format(date);
}

/** A `datetime-local` value ("2026-12-01T09:00") read as Indian time; null when it is not one. */
export function parseIndianDateTime(value: string): Date | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2}))?$/.exec(value.trim());
  if (!match) return null;
  const [y, mo, d, h, mi, s] = match.slice(1).map((part) => Number(part ?? 0)) as [number, number, number, number, number, number];
  if (mo < 1 || mo > 12 || d < 1 || d > 31 || h > 23 || mi > 59 || s > 59) return null;
  // India has no daylight saving: always UTC+5:30.
  const date = new Date(Date.UTC(y, mo - 1, d, h, mi, s) - 330 * 60_000);
  // A day the month does not have (31 Nov) rolls over: not a date.
  const back = new Date(date.getTime() + 330 * 60_000);
  return Number.isNaN(date.getTime()) || back.getUTCDate() !== d ? null : date;
}

/** A moment as a `datetime-local` value in Indian time ("2026-12-01T09:00"). */
export function toIndianDateTimeInput(value: Date | string): string {
  const date = asDate(value);
  if (Number.isNaN(date.getTime())) return "";
  return new Date(date.getTime() + 330 * 60_000).toISOString().slice(0, 16);
}
