import { describe, expect, it } from "vitest";
import { scheduleFromTerms } from "~/lib/payment-schedule";
import { intra, rs, split } from "../../../tests/support/tax-figures";
import { bookingTaxes, type BookingTaxSetting, type ReceiptsSoFar } from "./booking-taxes.server";
import { receiptVoucherFigures, taxInvoiceFigures, type BookingTaxInput } from "./document-figures.server";
import { TAX_RULES_SEED } from "./tax-rules-seed.server";
import type { TaxRules } from "./tax-rules.server";

/**
 * What a booking asks for (ADR 115): the price with its GST and, overseas, TCS
 * on the whole amount with GST; the default terms' deposit and balance add up
 * to it; the receipt vouchers of those two payments add up to the supply, so
 * the tax invoice asks ₹0.00. Every figure written out by hand, to the paisa.
 * The agency and the traveller are in Maharashtra (27): CGST + SGST.
 */

const PAN = "ABCPK1234F";
const ON = "2026-11-10";
const LINES = [{ description: "Bali: Adult × 1 at ₹1,04,500", amount: rs("1,04,500.00") }];
const setting = (overrides: Partial<BookingTaxSetting> = {}): BookingTaxSetting => ({
  scheme: "package",
  overseas: false,
  agencyStateCode: "27",
  overseasPlaceOfSupply: "traveller",
  travellerStateCode: "27",
  travellerGstin: null,
  buyerPan: PAN,
  ...overrides,
});
const input = (overseas: boolean, buyerPan: string | null, lines = LINES): BookingTaxInput => ({
  lines,
  setting: { scheme: "package", overseas, agencyStateCode: "27", placeOfSupplyStateCode: "27", buyerPan },
  rules: TAX_RULES_SEED,
  earlierReceipts: [],
});
/** The default terms: 25% on confirmation (to the nearest rupee), the balance 30 days before departure. */
const schedule = (totalPaise: number) =>
  scheduleFromTerms({
    terms: { deposit: { kind: "percent", percent: 25 }, balanceDaysBefore: 30 },
    totalPaise,
    travellers: 1,
    confirmedOn: ON,
    departureOn: "2027-02-01",
  }).lines.map((line) => [line.key, line.amountPaise]);

