/**
 * The trip page's Documents section (issue 48): the booking's quote, receipt
 * vouchers, invoice and credit notes. The tax documents' tables and their
 * listing are another branch's work (issue 47, h47b) and not on main yet, so
 * this lists nothing until that listing is merged here; the page says so.
 */
export type TripDocument = { title: string; number: string; issuedOn: string; href: string };

export async function tripDocuments(_bookingId: number): Promise<TripDocument[]> {
  return [];
}
