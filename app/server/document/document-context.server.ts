import { and, asc, desc, eq, inArray, isNull, or, sql } from "drizzle-orm";
import { priceLines, priceLineText, ROOM_SHARING_LABELS, travellersText } from "~/lib/booking";
import { indianDate } from "~/lib/follow-up";
import { ledgerTotals, type LedgerMovement, type PaymentMethod } from "~/lib/payment-ledger";
import { formatPhone } from "~/lib/phone";
import { checkPan } from "~/lib/tax-ids";
import { formatTourDateRange } from "~/lib/tour-format";
import { upiNote, upiPaymentUri, upiReference } from "~/lib/upi";
import type { Db } from "~/server/db/db.server";
import { activity, packages, paymentLedger, taxDocuments, type BookingRow, type TaxDocumentRow } from "~/server/db/schema.server";
import type { BookingTaxInput } from "~/server/tax/document-figures.server";
import { DocumentRefused, placeOfSupply, type AmountSplit, type PriceLine } from "~/server/tax/gst.server";
import { businessDetailsProblem, loadBusinessSettings, loadTaxRules, type BusinessSettings } from "~/server/tax/tax-store.server";
import type { EarlierReceipt } from "~/server/tax/tcs.server";
import type { GstScheme, TaxRules } from "~/server/tax/tax-rules.server";
import type { DocumentFigures, DocumentParty, DocumentSnapshot } from "./document-snapshot.server";
import { isPackageAbroad } from "~/lib/package-abroad";

/**
 * What issuing a document reads (ADR 092), inside its transaction, after the
 * booking's row is locked: the agency's details and the rules from the
 * database, the package's tax setting, the ledger and the booking's live
 * documents. Every check that can refuse runs here or in the figures, before
 * a number is taken.
 */

/** A stored document without its PDF bytes: what the issuing checks and the lists read. */
export const documentColumns = {
  id: taxDocuments.id,
  bookingId: taxDocuments.bookingId,
  kind: taxDocuments.kind,
  number: taxDocuments.number,
  date: taxDocuments.date,
  issuedAt: taxDocuments.issuedAt,
  amountPaise: taxDocuments.amountPaise,
  paymentLedgerId: taxDocuments.paymentLedgerId,
  refersToId: taxDocuments.refersToId,
  snapshot: taxDocuments.snapshot,
  issuedByName: taxDocuments.issuedByName,
  cancelledAt: taxDocuments.cancelledAt,
  cancelledByName: taxDocuments.cancelledByName,
  cancelReason: taxDocuments.cancelReason,
};
export type StoredDocument = Pick<TaxDocumentRow, keyof typeof documentColumns>;

export type IssueContext = {
  booking: BookingRow;
  today: string;
  business: BusinessSettings & { stateCode: string };
  rules: TaxRules;
  scheme: GstScheme;
  overseas: boolean;
  ledger: DocumentLedgerEntry[];
  paidPaise: number;
  /** The booking's documents not cancelled, oldest first. */
  live: StoredDocument[];
  input: BookingTaxInput;
  traveller: DocumentParty;
};

/** A ledger row as the documents read it: payments to receipt, and what is paid (ADR 090's ledger, read-only here). */
export type DocumentLedgerEntry = {
  id: number;
  kind: "payment" | "refund" | "reversal";
  amountPaise: number;
  reverses: number | null;
  /** A payment's or refund's Indian date. */
  movedOn: string;
  method: PaymentMethod | null;
};

export async function documentLedger(tx: Db, bookingId: number): Promise<DocumentLedgerEntry[]> {
  const rows = await tx
    .select({
      id: paymentLedger.id,
      kind: paymentLedger.kind,
      amountPaise: paymentLedger.amountPaise,
      reverses: paymentLedger.reverses,
      movedOn: paymentLedger.movedOn,
      method: paymentLedger.method,
    })
    .from(paymentLedger)
    .where(eq(paymentLedger.bookingId, bookingId))
    .orderBy(asc(paymentLedger.id));
  return rows.map((row) => ({ ...row, movedOn: row.movedOn ?? "" }));
}

/** The ledger's totals (ledgerTotals: reversed entries left out). */
export const documentLedgerTotals = (ledger: readonly DocumentLedgerEntry[]) =>
  ledgerTotals(
    ledger.map((entry): LedgerMovement =>
      entry.kind === "reversal"
        ? { id: entry.id, kind: "reversal", reverses: entry.reverses! }
        : { id: entry.id, kind: entry.kind, amountPaise: entry.amountPaise },
    ),
  );

