import { parseWithZod } from "@conform-to/zod/v4";
import { data } from "react-router";
import { z } from "zod";
import { formatWithPaise } from "~/lib/amount-with-paise";
import { billingDetailsSchema, billingFormValues } from "~/lib/billing-details";
import { askedPaise } from "~/lib/booking-amount";
import { rupeeAmountSchema } from "~/lib/money";
import { PAYMENT_METHOD_LABELS } from "~/lib/payment-ledger";
import { formatTourDate } from "~/lib/tour-format";
import { indianDate } from "~/lib/follow-up";
import { redirectWithNotice } from "~/server/admin/notice.server";
import { canCorrectDocuments, canIssueDocuments } from "~/server/auth/access.server";
import type { Viewer } from "~/server/auth/guard.server";
import { billingOf, updateBillingDetails, type FollowTotal } from "./document-billing.server";
import { documentLedger, documentLedgerTotals } from "./document-context.server";
import { getDb } from "~/server/db/db.server";
import { bookings, type BookingRow } from "~/server/db/schema.server";
import { and, eq, isNull } from "drizzle-orm";
import { businessDetailsProblem, loadBusinessSettings } from "~/server/tax/tax-store.server";
import { issueDocument } from "./document-issue.server";
import { cancelDocument, listBookingDocuments } from "./documents.server";

/** The booking page's Documents panel (issue 47, ADR 092): its data, and its forms' action. */

export const DOCUMENT_INTENTS = ["issue-quote", "issue-receipt", "issue-invoice", "issue-credit", "cancel-document", "billing"] as const;
export type DocumentIntent = (typeof DOCUMENT_INTENTS)[number];
export const isDocumentIntent = (value: unknown): value is DocumentIntent => (DOCUMENT_INTENTS as readonly unknown[]).includes(value);

export type DocumentsActionData = {
  documents: { intent: DocumentIntent; errors: Record<string, string[]>; values: Record<string, string>; documentId?: string };
};

type PanelBooking = Pick<BookingRow, "id" | "reference" | "state" | "totalPaise" | "gstPaise" | "tcsPaise" | "startDate"> & Parameters<typeof billingOf>[0];

/** The booking by its reference (not deleted), for the panel; 404 otherwise. */
export async function bookingForDocuments(reference: string): Promise<BookingRow> {
  const [row] = await getDb()
    .select()
    .from(bookings)
    .where(and(eq(bookings.reference, reference), isNull(bookings.deletedAt)));
  if (!row) throw data({ message: "There is no booking with that reference." }, { status: 404 });
  return row;
}

export async function loadDocumentsPanel(booking: PanelBooking, viewer: Viewer, now: Date) {
  const db = getDb();
  const [documents, ledger, business] = await Promise.all([listBookingDocuments(booking.id), documentLedger(db, booking.id), loadBusinessSettings(db)]);
  const live = documents.filter((doc) => !doc.cancelled);
  const totals = documentLedgerTotals(ledger);
  const invoice = live.find((doc) => doc.kind === "tax-invoice");
  const receipted = new Set(live.flatMap((doc) => (doc.paymentId === null ? [] : [doc.paymentId])));
  const today = indianDate(now);
  const closed = booking.state === "cancelled" || booking.state === "expired";
  return {
    documents,
    billing: billingFormValues(billingOf(booking)),
    /** What stops every tax document (the agency's details), for a notice with a link to the settings. */
    setupProblem: businessDetailsProblem(business),
    canIssue: canIssueDocuments(viewer),
    canCorrect: canCorrectDocuments(viewer),
    quote: !closed,
    /** Payments without a live receipt: a receipt voucher before the invoice, a payment receipt after. */
    receipts: ledger.flatMap((entry) =>
      entry.kind === "payment" && entry.method && !totals.reversedIds.has(entry.id) && !receipted.has(entry.id)
        ? [
            {
              paymentId: entry.id,
              label: `${invoice ? "Issue payment receipt" : "Issue receipt voucher"} for ${formatWithPaise(entry.amountPaise)} (${PAYMENT_METHOD_LABELS[entry.method!]}, ${formatTourDate(entry.movedOn)})`,
            },
          ]
        : [],
    ),
    invoice: invoice
      ? null
      : {
          ready: !closed && (totals.paidPaise >= askedPaise(booking) || today >= booking.startDate),
          when: `The tax invoice is issued once the booking is paid in full or its trip starts (${formatTourDate(booking.startDate)}).`,
        },
    /** Money going back: a credit note on the invoice, or before it a refund voucher on a cancelled booking's vouchers. */
    credit: invoice
      ? { label: "Issue credit note", amountAllowed: true }
      : booking.state === "cancelled" && live.some((doc) => doc.kind === "receipt-voucher")
        ? { label: "Issue refund voucher", amountAllowed: false }
        : null,
  };
}
export type DocumentsPanelData = Awaited<ReturnType<typeof loadDocumentsPanel>>;

