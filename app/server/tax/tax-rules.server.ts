/**
 * Tax rules as data (ADR 092): every rate and threshold is a rule with the
 * date it takes effect, and a document takes the rule in force on its date
 * (an advance's on the day it was received). The seed is today's public
 * figures (tax-rules-seed.server.ts); an admin adds a rule when the law
 * changes, and issued documents keep the rule they used in their snapshot.
 *
 * Rates are in basis points (500 = 5%) and amounts in paise, all integers.
 */

/** How a package is taxed: 5% on the whole package, or 18% on a separate service charge. */
export type GstScheme = "package" | "service-charge";

export type GstRule = {
  id: string;
  scheme: GstScheme;
  /** Indian date the rule applies from, "2017-07-01". */
  effectiveFrom: string;
  /** Services Accounting Code printed on the documents. */
  sac: string;
  /** The whole rate: split in two halves (CGST + SGST/UTGST) inside a state, IGST across states. */
  rateBps: number;
  /** What the documents must say for this rate to apply. */
  documentNote: string;
  source: string;
};

/** A slab of a buyer's receipts in one financial year: up to `upTo` paise (null: all the rest) at `rateBps`. */
export type TcsSlab = { upTo: number | null; rateBps: number };

export type TcsRule = {
  id: string;
  effectiveFrom: string;
  /** The section the documents and the TCS register name. */
  section: string;
  /** In order, each up to a running total of the buyer's receipts in the financial year. */
  slabs: readonly TcsSlab[];
  /** A buyer who gives no valid PAN: `timesRate` the slab's rate, at least `atLeastBps`, at most `atMostBps`. */
  withoutPan: { timesRate: number; atLeastBps: number; atMostBps: number; section: string };
  source: string;
};

export type TaxRules = { gst: readonly GstRule[]; tcs: readonly TcsRule[] };

export class TaxRuleMissing extends Error {
  constructor(what: string, date: string) {
    super(`No ${what} rule is in force on ${date}: add one in Settings → Business and tax.`);
    this.name = "TaxRuleMissing";
  }
}

/** The rule that took effect last on or before `date` (an Indian date; ISO dates compare as strings). */
function latestOnOrBefore<Rule extends { effectiveFrom: string }>(rules: readonly Rule[], date: string): Rule | undefined {
  let found: Rule | undefined;
  for (const rule of rules) {
    if (rule.effectiveFrom <= date && (!found || rule.effectiveFrom > found.effectiveFrom)) found = rule;
  }
  return found;
}

export function gstRuleOn(rules: TaxRules, scheme: GstScheme, date: string): GstRule {
  const rule = latestOnOrBefore(
    rules.gst.filter((candidate) => candidate.scheme === scheme),
    date,
  );
  if (!rule) throw new TaxRuleMissing(scheme === "package" ? "GST (whole package)" : "GST (service charge)", date);
  return rule;
}

/** The TCS rule in force on `date`, or null when none is (for words that can do without one). */
export const tcsRuleInForce = (rules: TaxRules, date: string): TcsRule | null => latestOnOrBefore(rules.tcs, date) ?? null;

export function tcsRuleOn(rules: TaxRules, date: string): TcsRule {
  const rule = tcsRuleInForce(rules, date);
  if (!rule) throw new TaxRuleMissing("TCS", date);
  return rule;
}

/** `bps` of `amount`, to the nearest paisa, halves away from zero. */
export function percentOf(amount: number, bps: number): number {
  return proportion(amount, bps, 10_000);
}

/** amount × part ÷ whole to the nearest paisa, halves away from zero (BigInt: amount × part may pass 2^53). */
export function proportion(amount: number, part: number, whole: number): number {
  if (whole <= 0) throw new RangeError("A proportion of nothing");
  const negative = amount < 0 !== part < 0;
  const numerator = BigInt(Math.abs(amount)) * BigInt(Math.abs(part));
  const divisor = BigInt(whole);
  const rounded = (numerator * 2n + divisor) / (divisor * 2n);
  const value = Number(rounded);
  return negative && value !== 0 ? -value : value;
}

/** "5%", "2.5%", "18%". */
export function formatRate(bps: number): string {
  return `${bps % 100 === 0 ? bps / 100 : (bps / 100).toFixed(2).replace(/0+$/, "")}%`;
}
