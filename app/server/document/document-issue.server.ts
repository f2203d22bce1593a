import { createHash } from "node:crypto";
import { formatWithPaise } from "~/lib/amount-with-paise";
import { askedPaise } from "~/lib/booking-amount";
import { financialYearOfDate } from "~/lib/financial-year";
import { formatTourDate } from "~/lib/tour-format";
import { recordActivity } from "~/server/activity/activity.server";
import { getDb, type Db } from "~/server/db/db.server";
import { documentCounters, taxDocuments, type TaxDocumentRow } from "~/server/db/schema.server";
import {
  cancellationCreditNote,
  creditNoteFigures,
  paymentReceiptFigures,
  quoteFigures,
  receiptVoucherFigures,
  refundVoucherFigures,
  taxInvoiceFigures,
} from "~/server/tax/document-figures.server";
import { DocumentRefused } from "~/server/tax/gst.server";
import { refundRuleFromText } from "~/server/tax/refund-rule.server";
import { gstRuleOn, TaxRuleMissing } from "~/server/tax/tax-rules.server";
import { getSiteTerms } from "~/server/package/package-terms.server";
import { and, eq, sql } from "drizzle-orm";
import {
  buildSnapshot,
  cancelledOn,
  documentLedgerTotals,
  documentTitle,
  loadIssueContext,
  tcsCollected,
  voucherAdvances,
  type IssueContext,
  type StoredDocument,
} from "./document-context.server";
import { followReceipts } from "./current-booking-taxes.server";
import { bookingSubject, lockBookingRow, type DocumentActor, type FollowTotal } from "./document-billing.server";
import { formatDocumentNumber, type NumberedKind } from "./document-number.server";
import { renderDocumentPdf } from "./document-pdf.server";
import type { DocumentFigures, DocumentSnapshot } from "./document-snapshot.server";

/**
 * Issuing a tax document (ADR 092): one transaction that locks the booking's
 * row (as the ledger's writes do), reads the settings, rules and ledger, works
 * the figures out, and only then takes the next number of the series from
 * `document_counters`, draws the PDF and stores it with its snapshot and
 * SHA-256. A refusal throws before the counter moves; a failure after it
 * rolls the counter back with the rest, so every series stays gapless.
 */

export type IssueRequest =
  | { kind: "quote" }
  /** A payment's receipt: a receipt voucher before the tax invoice, a payment receipt after it. */
  | { kind: "receipt"; paymentId: number }
  | { kind: "tax-invoice" }
  /** Money going back: a credit note after the invoice, a refund voucher before it; from the refund rule on a cancellation, else for `amountPaise`. */
  | { kind: "credit"; reason: string; amountPaise?: number };

export type IssuedDocument = Pick<TaxDocumentRow, "id" | "kind" | "number" | "date" | "amountPaise">;
export type IssueResult = { ok: true; document: IssuedDocument } | { ok: false; status: 404 | 409 | 422; message: string };

class IssueAbort extends Error {
  constructor(readonly status: 404 | 409 | 422) {
    super("");
  }
}

/** A refusal with its HTTP status (the same invoice twice is a conflict). */
class IssueRefusal extends DocumentRefused {
  constructor(
    readonly status: 409 | 422,
    message: string,
  ) {
    super(message);
  }
}

/** The next number of a series in its financial year, taken under the counter row's lock until the transaction ends. */
export async function takeDocumentNumber(tx: Db, kind: NumberedKind, date: string, prefix: string) {
  const year = financialYearOfDate(date);
  const [counter] = await tx
    .insert(documentCounters)
    .values({ series: kind, financialYear: year.startYear, last: 1 })
    .onConflictDoUpdate({ target: [documentCounters.series, documentCounters.financialYear], set: { last: sql`${documentCounters.last} + 1` } })
    .returning({ last: documentCounters.last });
  let number: string;
  try {
    number = formatDocumentNumber(prefix, year, counter!.last);
  } catch (error) {
    throw new DocumentRefused(`The ${documentTitle(kind).toLowerCase()} series cannot be numbered: ${(error as Error).message}`);
  }
  return { series: kind, financialYear: year.startYear, sequence: counter!.last, number };
}

type Plan = {
  kind: DocumentSnapshot["kind"];
  date: string;
  figures: DocumentFigures;
  amountPaise: number;
  reason?: string | null;
  refersTo?: StoredDocument[];
  duePaise?: number;
  paymentId?: number;
};

const liveInvoice = (context: IssueContext) => context.live.find((doc) => doc.kind === "tax-invoice");
const sacOn = (context: IssueContext, date: string) => gstRuleOn(context.rules, context.scheme, date).sac;

function planQuote(context: IssueContext): Plan {
  const figures = quoteFigures(context.input, context.today);
  return { kind: "quote", date: context.today, figures, amountPaise: figures.total };
}

