import { describe, expect, it } from "vitest";
import { formatInr, fromPrice, packageTaxSetting, priceLines, taxNote } from "./price";

describe("formatInr", () => {
  it("uses Indian digit grouping", () => {
    expect(formatInr(125000)).toBe("₹1,25,000");
    expect(formatInr(132900)).toBe("₹1,32,900");
    expect(formatInr(22440)).toBe("₹22,440");
    expect(formatInr(999)).toBe("₹999");
  });
});

describe("taxNote", () => {
  const taxes = {
    gstPercent: 5,
    serviceChargeGstPercent: 18,
    gstLabel: "GST",
    tcsPercent: 2,
    tcsLabel: "TCS",
  };
  it("adds TCS only on an overseas tour package, and names the service charge in the 18% scheme", () => {
    expect(taxNote({ taxScheme: "package", overseas: true }, taxes)).toBe("+ 5% GST + 2% TCS");
    expect(taxNote({ taxScheme: "package", overseas: false }, taxes)).toBe("+ 5% GST");
    expect(taxNote({ taxScheme: "service-charge", overseas: true }, taxes)).toBe("+ 18% GST on the service charge + 2% TCS");
  });
  it("takes overseas from the package, else from its region", () => {
    expect(packageTaxSetting({ region: "international" })).toEqual({
      taxScheme: "package",
      overseas: true,
    });
    expect(
      packageTaxSetting({
        region: "international",
        overseas: false,
        taxScheme: "service-charge",
      }),
    ).toEqual({
      taxScheme: "service-charge",
      overseas: false,
    });
    expect(packageTaxSetting({ region: "national", overseas: null })).toEqual({
      taxScheme: "package",
      overseas: false,
    });
  });
});

describe("prices", () => {
  const adultChild = {
    kind: "adultChild",
    adult: 99500,
    childWithBed: 85000,
    childNoBed: 77500,
  } as const;
  it("finds the from price over both shapes and the options: the adult's, never a child's (issue 49)", () => {
    expect(fromPrice(adultChild)).toBe(99500);
    expect(fromPrice({ kind: "single", amount: 27400, unit: "per person" }, [{ label: "Option 2", amount: 21500, unit: "per person", hotels: [] }])).toBe(
      21500,
    );
  });
  it("lists adult and child lines", () => {
    expect(priceLines(adultChild).map((line) => `${line.label}: ${line.amount}`)).toEqual([
      "Adult: ₹99,500",
      "Child with bed: ₹85,000",
      "Child without bed: ₹77,500",
    ]);
    expect(priceLines({ kind: "single", amount: 85000, unit: "per person" })[0]).toEqual({
      label: "Price",
      amount: "₹85,000",
      unit: "per person",
    });
  });
});

describe("fromPrice", () => {
  it("is the adult or per-person price, or a cheaper option, never a child's", () => {
    expect(
      fromPrice({
        kind: "adultChild",
        adult: 52_500,
        childWithBed: 45_000,
        childNoBed: 40_500,
      }),
    ).toBe(52_500);
    expect(fromPrice({ kind: "single", amount: 21_500, unit: "per person" })).toBe(21_500);
    const option = {
      label: "Budget",
      amount: 19_000,
      unit: "per person" as const,
      hotels: [],
    };
    expect(fromPrice({ kind: "single", amount: 21_500, unit: "per person" }, [option])).toBe(19_000);
  });
});
