import { describe, expect, it } from "vitest";
import { percentToBps, taxRuleInputSchema } from "./tax-rule-schema";

const tcs = {
  kind: "tcs",
  effectiveFrom: "2027-04-01",
  rate: "2",
  threshold: "",
  rateAbove: "",
  section: "s. 394, Income-tax Act 2025",
  withoutPanTimes: "2",
  withoutPanAtLeast: "5",
  withoutPanAtMost: "20",
  withoutPanSection: "s. 397(2), Income-tax Act 2025",
  source: "Finance Act 2027",
};

describe("taxRuleInputSchema", () => {
  it("turns percents into basis points exactly and rupees into paise", () => {
    expect([percentToBps("5"), percentToBps("2.5"), percentToBps("0.05"), percentToBps("18 %"), percentToBps("100")]).toEqual([500, 250, 5, 1800, 10000]);
    expect([percentToBps("100.01"), percentToBps("2.555"), percentToBps("-1"), percentToBps("five")]).toEqual([null, null, null, null]);
    expect(
      taxRuleInputSchema.parse({
        ...tcs,
        threshold: "10,00,000",
        rateAbove: "20",
      }),
    ).toMatchObject({
      kind: "tcs",
      rate: 200,
      threshold: 10_00_000_00,
      rateAbove: 2000,
      withoutPanTimes: 2,
      withoutPanAtLeast: 500,
      withoutPanAtMost: 2000,
    });
  });

  it("takes a GST rule with its SAC and the words its documents print", () => {
    const parsed = taxRuleInputSchema.parse({
      kind: "gst-package",
      effectiveFrom: "2027-01-01",
      rate: "5",
      sac: "998555",
      documentNote: "Includes accommodation and transport.",
      source: "Notification 1/2027",
    });
    expect(parsed).toEqual({
      kind: "gst-package",
      effectiveFrom: "2027-01-01",
      rate: 500,
      sac: "998555",
      documentNote: "Includes accommodation and transport.",
      source: "Notification 1/2027",
    });
  });

  it("refuses what the admin could mistype, in their words", () => {
    const result = taxRuleInputSchema.safeParse({
      ...tcs,
      effectiveFrom: "2027-02-30",
      rate: "2,5",
      threshold: "ten lakh",
      withoutPanAtLeast: "20",
      withoutPanAtMost: "5",
      source: " ",
    });
    expect(result.success).toBe(false);
    const errors = Object.fromEntries(result.error!.issues.map((issue) => [issue.path.join("."), issue.message]));
    expect(errors).toEqual({
      effectiveFrom: "Enter the date the rule takes effect, like 2027-04-01.",
      rate: "Enter the TCS rate as a percent from 0 to 100, with at most two decimals, like 5 or 2.5.",
      threshold: "Enter whole rupees, like 1000000, or leave it empty for no threshold.",
      source: "Say where the rule comes from (the notification, section or Finance Act): your accountant will ask.",
    });
    const slabs = taxRuleInputSchema.safeParse({
      ...tcs,
      effectiveFrom: "2017-06-30",
    });
    expect(Object.fromEntries(slabs.error!.issues.map((issue) => [issue.path.join("."), issue.message]))).toEqual({
      effectiveFrom: "GST and TCS on tour packages start on 1 July 2017: enter a date from then.",
    });
    const tiers = taxRuleInputSchema.safeParse({
      ...tcs,
      threshold: "700000",
      withoutPanAtLeast: "20",
      withoutPanAtMost: "5",
    });
    expect(Object.fromEntries(tiers.error!.issues.map((issue) => [issue.path.join("."), issue.message]))).toEqual({
      rateAbove: "Enter the rate above the threshold, or clear the threshold.",
      withoutPanAtMost: "The highest rate without a PAN cannot be below the lowest.",
    });
  });
});
