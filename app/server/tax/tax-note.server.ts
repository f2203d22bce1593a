import type { TaxRates } from "~/lib/price";
import { gstRuleOn, tcsRuleOn, TaxRuleMissing, type TaxRules } from "./tax-rules.server";

type NoteRates = Pick<TaxRates, "gstPercent" | "serviceChargeGstPercent" | "tcsPercent">;

/** A rule's rate, or the fallback when none is in force (a public page never fails for a missing rule). */
function orElse(rate: () => number, fallback: number): number {
  try {
    return rate();
  } catch (error) {
    if (error instanceof TaxRuleMissing) return fallback;
    throw error;
  }
}

/**
 * The rates a price's tax note says on `today` (an Indian date), from the
 * rules in force (ADR 092): GST on the whole package and on a service charge,
 * and TCS for a traveller with a PAN (the first slab's rate).
 */
export function noteRates(rules: TaxRules, today: string, fallback: NoteRates): NoteRates {
  return {
    gstPercent: orElse(() => gstRuleOn(rules, "package", today).rateBps / 100, fallback.gstPercent),
    serviceChargeGstPercent: orElse(() => gstRuleOn(rules, "service-charge", today).rateBps / 100, fallback.serviceChargeGstPercent),
    tcsPercent: orElse(() => tcsRuleOn(rules, today).slabs[0]!.rateBps / 100, fallback.tcsPercent),
  };
}
