import { describe, expect, it } from "vitest";
import { seedPackages } from "~/server/seed/data/packages";
import { DEFAULT_TAXES } from "~/lib/price";
import { priceBlock, priceOffers } from "./package-detail.server";

const seeded = (slug: string) => {
  const pkg = seedPackages().find((item) => item.slug === slug)!;
  return {
    price: pkg.price,
    priceOptions: pkg.priceOptions ?? [],
    region: pkg.region,
  };
};

describe("the package page's price block", () => {
  it("shows one price with GST and TCS on an international trip", () => {
    expect(priceBlock(seeded("dubai"), DEFAULT_TAXES)).toEqual({
      taxNote: "+ 5% GST + 5% TCS",
      from: "₹85,000",
      lines: [{ label: "Price", amount: "₹85,000", unit: "per person" }],
      options: [],
    });
    expect(priceBlock(seeded("vietnam"), DEFAULT_TAXES).lines).toEqual([{ label: "Price", amount: "₹1,32,900", unit: "per adult" }]);
  });

  it("shows adult and child prices, with GST only at home", () => {
    const block = priceBlock(seeded("golden-triangle"), DEFAULT_TAXES);
    expect(block.taxNote).toBe("+ 5% GST");
    // The adult price: one "from" rule everywhere, never a child's (issue 49).
    expect(block.from).toBe("₹52,500");
    expect(block.lines.map((line) => `${line.label}: ${line.amount} ${line.unit}`)).toEqual([
      "Adult: ₹52,500 per adult",
      "Child with bed: ₹45,000 per child",
      "Child without bed: ₹40,500 per child",
    ]);
  });

  it("shows Bangalore–Mysore–Ooty's hotel options instead of a single price", () => {
    const block = priceBlock(seeded("bangalore-mysore"), DEFAULT_TAXES);
    expect(block.lines).toEqual([]);
    expect(block.from).toBe("₹21,500");
    expect(block.options.map((option) => `${option.label}: ${option.amount} ${option.unit}`)).toEqual([
      "Option 1: ₹27,400 per person",
      "Option 2: ₹21,500 per person",
    ]);
    expect(block.options[0]!.hotels.map((stay) => `${stay.destination} ${stay.nights}: ${stay.hotel}`)).toEqual([
      "Ooty 3: Preethi Classic or similar",
      "Mysore 2: Hotel Preethi International or similar",
    ]);
  });

  it("gives the structured-data offers in whole rupees", () => {
    expect(priceOffers(seeded("bali"))).toEqual([
      { name: "Adult", price: 99500 },
      { name: "Child with bed", price: 85000 },
      { name: "Child without bed", price: 77500 },
    ]);
    expect(priceOffers(seeded("hampi"))).toEqual([{ name: "Per adult", price: 22440 }]);
    expect(priceOffers(seeded("dubai"))).toEqual([{ name: "Per person", price: 85000 }]);
    expect(priceOffers(seeded("bangalore-mysore")).map((offer) => offer.price)).toEqual([27400, 21500]);
  });
});

describe("the taxes come from the settings", () => {
  it("says the rates the agency set, and leaves out a rate of 0", () => {
    const taxes = {
      gstPercent: 5,
      serviceChargeGstPercent: 18,
      gstLabel: "GST",
      tcsPercent: 20,
      tcsLabel: "TCS",
    };
    expect(priceBlock(seeded("dubai"), taxes).taxNote).toBe("+ 5% GST + 20% TCS");
    expect(priceBlock(seeded("golden-triangle"), taxes).taxNote).toBe("+ 5% GST");
    expect(priceBlock(seeded("dubai"), { ...taxes, tcsPercent: 0 }).taxNote).toBe("+ 5% GST");
  });
});
