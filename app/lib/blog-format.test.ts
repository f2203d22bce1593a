import { describe, expect, it } from "vitest";
import { daysBetween, formatBlogAge, formatBlogDuration, formatUploadDate, formatViews, isoDateIn, isoDuration } from "./blog-format";

const today = "2026-11-22";
const daysAgo = (days: number) => {
  const date = new Date(Date.UTC(2026, 10, 22) - days * 24 * 60 * 60 * 1000);
  return date.toISOString().slice(0, 10);
};

describe("formatBlogAge", () => {
  it("counts days under a week, singular for one", () => {
    expect(formatBlogAge(daysAgo(1), today)).toBe("1 Day ago");
    expect(formatBlogAge(daysAgo(2), today)).toBe("2 Days ago");
    expect(formatBlogAge(daysAgo(6), today)).toBe("6 Days ago");
  });

  it("counts weeks from 7 to 29 days", () => {
    expect(formatBlogAge(daysAgo(7), today)).toBe("1 Week ago");
    expect(formatBlogAge(daysAgo(13), today)).toBe("1 Week ago");
    expect(formatBlogAge(daysAgo(14), today)).toBe("2 Weeks ago");
    expect(formatBlogAge(daysAgo(29), today)).toBe("4 Weeks ago");
  });

  it("counts months from 30 to 364 days", () => {
    expect(formatBlogAge(daysAgo(30), today)).toBe("1 Month ago");
    expect(formatBlogAge(daysAgo(59), today)).toBe("1 Month ago");
    expect(formatBlogAge(daysAgo(60), today)).toBe("2 Months ago");
    expect(formatBlogAge(daysAgo(364), today)).toBe("12 Months ago");
  });

  it("counts years from 365 days", () => {
    expect(formatBlogAge(daysAgo(365), today)).toBe("1 Year ago");
    expect(formatBlogAge(daysAgo(729), today)).toBe("1 Year ago");
    expect(formatBlogAge(daysAgo(730), today)).toBe("2 Years ago");
  });

  it("reads 'Today' for today's and future-dated posts", () => {
    expect(formatBlogAge(today, today)).toBe("Today");
    expect(formatBlogAge("2026-12-01", today)).toBe("Today");
  });

  it("counts calendar days across month and leap-year ends", () => {
    expect(daysBetween("2024-02-28", "2024-03-01")).toBe(2);
    expect(daysBetween("2025-12-31", "2026-01-01")).toBe(1);
    expect(formatBlogAge("2025-11-22", "2026-11-22")).toBe("1 Year ago");
  });
});

describe("formatBlogDuration", () => {
  it("shows minutes under an hour", () => {
    expect(formatBlogDuration(8)).toBe("8 min");
    expect(formatBlogDuration(1)).toBe("1 min");
    expect(formatBlogDuration(59)).toBe("59 min");
  });

  it("shows hours and minutes from 60 minutes", () => {
    expect(formatBlogDuration(60)).toBe("1 hr");
    expect(formatBlogDuration(75)).toBe("1 hr 15 min");
    expect(formatBlogDuration(121)).toBe("2 hr 1 min");
    expect(formatBlogDuration(120)).toBe("2 hr");
  });
});

describe("other blog texts", () => {
  it("formats the upload date as day, short month, year", () => {
    expect(formatUploadDate("2025-03-12")).toBe("12 Mar 2025");
    expect(formatUploadDate("2026-11-01")).toBe("1 Nov 2026");
  });

  it("groups views the Indian way", () => {
    expect(formatViews(2315)).toBe("2,315");
    expect(formatViews(123456)).toBe("1,23,456");
  });

  it("gives schema.org durations", () => {
    expect(isoDuration(8)).toBe("PT8M");
    expect(isoDuration(75)).toBe("PT1H15M");
    expect(isoDuration(120)).toBe("PT2H");
  });

  it("takes today's date on Indian time", () => {
    // 20:00 UTC is already 01:30 the next day in India.
    expect(isoDateIn(new Date("2026-11-22T20:00:00Z"))).toBe("2026-11-23");
    expect(isoDateIn(new Date("2026-11-22T20:00:00Z"), "UTC")).toBe("2026-11-22");
  });
});
