import { describe, expect, it } from "vitest";
import { dashboardPeriods } from "./dashboard-periods.server";

describe("dashboardPeriods", () => {
  it("starts days, weeks (Monday) and months at Indian midnight", () => {
    // Wednesday 25 November 2026, 01:00 in India (19:30 UTC the day before).
    const periods = dashboardPeriods(new Date("2026-11-24T19:30:00Z"));
    expect(periods.today.toISOString()).toBe("2026-11-24T18:30:00.000Z");
    expect(periods.week.toISOString()).toBe("2026-11-22T18:30:00.000Z");
    expect(periods.month.toISOString()).toBe("2026-10-31T18:30:00.000Z");
    expect(periods.last30Days.toISOString()).toBe("2026-10-26T18:30:00.000Z");
  });

  it("a Monday's week starts that day", () => {
    expect(dashboardPeriods(new Date("2026-11-23T06:00:00Z")).week.toISOString()).toBe("2026-11-22T18:30:00.000Z");
  });
});
