import { describe, expect, it } from "vitest";
import { inter, intra, rs, split } from "../../../tests/support/tax-figures";
import {
  paymentReceiptFigures,
  quoteFigures,
  receiptVoucherFigures,
  refundVoucherFigures,
  taxInvoiceFigures,
  type BookingTaxInput,
  type TaxSetting,
} from "./document-figures.server";
import { placeOfSupply } from "./gst.server";
import { SITE_REFUND_RULE } from "./refund-rule.server";
import type { EarlierReceipt } from "./tcs.server";
import { TAX_RULES_SEED } from "./tax-rules-seed.server";

/**
 * Golden scenarios, overseas (issue 47): TCS on every amount received for an
 * overseas package. From 1 April 2026 2% (s. 394, Income-tax Act 2025), 5%
 * without a PAN; before, 5% up to ₹10 lakh per buyer per financial year and
 * 20% above (₹7 lakh before 1 April 2025), twice that without a PAN, at most
 * 20%. Figures written out by hand. Bali for two: ₹2,09,000 + 5% GST =
 * ₹2,19,450, the traveller in Pune, the agency in Maharashtra.
 */

const PAN = "ABCPK1234F";
const PUNE: TaxSetting = { scheme: "package", overseas: true, agencyStateCode: "27", placeOfSupplyStateCode: "27", buyerPan: PAN };
const bali = (setting: Partial<TaxSetting> = {}, earlierReceipts: EarlierReceipt[] = []): BookingTaxInput => ({
  lines: [{ description: "2 adults at ₹1,04,500", amount: rs("2,09,000.00") }],
  setting: { ...PUNE, ...setting },
  rules: TAX_RULES_SEED,
  earlierReceipts,
});
const baliSupply = split("2,19,450.00", "2,09,000.00", intra(500, "5,225.00"));
const S394 = "s. 394, Income-tax Act 2025 (formerly s. 206C(1G))";
const S206C = "s. 206C(1G)(b), Income-tax Act 1961";
const tcs = (ruleId: string, section: string, pan: string | null, lines: [string, number, string][], amount: string) => ({
  ruleId,
  section,
  pan,
  lines: lines.map(([base, rateBps, value]) => ({ base: rs(base), rateBps, amount: rs(value) })),
  amount: rs(amount),
});
// ₹1,00,000 of the package: 1,00,000 × 100/105 = 95,238.095… → 95,238.10 taxable, 4,761.90 tax.
const advance = split("1,00,000.00", "95,238.10", intra(500, "2,380.95"));

describe("TCS on receipts for an overseas package", () => {
  it("28. with a PAN, after 1 April 2026: ₹1,02,000 received is ₹1,00,000 for the trip and ₹2,000 TCS at 2%", () => {
    expect(receiptVoucherFigures(bali(), "2026-11-10", rs("1,02,000.00"), [])).toMatchObject({
      received: rs("1,02,000.00"),
      advance,
      tcs: tcs("tcs-2026-04-01", S394, PAN, [["1,00,000.00", 200, "2,000.00"]], "2,000.00"),
    });
  });

  it("29. without a PAN: the higher of twice 2% and 5%, so 5%", () => {
    expect(receiptVoucherFigures(bali({ buyerPan: null }), "2026-11-10", rs("1,05,000.00"), [])).toMatchObject({
      advance,
      tcs: tcs("tcs-2026-04-01", `${S394}, read with s. 397(2), Income-tax Act 2025 (formerly s. 206CC)`, null, [["1,00,000.00", 500, "5,000.00"]], "5,000.00"),
    });
  });

  it("30. received on 31 March 2026: the old rule, 5% on the first ₹10 lakh", () => {
    expect(receiptVoucherFigures(bali(), "2026-03-31", rs("1,05,000.00"), []).tcs).toEqual(
      tcs("tcs-2025-04-01", S206C, PAN, [["1,00,000.00", 500, "5,000.00"]], "5,000.00"),
    );
  });

  it("31. received on 1 April 2026: the new rule, 2%", () => {
    expect(receiptVoucherFigures(bali(), "2026-04-01", rs("1,02,000.00"), []).tcs).toEqual(
      tcs("tcs-2026-04-01", S394, PAN, [["1,00,000.00", 200, "2,000.00"]], "2,000.00"),
    );
  });

  it("32. the ₹10 lakh crossed within one receipt (February 2026, ₹9 lakh paid since April): ₹1 lakh at 5%, the rest at 20%", () => {
    const figures = receiptVoucherFigures(bali({}, [{ on: "2025-06-01", amount: rs("9,00,000.00") }]), "2026-02-10", rs("2,48,340.00"), []);
    expect(figures.advance).toEqual(baliSupply);
    expect(figures.tcs).toEqual(
      tcs(
        "tcs-2025-04-01",
        S206C,
        PAN,
        [
          ["1,00,000.00", 500, "5,000.00"],
          ["1,19,450.00", 2000, "23,890.00"],
        ],
        "28,890.00",
      ),
    );
  });

  it("33. a new financial year starts the buyer's total again: ₹9 lakh paid in March 2025 does not count on 5 April 2025", () => {
    const earlier = [{ on: "2025-03-15", amount: rs("9,00,000.00") }];
    expect(receiptVoucherFigures(bali({}, earlier), "2025-04-05", rs("2,30,422.50"), []).tcs).toEqual(
      tcs("tcs-2025-04-01", S206C, PAN, [["2,19,450.00", 500, "10,972.50"]], "10,972.50"),
    );
  });

  it("34. …but on 31 March 2025 it does, and then the limit was ₹7 lakh: all at 20%", () => {
    const earlier = [{ on: "2025-03-15", amount: rs("9,00,000.00") }];
    expect(receiptVoucherFigures(bali({}, earlier), "2025-03-31", rs("2,63,340.00"), []).tcs).toEqual(
      tcs("tcs-2023-10-01", S206C, PAN, [["2,19,450.00", 2000, "43,890.00"]], "43,890.00"),
    );
  });

  it("35. without a PAN before April 2026, across the limit: 10% below it, 20% (not 40%) above", () => {
    const earlier = [{ on: "2025-05-01", amount: rs("9,50,000.00") }];
    expect(receiptVoucherFigures(bali({ buyerPan: null }, earlier), "2026-01-15", rs("1,15,000.00"), []).tcs).toEqual(
      tcs(
        "tcs-2025-04-01",
        `${S206C}, read with s. 206CC, Income-tax Act 1961`,
        null,
        [
          ["50,000.00", 1000, "5,000.00"],
          ["50,000.00", 2000, "10,000.00"],
        ],
        "15,000.00",
      ),
    );
  });

  it("36. a payment no trip amount reaches (₹1,02,000.25) leaves its odd paisa in TCS", () => {
    // ₹1,00,000.24 carries 2% = 2,000.0048 → 2,000.00 (total 1,02,000.24); ₹1,00,000.25 carries 2,000.005 → 2,000.01 (total 1,02,000.26).
    expect(receiptVoucherFigures(bali(), "2026-11-10", rs("1,02,000.25"), [])).toMatchObject({
      advance: { amount: rs("1,00,000.24") },
      tcs: tcs("tcs-2026-04-01", S394, PAN, [["1,00,000.24", 200, "2,000.01"]], "2,000.01"),
    });
  });
});