describe("the total a booking asks for", () => {
  it("domestic ₹1,04,500: ₹5,225.00 GST, ₹1,09,725.00 in all; deposit ₹27,431.00 and balance ₹82,294.00; the invoice asks ₹0.00", () => {
    expect(bookingTaxes(LINES, setting(), TAX_RULES_SEED, ON)).toEqual({
      pricePaise: rs("1,04,500.00"),
      gstPaise: rs("5,225.00"),
      tcsPaise: 0,
      totalPaise: rs("1,09,725.00"),
      gstRateBps: 500,
      tcsRateBps: null,
      problem: null,
    });
    // 25% of ₹1,09,725.00 is ₹27,431.25: the deposit is ₹27,431.00, the balance the rest.
    expect(schedule(rs("1,09,725.00"))).toEqual([
      ["DEP", rs("27,431.00")],
      ["BAL", rs("82,294.00")],
    ]);
    const deposit = receiptVoucherFigures(input(false, PAN), ON, rs("27,431.00"), []);
    // ₹27,431.00 ÷ 1.05 = ₹26,124.7619… → ₹26,124.76 taxable; ₹1,306.24 of tax, ₹653.12 each.
    expect(deposit.advance).toEqual(split("27,431.00", "26,124.76", intra(500, "653.12")));
    const balance = receiptVoucherFigures(input(false, PAN), ON, rs("82,294.00"), [deposit.advance]);
    // The whole supply less the deposit: ₹1,04,500.00 − ₹26,124.76 taxable; ₹2,612.50 − ₹653.12 each tax.
    expect(balance.advance).toEqual(split("82,294.00", "78,375.24", intra(500, "1,959.38")));
    const invoice = taxInvoiceFigures(input(false, PAN), ON, [deposit.advance, balance.advance]);
    expect(invoice.supply).toEqual(split("1,09,725.00", "1,04,500.00", intra(500, "2,612.50")));
    expect(invoice.net).toEqual(split("0.00", "0.00", intra(500, "0.00")));
    expect(invoice.dueNow).toBe(0);
  });

  it("overseas with a PAN: 2% TCS on ₹1,09,725.00 is ₹2,194.50, ₹1,11,919.50 in all; the two receipts' TCS adds up to it", () => {
    expect(bookingTaxes(LINES, setting({ overseas: true }), TAX_RULES_SEED, ON)).toMatchObject({
      gstPaise: rs("5,225.00"),
      tcsPaise: rs("2,194.50"),
      totalPaise: rs("1,11,919.50"),
      tcsRateBps: 200,
    });
    // 25% of ₹1,11,919.50 is ₹27,979.875: ₹27,980.00.
    expect(schedule(rs("1,11,919.50"))).toEqual([
      ["DEP", rs("27,980.00")],
      ["BAL", rs("83,939.50")],
    ]);
    // ₹27,980.00 ÷ 1.02 = ₹27,431.372…: ₹27,431.37 for the trip and ₹548.63 TCS (2% is ₹548.6274 → ₹548.63).
    const deposit = receiptVoucherFigures(input(true, PAN), ON, rs("27,980.00"), []);
    expect([deposit.advance.amount, deposit.tcs?.amount]).toEqual([rs("27,431.37"), rs("548.63")]);
    // The rest of the supply, ₹82,293.63, and 2% of it, ₹1,645.87 (₹1,645.8726).
    const balance = receiptVoucherFigures(input(true, PAN), ON, rs("83,939.50"), [deposit.advance]);
    expect([balance.advance.amount, balance.tcs?.amount]).toEqual([rs("82,293.63"), rs("1,645.87")]);
    const invoice = taxInvoiceFigures(input(true, PAN), ON, [deposit.advance, balance.advance]);
    expect([invoice.net.amount, invoice.tcsOnBalance, invoice.dueNow]).toEqual([0, null, 0]);
  });

  it("overseas without a PAN: 5% TCS, ₹5,486.25, ₹1,15,211.25 in all", () => {
    expect(bookingTaxes(LINES, setting({ overseas: true, buyerPan: null }), TAX_RULES_SEED, ON)).toMatchObject({
      gstPaise: rs("5,225.00"),
      tcsPaise: rs("5,486.25"),
      totalPaise: rs("1,15,211.25"),
      tcsRateBps: 500,
    });
    // 25% of ₹1,15,211.25 is ₹28,802.8125: ₹28,803.00, the balance ₹86,408.25.
    expect(schedule(rs("1,15,211.25"))).toEqual([
      ["DEP", rs("28,803.00")],
      ["BAL", rs("86,408.25")],
    ]);
    // ₹28,803.00: ₹27,431.43 for the trip, ₹1,371.57 TCS; the balance ₹82,293.57 and ₹4,114.68 (5% is ₹4,114.6785).
    const deposit = receiptVoucherFigures(input(true, null), ON, rs("28,803.00"), []);
    expect([deposit.advance.amount, deposit.tcs?.amount]).toEqual([rs("27,431.43"), rs("1,371.57")]);
    const balance = receiptVoucherFigures(input(true, null), ON, rs("86,408.25"), [deposit.advance]);
    expect([balance.advance.amount, balance.tcs?.amount]).toEqual([rs("82,293.57"), rs("4,114.68")]);
    expect(taxInvoiceFigures(input(true, null), ON, [deposit.advance, balance.advance]).dueNow).toBe(0);
  });

  it("the payment that completes an overseas booking pays the rest of the supply, its TCS what is left (₹1,00,014: a paisa of rounding)", () => {
    const lines = [{ description: "Bali", amount: rs("1,00,014.00") }];
    // GST ₹2,500.35 + ₹2,500.35; supply ₹1,05,014.70; 2% TCS ₹2,100.294 → ₹2,100.29; ₹1,07,114.99 in all.
    expect(bookingTaxes(lines, setting({ overseas: true }), TAX_RULES_SEED, ON)).toMatchObject({
      gstPaise: rs("5,000.70"),
      tcsPaise: rs("2,100.29"),
      totalPaise: rs("1,07,114.99"),
    });
    // Deposit ₹26,779.00 (25% is ₹26,778.7475): ₹26,253.92 for the trip, ₹525.08 TCS.
    const deposit = receiptVoucherFigures(input(true, PAN, lines), ON, rs("26,779.00"), []);
    expect([deposit.advance.amount, deposit.tcs?.amount]).toEqual([rs("26,253.92"), rs("525.08")]);
    // The balance, ₹80,335.99, is a paisa short of the rest (₹78,760.78) and 2% of it (₹1,575.22): on its own it would
    // be ₹78,760.77 for the trip and leave ₹0.01 on the invoice. It completes the booking: ₹78,760.78 and TCS ₹1,575.21,
    // so the TCS comes to ₹525.08 + ₹1,575.21 = ₹2,100.29, the TCS on the whole.
    const balance = receiptVoucherFigures(input(true, PAN, lines), ON, rs("80,335.99"), [deposit.advance]);
    expect([balance.advance.amount, balance.tcs?.amount]).toEqual([rs("78,760.78"), rs("1,575.21")]);
    expect(taxInvoiceFigures(input(true, PAN, lines), ON, [deposit.advance, balance.advance]).dueNow).toBe(0);
  });

  it("before the traveller's state is known, the agency's; before the agency's, one tax; no rule or no price: the price alone", () => {
    expect(bookingTaxes(LINES, setting({ travellerStateCode: null }), TAX_RULES_SEED, ON).gstPaise).toBe(rs("5,225.00"));
    expect(bookingTaxes(LINES, setting({ agencyStateCode: null }), TAX_RULES_SEED, ON).totalPaise).toBe(rs("1,09,725.00"));
    expect(bookingTaxes(LINES, setting(), { gst: [], tcs: [] }, ON)).toMatchObject({ gstPaise: 0, tcsPaise: 0, totalPaise: rs("1,04,500.00") });
    expect(bookingTaxes([], setting(), TAX_RULES_SEED, ON)).toMatchObject({ totalPaise: 0, problem: null });
  });
});

