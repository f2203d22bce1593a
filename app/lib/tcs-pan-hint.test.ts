import { describe, expect, it } from "vitest";
import { panHint, panLabel, tcsRatesText, type TcsPanSlab } from "./tcs-pan-hint";

// The rule in force from 1 April 2026: 2% of every amount; without a PAN twice that, at least 5%: 5%.
const FLAT: TcsPanSlab[] = [{ upToPaise: null, withPanBps: 200, withoutPanBps: 500 }];
// The rule of 1 April 2025: 5% of the first ₹10 lakh a year, 20% above; without a PAN 10% (twice 5%), then 20% (at most 20%).
const SLABS: TcsPanSlab[] = [
  { upToPaise: 10_00_000_00, withPanBps: 500, withoutPanBps: 1000 },
  { upToPaise: null, withPanBps: 2000, withoutPanBps: 2000 },
];

describe("the trip page's PAN hint", () => {
  it("names the rule's rates with and without a PAN, as the site writes a percentage", () => {
    expect(panHint({ slabs: FLAT }, true)).toBe(
      "10 characters, e.g. ABCPK1234F. Needed for the tax collected at source on trips abroad: with it, TCS is 2% instead of 5% once our team has added it to your booking.",
    );
    // A fractional rate: 50 basis points is 0.5%, 125 is 1.25%.
    expect(panHint({ slabs: [{ upToPaise: null, withPanBps: 50, withoutPanBps: 125 }] }, true)).toContain("TCS is 0.5% instead of 1.25% once");
  });

  it("says a rule's slabs in words", () => {
    expect(tcsRatesText(SLABS, "withPanBps")).toBe("5% of the first ₹10,00,000 in a financial year, 20% above");
    expect(tcsRatesText(SLABS, "withoutPanBps")).toBe("10% of the first ₹10,00,000 in a financial year, 20% above");
    // Slabs at one rate are that rate.
    expect(tcsRatesText([{ ...SLABS[0]!, withPanBps: 2000 }, SLABS[1]!], "withPanBps")).toBe("20%");
  });

  it("gives the other travellers, and a day with no rule in force, the reason without rates", () => {
    expect(panHint({ slabs: FLAT }, false)).toBe("10 characters, e.g. ABCPK1234F. Needed for the tax collected at source on trips abroad.");
    expect(panHint({ slabs: [] }, true)).toBe("10 characters, e.g. ABCPK1234F. Needed for the tax collected at source on trips abroad.");
    expect(panLabel({ slabs: [] })).toBe("PAN (for TCS)");
  });

  it("says nothing about TCS on a booking that asks none", () => {
    expect(panHint(null, true)).toBe("10 characters, e.g. ABCPK1234F.");
    expect(panLabel(null)).toBe("PAN");
  });
});
