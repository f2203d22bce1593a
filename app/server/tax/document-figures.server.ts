import { formatWithPaise } from "~/lib/amount-with-paise";
import { combineSplits, cumulativeSplit, DocumentRefused, splitLike, sumSplits, supplySplit, taxHeads, type AmountSplit, type PriceLine } from "./gst.server";
import { cancellationCharge, type RefundRule } from "./refund-rule.server";
import { splitReceived, tcsOn, type EarlierReceipt, type TcsFigures } from "./tcs.server";
import { gstRuleOn, type GstScheme, type TaxRules } from "./tax-rules.server";

/**
 * The figures of every tax document, computed by pure functions in integer
 * paise (ADR 092). Rounding: each tax to the paisa on its taxable value, halves
 * up; an advance divided in the proportions of the whole supply, to the paisa,
 * cumulatively (so advances that add up to the price add up to the supply);
 * totals never rounded to the rupee (s. 170 of the CGST Act rounds what is paid
 * to the government, not each invoice). Nothing here reads a database or a
 * clock: the caller passes the booking, the dates and the rules.
 */

/** How a booking is taxed, from its package, the settings and the traveller. */
export type TaxSetting = {
  scheme: GstScheme;
  /** The package's "overseas" setting: TCS is collected on every amount received. */
  overseas: boolean;
  agencyStateCode: string;
  /** From placeOfSupply(). */
  placeOfSupplyStateCode: string;
  /** The buyer's PAN for TCS, or null when none was given. */
  buyerPan: string | null;
};

export type BookingTaxInput = {
  lines: readonly PriceLine[];
  setting: TaxSetting;
  rules: TaxRules;
  /** The buyer's earlier receipts for overseas packages (all bookings), for TCS slabs. */
  earlierReceipts: readonly EarlierReceipt[];
};

type GstApplied = { gstRuleId: string; sac: string; rateBps: number; note: string };

export type QuoteFigures = GstApplied & { kind: "quote"; supply: AmountSplit; tcs: TcsFigures | null; total: number };
export type ReceiptFigures = GstApplied & { kind: "receipt-voucher"; received: number; advance: AmountSplit; tcs: TcsFigures | null };
export type InvoiceFigures = GstApplied & {
  kind: "tax-invoice";
  supply: AmountSplit;
  /** The advances already covered by receipt vouchers, together. */
  advances: AmountSplit;
  /** The supply less the advances: the tax this invoice charges, and the balance. */
  net: AmountSplit;
  /** TCS to collect with the balance, at the invoice date's rule (collected, and final, on the receipt). */
  tcsOnBalance: TcsFigures | null;
  dueNow: number;
};
/** A payment after the invoice: no GST of its own (the invoice charged it), the TCS on it when overseas. */
export type PaymentReceiptFigures = { kind: "payment-receipt"; received: number; forPackage: number; tcs: TcsFigures | null };
export type RefundVoucherFigures = {
  kind: "refund-voucher";
  daysBefore: number;
  refundBps: number;
  paid: number;
  charge: number;
  refund: AmountSplit;
  /** What the agency keeps, still taxed on the receipt vouchers: invoiced as the cancellation charge. */
  retained: AmountSplit;
  /** TCS already collected stays deposited against the buyer's PAN; it is not refunded. */
  tcsKept: number;
};
export type CreditNoteFigures = { kind: "credit-note"; reduction: AmountSplit; refundDue: number; tcsKept: number };

function supplyOn(input: BookingTaxInput, on: string): GstApplied & { supply: AmountSplit } {
  const rule = gstRuleOn(input.rules, input.setting.scheme, on);
  const heads = taxHeads(rule.rateBps, input.setting.agencyStateCode, input.setting.placeOfSupplyStateCode);
  return { gstRuleId: rule.id, sac: rule.sac, rateBps: rule.rateBps, note: rule.documentNote, supply: supplySplit(input.lines, input.setting.scheme, heads) };
}

