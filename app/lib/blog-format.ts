/**
 * Texts of the blog list and posts (spec §2 Blogs, §9). Pure functions on
 * yyyy-mm-dd strings: the server passes "today", so the server's HTML and the
 * browser's hydration always agree, whatever the visitor's time zone.
 */

const DAY_MS = 24 * 60 * 60 * 1000;
const SHORT_MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];

/** The agency works on Indian time; "today" and view-counting days follow it. */
const SITE_TIME_ZONE = "Asia/Kolkata";

/** A yyyy-mm-dd date as the calendar date in `timeZone` (default Indian time). */
export function isoDateIn(date: Date, timeZone = SITE_TIME_ZONE): string {
  // en-CA formats dates as yyyy-mm-dd.
  return new Intl.DateTimeFormat("en-CA", { timeZone, year: "numeric", month: "2-digit", day: "2-digit" }).format(date);
}

function parseIsoDate(value: string): number {
  const match = /^(\d{4})-(\d{2})-(\d{2})/.exec(value);
  if (!match) throw new Error(`Not a yyyy-mm-dd date: ${value}`);
  return Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3]));
}

/** Whole days from `from` to `to` (both yyyy-mm-dd); negative when `from` is later. */
export function daysBetween(from: string, to: string): number {
  return Math.round((parseIsoDate(to) - parseIsoDate(from)) / DAY_MS);
}

function plural(count: number, unit: string): string {
  return `${count} ${unit}${count === 1 ? "" : "s"} ago`;
}

/**
 * The age of a post: 'N Days ago' under 7 days, 'N Weeks ago' under 30,
 * 'N Months ago' under 365, else 'N Years ago'; singular for one. A post
 * uploaded today (or dated in the future) reads 'Today'.
 */
export function formatBlogAge(uploadDate: string, today: string): string {
  const days = daysBetween(uploadDate, today);
  if (days <= 0) return "Today";
  if (days < 7) return plural(days, "Day");
  if (days < 30) return plural(Math.floor(days / 7), "Week");
  if (days < 365) return plural(Math.floor(days / 30), "Month");
  return plural(Math.floor(days / 365), "Year");
}

/** Reading time: 60 minutes or more as '1 hr 15 min' (or '2 hr'), else '8 min'. */
export function formatBlogDuration(minutes: number): string {
  const total = Math.max(0, Math.round(minutes));
  if (total < 60) return `${total} min`;
  const hours = Math.floor(total / 60);
  const rest = total % 60;
  return rest === 0 ? `${hours} hr` : `${hours} hr ${rest} min`;
}

/** ISO 8601 duration for schema.org timeRequired, e.g. PT1H15M. */
export function isoDuration(minutes: number): string {
  const total = Math.max(0, Math.round(minutes));
  const hours = Math.floor(total / 60);
  const rest = total % 60;
  return `PT${hours ? `${hours}H` : ""}${rest || !hours ? `${rest}M` : ""}`;
}

/** Upload date as day, short month, year ('12 Mar 2025'), like the tour dates. */
export function formatUploadDate(isoDate: string): string {
  const date = new Date(parseIsoDate(isoDate));
  return `${date.getUTCDate()} ${SHORT_MONTHS[date.getUTCMonth()]} ${date.getUTCFullYear()}`;
}

/** View counts with Indian digit grouping (1,00,000). */
export function formatViews(views: number): string {
  return new Intl.NumberFormat("en-IN").format(views);
}
