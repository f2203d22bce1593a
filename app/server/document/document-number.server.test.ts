import { describe, expect, it } from "vitest";
import { financialYearOf, financialYearOfDate, formatDocumentNumber, NUMBERED_SERIES, seriesPrefixProblem } from "./document-number.server";

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

describe("formatDocumentNumber", () => {
  it("writes prefix, year and a 5-digit number, at most 16 characters", () => {
    expect(formatDocumentNumber("PRV", fy2026, 42)).toBe("PRV/26-27/00042");
    expect(formatDocumentNumber("RV", fy2026, 1)).toBe("RV/26-27/00001");
    expect(formatDocumentNumber("PRVT", fy2026, 99999)).toBe("PRVT/26-27/99999");
    expect(formatDocumentNumber("PRVT", fy2026, 99999)).toHaveLength(16);
    // A sixth digit still fits after a prefix of three.
    expect(formatDocumentNumber("PRV", fy2026, 100000)).toBe("PRV/26-27/100000");
  });

  it("refuses what would not fit or is not a number", () => {
    expect(() => formatDocumentNumber("PRVT", fy2026, 100000)).toThrow("PRVT/26-27/100000 is longer than 16 characters: the series is full for 26-27.");
    expect(() => formatDocumentNumber("PRAVAS", fy2026, 1)).toThrow('Series prefix "PRAVAS": Use 1 to 4 capital letters or digits, like PRV.');
    expect(() => formatDocumentNumber("PRV", fy2026, 0)).toThrow("Not a sequence number: 0");
    expect(() => formatDocumentNumber("PRV", fy2026, 1.5)).toThrow("Not a sequence number: 1.5");
  });

  it("checks a prefix the way the settings will", () => {
    expect(seriesPrefixProblem("PRV")).toBeNull();
    expect(seriesPrefixProblem("P1")).toBeNull();
    expect(seriesPrefixProblem("")).toBe("Use 1 to 4 capital letters or digits, like PRV.");
    expect(seriesPrefixProblem("prv")).toBe("Use 1 to 4 capital letters or digits, like PRV.");
    expect(seriesPrefixProblem("PR/V")).toBe("Use 1 to 4 capital letters or digits, like PRV.");
  });

  it("gives every series its own default prefix, so no two series share a number", () => {
    const prefixes = Object.values(NUMBERED_SERIES).map((series) => series.defaultPrefix);
    expect(new Set(prefixes).size).toBe(prefixes.length);
    for (const prefix of prefixes) expect(seriesPrefixProblem(prefix)).toBeNull();
  });
});
