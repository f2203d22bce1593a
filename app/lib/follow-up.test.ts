import { describe, expect, it } from "vitest";
import { dueBucket, eveningOrSoon, formatFollowUp, indianDate, indianMidnight, pickedTime, presetLabels, presetTime } from "./follow-up";

// Moments in UTC; Indian time is UTC+5:30 whatever this process's zone (the suite runs in any TZ).
const at = (iso: string) => new Date(iso);

describe("follow-up times in Indian time", () => {
  it("knows the Indian day across UTC midnight", () => {
    expect(indianDate(at("2026-11-26T18:29:00Z"))).toBe("2026-11-26");
    expect(indianDate(at("2026-11-26T18:30:00Z"))).toBe("2026-11-27");
    expect(indianMidnight(at("2026-11-26T20:00:00Z"))).toEqual(at("2026-11-26T18:30:00Z"));
  });

  it("Tomorrow and In 3 days are 10:00 am on that Indian day, even just after Indian midnight", () => {
    expect(presetTime("tomorrow", at("2026-11-26T08:30:00Z"))).toEqual(at("2026-11-27T04:30:00Z"));
    // 00:10 on 27 Nov in India (18:40 UTC on the 26th): tomorrow is the 28th.
    expect(presetTime("tomorrow", at("2026-11-26T18:40:00Z"))).toEqual(at("2026-11-28T04:30:00Z"));
    expect(presetTime("in-3-days", at("2026-11-26T08:30:00Z"))).toEqual(at("2026-11-29T04:30:00Z"));
  });

  it("Today 5 pm becomes In an hour (to the quarter hour) once 5 pm has passed", () => {
    expect(eveningOrSoon(at("2026-11-26T11:29:00Z"))).toEqual({ at: at("2026-11-26T11:30:00Z"), label: "Today 5 pm" });
    expect(eveningOrSoon(at("2026-11-26T11:30:00Z"))).toEqual({ at: at("2026-11-26T12:30:00Z"), label: "In an hour" });
    expect(presetTime("today", at("2026-11-26T12:41:00Z"))).toEqual(at("2026-11-26T13:45:00Z"));
    expect(presetLabels(at("2026-11-26T12:41:00Z")).today).toBe("In an hour");
  });

  it("reads a picked date and time as Indian time and refuses past, impossible and far dates", () => {
    const now = at("2026-11-26T08:30:00Z");
    expect(pickedTime("2026-12-01", "09:30", now)).toEqual(at("2026-12-01T04:00:00Z"));
    expect(pickedTime("2026-11-26", "13:58", now)).toBe("Choose a time from now on.");
    expect(pickedTime("2026-02-30", "10:00", now)).toBe("Choose a date that exists.");
    expect(pickedTime("2028-01-01", "10:00", now)).toBe("Choose a date within a year.");
  });

  it("says when, and sorts into overdue, today and upcoming", () => {
    const now = at("2026-11-26T08:30:00Z");
    expect(formatFollowUp(at("2026-11-26T11:30:00Z"), now)).toBe("Today, 5:00 pm");
    expect(formatFollowUp(at("2026-11-27T04:30:00Z"), now)).toBe("Tomorrow, 10:00 am");
    expect(formatFollowUp(at("2026-11-25T04:30:00Z"), now)).toBe("Yesterday, 10:00 am");
    expect(formatFollowUp(at("2026-11-30T04:30:00Z"), now)).toBe("Mon, 30 Nov, 10:00 am");
    expect(dueBucket(at("2026-11-26T08:30:00Z"), now)).toBe("overdue");
    expect(dueBucket(at("2026-11-26T18:29:00Z"), now)).toBe("today");
    expect(dueBucket(at("2026-11-26T18:30:00Z"), now)).toBe("upcoming");
  });
});

describe("the follow-up form's schema", () => {
  it("keeps the reason on one line and refuses a long one", async () => {
    const { followUpSchema } = await import("./follow-up");
    expect(followUpSchema.parse({ intent: "follow-up", when: "tomorrow", reason: " Send\r\nthe quote\u0007 " })).toEqual({
      intent: "follow-up",
      when: "tomorrow",
      reason: "Send the quote",
    });
    expect(followUpSchema.safeParse({ intent: "follow-up", when: "tomorrow", reason: "x".repeat(201) }).success).toBe(false);
    expect(followUpSchema.safeParse({ intent: "follow-up", when: "someday" }).success).toBe(false);
  });
});