const creditSchema = z.object({
  reason: z.preprocess((value) => (typeof value === "string" ? value.trim() : ""), z.string().max(300, "Keep the reason under 300 characters.")),
  amount: z.preprocess((value) => (typeof value === "string" && value.trim() === "" ? undefined : value), rupeeAmountSchema.optional()),
});
const cancelSchema = z.object({
  documentId: z.coerce.number().int().positive(),
  reason: z.preprocess(
    (value) => (typeof value === "string" ? value.trim() : ""),
    z.string().min(3, "Say why the document is cancelled.").max(300, "Keep the reason under 300 characters."),
  ),
});

/** Who may send a documents form, before the booking is looked up: credit notes and cancelling are admins'. */
export function requireDocumentRight(intent: DocumentIntent, viewer: Viewer): void {
  if ((intent === "issue-credit" || intent === "cancel-document") && !canCorrectDocuments(viewer)) {
    throw data({ message: "Only an admin can issue a credit note or cancel a document." }, { status: 403 });
  }
  if (!canIssueDocuments(viewer)) throw data({ message: "You cannot issue documents." }, { status: 403 });
}

function sentBack(intent: DocumentIntent, formData: FormData, errors: Record<string, string[]>, status: number) {
  const values = Object.fromEntries([...formData.entries()].flatMap(([key, value]) => (typeof value === "string" ? [[key, value]] : [])));
  return data<DocumentsActionData>({ documents: { intent, errors, values, documentId: values.documentId } }, { status });
}
const errorsOf = (errors: Record<string, string[] | null> | undefined) =>
  Object.fromEntries(Object.entries(errors ?? {}).flatMap(([key, list]) => (list ? [[key, list]] : [])));

/** A Documents form of a booking's page (requireDocumentRight first). */
export async function handleDocumentAction(
  intent: DocumentIntent,
  formData: FormData,
  booking: PanelBooking,
  viewer: Viewer,
  now: Date,
  page: string,
  /** The money ledger's followBookingTotal: new billing details can change the taxes the schedule asks for (ADR 115). */
  followTotal: FollowTotal,
) {
  requireDocumentRight(intent, viewer);
  const actor = { id: viewer.id, email: viewer.email, name: viewer.name };
  if (intent === "billing") {
    const submission = parseWithZod(formData, { schema: billingDetailsSchema });
    if (submission.status !== "success") return sentBack(intent, formData, errorsOf(submission.reply().error), 400);
    const result = await updateBillingDetails(booking.id, submission.value, { actor, now }, { followTotal });
    if (!result.ok) return sentBack(intent, formData, { form: [result.message] }, result.status);
    const moved = result.scheduleChange ? ` The taxes changed: payment schedule ${result.scheduleChange.text}.` : "";
    return redirectWithNotice(page, { kind: "success", message: `Billing details saved: documents issued from now on print them.${moved}` });
  }
  if (intent === "cancel-document") {
    const submission = parseWithZod(formData, { schema: cancelSchema });
    if (submission.status !== "success") return sentBack(intent, formData, errorsOf(submission.reply().error), 400);
    const result = await cancelDocument(booking.id, submission.value.documentId, submission.value.reason, actor, now, followTotal);
    if (!result.ok) return sentBack(intent, formData, { reason: [result.message] }, result.status);
    return redirectWithNotice(page, { kind: "success", message: `${result.number} cancelled. It stays on the booking, marked cancelled.` });
  }
  let request: Parameters<typeof issueDocument>[1];
  if (intent === "issue-credit") {
    const submission = parseWithZod(formData, { schema: creditSchema });
    if (submission.status !== "success") return sentBack(intent, formData, errorsOf(submission.reply().error), 400);
    request = { kind: "credit", reason: submission.value.reason, amountPaise: submission.value.amount };
  } else if (intent === "issue-receipt") {
    const paymentId = Number(formData.get("paymentId"));
    if (!Number.isSafeInteger(paymentId) || paymentId <= 0) return sentBack(intent, formData, { form: ["Choose a payment."] }, 400);
    request = { kind: "receipt", paymentId };
  } else request = { kind: intent === "issue-quote" ? "quote" : "tax-invoice" };
  const result = await issueDocument(booking.id, request, actor, now, { followTotal });
  if (!result.ok) return sentBack(intent, formData, { form: [`Not issued: ${result.message}`] }, result.status);
  return redirectWithNotice(page, { kind: "success", message: `${result.document.number} issued: download it from Documents.` });
}
