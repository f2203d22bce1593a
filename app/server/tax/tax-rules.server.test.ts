import { describe, expect, it } from "vitest";
import { DEFAULT_REFUND_RULE } from "~/server/package/package-terms.server";
import { cancellationCharge, daysBeforeDeparture, refundRuleText, refundShare, SITE_REFUND_RULE } from "./refund-rule.server";
import { ACCOUNTANT_NOTE, TAX_RULES_SEED } from "./tax-rules-seed.server";
import { formatRate, gstRuleOn, percentOf, proportion, tcsRuleOn, TaxRuleMissing } from "./tax-rules.server";

describe("the rule in force on a date", () => {
  it.each([
    ["2020-09-30", null],
    ["2020-10-01", "tcs-2020-10-01"],
    ["2023-09-30", "tcs-2020-10-01"],
    ["2023-10-01", "tcs-2023-10-01"],
    ["2025-03-31", "tcs-2023-10-01"],
    ["2025-04-01", "tcs-2025-04-01"],
    ["2026-03-31", "tcs-2025-04-01"],
    ["2026-04-01", "tcs-2026-04-01"],
    ["2030-01-01", "tcs-2026-04-01"],
  ])("TCS on %s: %s", (date, id) => {
    if (id) expect(tcsRuleOn(TAX_RULES_SEED, date).id).toBe(id);
    else expect(() => tcsRuleOn(TAX_RULES_SEED, date)).toThrow(TaxRuleMissing);
  });

  it("a rule an admin adds later wins from its date, and the seeded one stays for earlier documents", () => {
    const rules = {
      ...TAX_RULES_SEED,
      gst: [...TAX_RULES_SEED.gst, { ...TAX_RULES_SEED.gst[0]!, id: "gst-package-2027-04-01", effectiveFrom: "2027-04-01", rateBps: 1200 }],
    };
    expect(gstRuleOn(rules, "package", "2027-03-31").rateBps).toBe(500);
    expect(gstRuleOn(rules, "package", "2027-04-01").rateBps).toBe(1200);
    expect(gstRuleOn(rules, "service-charge", "2027-04-01").rateBps).toBe(1800);
    expect(() => gstRuleOn(rules, "package", "2017-06-30")).toThrow(
      "No GST (whole package) rule is in force on 2017-06-30: add one in Settings → Business and tax.",
    );
  });

  it("the note for the accountant names the TCS rates the seed holds today", () => {
    const today = tcsRuleOn(TAX_RULES_SEED, "2026-11-28");
    const withoutPan = Math.max(today.slabs[0]!.rateBps * today.withoutPan.timesRate, today.withoutPan.atLeastBps);
    expect(ACCOUNTANT_NOTE).toContain(`TCS rate (${formatRate(today.slabs[0]!.rateBps)} from 1 April 2026, ${formatRate(withoutPan)} without a PAN)`);
  });

  it("every seeded rule names its source", () => {
    for (const rule of [...TAX_RULES_SEED.gst, ...TAX_RULES_SEED.tcs]) expect(rule.source.length).toBeGreaterThan(40);
  });
});

describe("integer arithmetic", () => {
  it("rounds to the paisa, halves away from zero", () => {
    expect(percentOf(100020, 250)).toBe(2501);
    expect(percentOf(100019, 250)).toBe(2500);
    expect(percentOf(-100020, 250)).toBe(-2501);
    expect(proportion(0, -5, 7)).toBe(0);
    expect(Object.is(proportion(0, -5, 7), -0)).toBe(false);
  });

  it("stays exact where amount × part passes 2^53 (₹1 crore of a ₹2 crore booking)", () => {
    // 1,000,000,001 × 2,090,000,001 ÷ 2,194,500,003 = 952,380,952.487…, worked out in exact fractions.
    expect(proportion(1_000_000_001, 2_090_000_001, 2_194_500_003)).toBe(952_380_952);
    expect(proportion(2500000, 10450000, 10972500)).toBe(2380952);
  });

  it("writes rates as documents print them", () => {
    expect([500, 250, 1800, 200, 125].map(formatRate)).toEqual(["5%", "2.5%", "18%", "2%", "1.25%"]);
  });
});

describe("the refund rule as tiers", () => {
  it("gives exactly the wording the package page shows", () => expect(refundRuleText(SITE_REFUND_RULE)).toBe(DEFAULT_REFUND_RULE));

  it("counts Indian calendar days to departure", () => {
    expect(daysBeforeDeparture("2026-12-20", "2027-01-20")).toBe(31);
    expect(daysBeforeDeparture("2027-01-20", "2027-01-20")).toBe(0);
    expect(daysBeforeDeparture("2027-01-22", "2027-01-20")).toBe(-2);
    expect([31, 30, 15, 14, 0, -2].map((days) => refundShare(SITE_REFUND_RULE, days))).toEqual([9000, 5000, 5000, 0, 0, 0]);
  });

  it("keeps the unrefunded part of the tour cost, to the paisa", () => {
    expect(cancellationCharge(SITE_REFUND_RULE, { cancelledOn: "2026-12-20", departsOn: "2027-01-20", tourCost: 10972501, paid: 0 })).toEqual({
      daysBefore: 31,
      refundBps: 9000,
      // 90% of ₹1,09,725.01 is ₹98,752.509 → ₹98,752.51 refunded, ₹10,972.50 kept.
      charge: 1097250,
    });
  });
});
