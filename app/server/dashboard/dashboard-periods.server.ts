import { isoDateIn } from "~/lib/blog-format";

/** India keeps one offset all year (+05:30, no daylight saving). */
const IST_OFFSET_MS = 5.5 * 60 * 60_000;
const DAY_MS = 24 * 60 * 60_000;

/** The instant an Indian calendar day (yyyy-mm-dd) starts. */
function istMidnight(isoDate: string): Date {
  const [y, m, d] = isoDate.split("-").map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d) - IST_OFFSET_MS);
}

/**
 * The dashboard's periods, as instants, in Indian days: today, this week
 * (from Monday) and this month, and the last 30 days for the breakdowns.
 */
export function dashboardPeriods(now: Date = new Date()) {
  const today = isoDateIn(now);
  const todayStart = istMidnight(today);
  const weekday = (new Date(`${today}T00:00:00Z`).getUTCDay() + 6) % 7; // Monday 0 … Sunday 6
  return {
    today: todayStart,
    week: new Date(todayStart.getTime() - weekday * DAY_MS),
    month: istMidnight(`${today.slice(0, 8)}01`),
    last30Days: new Date(todayStart.getTime() - 29 * DAY_MS),
  };
}
