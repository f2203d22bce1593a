import { describe, expect, it } from "vitest";
import { parseTaxPeriod, recentMonths, recentQuarters } from "./tax-period";

describe("tax periods", () => {
  it("reads a month and a financial-year quarter from the address", () => {
    expect(parseTaxPeriod("2027-02")).toEqual({
      key: "2027-02",
      kind: "month",
      from: "2027-02-01",
      to: "2027-02-28",
      label: "February 2027",
    });
    expect(parseTaxPeriod("2028-02")?.to).toBe("2028-02-29");
    expect(parseTaxPeriod("2026-27-Q1")).toEqual({
      key: "2026-27-Q1",
      kind: "quarter",
      from: "2026-04-01",
      to: "2026-06-30",
      label: "Q1 2026-27 (April–June 2026)",
    });
    expect(parseTaxPeriod("2026-27-Q3")).toMatchObject({
      from: "2026-10-01",
      to: "2026-12-31",
    });
    expect(parseTaxPeriod("2026-27-Q4")).toEqual({
      key: "2026-27-Q4",
      kind: "quarter",
      from: "2027-01-01",
      to: "2027-03-31",
      label: "Q4 2026-27 (January–March 2027)",
    });
    expect(parseTaxPeriod("2099-00-Q1")?.label).toBe("Q1 2099-00 (April–June 2099)");
  });

  it("names no period for anything else", () => {
    for (const key of [null, "", "2026-13", "2026-00", "2026-28-Q1", "2026-27-Q5", "2026-11-01", "Q3"]) expect(parseTaxPeriod(key)).toBeNull();
  });

  it("offers the recent months and quarters, across a year's end and 1 April", () => {
    expect(recentMonths("2027-02-10", 3).map((period) => period.key)).toEqual(["2027-02", "2027-01", "2026-12"]);
    expect(recentQuarters("2027-03-31", 3).map((period) => period.key)).toEqual(["2026-27-Q4", "2026-27-Q3", "2026-27-Q2"]);
    expect(recentQuarters("2027-04-01", 2).map((period) => period.key)).toEqual(["2027-28-Q1", "2026-27-Q4"]);
    expect(recentQuarters("2026-11-29", 1)[0]?.label).toBe("Q3 2026-27 (October–December 2026)");
  });
});
