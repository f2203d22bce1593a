import { and, asc, eq, isNull } from "drizzle-orm";
import { recordActivity } from "~/server/activity/activity.server";
import { getDb, type Db } from "~/server/db/db.server";
import { bookings, taxDocuments } from "~/server/db/schema.server";
import { businessDetailsProblem, loadBusinessSettings } from "~/server/tax/tax-store.server";
import { documentColumns, documentTitle, type StoredDocument } from "./document-context.server";
import { followReceipts } from "./current-booking-taxes.server";
import { bookingSubject, lockBookingRow, type DocumentActor, type FollowTotal } from "./document-billing.server";
import { issueDocument, type IssueResult } from "./document-issue.server";

/**
 * A booking's issued documents (ADR 092): the list (the booking page, and the
 * traveller's page of issue 48), the stored PDF bytes for a download, and an
 * admin's cancellation (never a deletion: a credit note corrects).
 */

export type DocumentListItem = {
  id: number;
  kind: StoredDocument["kind"];
  title: string;
  number: string;
  date: string;
  amountPaise: number;
  issuedAt: string;
  issuedByName: string | null;
  /** A receipt's payment (its ledger entry). */
  paymentId: number | null;
  /** The document it refers to (a credit note's invoice), by number. */
  refersTo: string[];
  cancelled: { at: string; by: string | null; reason: string } | null;
  /** Download path under the booking's admin page. */
  href: string;
};

export const documentHref = (reference: string, id: number) => `/admin/bookings/${reference}/documents/${id}`;

function listItem(reference: string, doc: StoredDocument): DocumentListItem {
  return {
    id: doc.id,
    kind: doc.kind,
    title: documentTitle(doc.kind),
    number: doc.number,
    date: doc.date,
    amountPaise: doc.amountPaise,
    issuedAt: doc.issuedAt.toISOString(),
    issuedByName: doc.issuedByName,
    paymentId: doc.paymentLedgerId,
    refersTo: doc.snapshot.refersTo.map((other) => other.number),
    cancelled: doc.cancelledAt ? { at: doc.cancelledAt.toISOString(), by: doc.cancelledByName, reason: doc.cancelReason ?? "" } : null,
    href: documentHref(reference, doc.id),
  };
}

/** Every document issued for a booking, oldest first, cancelled ones too (marked). */
export async function listBookingDocuments(bookingId: number, db: Db = getDb()): Promise<DocumentListItem[]> {
  const rows = await db
    .select({ ...documentColumns, reference: bookings.reference })
    .from(taxDocuments)
    .innerJoin(bookings, eq(bookings.id, taxDocuments.bookingId))
    .where(eq(taxDocuments.bookingId, bookingId))
    .orderBy(asc(taxDocuments.id));
  return rows.map((row) => listItem(row.reference, row));
}

/** The stored PDF of one of the booking's documents: the bytes issued, never drawn again. */
export async function storedDocumentPdf(bookingReference: string, documentId: number) {
  const [row] = await getDb()
    .select({ number: taxDocuments.number, pdf: taxDocuments.pdf, sha256: taxDocuments.pdfSha256 })
    .from(taxDocuments)
    .innerJoin(bookings, eq(bookings.id, taxDocuments.bookingId))
    .where(and(eq(taxDocuments.id, documentId), eq(bookings.reference, bookingReference)));
  return row ?? null;
}

/** "RV-26-27-00012.pdf": the number, safe as a file name. */
export const documentFileName = (number: string) => `${number.replace(/[^A-Za-z0-9-]+/g, "-")}.pdf`;

export type CancelResult = { ok: true; number: string } | { ok: false; status: 404 | 409; message: string };

/** Marks a document cancelled with the reason (admins; the route checks). It stays, and stays downloadable. */
export async function cancelDocument(
  bookingId: number,
  documentId: number,
  reason: string,
  actor: DocumentActor,
  now: Date,
  /** The money ledger's followBookingTotal: a receipt cancelled no longer collected its TCS (ADR 120). */
  followTotal: FollowTotal,
): Promise<CancelResult> {
  return getDb().transaction(async (rawTx) => {
    const tx = rawTx as unknown as Db;
    const booking = await lockBookingRow(tx, bookingId);
    if (!booking) return { ok: false as const, status: 404 as const, message: "There is no booking with that reference." };
    const [cancelled] = await tx
      .update(taxDocuments)
      .set({ cancelledAt: now, cancelledBy: actor.id, cancelledByName: actor.name ?? actor.email, cancelReason: reason })
      .where(and(eq(taxDocuments.id, documentId), eq(taxDocuments.bookingId, bookingId), isNull(taxDocuments.cancelledAt)))
      .returning({ number: taxDocuments.number, kind: taxDocuments.kind });
    if (!cancelled) return { ok: false as const, status: 409 as const, message: "This document is already cancelled, or is not one of this booking's." };
    const moved = cancelled.kind === "receipt-voucher" || cancelled.kind === "payment-receipt" ? await followReceipts(tx, booking, now, followTotal) : null;
    await recordActivity(
      {
        kind: "document.cancelled",
        actor,
        subject: bookingSubject(booking),
        detail: {
          text: `Cancelled ${documentTitle(cancelled.kind)} ${cancelled.number}${moved ? `; the TCS changed: payment schedule ${moved.text}` : ""}`,
          reason,
          documentId,
          version: booking.version,
        },
      },
      { db: tx },
    );
    return { ok: true as const, number: cancelled.number };
  });
}

/**
 * The receipt for a payment just recorded, when Settings → Business and tax
 * says to issue them automatically and the agency's details are complete;
 * null when not asked for. A refusal (no traveller state, say) leaves the
 * payment recorded and tells the team what to add.
 */
export async function autoReceiptForPayment(
  bookingId: number,
  paymentId: number,
  actor: DocumentActor,
  now: Date,
  /** The money ledger's followBookingTotal (ADR 120). */
  followTotal: FollowTotal,
): Promise<IssueResult | null> {
  const business = await loadBusinessSettings(getDb());
  if (!business.autoReceiptVouchers || businessDetailsProblem(business)) return null;
  return issueDocument(bookingId, { kind: "receipt", paymentId }, actor, now, { followTotal });
}
