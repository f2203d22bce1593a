import { stateLabel } from "~/lib/indian-states";
import type { DocumentSnapshot } from "./document-snapshot.server";
import { NUMBERED_SERIES, type NumberedKind } from "./document-number.server";
import type { AmountSplit } from "~/server/tax/gst.server";

/**
 * The accountant's registers (issue 47, ADR 092), read from the documents'
 * snapshots alone, so that a register says exactly what the issued documents
 * say (never recomputed from today's booking or rules). Amounts in paise.
 *
 * - The GST register: every GST document of the period, one row each, with
 *   its own taxable value and taxes: a receipt voucher its advance, a tax
 *   invoice what it charges (the supply less the advances on vouchers, so a
 *   column's sum is the tax of the period), a refund voucher and a credit note
 *   negative. A payment receipt charges no GST (the invoice did) and a quote
 *   is not a tax document: both are left out. A cancelled document stays,
 *   marked: the credit note that corrects it is in the register too.
 * - The TCS register (Form 27EQ's fields): every amount TCS was collected on,
 *   one row per rate (a receipt that crosses a threshold has two), with the
 *   collectee's PAN, or none and the higher rate.
 */

export type RegisterDocument = {
  number: string;
  kind: NumberedKind | "quote";
  /** The document's Indian date. */
  date: string;
  snapshot: DocumentSnapshot;
  cancelled: boolean;
};

export type GstRegisterRow = {
  date: string;
  number: string;
  document: string;
  booking: string;
  traveller: string;
  gstin: string | null;
  placeOfSupply: string;
  taxable: number;
  cgst: number;
  sgst: number;
  utgst: number;
  igst: number;
  /** Costs passed on as a pure agent (the 18% scheme): part of the total, not of the taxable value. */
  notTaxable: number;
  total: number;
  cancelled: boolean;
};

export type TcsRegisterRow = {
  date: string;
  number: string;
  booking: string;
  collectee: string;
  pan: string | null;
  /** The amount received that this rate applies to. */
  amount: number;
  rateBps: number;
  tcs: number;
  section: string;
  cancelled: boolean;
};

/** The document's own GST figures, signed (money going back negative), or null when it carries none. */
function gstSplitOf(snapshot: DocumentSnapshot): { split: AmountSplit; sign: 1 | -1 } | null {
  const figures = snapshot.figures;
  switch (figures.kind) {
    case "receipt-voucher":
      return { split: figures.advance, sign: 1 };
    case "tax-invoice":
      return { split: figures.net, sign: 1 };
    case "refund-voucher":
      return { split: figures.refund, sign: -1 };
    case "credit-note":
      return { split: figures.reduction, sign: -1 };
    default:
      return null;
  }
}

const taxOf = (split: AmountSplit, name: string) => split.taxes.filter((tax) => tax.tax === name).reduce((sum, tax) => sum + tax.amount, 0);
/** 0, never -0, for a tax a document does not have. */
const signed = (amount: number, sign: 1 | -1) => (amount === 0 ? 0 : amount * sign);

const byDateThenNumber = (a: { date: string; number: string }, b: { date: string; number: string }) =>
  a.date < b.date ? -1 : a.date > b.date ? 1 : a.number < b.number ? -1 : a.number > b.number ? 1 : 0;

export function gstRegisterRows(documents: readonly RegisterDocument[]): GstRegisterRow[] {
  const rows: GstRegisterRow[] = [];
  for (const document of documents) {
    if (document.kind === "quote") continue;
    const gst = gstSplitOf(document.snapshot);
    if (!gst) continue;
    const { split, sign } = gst;
    const { snapshot } = document;
    rows.push({
      date: document.date,
      number: document.number,
      document: NUMBERED_SERIES[document.kind].title,
      booking: snapshot.booking.reference,
      traveller: snapshot.traveller.name,
      gstin: snapshot.traveller.gstin,
      placeOfSupply: stateLabel(snapshot.placeOfSupplyStateCode),
      taxable: signed(split.taxable, sign),
      cgst: signed(taxOf(split, "CGST"), sign),
      sgst: signed(taxOf(split, "SGST"), sign),
      utgst: signed(taxOf(split, "UTGST"), sign),
      igst: signed(taxOf(split, "IGST"), sign),
      notTaxable: signed(split.pureAgent, sign),
      total: signed(split.amount, sign),
      cancelled: document.cancelled,
    });
  }
  return rows.sort(byDateThenNumber);
}

export function tcsRegisterRows(documents: readonly RegisterDocument[]): TcsRegisterRow[] {
  const rows: TcsRegisterRow[] = [];
  for (const document of documents) {
    const figures = document.snapshot.figures;
    // TCS is collected on money received: receipt vouchers and payment receipts. An invoice only says what the balance will carry.
    if (figures.kind !== "receipt-voucher" && figures.kind !== "payment-receipt") continue;
    if (!figures.tcs) continue;
    for (const line of figures.tcs.lines) {
      rows.push({
        date: document.date,
        number: document.number,
        booking: document.snapshot.booking.reference,
        collectee: document.snapshot.traveller.name,
        pan: figures.tcs.pan,
        amount: line.base,
        rateBps: line.rateBps,
        tcs: line.amount,
        section: figures.tcs.section,
        cancelled: document.cancelled,
      });
    }
  }
  return rows.sort(byDateThenNumber);
}
