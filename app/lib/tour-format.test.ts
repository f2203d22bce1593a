import { describe, expect, it } from "vitest";
import {
  formatDuration,
  formatDurationPill,
  formatMonth,
  formatTourDate,
  formatTourDateRange,
  nextMonths,
  nextUpcomingDate,
  todayIso,
  upcomingDates,
} from "./tour-format";

describe("formatTourDate", () => {
  it("shows day, short month and year", () => {
    expect(formatTourDate("2027-03-12")).toBe("12 Mar 2027");
    expect(formatTourDate("2026-12-01")).toBe("1 Dec 2026");
    expect(formatTourDate("2027-01-31")).toBe("31 Jan 2027");
  });
  it("never moves a date across time zones", () => {
    // Parsed as a calendar date, so the first of a month stays the first.
    expect(formatTourDate("2027-07-01")).toBe("1 Jul 2027");
  });
  it("leaves text that is not a date as it is", () => {
    expect(formatTourDate("soon")).toBe("soon");
    expect(formatTourDate("2027-13-01")).toBe("2027-13-01");
  });
  it("formats a departure's range", () => {
    expect(formatTourDateRange("2027-03-12", "2027-03-18")).toBe("12 Mar 2027 – 18 Mar 2027");
  });
});

describe("durations", () => {
  it("spells out days and nights", () => {
    expect(formatDuration(6, 5)).toBe("6 Days / 5 Nights");
    expect(formatDuration(9, 8)).toBe("9 Days / 8 Nights");
    expect(formatDuration(2, 1)).toBe("2 Days / 1 Night");
    expect(formatDuration(1, 0)).toBe("1 Day / 0 Nights");
  });
  it("abbreviates them for the gallery pill", () => {
    expect(formatDurationPill(7, 6)).toBe("7D / 6N");
    expect(formatDurationPill(4, 3)).toBe("4D / 3N");
  });
});

describe("upcoming departures", () => {
  const dates = [
    { name: "Batch C", start: "2027-06-14", end: "2027-06-20" },
    { name: "Batch A", start: "2026-01-10", end: "2026-01-16" },
    { name: "Batch B", start: "2027-03-12", end: "2027-03-18" },
  ];
  it("keep dates from today on, soonest first", () => {
    expect(upcomingDates(dates, "2026-05-01").map((date) => date.name)).toEqual(["Batch B", "Batch C"]);
    expect(nextUpcomingDate(dates, "2026-05-01")?.start).toBe("2027-03-12");
  });
  it("count a departure leaving today as upcoming", () => {
    expect(nextUpcomingDate(dates, "2027-03-12")?.name).toBe("Batch B");
    expect(nextUpcomingDate(dates, "2027-03-13")?.name).toBe("Batch C");
  });
  it("give null when nothing is ahead, so the page says Dates Coming Soon", () => {
    expect(nextUpcomingDate([], "2026-05-01")).toBeNull();
    expect(nextUpcomingDate(dates, "2028-01-01")).toBeNull();
  });
  it("decide today in Indian time", () => {
    // 20:00 UTC on 31 Dec is already 1 Jan in India.
    expect(todayIso(new Date("2026-12-31T20:00:00Z"))).toBe("2027-01-01");
    expect(todayIso(new Date("2026-12-31T10:00:00Z"))).toBe("2026-12-31");
    // Each time zone its own (kept) format.
    expect(todayIso(new Date("2026-12-31T20:00:00Z"), "UTC")).toBe("2026-12-31");
    expect(todayIso(new Date("2026-12-31T20:00:00Z"))).toBe("2027-01-01");
  });
});

describe("preferred months", () => {
  it("list the next months across a year end", () => {
    expect(nextMonths("2026-11-20", 4)).toEqual(["2026-11", "2026-12", "2027-01", "2027-02"]);
    expect(nextMonths("2026-01-01")).toHaveLength(12);
  });
  it("name a month", () => {
    expect(formatMonth("2027-03")).toBe("March 2027");
    expect(formatMonth("flexible")).toBe("flexible");
  });
});