const tcsIfOverseas = (input: BookingTaxInput, amount: number, on: string) =>
  input.setting.overseas && amount > 0 ? tcsOn(amount, on, input.setting.buyerPan, input.earlierReceipts, input.rules) : null;

/** A quote (pro-forma) on `on`: the whole supply and, overseas, the TCS that paying it all that day would carry. */
export function quoteFigures(input: BookingTaxInput, on: string): QuoteFigures {
  const { supply, ...gst } = supplyOn(input, on);
  const tcs = tcsIfOverseas(input, supply.amount, on);
  return { kind: "quote", ...gst, supply, tcs, total: supply.amount + (tcs?.amount ?? 0) };
}

/**
 * A receipt voucher for `received` paise paid on `on` before the invoice (an
 * advance). Overseas, the payment includes its TCS; the rest is the advance,
 * split after the booking's `earlierAdvances` (the earlier vouchers' advances).
 */
export function receiptVoucherFigures(input: BookingTaxInput, on: string, received: number, earlierAdvances: readonly AmountSplit[]): ReceiptFigures {
  if (!Number.isSafeInteger(received) || received <= 0) throw new DocumentRefused("A receipt needs an amount received of at least one paisa.");
  const { supply, ...gst } = supplyOn(input, on);
  const before = sumSplits(earlierAdvances, supply).amount;
  const { forPackage, tcs } = input.setting.overseas
    ? completingSplit(input, on, received, supply.amount - before, earlierAdvances.length)
    : { forPackage: received, tcs: null };
  if (before + forPackage > supply.amount) {
    throw new DocumentRefused(
      `This payment is more than the booking's balance of ${formatWithPaise(supply.amount - before)}: record the difference as an overpayment to refund.`,
    );
  }
  return { kind: "receipt-voucher", ...gst, received, advance: cumulativeSplit(forPackage, earlierAdvances, supply), tcs };
}

/**
 * An overseas payment divided into the package part and its TCS (splitReceived),
 * except the payment that completes the booking (ADR 115): the schedule asks
 * for the supply with the TCS on all of it, and each earlier receipt's TCS was
 * rounded on its own part (and may have taken an odd paisa no package amount
 * reaches), so the last payment can be a paisa or two away from the rest plus
 * the TCS on the rest. Within two paise per earlier receipt, it pays the rest
 * of the supply, and its TCS is what is left: the booking's receipts then add
 * up to the supply exactly and the invoice asks ₹0.00.
 */
function completingSplit(input: BookingTaxInput, on: string, received: number, rest: number, earlierCount: number): { forPackage: number; tcs: TcsFigures } {
  const { buyerPan } = input.setting;
  const split = splitReceived(received, on, buyerPan, input.earlierReceipts, input.rules);
  if (rest <= 0 || split.forPackage === rest || earlierCount === 0) return split;
  const completing = tcsOn(rest, on, buyerPan, input.earlierReceipts, input.rules);
  const difference = received - rest - completing.amount;
  const last = completing.lines[completing.lines.length - 1];
  if (!last || Math.abs(difference) > 2 * earlierCount || last.amount + difference < 0) return split;
  const lines = [...completing.lines.slice(0, -1), { ...last, amount: last.amount + difference }];
  return { forPackage: rest, tcs: { ...completing, lines, amount: completing.amount + difference } };
}

/**
 * The tax invoice on `on`, net of the advances already covered by receipt
 * vouchers. `receivedWithoutVoucher`: money the ledger holds that no voucher
 * covers (receipts not issued automatically); it is paid, so it lowers what
 * the invoice asks now, never below ₹0.00 (ADR 115).
 */
