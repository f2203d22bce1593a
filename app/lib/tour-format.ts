import type { GroupDate } from "./content-types";

const MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];
const MONTH_NAMES = ["January", "February", "March", "April", "May", "June", "July", "August", "September", "October", "November", "December"];

/** The agency works in Indian time: "today" and "upcoming" are decided there. */
const TOUR_TIME_ZONE = "Asia/Kolkata";

function parseIsoDate(iso: string): { year: number; month: number; day: number } | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(iso);
  if (!match) return null;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  if (month < 1 || month > 12 || day < 1 || day > 31) return null;
  return { year, month, day };
}

/**
 * "2027-03-12" -> "12 Mar 2027" (spec §9: day, short month, year). Read as a
 * calendar date, never through Date, so no time zone can move it a day.
 */
export function formatTourDate(iso: string): string {
  const date = parseIsoDate(iso);
  if (!date) return iso;
  return `${date.day} ${MONTHS[date.month - 1]} ${date.year}`;
}

/** "12 Mar 2027 – 18 Mar 2027" for a group departure. */
export function formatTourDateRange(start: string, end: string): string {
  return `${formatTourDate(start)} – ${formatTourDate(end)}`;
}

/** 6, 5 -> "6 Days / 5 Nights" (singular for one). */
export function formatDuration(days: number, nights: number): string {
  return `${days} ${days === 1 ? "Day" : "Days"} / ${nights} ${nights === 1 ? "Night" : "Nights"}`;
}

/** 7, 6 -> "7D / 6N": the gallery's duration pill. */
export function formatDurationPill(days: number, nights: number): string {
  return `${days}D / ${nights}N`;
}

/** Day formats by time zone: making one costs a hundred times using it, and every brochure download asks for today (ADR 048). */
let dayFormats: Map<string, Intl.DateTimeFormat> | undefined;

/** Today's calendar date (yyyy-mm-dd) in the agency's time zone. */
export function todayIso(now: Date = new Date(), timeZone: string = TOUR_TIME_ZONE): string {
  dayFormats ??= new Map();
  let format = dayFormats.get(timeZone);
  if (!format) {
    // en-CA formats dates as yyyy-mm-dd.
    format = new Intl.DateTimeFormat("en-CA", { timeZone, year: "numeric", month: "2-digit", day: "2-digit" });
    dayFormats.set(timeZone, format);
  }
  return format.format(now);
}

/** Group departures that start today or later, soonest first. */
export function upcomingDates(groupDates: readonly GroupDate[], today: string): GroupDate[] {
  return groupDates.filter((date) => parseIsoDate(date.start) !== null && date.start >= today).sort((a, b) => a.start.localeCompare(b.start));
}

/** The next departure, or null: the page then says "Dates Coming Soon". */
export function nextUpcomingDate(groupDates: readonly GroupDate[], today: string): GroupDate | null {
  return upcomingDates(groupDates, today)[0] ?? null;
}

/** "2027-03" -> "March 2027": the enquiry form's preferred month. */
export function formatMonth(yearMonth: string): string {
  const match = /^(\d{4})-(\d{2})$/.exec(yearMonth);
  const month = match ? Number(match[2]) : 0;
  if (!match || month < 1 || month > 12) return yearMonth;
  return `${MONTH_NAMES[month - 1]} ${match[1]}`;
}

/** The next `count` months from today's month, as "yyyy-mm" values. */
export function nextMonths(today: string, count = 12): string[] {
  const date = parseIsoDate(today);
  if (!date) return [];
  return Array.from({ length: count }, (_, index) => {
    const zeroBased = date.month - 1 + index;
    const year = date.year + Math.floor(zeroBased / 12);
    const month = (zeroBased % 12) + 1;
    return `${year}-${String(month).padStart(2, "0")}`;
  });
}
