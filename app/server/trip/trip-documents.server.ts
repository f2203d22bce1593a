import type { BookingRow } from "~/server/db/schema.server";
import { listBookingDocuments } from "~/server/document/documents.server";
import { hasFinalItinerary, ITINERARY_TITLE } from "./final-itinerary.server";

/**
 * The trip page's Documents section (issue 48): the booking's quote, receipt
 * vouchers, invoice and credit notes as issued (issue 47, ADR 092). A
 * cancelled one stays listed, marked, as the team sees it: the credit note
 * that corrects it refers to its number. The final itinerary comes first
 * (drawn when downloaded, from the booking's dates and the package's plan).
 */
/** `issuedOn` null: drawn when downloaded (the final itinerary). */
export type TripDocument = { title: string; number: string; issuedOn: string | null; href: string; cancelled: boolean };

/** Where the documents download from: the token's addresses for the traveller, the admin's for "View as traveller". */
export type DocumentHrefs = { document: (documentId: number) => string; itinerary: string };

export async function tripDocuments(row: Pick<BookingRow, "id" | "state">, hrefs: DocumentHrefs): Promise<TripDocument[]> {
  const documents = await listBookingDocuments(row.id);
  const itinerary: TripDocument[] = hasFinalItinerary(row)
    ? [{ title: ITINERARY_TITLE, number: "", issuedOn: null, href: hrefs.itinerary, cancelled: false }]
    : [];
  return [
    ...itinerary,
    ...documents.map((doc) => ({ title: doc.title, number: doc.number, issuedOn: doc.date, href: hrefs.document(doc.id), cancelled: doc.cancelled !== null })),
  ];
}