/**
 * ADR 120: the booking's TCS is what its receipts collected (at the rule and
 * PAN state of their own day) plus TCS on the rest of the supply at today's
 * rule and PAN state, after the buyer's earlier receipts. Overseas ₹1,04,500
 * in Maharashtra: the supply is ₹1,09,725.00 (GST ₹5,225.00).
 */
describe("TCS after the receipts so far", () => {
  const overseas = (buyerPan: string | null) => setting({ overseas: true, buyerPan });
  const receipts = (forPackage: string, tcs: string, earlier: [string, string][]): ReceiptsSoFar => ({
    forPackagePaise: rs(forPackage),
    tcsPaise: rs(tcs),
    earlier: earlier.map(([on, amount]) => ({ on, amount: rs(amount) })),
  });

  it("a PAN saved after a deposit paid without one: the 5% collected stays, 2% on the rest", () => {
    // The deposit ₹28,803.00 without a PAN: ₹27,431.43 for the trip, TCS 5% ₹1,371.57 (the voucher's figures).
    const deposit = receiptVoucherFigures(input(true, null), ON, rs("28,803.00"), []);
    expect([deposit.advance.amount, deposit.tcs?.amount]).toEqual([rs("27,431.43"), rs("1,371.57")]);
    // With the PAN: the rest ₹1,09,725.00 − ₹27,431.43 = ₹82,293.57, 2% ₹1,645.8714 → ₹1,645.87;
    // TCS ₹1,371.57 + ₹1,645.87 = ₹3,017.44 (not 2% of the whole, ₹2,194.50); ₹1,12,742.44 in all.
    const after = receipts("27,431.43", "1,371.57", [[ON, "27,431.43"]]);
    expect(bookingTaxes(LINES, overseas(PAN), TAX_RULES_SEED, ON, after)).toMatchObject({
      gstPaise: rs("5,225.00"),
      tcsPaise: rs("3,017.44"),
      totalPaise: rs("1,12,742.44"),
      tcsRateBps: 200,
    });
    // The balance asked, ₹1,12,742.44 − ₹28,803.00 = ₹83,939.44, is what the invoice asks now: the rest and its 2%.
    expect(taxInvoiceFigures(input(true, PAN), ON, [deposit.advance]).dueNow).toBe(rs("83,939.44"));
    // Without a PAN still: 5% of the rest, ₹4,114.6785 → ₹4,114.68; ₹1,371.57 + ₹4,114.68 = ₹5,486.25, as before.
    expect(bookingTaxes(LINES, overseas(null), TAX_RULES_SEED, ON, after).tcsPaise).toBe(rs("5,486.25"));
  });

  it("the PAN removed after a deposit paid with one: the 2% collected stays, 5% on the rest", () => {
    // ₹27,980.00 with a PAN: ₹27,431.37 and TCS ₹548.63. The rest ₹82,293.63 at 5%: ₹4,114.6815 → ₹4,114.68;
    // TCS ₹548.63 + ₹4,114.68 = ₹4,663.31, ₹1,14,388.31 in all.
    const after = receipts("27,431.37", "548.63", [[ON, "27,431.37"]]);
    expect(bookingTaxes(LINES, overseas(null), TAX_RULES_SEED, ON, after)).toMatchObject({ tcsPaise: rs("4,663.31"), totalPaise: rs("1,14,388.31") });
  });

  it("slabs count the buyer's earlier receipts: the rule until 31 March 2026, 5% up to ₹10 lakh in the year, 20% above", () => {
    const february = "2026-02-10";
    // ₹9,50,000.00 paid in June for another overseas package; this booking's deposit ₹20,000.00 took TCS 5%, ₹1,000.00.
    // The rest, ₹89,725.00: ₹30,000.00 still under ₹10 lakh at 5% (₹1,500.00), ₹59,725.00 at 20% (₹11,945.00).
    // TCS ₹1,000.00 + ₹1,500.00 + ₹11,945.00 = ₹14,445.00: as if the whole supply had been paid at once after June.
    const after = receipts("20,000.00", "1,000.00", [
      ["2025-06-01", "9,50,000.00"],
      ["2026-02-01", "20,000.00"],
    ]);
    expect(bookingTaxes(LINES, overseas(PAN), TAX_RULES_SEED, february, after)).toMatchObject({ tcsPaise: rs("14,445.00"), tcsRateBps: 500 });
    // The receipts of the last financial year do not count: from 1 April 2025 the slab starts again.
    const lastYear = receipts("0.00", "0.00", [["2025-03-01", "9,50,000.00"]]);
    // 5% of ₹1,09,725.00 = ₹5,486.25.
    expect(bookingTaxes(LINES, overseas(PAN), TAX_RULES_SEED, february, lastYear).tcsPaise).toBe(rs("5,486.25"));
  });

  it("a TCS rule between the receipts: the rest at the rule in force today, what was collected as it was", () => {
    const rules: TaxRules = {
      ...TAX_RULES_SEED,
      tcs: [
        ...TAX_RULES_SEED.tcs,
        { ...TAX_RULES_SEED.tcs.at(-1)!, id: "tcs-test-2027-02-01", effectiveFrom: "2027-02-01", slabs: [{ upTo: null, rateBps: 400 }] },
      ],
    };
    // Deposit on 10 January at 2%: ₹27,431.37 and ₹548.63. On 5 February at 4%: the rest ₹82,293.63, ₹3,291.7452 → ₹3,291.75;
    // TCS ₹548.63 + ₹3,291.75 = ₹3,840.38.
    const after = receipts("27,431.37", "548.63", [["2027-01-10", "27,431.37"]]);
    expect(bookingTaxes(LINES, overseas(PAN), rules, "2027-02-05", after)).toMatchObject({ tcsPaise: rs("3,840.38"), tcsRateBps: 400 });
    expect(bookingTaxes(LINES, overseas(PAN), rules, "2027-01-31", after).tcsPaise).toBe(rs("2,194.50"));
  });

  it("the supply paid in full asks exactly the TCS collected; a package no longer overseas still asks what was collected", () => {
    const paid = receipts("1,09,725.00", "3,017.44", [[ON, "1,09,725.00"]]);
    expect(bookingTaxes(LINES, overseas(PAN), TAX_RULES_SEED, ON, paid).tcsPaise).toBe(rs("3,017.44"));
    const domestic = receipts("27,431.43", "1,371.57", []);
    expect(bookingTaxes(LINES, setting(), TAX_RULES_SEED, ON, domestic)).toMatchObject({ tcsPaise: rs("1,371.57"), totalPaise: rs("1,11,096.57") });
  });
});
