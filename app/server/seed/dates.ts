import type { GroupDate } from "~/lib/content-types";

/**
 * Departure dates are generated relative to the day the database is seeded,
 * so the seeded site always has upcoming departures (content-facts.md).
 */
export function groupDeparture(name: string, monthsAhead: number, dayOfMonth: number, tripDays: number, today: Date = new Date()): GroupDate {
  const start = new Date(Date.UTC(today.getUTCFullYear(), today.getUTCMonth() + monthsAhead, dayOfMonth));
  const end = new Date(start);
  end.setUTCDate(end.getUTCDate() + tripDays - 1);
  return { name, start: toIsoDate(start), end: toIsoDate(end) };
}

function toIsoDate(date: Date): string {
  return date.toISOString().slice(0, 10);
}
