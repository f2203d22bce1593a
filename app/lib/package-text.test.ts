import { describe, expect, it } from "vitest";
import { fillPackageText, fillTaxWords, staleTaxRates } from "./package-text";

const taxes = {
  gstPercent: 5,
  serviceChargeGstPercent: 18,
  gstLabel: "GST",
  tcsPercent: 2,
  tcsLabel: "TCS",
};

describe("a package's words that come from the settings and the price (issue 49)", () => {
  it("says {gst} and {tcs} as the settings do, and {price} as the from price", () => {
    expect(fillTaxWords("{gst} and {tcs}", taxes)).toBe("5% GST and 2% TCS");
    expect(fillTaxWords("{gst}", { ...taxes, gstPercent: 12.5 })).toBe("12.5% GST");
    expect(fillPackageText("Seven days in Bali. From {price} per adult; {gst} extra.", { taxes, fromPrice: 104_500 })).toBe(
      "Seven days in Bali. From ₹1,04,500 per adult; 5% GST extra.",
    );
    // Without a price yet, {price} stays as written rather than say ₹0.
    expect(fillPackageText("From {price}", { taxes, fromPrice: 0 })).toBe("From {price}");
  });

  it("finds the rates a text states that the settings no longer have", () => {
    expect(staleTaxRates("5% GST and 5% TCS", taxes)).toEqual(["5% TCS"]);
    expect(staleTaxRates("5% GST and 2% TCS", taxes)).toEqual([]);
    expect(staleTaxRates("GST @ 18% applies; TCS of 5% on international trips", taxes)).toEqual(["GST @ 18%", "TCS of 5%"]);
    expect(staleTaxRates("5 % gst", { ...taxes, gstPercent: 12 })).toEqual(["5 % gst"]);
    expect(staleTaxRates("{gst} and {tcs}", taxes)).toEqual([]);
    // Other percentages are not tax rates.
    expect(staleTaxRates("A 10% discount for groups of 20", taxes)).toEqual([]);
  });
});
