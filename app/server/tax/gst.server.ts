import { stateByCode } from "~/lib/indian-states";
import { checkGstin } from "~/lib/tax-ids";
import { percentOf, proportion, type GstScheme } from "./tax-rules.server";

/**
 * GST on a booking (ADR 092): which taxes (CGST + SGST/UTGST inside the
 * agency's state, IGST across states), how much on the whole supply (each tax
 * to the paisa on the taxable value), and how an amount received or refunded
 * divides into the costs passed on, the taxable value and each tax, in the
 * proportions of the whole supply.
 */

export type TaxName = "CGST" | "SGST" | "UTGST" | "IGST";
export type TaxHead = { tax: TaxName; rateBps: number; amount: number };

/** An amount of money with what it is made of: amount = pureAgent + taxable + the taxes. */
export type AmountSplit = { amount: number; pureAgent: number; taxable: number; taxes: TaxHead[] };

/** A line of a booking's price, in paise (a discount is negative); `serviceCharge` marks the agency's fee in the 18% scheme. */
export type PriceLine = { description: string; amount: number; serviceCharge?: boolean };

/** A refusal to compute a document, in words for the team; nothing is numbered. */
export class DocumentRefused extends Error {
  constructor(message: string) {
    super(message);
    this.name = "DocumentRefused";
  }
}

/** The taxes on a supply at `rateBps`: two halves inside the agency's state (UTGST in a union territory without a legislature), else IGST. */
export function taxHeads(rateBps: number, agencyStateCode: string, placeOfSupplyStateCode: string): { tax: TaxName; rateBps: number }[] {
  if (agencyStateCode !== placeOfSupplyStateCode) return [{ tax: "IGST", rateBps }];
  const state = stateByCode(agencyStateCode);
  if (!state) throw new DocumentRefused(`${agencyStateCode} is not a GST state code.`);
  if (rateBps % 2 !== 0) throw new DocumentRefused(`A rate of ${rateBps / 100}% cannot be split into CGST and ${state.secondTax}.`);
  return [
    { tax: "CGST", rateBps: rateBps / 2 },
    { tax: state.secondTax, rateBps: rateBps / 2 },
  ];
}

export type PlaceOfSupplyInput = {
  overseas: boolean;
  /** The setting for overseas packages (accountants differ): the traveller's state or the agency's. */
  overseasPlaceOfSupply: "traveller" | "agency";
  agencyStateCode: string;
  travellerStateCode: string | null;
  /** When a registered business pays, its GSTIN's state is where the service is supplied. */
  travellerGstin: string | null;
};

/**
 * The place of supply (IGST Act s. 12(2)): a registered recipient's state;
 * else the traveller's state on record; for overseas packages the setting
 * may say the agency's state instead.
 */
export function placeOfSupply(input: PlaceOfSupplyInput): string {
  if (input.travellerGstin) {
    const gstin = checkGstin(input.travellerGstin);
    if (!gstin.ok) throw new DocumentRefused(`The traveller's GSTIN: ${gstin.message}`);
    return gstin.stateCode;
  }
  if (input.overseas && input.overseasPlaceOfSupply === "agency") return input.agencyStateCode;
  if (!input.travellerStateCode) throw new DocumentRefused("Add the traveller's state to the booking: GST depends on it.");
  if (!stateByCode(input.travellerStateCode)) throw new DocumentRefused(`${input.travellerStateCode} is not a GST state code.`);
  return input.travellerStateCode;
}

/** The whole supply of a booking: its taxable value (all of it, or the service charge alone) and each tax on it. */
export function supplySplit(lines: readonly PriceLine[], scheme: GstScheme, heads: readonly { tax: TaxName; rateBps: number }[]): AmountSplit {
  for (const line of lines) {
    if (!Number.isSafeInteger(line.amount)) throw new DocumentRefused(`"${line.description}" is not an amount in paise.`);
  }
  const total = lines.reduce((sum, line) => sum + line.amount, 0);
  if (total <= 0) throw new DocumentRefused("The booking has no price yet: add its price lines first.");
  const taxable = scheme === "package" ? total : lines.filter((line) => line.serviceCharge).reduce((sum, line) => sum + line.amount, 0);
  if (scheme === "service-charge" && taxable <= 0) {
    throw new DocumentRefused("This package charges GST on a service charge, but the booking has no service charge line.");
  }
  if (taxable > total) throw new DocumentRefused("The service charge is more than the whole price.");
  const taxes = heads.map((head) => ({ ...head, amount: percentOf(taxable, head.rateBps) }));
  return { amount: total + sumOf(taxes), pureAgent: total - taxable, taxable, taxes };
}

const sumOf = (taxes: readonly TaxHead[]) => taxes.reduce((sum, head) => sum + head.amount, 0);

/** The part of `amount` that is costs passed on, taxable value and each tax, in the proportions of `whole`. */
export function splitLike(amount: number, whole: AmountSplit): AmountSplit {
  const pureAgent = proportion(amount, whole.pureAgent, whole.amount);
  const taxable = proportion(amount, whole.taxable, whole.amount);
  const tax = amount - pureAgent - taxable;
  const wholeTax = sumOf(whole.taxes);
  let left = tax;
  const taxes = whole.taxes.map((head, index) => {
    // Each tax its share (two halves: the first rounded up); the last takes what is left.
    const share = index === whole.taxes.length - 1 || wholeTax === 0 ? left : proportion(tax, head.amount, wholeTax);
    left -= share;
    return { ...head, amount: share };
  });
  return { amount, pureAgent, taxable, taxes };
}

/** a + b (or a − b), tax by tax; both must have the same taxes. */
export function combineSplits(a: AmountSplit, b: AmountSplit, sign: 1 | -1 = 1): AmountSplit {
  const names = (split: AmountSplit) => split.taxes.map((head) => `${head.tax} ${head.rateBps}`).join(", ");
  if (names(a) !== names(b)) {
    throw new DocumentRefused(`Earlier documents were taxed as ${names(b)} but this one as ${names(a)}: ask your accountant how to correct it.`);
  }
  return {
    amount: a.amount + sign * b.amount,
    pureAgent: a.pureAgent + sign * b.pureAgent,
    taxable: a.taxable + sign * b.taxable,
    taxes: a.taxes.map((head, index) => ({ ...head, amount: head.amount + sign * b.taxes[index]!.amount })),
  };
}

/** Nothing, with the taxes of `like`. */
function emptySplit(like: AmountSplit): AmountSplit {
  return { amount: 0, pureAgent: 0, taxable: 0, taxes: like.taxes.map((head) => ({ ...head, amount: 0 })) };
}

export function sumSplits(splits: readonly AmountSplit[], like: AmountSplit): AmountSplit {
  return splits.reduce((sum, split) => combineSplits(sum, split), emptySplit(like));
}

/**
 * The split of an advance after `earlier` ones of the same booking: the split
 * of all of them together less what the earlier ones said, so that advances
 * that add up to the whole price add up to the whole supply to the paisa.
 * (Were the price changed so much that this gave a negative part, the advance
 * is split on its own.)
 */
export function cumulativeSplit(amount: number, earlier: readonly AmountSplit[], whole: AmountSplit): AmountSplit {
  const before = sumSplits(earlier, whole);
  const split = combineSplits(splitLike(before.amount + amount, whole), before, -1);
  const negative = split.pureAgent < 0 || split.taxable < 0 || split.taxes.some((head) => head.amount < 0);
  return negative ? splitLike(amount, whole) : split;
}
