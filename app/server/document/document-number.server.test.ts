import { describe, expect, it } from "vitest";
import { financialYearOfDate } from "~/lib/financial-year";
import { formatDocumentNumber, NUMBERED_SERIES, seriesPrefixProblem } from "./document-number.server";

const fy2026 = financialYearOfDate("2026-04-01");

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
