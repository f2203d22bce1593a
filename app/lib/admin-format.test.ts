import { describe, expect, it } from "vitest";
import { formatDayTime, formatWhen, parseIndianDateTime, toIndianDateTimeInput } from "./admin-format";

describe("Indian time in the back office", () => {
  it("reads a Publish at field as Indian time", () => {
    expect(parseIndianDateTime("2026-12-01T09:00")?.toISOString()).toBe("2026-12-01T03:30:00.000Z");
    expect(parseIndianDateTime("2026-12-01T09:00:30")?.toISOString()).toBe("2026-12-01T03:30:30.000Z");
    for (const bad of ["", "tomorrow", "2026-11-31T09:00", "2026-13-01T09:00", "2026-12-01T24:00", "2026-12-01 09:00"]) {
      expect(parseIndianDateTime(bad), bad).toBeNull();
    }
    expect(toIndianDateTimeInput("2026-12-01T03:30:00.000Z")).toBe("2026-12-01T09:00");
  });

  it("says when something is scheduled, and when a colleague did something", () => {
    expect(formatDayTime("2026-12-01T03:30:00.000Z")).toBe("1 Dec, 9:00 am");
    const now = new Date("2026-11-24T06:00:00Z");
    expect(formatWhen("2026-11-24T05:12:00Z", now)).toBe("10:42 am");
    expect(formatWhen("2026-11-23T05:12:00Z", now)).toBe("23 Nov, 10:42 am");
  });
});
