import { formatRate } from "./tax-rules.server";

/**
 * The refund rule as numbers (ADR 092). Today the site stores the rule as
 * the text visitors read (site_settings.refund_rule, DEFAULT_REFUND_RULE in
 * package-terms.server.ts); a credit note needs it as tiers. `refundRuleText`
 * writes the tiers back as that text, and a test checks that the site's tiers
 * give exactly the stored wording, so the two cannot drift apart unseen.
 */

/** Cancelling `fromDays` or more days before departure refunds `refundBps` (9000 = 90%). */
export type RefundTier = { fromDays: number; refundBps: number };

export type RefundRule = {
  /** What the percentage is of: the whole tour cost (the site's terms) or what was paid (the legal page's standard schedule). */
  basis: "tour-cost" | "amount-paid";
  /** Longest notice first; the last usually from 0 days at 0%. */
  tiers: readonly RefundTier[];
};

/** The package page's rule: more than 30 days 90%, 15 to 30 days 50%, under 15 days nothing, of the tour cost. */
export const SITE_REFUND_RULE: RefundRule = {
  basis: "tour-cost",
  tiers: [
    { fromDays: 31, refundBps: 9000 },
    { fromDays: 15, refundBps: 5000 },
    { fromDays: 0, refundBps: 0 },
  ],
};

const DAY_MS = 86_400_000;

/** Whole days from the Indian date of cancelling to the Indian date of departure (negative after it). */
export function daysBeforeDeparture(cancelledOn: string, departsOn: string): number {
  return Math.round((Date.parse(`${departsOn}T00:00:00Z`) - Date.parse(`${cancelledOn}T00:00:00Z`)) / DAY_MS);
}

/** The share refunded with `daysBefore` days' notice: the first tier whose notice is met, else nothing. */
export function refundShare(rule: RefundRule, daysBefore: number): number {
  return rule.tiers.find((tier) => daysBefore >= tier.fromDays)?.refundBps ?? 0;
}

export type CancellationCharge = { daysBefore: number; refundBps: number; charge: number };

/**
 * What the agency keeps when a booking is cancelled: the part of the tour
 * cost (or of what was paid) that the rule does not refund, never more than
 * was paid when the basis is what was paid.
 */
export function cancellationCharge(rule: RefundRule, input: { cancelledOn: string; departsOn: string; tourCost: number; paid: number }): CancellationCharge {
  const daysBefore = daysBeforeDeparture(input.cancelledOn, input.departsOn);
  const refundBps = refundShare(rule, daysBefore);
  const base = rule.basis === "tour-cost" ? input.tourCost : input.paid;
  // The refund is rounded to the paisa (halves up); the charge is what is left of the base.
  const refund = Math.floor((base * refundBps + 5000) / 10_000);
  return { daysBefore, refundBps, charge: base - refund };
}

/** The rule in the words the package page shows. */
export function refundRuleText(rule: RefundRule): string {
  const of = rule.basis === "tour-cost" ? "of the tour cost" : "of the amount paid";
  return rule.tiers
    .map((tier, index) => {
      const before = index === 0 ? null : rule.tiers[index - 1]!;
      const when =
        before === null
          ? `more than ${tier.fromDays - 1} days before departure`
          : tier.fromDays === 0
            ? `less than ${before.fromDays} days before departure`
            : `${tier.fromDays} to ${before.fromDays - 1} days before departure`;
      if (tier.refundBps === 0) return `Cancellations made ${when} are not refunded.`;
      return `If you cancel ${when}, ${formatRate(tier.refundBps)}${index === 0 ? ` ${of}` : ""} is refunded.`;
    })
    .join(" ");
}

/**
 * The tiers of a rule written as `refundRuleText` writes them (the site's terms
 * as the team saved them), or null when the text says something else: a
 * credit note is then for an amount the admin types, not computed.
 */
export function refundRuleFromText(text: string): RefundRule | null {
  const sentences = text.trim().split(/(?<=\.)\s+/);
  const tiers: RefundTier[] = [];
  let basis: RefundRule["basis"] = "tour-cost";
  for (const [index, sentence] of sentences.entries()) {
    const first = /^If you cancel more than (\d+) days before departure, (\d+(?:\.\d+)?)% of the (tour cost|amount paid) is refunded\.$/.exec(sentence);
    const middle = /^If you cancel (\d+) to \d+ days before departure, (\d+(?:\.\d+)?)% is refunded\.$/.exec(sentence);
    const last = /^If you cancel less than \d+ days before departure, (\d+(?:\.\d+)?)% is refunded\.$/.exec(sentence);
    const none = /^Cancellations made (?:less than \d+|more than (\d+)|(\d+) to \d+) days before departure are not refunded\.$/.exec(sentence);
    const bps = (percent: string) => Math.round(Number(percent) * 100);
    if (index === 0 && first) {
      tiers.push({ fromDays: Number(first[1]) + 1, refundBps: bps(first[2]!) });
      basis = first[3] === "tour cost" ? "tour-cost" : "amount-paid";
    } else if (index > 0 && middle) tiers.push({ fromDays: Number(middle[1]), refundBps: bps(middle[2]!) });
    else if (index > 0 && last) tiers.push({ fromDays: 0, refundBps: bps(last[1]!) });
    else if (none) tiers.push({ fromDays: none[1] ? Number(none[1]) + 1 : none[2] ? Number(none[2]) : 0, refundBps: 0 });
    else return null;
  }
  const rule: RefundRule = { basis, tiers };
  // Only a text this function reads back exactly: anything else is not guessed at.
  return tiers.length > 0 && refundRuleText(rule) === text.trim() ? rule : null;
}