const refuse = (message: string): never => {
  throw new DocumentRefused(message);
};

/** The booking's price as document lines; an extra named "Service charge" is the 18% scheme's fee. */
export function documentLines(booking: Pick<BookingRow, "price" | "adults" | "childrenWithBed" | "childrenNoBed" | "packageTitle">): PriceLine[] {
  return priceLines(booking.price, booking).map((line) => ({
    description: line.kind === "traveller" ? `${booking.packageTitle}: ${priceLineText(line)}` : line.label,
    amount: line.amountPaise,
    ...(line.kind === "extra" && /service charge/i.test(line.label) ? { serviceCharge: true } : {}),
  }));
}

/**
 * Live receipts (vouchers and payment receipts) of the buyer: this booking's, and any other booking's under the same PAN.
 * `id` null: a booking not yet stored, the PAN's alone.
 */
export async function earlierReceipts(tx: Db, booking: { id: number | null; billingPan: string | null }): Promise<EarlierReceipt[]> {
  const thisBooking = booking.id === null ? sql`false` : eq(taxDocuments.bookingId, booking.id);
  const sameBuyer = booking.billingPan ? or(thisBooking, sql`${taxDocuments.snapshot} -> 'traveller' ->> 'pan' = ${booking.billingPan}`) : thisBooking;
  const rows = await tx
    .select({ date: taxDocuments.date, snapshot: taxDocuments.snapshot })
    .from(taxDocuments)
    .where(and(inArray(taxDocuments.kind, ["receipt-voucher", "payment-receipt"]), isNull(taxDocuments.cancelledAt), sameBuyer))
    .orderBy(asc(taxDocuments.date), asc(taxDocuments.id));
  return rows.map((row) => ({ on: row.date, amount: forPackage(row.snapshot.figures) }));
}

/** What a receipt counted towards the package (TCS slabs count it, not the TCS). */
export function forPackage(figures: DocumentFigures): number {
  if (figures.kind === "receipt-voucher") return figures.advance.amount;
  if (figures.kind === "payment-receipt") return figures.forPackage;
  return 0;
}

export async function loadIssueContext(tx: Db, booking: BookingRow, now: Date): Promise<IssueContext> {
  const [business, rules, [pkg], ledger, live] = await Promise.all([
    loadBusinessSettings(tx),
    loadTaxRules(tx),
    tx.select({ taxScheme: packages.taxScheme, overseas: packages.overseas, region: packages.region }).from(packages).where(eq(packages.id, booking.packageId)),
    documentLedger(tx, booking.id),
    tx
      .select(documentColumns)
      .from(taxDocuments)
      .where(and(eq(taxDocuments.bookingId, booking.id), isNull(taxDocuments.cancelledAt)))
      .orderBy(asc(taxDocuments.id)),
  ]);
  const missing = businessDetailsProblem(business);
  if (missing) refuse(missing);
  if (!pkg) refuse(`The package of this booking (${booking.packageTitle}) was deleted: restore it to issue its documents.`);
  if (booking.totalPaise <= 0) refuse("This booking has no price yet: add its price before issuing a document.");
  if (booking.billingPan) {
    const pan = checkPan(booking.billingPan);
    if (!pan.ok) refuse(`The traveller's PAN: ${pan.message}`);
  }
  const overseas = isPackageAbroad(pkg!);
  const agencyStateCode = business.stateCode!;
  const placeOfSupplyStateCode = placeOfSupply({
    overseas,
    overseasPlaceOfSupply: business.overseasPlaceOfSupply,
    agencyStateCode,
    travellerStateCode: booking.billingStateCode,
    travellerGstin: booking.billingGstin,
  });
  const input: BookingTaxInput = {
    lines: documentLines(booking),
    setting: { scheme: pkg!.taxScheme, overseas, agencyStateCode, placeOfSupplyStateCode, buyerPan: booking.billingPan },
    rules,
    earlierReceipts: overseas ? await earlierReceipts(tx, booking) : [],
  };
  const traveller: DocumentParty = {
    name: booking.billingCompanyName ? `${booking.billingCompanyName} (for ${booking.leadName})` : booking.leadName,
    address: booking.billingAddress,
    stateCode: booking.billingStateCode,
    gstin: booking.billingGstin,
    pan: booking.billingPan,
  };
  return {
    booking,
    today: indianDate(now),
    business: { ...business, stateCode: agencyStateCode },
    rules,
    scheme: pkg!.taxScheme,
    overseas,
    ledger,
    paidPaise: documentLedgerTotals(ledger).paidPaise,
    live,
    input,
    traveller,
  };
}

