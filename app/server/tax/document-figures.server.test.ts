import { describe, expect, it } from "vitest";
import { inter, intra, rs, split } from "../../../tests/support/tax-figures";
import {
  cancellationCreditNote,
  creditNoteFigures,
  quoteFigures,
  receiptVoucherFigures,
  refundVoucherFigures,
  taxInvoiceFigures,
  type BookingTaxInput,
  type TaxSetting,
} from "./document-figures.server";
import type { PriceLine } from "./gst.server";
import { SITE_REFUND_RULE, type RefundRule } from "./refund-rule.server";
import { TAX_RULES_SEED } from "./tax-rules-seed.server";

/**
 * Golden scenarios, domestic (issue 47): every expected figure is written out
 * by hand, to the paisa, from the rates and the rounding of ADR 092 (each tax
 * to the paisa on its taxable value, halves up; advances split in the supply's
 * proportions, cumulatively). The overseas ones, with TCS, are in
 * document-figures-overseas.server.test.ts. The agency is in Maharashtra (27).
 */

const PUNE: TaxSetting = { scheme: "package", overseas: false, agencyStateCode: "27", placeOfSupplyStateCode: "27", buyerPan: null };
const BENGALURU: TaxSetting = { ...PUNE, placeOfSupplyStateCode: "29" };
const line = (description: string, amount: string, serviceCharge = false): PriceLine => ({ description, amount: rs(amount), serviceCharge });
const booking = (setting: TaxSetting, lines: PriceLine[]): BookingTaxInput => ({ lines, setting, rules: TAX_RULES_SEED, earlierReceipts: [] });

// Hampi for two: 2 adults at ₹52,250, 5% GST on the whole package: ₹1,04,500 + ₹5,225 = ₹1,09,725.
const HAMPI = [line("2 adults at ₹52,250", "1,04,500.00")];
const hampi = booking(PUNE, HAMPI);
const hampiSupply = split("1,09,725.00", "1,04,500.00", intra(500, "2,612.50"));
const deposit = split("25,000.00", "23,809.52", intra(500, "595.24"));
const balance = split("84,725.00", "80,690.48", intra(500, "2,017.26"));

describe("quotes: the whole supply", () => {
  it("1. inside Maharashtra: CGST and SGST at 2.5% each", () => {
    expect(quoteFigures(hampi, "2026-11-01")).toEqual({
      kind: "quote",
      gstRuleId: "gst-package-2017-07-01",
      sac: "998555",
      rateBps: 500,
      note: expect.stringContaining("The price includes the charges for the accommodation and transportation of the tour."),
      supply: hampiSupply,
      tcs: null,
      total: rs("1,09,725.00"),
    });
  });

  it("2. to Karnataka: IGST at 5%", () => {
    expect(quoteFigures(booking(BENGALURU, HAMPI), "2026-11-01").supply).toEqual(split("1,09,725.00", "1,04,500.00", inter(500, "5,225.00")));
  });

  it("3. children, an extra with paise and a discount: 2.5% of ₹1,25,731.56 is ₹3,143.289, so ₹3,143.29 each", () => {
    const lines = [
      line("2 adults at ₹49,999", "99,998.00"),
      line("Child without bed", "24,999.00"),
      line("Airport transfer", "1,234.56"),
      line("Discount", "-500.00"),
    ];
    expect(quoteFigures(booking(PUNE, lines), "2026-11-01")).toMatchObject({
      supply: split("1,32,018.14", "1,25,731.56", intra(500, "3,143.29")),
      total: rs("1,32,018.14"),
    });
  });

  it("4. half a paisa rounds up: 2.5% of ₹1,000.20 is ₹25.005, so ₹25.01 twice inside the state", () => {
    expect(quoteFigures(booking(PUNE, [line("Day trip", "1,000.20")]), "2026-11-01").supply).toEqual(split("1,050.22", "1,000.20", intra(500, "25.01")));
  });

  it("5. the same across states: 5% of ₹1,000.20 is ₹50.01, a paisa less in all", () => {
    expect(quoteFigures(booking(BENGALURU, [line("Day trip", "1,000.20")]), "2026-11-01").supply).toEqual(split("1,050.21", "1,000.20", inter(500, "50.01")));
  });

  it("6. an agency in Chandigarh charges UTGST, not SGST, beside CGST", () => {
    const chandigarh = { ...PUNE, agencyStateCode: "04", placeOfSupplyStateCode: "04" };
    expect(quoteFigures(booking(chandigarh, [line("Shimla weekend", "10,000.00")]), "2026-11-01").supply).toEqual(
      split("10,500.00", "10,000.00", [
        ["CGST", 250, "250.00"],
        ["UTGST", 250, "250.00"],
      ]),
    );
  });
});