describe("quotes, invoices and refunds of an overseas package", () => {
  it("37. a quote carries the TCS that paying it all that day would: 2% of ₹2,19,450", () => {
    expect(quoteFigures(bali(), "2026-12-01")).toMatchObject({
      supply: baliSupply,
      tcs: tcs("tcs-2026-04-01", S394, PAN, [["2,19,450.00", 200, "4,389.00"]], "4,389.00"),
      total: rs("2,23,839.00"),
    });
  });

  it("38. the trip starts after a ₹1,00,000 deposit: the invoice charges the balance's tax and asks for its TCS too", () => {
    expect(taxInvoiceFigures(bali(), "2026-12-15", [advance])).toMatchObject({
      supply: baliSupply,
      advances: advance,
      net: split("1,19,450.00", "1,13,761.90", intra(500, "2,844.05")),
      tcsOnBalance: tcs("tcs-2026-04-01", S394, PAN, [["1,19,450.00", 200, "2,389.00"]], "2,389.00"),
      dueNow: rs("1,21,839.00"),
    });
  });

  it("39. the balance paid after that invoice, ₹1,21,839: a payment receipt with its TCS and no GST of its own", () => {
    expect(paymentReceiptFigures(bali(), "2026-12-20", rs("1,21,839.00"))).toEqual({
      kind: "payment-receipt",
      received: rs("1,21,839.00"),
      forPackage: rs("1,19,450.00"),
      tcs: tcs("tcs-2026-04-01", S394, PAN, [["1,19,450.00", 200, "2,389.00"]], "2,389.00"),
    });
  });

  it("40. a traveller from Karnataka: IGST, unless the overseas setting puts the supply in the agency's state", () => {
    const where = (overseasPlaceOfSupply: "traveller" | "agency") =>
      placeOfSupply({ overseas: true, overseasPlaceOfSupply, agencyStateCode: "27", travellerStateCode: "29", travellerGstin: null });
    expect(where("traveller")).toBe("29");
    expect(where("agency")).toBe("27");
    expect(quoteFigures(bali({ placeOfSupplyStateCode: where("traveller") }), "2026-12-01").supply).toEqual(
      split("2,19,450.00", "2,09,000.00", inter(500, "10,450.00")),
    );
  });

  it("41. cancelled 40 days before after the deposit: 10% of the tour cost kept, ₹78,055 refunded, the ₹2,000 TCS stays with the PAN", () => {
    const cancellation = { cancelledOn: "2026-12-11", departsOn: "2027-01-20", rule: SITE_REFUND_RULE };
    expect(refundVoucherFigures(baliSupply, [advance], cancellation, rs("2,000.00"))).toEqual({
      kind: "refund-voucher",
      daysBefore: 40,
      refundBps: 9000,
      paid: rs("1,00,000.00"),
      charge: rs("21,945.00"),
      refund: split("78,055.00", "74,338.10", intra(500, "1,858.45")),
      retained: split("21,945.00", "20,900.00", intra(500, "522.50")),
      tcsKept: rs("2,000.00"),
    });
  });
});

describe("place of supply", () => {
  it("42. a company's GSTIN decides it; a traveller without a state is refused before anything is numbered", () => {
    const base = { overseas: false, overseasPlaceOfSupply: "traveller" as const, agencyStateCode: "27" };
    expect(placeOfSupply({ ...base, travellerStateCode: "27", travellerGstin: "29AAGCB7383J1Z4" })).toBe("29");
    expect(placeOfSupply({ ...base, travellerStateCode: "07", travellerGstin: null })).toBe("07");
    expect(() => placeOfSupply({ ...base, travellerStateCode: null, travellerGstin: null })).toThrow(
      "Add the traveller's state to the booking: GST depends on it.",
    );
    expect(() => placeOfSupply({ ...base, travellerStateCode: "27", travellerGstin: "29AAGCB7383J1Z5" })).toThrow(
      "The traveller's GSTIN: Its check character does not match: one of the characters is mistyped.",
    );
  });
});
