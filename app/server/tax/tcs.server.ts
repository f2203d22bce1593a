import { financialYearOfDate } from "~/lib/financial-year";
import type { TcsPanSlab } from "~/lib/tcs-pan-hint";
import { percentOf, tcsRuleInForce, tcsRuleOn, type TaxRules, type TcsRule } from "./tax-rules.server";

/**
 * TCS on overseas tour packages (ADR 092): collected on each amount received
 * for the package, at the rule in force on the day it is received, on the
 * buyer's running total for the financial year where the rule has slabs, and
 * at the higher rate the law sets when the buyer gives no PAN.
 */

export type TcsLine = { base: number; rateBps: number; amount: number };
export type TcsFigures = { ruleId: string; section: string; pan: string | null; lines: TcsLine[]; amount: number };

/** An amount the same buyer paid for an overseas package earlier (any booking), on an Indian date. */
export type EarlierReceipt = { on: string; amount: number };

/** A slab's rate for this buyer: with a PAN as the rule says, without one the higher rate the law sets. */
function rateFor(rule: TcsRule, rateBps: number, pan: string | null): number {
  if (pan) return rateBps;
  const { timesRate, atLeastBps, atMostBps } = rule.withoutPan;
  return Math.min(atMostBps, Math.max(rateBps * timesRate, atLeastBps));
}

/** TCS on `amount` received on `on` from a buyer (their PAN, or null), after their `earlier` receipts. */
export function tcsOn(amount: number, on: string, pan: string | null, earlier: readonly EarlierReceipt[], rules: TaxRules): TcsFigures {
  const rule = tcsRuleOn(rules, on);
  const year = financialYearOfDate(on).startYear;
  // Only this financial year's receipts count towards a slab: the total starts again each 1 April.
  let before = earlier.filter((receipt) => financialYearOfDate(receipt.on).startYear === year).reduce((sum, receipt) => sum + receipt.amount, 0);
  let rest = amount;
  const lines: TcsLine[] = [];
  for (const slab of rule.slabs) {
    if (rest <= 0) break;
    const room = slab.upTo === null ? rest : Math.max(0, slab.upTo - before);
    const base = Math.min(rest, room);
    if (base > 0) {
      const rateBps = rateFor(rule, slab.rateBps, pan);
      lines.push({ base, rateBps, amount: percentOf(base, rateBps) });
      rest -= base;
      before += base;
    }
  }
  const section = pan ? rule.section : `${rule.section}, read with ${rule.withoutPan.section}`;
  return { ruleId: rule.id, section, pan, lines, amount: lines.reduce((sum, line) => sum + line.amount, 0) };
}

/** The rates of the rule in force on `on`, each slab with a PAN and without one (the trip page's PAN hint); none when no rule is. */
export function tcsPanSlabs(rules: TaxRules, on: string): TcsPanSlab[] {
  const rule = tcsRuleInForce(rules, on);
  if (!rule) return [];
  return rule.slabs.map((slab) => ({ upToPaise: slab.upTo, withPanBps: slab.rateBps, withoutPanBps: rateFor(rule, slab.rateBps, null) }));
}

/**
 * A payment of `received` paise that includes its TCS, divided into the part
 * for the package and the TCS: the largest package amount whose TCS fits in
 * the payment. A paisa that no package amount reaches (TCS jumps a paisa at a
 * time) is collected as TCS, the buyer's credit, rather than left unexplained.
 */
export function splitReceived(
  received: number,
  on: string,
  pan: string | null,
  earlier: readonly EarlierReceipt[],
  rules: TaxRules,
): { forPackage: number; tcs: TcsFigures } {
  const total = (amount: number) => amount + tcsOn(amount, on, pan, earlier, rules).amount;
  let low = 0;
  let high = received;
  while (low < high) {
    const middle = Math.ceil((low + high) / 2);
    if (total(middle) <= received) low = middle;
    else high = middle - 1;
  }
  const tcs = tcsOn(low, on, pan, earlier, rules);
  const extra = received - low - tcs.amount;
  if (extra > 0 && tcs.lines.length > 0) {
    const last = tcs.lines[tcs.lines.length - 1]!;
    tcs.lines[tcs.lines.length - 1] = { ...last, amount: last.amount + extra };
    tcs.amount += extra;
  }
  return { forPackage: low, tcs };
}
