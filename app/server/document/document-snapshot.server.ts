import type {
  CreditNoteFigures,
  InvoiceFigures,
  PaymentReceiptFigures,
  QuoteFigures,
  ReceiptFigures,
  RefundVoucherFigures,
} from "~/server/tax/document-figures.server";
import type { DocumentKind } from "./document-number.server";

/**
 * Everything printed on a tax document, as stored with it when it is issued
 * (ADR 092): the PDF is drawn from this alone, so re-drawing it gives the same
 * bytes, and a later change to the settings, the booking or the tax rules
 * never changes an issued document. Amounts in paise, dates as Indian dates.
 */

export type DocumentFigures = QuoteFigures | ReceiptFigures | InvoiceFigures | PaymentReceiptFigures | RefundVoucherFigures | CreditNoteFigures;

export type DocumentParty = {
  name: string;
  address: string;
  /** GST state code; the document prints the state's name beside it. */
  stateCode: string | null;
  gstin: string | null;
  pan: string | null;
};

export type DocumentSnapshot = {
  version: 1;
  kind: DocumentKind;
  /** The series number ("PRV/26-27/00042"), or a quote's reference. */
  number: string;
  /** The moment it was issued: the PDF's creation date, and through it the file's ID. */
  issuedAt: string;
  /** Its date, in India: "2026-11-10". */
  date: string;
  agency: DocumentParty & { tradeName: string; phone: string; email: string };
  traveller: DocumentParty;
  placeOfSupplyStateCode: string;
  booking: { reference: string; packageTitle: string; travelDates: string; travellers: string };
  /** Services Accounting Code of what is supplied (the GST rule's). */
  sac: string;
  /** Why a credit note or refund voucher is issued ("Cancelled 31 days before departure: 90% refundable"), else null. */
  reason: string | null;
  /** The booking's price lines (quotes and invoices print them). */
  lines: { description: string; amount: number }[];
  figures: DocumentFigures;
  /** The documents this one refers to: the vouchers an invoice adjusts, the invoice a credit note lowers. */
  refersTo: { title: string; number: string; date: string }[];
  /** What is still due, to pay by UPI: the upi:// address the QR code holds. */
  upi: { uri: string; amount: number; payee: string } | null;
};