function planReceipt(context: IssueContext, paymentId: number): Plan {
  const totals = documentLedgerTotals(context.ledger);
  const payment = context.ledger.find((entry) => entry.id === paymentId);
  if (!payment || payment.kind !== "payment") throw new DocumentRefused("There is no such payment on this booking.");
  if (totals.reversedIds.has(payment.id)) throw new DocumentRefused("This payment was reversed: it gets no receipt.");
  const already = context.live.find((doc) => doc.paymentLedgerId === payment.id);
  if (already) throw new DocumentRefused(`This payment already has ${documentTitle(already.kind)} ${already.number}.`);
  const on = payment.movedOn;
  if (liveInvoice(context)) {
    const figures = paymentReceiptFigures(context.input, on, payment.amountPaise);
    return { kind: "payment-receipt", date: on, figures, amountPaise: figures.received, paymentId };
  }
  const earlier = voucherAdvances(context);
  const figures = receiptVoucherFigures(context.input, on, payment.amountPaise, earlier);
  const still = taxInvoiceFigures(context.input, on, [...earlier, figures.advance]).dueNow;
  return { kind: "receipt-voucher", date: on, figures, amountPaise: figures.received, paymentId, duePaise: still };
}

function planInvoice(context: IssueContext): Plan {
  const invoice = liveInvoice(context);
  if (invoice) throw new IssueRefusal(409, `This booking already has tax invoice ${invoice.number}: cancel it first to issue another.`);
  const { booking, today, paidPaise } = context;
  if (paidPaise < askedPaise(booking) && today < booking.startDate) {
    throw new DocumentRefused(
      `Not yet: the tax invoice is issued when the booking is paid in full (${formatWithPaise(Math.max(0, paidPaise))} of ${formatWithPaise(askedPaise(booking))} is paid) or when the trip starts on ${formatTourDate(booking.startDate)}.`,
    );
  }
  const vouchers = context.live.filter((doc) => doc.kind === "receipt-voucher");
  const figures = invoiceFiguresToday(context);
  return { kind: "tax-invoice", date: today, figures, amountPaise: figures.supply.amount, refersTo: vouchers, duePaise: figures.dueNow };
}

/** The tax invoice's figures if it were issued today (its "due now" is what the booking still asks, ADR 120). */
export function invoiceFiguresToday(context: IssueContext) {
  // Money the ledger holds that no voucher covers is paid too: the invoice asks for what is left (ADR 115).
  const onVouchers = context.live.reduce((sum, doc) => sum + (doc.snapshot.figures.kind === "receipt-voucher" ? doc.snapshot.figures.received : 0), 0);
  return taxInvoiceFigures(context.input, context.today, voucherAdvances(context), Math.max(0, context.paidPaise) - onVouchers);
}

async function planCredit(tx: Db, context: IssueContext, reason: string, amountPaise: number | undefined): Promise<Plan> {
  const { booking, today } = context;
  const invoice = liveInvoice(context);
  const tcs = tcsCollected(context);
  // What was paid for the package: the TCS collected on the receipts is the buyer's tax credit, never refunded (ADR 092, 120).
  const paid = Math.max(0, context.paidPaise - tcs);
  if (invoice && invoice.snapshot.figures.kind === "tax-invoice") {
    const invoiced = invoice.snapshot.figures.supply;
    if (amountPaise !== undefined) {
      const figures = creditNoteFigures(invoiced, amountPaise, paid, tcs);
      return { kind: "credit-note", date: today, figures, amountPaise: figures.reduction.amount, reason, refersTo: [invoice] };
    }
    if (booking.state !== "cancelled") throw new DocumentRefused("Enter the amount the credit note lowers the invoice by: the booking is not cancelled.");
    const figures = cancellationCreditNote(invoiced, paid, await cancellation(tx, context), tcs);
    return {
      kind: "credit-note",
      date: today,
      figures,
      amountPaise: figures.reduction.amount,
      reason: cancellationReason(figures, reason),
      refersTo: [invoice],
    };
  }
  const vouchers = context.live.filter((doc) => doc.kind === "receipt-voucher");
  if (vouchers.length === 0)
    throw new DocumentRefused("Nothing was invoiced or received with a receipt voucher on this booking, so there is nothing to credit.");
  if (booking.state !== "cancelled") throw new DocumentRefused("A refund voucher is issued when the booking is cancelled: cancel the booking first.");
  if (amountPaise !== undefined)
    throw new DocumentRefused("Before the tax invoice, money goes back on a refund voucher from the refund rule: leave the amount empty.");
  const supply = quoteFigures(context.input, vouchers[0]!.date).supply;
  const figures = refundVoucherFigures(supply, voucherAdvances(context), await cancellation(tx, context), tcs);
  return { kind: "refund-voucher", date: today, figures, amountPaise: figures.refund.amount, reason: cancellationReason(figures, reason), refersTo: vouchers };
}

async function cancellation(tx: Db, context: IssueContext) {
  const rule = refundRuleFromText((await getSiteTerms(tx)).refundRule);
  if (!rule) {
    throw new DocumentRefused(
      "The refund rule in Settings → Package terms is not in the standard words the documents can read: issue the credit note for an amount instead.",
    );
  }
  return { cancelledOn: await cancelledOn(tx, context.booking, context.today), departsOn: context.booking.startDate, rule };
}