describe("the 18% scheme: GST on the service charge only", () => {
  const lines = [line("Hotels and transfers, paid on your behalf", "80,000.00"), line("Service charge", "6,000.00", true)];
  const agent = (setting: TaxSetting) => booking({ ...setting, scheme: "service-charge" }, lines);

  it("7. inside the state: 9% + 9% of ₹6,000; the ₹80,000 passed on untaxed", () => {
    expect(quoteFigures(agent(PUNE), "2026-11-01")).toMatchObject({
      gstRuleId: "gst-service-charge-2017-07-01",
      rateBps: 1800,
      supply: split("87,080.00", "6,000.00", intra(1800, "540.00"), "80,000.00"),
    });
  });

  it("8. across states: IGST 18% of ₹6,000", () => {
    expect(quoteFigures(agent(BENGALURU), "2026-11-01").supply).toEqual(split("87,080.00", "6,000.00", inter(1800, "1,080.00"), "80,000.00"));
  });

  it("9. a deposit of ₹20,000 is split in the supply's proportions: ₹18,373.91 passed on, ₹1,378.04 taxable, ₹248.05 tax", () => {
    // 20,000 × 80,000 / 87,080 = 18,373.909…; 20,000 × 6,000 / 87,080 = 1,378.043…; the tax is the rest, its odd paisa to CGST.
    expect(receiptVoucherFigures(agent(PUNE), "2026-11-10", rs("20,000.00"), []).advance).toEqual(
      split(
        "20,000.00",
        "1,378.04",
        [
          ["CGST", 900, "124.03"],
          ["SGST", 900, "124.02"],
        ],
        "18,373.91",
      ),
    );
  });

  it("10. without a service charge line there is nothing to tax: refused, nothing numbered", () => {
    expect(() => quoteFigures(booking({ ...PUNE, scheme: "service-charge" }, HAMPI), "2026-11-01")).toThrow(
      "This package charges GST on a service charge, but the booking has no service charge line.",
    );
  });

  it("11. a booking with no price is refused", () => {
    expect(() => quoteFigures(booking(PUNE, []), "2026-11-01")).toThrow("The booking has no price yet: add its price lines first.");
    expect(() => quoteFigures(booking(PUNE, [line("Package", "500.00"), line("Discount", "-500.00")]), "2026-11-01")).toThrow("The booking has no price yet");
  });
});

describe("a deposit, then the balance, then the invoice", () => {
  it("12. the deposit's receipt voucher: ₹25,000 × 100/105 = ₹23,809.52 taxable, ₹1,190.48 tax in two halves", () => {
    expect(receiptVoucherFigures(hampi, "2026-11-10", rs("25,000.00"), [])).toEqual({
      kind: "receipt-voucher",
      gstRuleId: "gst-package-2017-07-01",
      sac: "998555",
      rateBps: 500,
      note: expect.any(String),
      received: rs("25,000.00"),
      advance: deposit,
      tcs: null,
    });
  });

  it("13. the balance's voucher takes what the whole supply has left, so the two add up to it exactly", () => {
    expect(receiptVoucherFigures(hampi, "2026-12-01", rs("84,725.00"), [deposit]).advance).toEqual(balance);
  });

  it("14. paid in full: the invoice shows the supply, less both advances, and charges nothing more", () => {
    expect(taxInvoiceFigures(hampi, "2026-12-01", [deposit, balance])).toMatchObject({
      supply: hampiSupply,
      advances: hampiSupply,
      net: split("0.00", "0.00", intra(500, "0.00")),
      tcsOnBalance: null,
      dueNow: 0,
    });
  });

  it("15. the trip starts with only the deposit paid: the invoice charges the tax on the balance", () => {
    expect(taxInvoiceFigures(hampi, "2026-12-12", [deposit])).toMatchObject({ advances: deposit, net: balance, dueNow: rs("84,725.00") });
  });

  it("16. a deposit from Karnataka: the same ₹1,190.48 as IGST", () => {
    expect(receiptVoucherFigures(booking(BENGALURU, HAMPI), "2026-11-10", rs("25,000.00"), []).advance).toEqual(
      split("25,000.00", "23,809.52", inter(500, "1,190.48")),
    );
  });

  it("17. three instalments of a ₹1,05,000 trip add up to ₹1,00,000 and ₹5,000 to the paisa", () => {
    const trip = booking(BENGALURU, [line("Golden Triangle", "1,00,000.00")]);
    const first = receiptVoucherFigures(trip, "2026-09-01", rs("33,333.33"), []).advance;
    // 33,333.33 × 100/105 = 31,746.0314… → 31,746.03.
    expect(first).toEqual(split("33,333.33", "31,746.03", inter(500, "1,587.30")));
    // 66,666.66 × 100/105 = 63,492.0571… → 63,492.06, of which the second: 31,746.03.
    const second = receiptVoucherFigures(trip, "2026-10-01", rs("33,333.33"), [first]).advance;
    expect(second).toEqual(split("33,333.33", "31,746.03", inter(500, "1,587.30")));
    // The last: 1,00,000.00 − 63,492.06 = 36,507.94 and 5,000.00 − 3,174.60 = 1,825.40.
    const third = receiptVoucherFigures(trip, "2026-11-01", rs("38,333.34"), [first, second]).advance;
    expect(third).toEqual(split("38,333.34", "36,507.94", inter(500, "1,825.40")));
    expect(taxInvoiceFigures(trip, "2026-11-01", [first, second, third]).net).toEqual(split("0.00", "0.00", inter(500, "0.00")));
  });

  it("18. a payment above the balance is refused, with the balance", () => {
    expect(() => receiptVoucherFigures(hampi, "2026-12-01", rs("90,000.00"), [deposit])).toThrow(
      "This payment is more than the booking's balance of ₹84,725.00: record the difference as an overpayment to refund.",
    );
  });
});

