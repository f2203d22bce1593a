import { describe, expect, it } from "vitest";
import { financialYearOf, financialYearOfDate } from "./financial-year";

const fy2026 = financialYearOfDate("2026-04-01");

describe("financialYearOf (Indian time)", () => {
  it.each([
    // 31 March 23:59:59.999 IST is 18:29:59.999 UTC: still 2026-27.
    ["2027-03-31T18:29:59.999Z", "26-27"],
    // 1 April 00:00 IST: the new year's series.
    ["2027-03-31T18:30:00.000Z", "27-28"],
    // Still 31 March in UTC, already 1 April in India.
    ["2027-03-31T20:00:00.000Z", "27-28"],
    ["2026-04-01T00:00:00.000+05:30", "26-27"],
    ["2026-03-31T23:59:00.000+05:30", "25-26"],
    ["2026-12-31T23:59:59.000+05:30", "26-27"],
    ["2027-01-01T00:00:00.000+05:30", "26-27"],
    ["2099-06-01T00:00:00.000+05:30", "99-00"],
  ])("%s is in %s", (at, label) => expect(financialYearOf(new Date(at)).label).toBe(label));

  it("gives the year's first and last dates", () => {
    expect(fy2026).toEqual({ startYear: 2026, label: "26-27", from: "2026-04-01", to: "2027-03-31" });
    expect(financialYearOfDate("2027-03-31")).toEqual(fy2026);
    expect(financialYearOfDate("2026-03-31").label).toBe("25-26");
    expect(() => financialYearOfDate("31/03/2026")).toThrow("Not a date: 31/03/2026");
  });
});