/** The advances on the booking's live receipt vouchers, oldest first. */
export const voucherAdvances = (context: IssueContext): AmountSplit[] =>
  context.live.flatMap((doc) => (doc.snapshot.figures.kind === "receipt-voucher" ? [doc.snapshot.figures.advance] : []));

/** The TCS a document collected: a receipt's, else none. */
export const tcsOfDocument = (figures: DocumentFigures): number =>
  figures.kind === "receipt-voucher" || figures.kind === "payment-receipt" ? (figures.tcs?.amount ?? 0) : 0;

/** TCS already collected on the booking's live receipts (never refunded: ADR 092). */
export const tcsCollected = (context: IssueContext): number => context.live.reduce((sum, doc) => sum + tcsOfDocument(doc.snapshot.figures), 0);

/**
 * The Indian date the booking was cancelled, for the refund rule: the row's
 * last change when that was the cancellation (the clock the write used), else
 * its timeline entry's time.
 */
export async function cancelledOn(tx: Db, booking: BookingRow, today: string): Promise<string> {
  const [entry] = await tx
    .select({ at: activity.at, version: sql<number | null>`(${activity.detail} ->> 'version')::int` })
    .from(activity)
    .where(and(eq(activity.kind, "booking.cancelled"), eq(activity.subjectType, "booking"), eq(activity.subjectId, String(booking.id))))
    .orderBy(desc(activity.at), desc(activity.id))
    .limit(1);
  if (!entry) return today;
  return indianDate(Number(entry.version) === booking.version ? booking.updatedAt : entry.at);
}

type SnapshotParts = {
  kind: DocumentSnapshot["kind"];
  number: string;
  issuedAt: Date;
  date: string;
  sac: string;
  figures: DocumentFigures;
  reason?: string | null;
  refersTo?: StoredDocument[];
  /** What is still due after this document, for its UPI QR. */
  duePaise?: number;
};

const TITLES = {
  quote: "Quotation",
  "receipt-voucher": "Receipt Voucher",
  "tax-invoice": "Tax Invoice",
  "payment-receipt": "Payment Receipt",
  "refund-voucher": "Refund Voucher",
  "credit-note": "Credit Note",
} as const;
export const documentTitle = (kind: DocumentSnapshot["kind"]) => TITLES[kind];

/** Everything the document prints, as it is stored with it. */
export function buildSnapshot(context: IssueContext, parts: SnapshotParts): DocumentSnapshot {
  const { booking, business } = context;
  const due = parts.duePaise ?? 0;
  return {
    version: 1,
    kind: parts.kind,
    number: parts.number,
    issuedAt: parts.issuedAt.toISOString(),
    date: parts.date,
    agency: {
      name: business.legalName,
      tradeName: business.tradeName,
      address: business.address,
      stateCode: business.stateCode,
      gstin: business.gstin,
      pan: business.pan,
      phone: formatPhone(business.phone),
      email: business.email,
    },
    traveller: context.traveller,
    placeOfSupplyStateCode: context.input.setting.placeOfSupplyStateCode,
    booking: {
      reference: booking.reference,
      packageTitle: booking.packageTitle,
      travelDates: formatTourDateRange(booking.startDate, booking.endDate),
      travellers: `${travellersText(booking)}, ${ROOM_SHARING_LABELS[booking.room].toLowerCase()}`,
    },
    sac: parts.sac,
    reason: parts.reason ?? null,
    lines: context.input.lines.map(({ description, amount }) => ({ description, amount })),
    figures: parts.figures,
    refersTo: (parts.refersTo ?? []).map((doc) => ({ title: documentTitle(doc.kind), number: doc.number, date: doc.date })),
    upi:
      due > 0 && business.upi
        ? {
            uri: upiPaymentUri({
              vpa: business.upi.id,
              payeeName: business.upi.payeeName,
              amountPaise: due,
              note: upiNote(booking.reference, "Balance"),
              reference: upiReference(booking.reference, "BAL"),
            }),
            amount: due,
            payee: `${business.upi.payeeName} (${business.upi.id})`,
          }
        : null,
  };
}