describe("cancellations: the package's refund rule (more than 30 days 90%, 15–30 days 50%, under 15 nothing, of the tour cost)", () => {
  const on = (cancelledOn: string, rule: RefundRule = SITE_REFUND_RULE) => ({ cancelledOn, departsOn: "2027-01-20", rule });

  it("19. paid in full, cancelled 19 days before: half the tour cost, ₹54,862.50, refunded with ₹2,612.50 of its tax", () => {
    expect(refundVoucherFigures(hampiSupply, [deposit, balance], on("2027-01-01"), 0)).toEqual({
      kind: "refund-voucher",
      daysBefore: 19,
      refundBps: 5000,
      paid: rs("1,09,725.00"),
      charge: rs("54,862.50"),
      refund: split("54,862.50", "52,250.00", intra(500, "1,306.25")),
      retained: split("54,862.50", "52,250.00", intra(500, "1,306.25")),
      tcsKept: 0,
    });
  });

  it("20. 31 days before: 90% refunded, ₹10,972.50 kept", () => {
    expect(refundVoucherFigures(hampiSupply, [deposit, balance], on("2026-12-20"), 0)).toMatchObject({
      daysBefore: 31,
      refundBps: 9000,
      charge: rs("10,972.50"),
      refund: split("98,752.50", "94,050.00", intra(500, "2,351.25")),
      retained: split("10,972.50", "10,450.00", intra(500, "261.25")),
    });
  });

  it("21. exactly 30 days before is the 50% tier", () => {
    expect(refundVoucherFigures(hampiSupply, [deposit, balance], on("2026-12-21"), 0)).toMatchObject({
      daysBefore: 30,
      refundBps: 5000,
      charge: rs("54,862.50"),
    });
  });

  it("22. 14 days before: nothing refunded, so no document and no number", () => {
    expect(() => refundVoucherFigures(hampiSupply, [deposit, balance], on("2027-01-06"), 0)).toThrow(
      "Cancelled 14 days before departure: the refund rule refunds nothing of what was paid, so there is no document to issue.",
    );
  });

  it("23. only the deposit paid, 40 days before: the 10% charge comes out of it, ₹14,027.50 back", () => {
    expect(refundVoucherFigures(hampiSupply, [deposit], on("2026-12-11"), 0)).toMatchObject({
      daysBefore: 40,
      paid: rs("25,000.00"),
      charge: rs("10,972.50"),
      refund: split("14,027.50", "13,359.52", intra(500, "333.99")),
      retained: split("10,972.50", "10,450.00", intra(500, "261.25")),
    });
  });

  it("24. only the deposit paid, 19 days before: the charge is more than the deposit, nothing comes back", () => {
    expect(() => refundVoucherFigures(hampiSupply, [deposit], on("2027-01-01"), 0)).toThrow("Cancelled 19 days before departure");
  });

  it("25. a rule on the amount paid (the legal page's standard schedule): 10 days before, half the deposit", () => {
    const standard: RefundRule = {
      basis: "amount-paid",
      tiers: [
        { fromDays: 15, refundBps: 10000 },
        { fromDays: 7, refundBps: 5000 },
        { fromDays: 0, refundBps: 0 },
      ],
    };
    expect(refundVoucherFigures(hampiSupply, [deposit], on("2027-01-10", standard), 0)).toMatchObject({
      daysBefore: 10,
      charge: rs("12,500.00"),
      refund: split("12,500.00", "11,904.76", intra(500, "297.62")),
    });
  });

  it("26. invoiced, then cancelled 20 days before: a credit note lowers the invoice to the 50% charge", () => {
    const invoiced = split("1,09,725.00", "1,04,500.00", inter(500, "5,225.00"));
    expect(cancellationCreditNote(invoiced, rs("1,09,725.00"), on("2026-12-31"), 0)).toEqual({
      kind: "credit-note",
      daysBefore: 20,
      refundBps: 5000,
      charge: rs("54,862.50"),
      reduction: split("54,862.50", "52,250.00", inter(500, "2,612.50")),
      refundDue: rs("54,862.50"),
      tcsKept: 0,
    });
  });

  it("27. a credit note for a hotel night not given, ₹5,250 with its tax", () => {
    const invoiced = split("1,09,725.00", "1,04,500.00", inter(500, "5,225.00"));
    expect(creditNoteFigures(invoiced, rs("5,250.00"), rs("1,09,725.00"), 0)).toEqual({
      kind: "credit-note",
      reduction: split("5,250.00", "5,000.00", inter(500, "250.00")),
      refundDue: rs("5,250.00"),
      tcsKept: 0,
    });
    expect(() => creditNoteFigures(invoiced, rs("1,09,725.01"), 0, 0)).toThrow("A credit note cannot be for more than the invoice.");
  });
});
