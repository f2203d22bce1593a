import { upiNote, upiPaymentUri, upiReference } from "~/lib/upi";
import type { DocumentKind } from "~/server/document/document-number.server";
import type { DocumentFigures, DocumentSnapshot } from "~/server/document/document-snapshot.server";
import {
  cancellationCreditNote,
  paymentReceiptFigures,
  quoteFigures,
  receiptVoucherFigures,
  refundVoucherFigures,
  taxInvoiceFigures,
  type BookingTaxInput,
} from "~/server/tax/document-figures.server";
import { SITE_REFUND_RULE } from "~/server/tax/refund-rule.server";
import { TAX_RULES_SEED } from "~/server/tax/tax-rules-seed.server";

/**
 * Snapshots of every document kind for a domestic booking (Hampi, a traveller
 * in Pune: CGST + SGST) and an overseas one (Bali, a traveller in Bengaluru:
 * IGST and TCS), as the issuing code will store them: the PDF tests and the
 * look at the pages (pdftoppm) use them.
 */

const AGENCY = {
  tradeName: "Pravas",
  name: "Pravas Holidays Private Limited",
  address: "Office 4, Prabhat Road, Erandwane\nPune 411004",
  stateCode: "27",
  gstin: "27AAPFU0939F1ZV",
  pan: "AAPFU0939F",
  phone: "+91 98765 43210",
  email: "hello@pravas.travel",
};

/** The payments branch's UPI address for what is due (the QR holds it). */
const upi = (reference: string, amount: number) => ({
  uri: upiPaymentUri({
    vpa: "pravas@okaxis",
    payeeName: "Pravas Holidays",
    amountPaise: amount,
    note: upiNote(reference, "Balance"),
    reference: upiReference(reference, "BAL"),
  }),
  amount,
  payee: "Pravas Holidays (pravas@okaxis)",
});

type Trip = {
  input: BookingTaxInput;
  traveller: DocumentSnapshot["traveller"];
  booking: DocumentSnapshot["booking"];
  departsOn: string;
  /** When the credit note's cancellation comes, after the invoice. */
  creditOn: string;
  deposit: number;
};

const HAMPI: Trip = {
  input: {
    lines: [{ description: "Hampi Heritage Trail: 2 adults at ₹52,250", amount: 104_500_00 }],
    setting: { scheme: "package", overseas: false, agencyStateCode: "27", placeOfSupplyStateCode: "27", buyerPan: null },
    rules: TAX_RULES_SEED,
    earlierReceipts: [],
  },
  traveller: { name: "Asha Rao", address: "12 Law College Road\nPune 411004", stateCode: "27", gstin: null, pan: null },
  booking: { reference: "PRV-7KQ2M", packageTitle: "Hampi Heritage Trail", travelDates: "20 Jan 2027 – 24 Jan 2027", travellers: "2 adults, twin room" },
  departsOn: "2027-01-20",
  creditOn: "2026-12-20",
  deposit: 25_000_00,
};

const BALI: Trip = {
  input: {
    lines: [
      { description: "Bali Group Tour: 2 adults at ₹99,500", amount: 199_000_00 },
      { description: "Ubud cooking class, 2 people", amount: 12_000_00 },
      { description: "Early-booking discount", amount: -2_000_00 },
    ],
    setting: { scheme: "package", overseas: true, agencyStateCode: "27", placeOfSupplyStateCode: "29", buyerPan: "ABCPK1234F" },
    rules: TAX_RULES_SEED,
    earlierReceipts: [],
  },
  traveller: { name: "Rahul Menon", address: "44 Indiranagar 2nd Stage\nBengaluru 560038", stateCode: "29", gstin: null, pan: "ABCPK1234F" },
  booking: { reference: "PRV-4HXT9", packageTitle: "Bali Group Tour", travelDates: "12 Mar 2027 – 18 Mar 2027", travellers: "2 adults, twin room" },
  departsOn: "2027-03-12",
  creditOn: "2027-02-20",
  deposit: 102_000_00,
};

export const TRIPS = { domestic: HAMPI, overseas: BALI } as const;

const NUMBERS: Record<DocumentKind, string> = {
  quote: "Q1",
  "receipt-voucher": "RV/26-27/00012",
  "tax-invoice": "PRV/26-27/00042",
  "payment-receipt": "RC/26-27/00007",
  "refund-voucher": "RF/26-27/00003",
  "credit-note": "CN/26-27/00002",
};

/** A snapshot of `kind` for the trip, with figures from the pure functions and a UPI QR where money is due. */
export function documentSnapshot(trip: keyof typeof TRIPS, kind: DocumentKind, change: Partial<BookingTaxInput["setting"]> = {}): DocumentSnapshot {
  const { booking, traveller, departsOn, creditOn, deposit } = TRIPS[trip];
  const input = { ...TRIPS[trip].input, setting: { ...TRIPS[trip].input.setting, ...change } };
  const first = receiptVoucherFigures(input, "2026-10-10", deposit, []);
  const invoice = taxInvoiceFigures(input, "2026-12-01", [first.advance]);
  const cancellation = { cancelledOn: "2026-11-02", departsOn, rule: SITE_REFUND_RULE };
  const tcsCollected = first.tcs?.amount ?? 0;
  const byKind: Record<DocumentKind, () => { figures: DocumentFigures; date: string; due: number; refersTo: DocumentSnapshot["refersTo"] }> = {
    quote: () => ({ figures: quoteFigures(input, "2026-11-01"), date: "2026-11-01", due: 0, refersTo: [] }),
    "receipt-voucher": () => ({ figures: first, date: "2026-10-10", due: invoice.dueNow, refersTo: [] }),
    "tax-invoice": () => ({
      figures: invoice,
      date: "2026-12-01",
      due: invoice.dueNow,
      refersTo: [{ title: "Receipt Voucher", number: NUMBERS["receipt-voucher"], date: "2026-10-10" }],
    }),
    "payment-receipt": () => ({ figures: paymentReceiptFigures(input, "2026-12-05", invoice.dueNow), date: "2026-12-05", due: 0, refersTo: [] }),
    "refund-voucher": () => ({
      figures: refundVoucherFigures(invoice.supply, [first.advance], cancellation, tcsCollected),
      date: "2026-11-02",
      due: 0,
      refersTo: [{ title: "Receipt Voucher", number: NUMBERS["receipt-voucher"], date: "2026-10-10" }],
    }),
    "credit-note": () => ({
      figures: cancellationCreditNote(invoice.supply, invoice.supply.amount, { ...cancellation, cancelledOn: creditOn }, tcsCollected),
      date: creditOn,
      due: 0,
      refersTo: [{ title: "Tax Invoice", number: NUMBERS["tax-invoice"], date: "2026-12-01" }],
    }),
  };
  const { figures, date, due, refersTo } = byKind[kind]();
  return {
    version: 1,
    kind,
    number: kind === "quote" ? `${booking.reference}/${NUMBERS.quote}` : NUMBERS[kind],
    issuedAt: `${date}T10:30:00.000+05:30`,
    date,
    agency: AGENCY,
    traveller: { ...traveller, pan: input.setting.buyerPan },
    placeOfSupplyStateCode: input.setting.placeOfSupplyStateCode,
    booking,
    sac: "998555",
    reason:
      "daysBefore" in figures
        ? `Booking cancelled ${figures.daysBefore} days before departure: under the package's refund rule ${figures.refundBps / 100}% is refundable.`
        : null,
    lines: input.lines.map(({ description, amount }) => ({ description, amount })),
    figures,
    refersTo,
    upi: due > 0 ? upi(booking.reference, due) : null,
  };
}
