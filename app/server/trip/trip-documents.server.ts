import { listBookingDocuments } from "~/server/document/documents.server";

/**
 * The trip page's Documents section (issue 48): the booking's quote, receipt
 * vouchers, invoice and credit notes as issued (issue 47, ADR 092). A
 * cancelled one stays listed, marked, as the team sees it: the credit note
 * that corrects it refers to its number.
 */
export type TripDocument = { title: string; number: string; issuedOn: string; href: string; cancelled: boolean };

/** Where a document downloads from: the token's address for the traveller, the admin's for "View as traveller". */
export type DocumentHref = (documentId: number) => string;

export async function tripDocuments(bookingId: number, hrefOf: DocumentHref): Promise<TripDocument[]> {
  const documents = await listBookingDocuments(bookingId);
  return documents.map((doc) => ({ title: doc.title, number: doc.number, issuedOn: doc.date, href: hrefOf(doc.id), cancelled: doc.cancelled !== null }));
}