const cancellationReason = (figures: { daysBefore: number; refundBps: number }, reason: string) =>
  `Booking cancelled ${figures.daysBefore} days before departure: under the package's refund rule ${figures.refundBps / 100}% is refundable.${reason ? ` ${reason}` : ""}`;

const isUniqueViolation = (error: unknown): boolean => {
  for (let cause: unknown = error; cause; cause = (cause as { cause?: unknown }).cause) {
    if ((cause as { code?: string }).code === "23505") return true;
  }
  return false;
};

/** Issues a document for the booking, or says in the team's words why not (nothing numbered). */
export async function issueDocument(
  bookingId: number,
  request: IssueRequest,
  actor: DocumentActor,
  now: Date,
  options: {
    /** The PDF's drawing (tests of numbering alone pass a cheaper one: drawing is ~0.2 s of CPU a page). */
    render?: (snapshot: DocumentSnapshot) => Promise<Buffer>;
    /** The money ledger's followBookingTotal: a receipt's TCS can change what the booking asks (ADR 120). */
    followTotal: FollowTotal;
  },
): Promise<IssueResult> {
  const render = options.render ?? renderDocumentPdf;
  try {
    const document = await getDb().transaction(async (rawTx) => {
      const tx = rawTx as unknown as Db;
      const booking = await lockBookingRow(tx, bookingId);
      if (!booking) throw new IssueAbort(404);
      const context = await loadIssueContext(tx, booking, now);
      const plan: Plan =
        request.kind === "quote"
          ? planQuote(context)
          : request.kind === "receipt"
            ? planReceipt(context, request.paymentId)
            : request.kind === "tax-invoice"
              ? planInvoice(context)
              : await planCredit(tx, context, request.reason, request.amountPaise);
      // Every check is done: from here on, only a failure of the database rolls back (and with it the number).
      const numbered =
        plan.kind === "quote"
          ? { series: null, financialYear: null, sequence: null, number: `${booking.reference}/Q${(await quoteCount(tx, bookingId)) + 1}` }
          : await takeDocumentNumber(tx, plan.kind, plan.date, context.business.prefixes[plan.kind]);
      const snapshot = buildSnapshot(context, { ...plan, number: numbered.number, issuedAt: now, sac: sacOn(context, plan.date) });
      const pdf = await render(snapshot);
      const [row] = await tx
        .insert(taxDocuments)
        .values({
          bookingId,
          kind: plan.kind,
          ...numbered,
          issuedAt: now,
          date: plan.date,
          amountPaise: plan.amountPaise,
          paymentLedgerId: plan.paymentId ?? null,
          refersToId: plan.kind === "credit-note" ? (plan.refersTo?.[0]?.id ?? null) : null,
          snapshot,
          pdf,
          pdfSha256: createHash("sha256").update(pdf).digest("hex"),
          issuedBy: actor.id,
          issuedByName: actor.name ?? actor.email,
        })
        .returning({
          id: taxDocuments.id,
          kind: taxDocuments.kind,
          number: taxDocuments.number,
          date: taxDocuments.date,
          amountPaise: taxDocuments.amountPaise,
        });
      // A receipt's TCS is final: the booking asks for what its receipts collected and TCS on the rest (ADR 120).
      const moved = plan.kind === "receipt-voucher" || plan.kind === "payment-receipt" ? await followReceipts(tx, booking, now, options.followTotal) : null;
      await recordActivity(
        {
          kind: "document.issued",
          actor,
          subject: bookingSubject(booking),
          detail: {
            text: `Issued ${documentTitle(plan.kind)} ${numbered.number} (${formatWithPaise(plan.amountPaise)})${moved ? `; the TCS changed: payment schedule ${moved.text}` : ""}`,
            documentId: row!.id,
            version: booking.version,
          },
        },
        { db: tx },
      );
      return row!;
    });
    return { ok: true, document };
  } catch (error) {
    if (error instanceof IssueAbort) return { ok: false, status: error.status, message: "There is no booking with that reference." };
    if (error instanceof IssueRefusal) return { ok: false, status: error.status, message: error.message };
    if (error instanceof DocumentRefused || error instanceof TaxRuleMissing) return { ok: false, status: 422, message: error.message };
    // Two issues of one invoice at once: the second meets the first's row in the unique index, and rolls back (its number too).
    if (request.kind === "tax-invoice" && isUniqueViolation(error))
      return { ok: false, status: 409, message: "This booking already has a tax invoice: cancel it first to issue another." };
    throw error;
  }
}

/** Quotes are numbered per booking, cancelled ones too: "PRV-7KQ2M/Q3" is the booking's third. */
async function quoteCount(tx: Db, bookingId: number): Promise<number> {
  const [row] = await tx
    .select({ count: sql<number>`count(*)::int` })
    .from(taxDocuments)
    .where(and(eq(taxDocuments.bookingId, bookingId), eq(taxDocuments.kind, "quote")));
  return row?.count ?? 0;
}