export function taxInvoiceFigures(input: BookingTaxInput, on: string, advances: readonly AmountSplit[], receivedWithoutVoucher = 0): InvoiceFigures {
  const { supply, ...gst } = supplyOn(input, on);
  const paid = sumSplits(advances, supply);
  if (paid.amount > supply.amount)
    throw new DocumentRefused("The advances are more than the booking's price: issue a refund voucher for the difference first.");
  const net = combineSplits(supply, paid, -1);
  const tcsOnBalance = tcsIfOverseas(input, net.amount, on);
  const dueNow = Math.max(0, net.amount + (tcsOnBalance?.amount ?? 0) - Math.max(0, receivedWithoutVoucher));
  return { kind: "tax-invoice", ...gst, supply, advances: paid, net, tcsOnBalance, dueNow };
}

const nothingRefunded = (daysBefore: number) =>
  new DocumentRefused(`Cancelled ${daysBefore} days before departure: the refund rule refunds nothing of what was paid, so there is no document to issue.`);

/** A payment received on `on` after the tax invoice (the balance of a trip already invoiced). */
export function paymentReceiptFigures(input: BookingTaxInput, on: string, received: number): PaymentReceiptFigures {
  if (!Number.isSafeInteger(received) || received <= 0) throw new DocumentRefused("A receipt needs an amount received of at least one paisa.");
  if (!input.setting.overseas) return { kind: "payment-receipt", received, forPackage: received, tcs: null };
  const { forPackage, tcs } = splitReceived(received, on, input.setting.buyerPan, input.earlierReceipts, input.rules);
  return { kind: "payment-receipt", received, forPackage, tcs };
}

export type Cancellation = { cancelledOn: string; departsOn: string; rule: RefundRule };

/**
 * A refund voucher for a cancellation before the invoice: what the rule
 * refunds of the advances, split as the supply is; the rest is kept.
 */
export function refundVoucherFigures(
  supply: AmountSplit,
  advances: readonly AmountSplit[],
  cancellation: Cancellation,
  tcsCollected: number,
): RefundVoucherFigures {
  const paid = sumSplits(advances, supply);
  const { daysBefore, refundBps, charge } = cancellationCharge(cancellation.rule, { ...cancellation, tourCost: supply.amount, paid: paid.amount });
  const kept = Math.min(charge, paid.amount);
  if (kept === paid.amount) throw nothingRefunded(daysBefore);
  const refund = splitLike(paid.amount - kept, supply);
  return {
    kind: "refund-voucher",
    daysBefore,
    refundBps,
    paid: paid.amount,
    charge: kept,
    refund,
    retained: combineSplits(paid, refund, -1),
    tcsKept: tcsCollected,
  };
}

/** A credit note that lowers an invoiced supply by `reduction` (with its tax), and what is then owed back of `paid`. */
export function creditNoteFigures(invoiced: AmountSplit, reduction: number, paid: number, tcsCollected: number): CreditNoteFigures {
  if (!Number.isSafeInteger(reduction) || reduction <= 0) throw new DocumentRefused("A credit note needs an amount of at least one paisa.");
  if (reduction > invoiced.amount) throw new DocumentRefused("A credit note cannot be for more than the invoice.");
  return {
    kind: "credit-note",
    reduction: splitLike(reduction, invoiced),
    refundDue: Math.max(0, paid - (invoiced.amount - reduction)),
    tcsKept: tcsCollected,
  };
}

/** The credit note for a cancellation after the invoice: the invoice lowered to the cancellation charge. */
export function cancellationCreditNote(
  invoiced: AmountSplit,
  paid: number,
  cancellation: Cancellation,
  tcsCollected: number,
): CreditNoteFigures & { daysBefore: number; refundBps: number; charge: number } {
  const { daysBefore, refundBps, charge } = cancellationCharge(cancellation.rule, { ...cancellation, tourCost: invoiced.amount, paid });
  if (charge >= invoiced.amount) throw nothingRefunded(daysBefore);
  return { ...creditNoteFigures(invoiced, invoiced.amount - charge, paid, tcsCollected), daysBefore, refundBps, charge };
}
