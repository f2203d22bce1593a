import { amountInWords } from "~/lib/amount-in-words";
import { stateLabel } from "~/lib/indian-states";
import { formatWithPaise } from "~/lib/amount-with-paise";
import type { AmountSplit } from "~/server/tax/gst.server";
import type { TcsFigures } from "~/server/tax/tcs.server";
import { formatRate } from "~/server/tax/tax-rules.server";
import { NUMBERED_SERIES } from "./document-number.server";
import type { DocumentFigures, DocumentParty, DocumentSnapshot } from "./document-snapshot.server";

/**
 * The words and figures of a tax document, worked out from its snapshot
 * (ADR 092); document-pdf.server.ts only lays them out. Every amount is
 * formatted here, "₹1,04,500.00", and the total is also written in words.
 */

export type SummaryRow = { label: string; values: string[]; strong?: boolean };

export type DocumentContent = {
  title: string;
  number: string;
  date: string;
  agency: { tradeName: string; lines: string[] };
  billedTo: string[];
  details: [string, string][];
  priceLines: [string, string][];
  summary: { columns: string[]; rows: SummaryRow[] };
  total: { label: string; amount: string; words: string };
  tcs: string[];
  notes: string[];
  upi: { uri: string; caption: string; payee: string } | null;
  signatory: string;
  footer: string;
};

const dateFormat = new Intl.DateTimeFormat("en-IN", { day: "numeric", month: "short", year: "numeric", timeZone: "UTC" });
/** "10 Nov 2026" for the Indian date "2026-11-10". */
const formatDocumentDate = (date: string) => dateFormat.format(new Date(`${date}T00:00:00Z`));

/** The address, then state, GSTIN and PAN: one line each, or `together` on one. */
function partyLines(party: DocumentParty, together = false): string[] {
  const ids = [
    party.stateCode ? `State: ${stateLabel(party.stateCode)}` : "",
    party.gstin ? `GSTIN: ${party.gstin}` : "",
    party.pan ? `PAN: ${party.pan}` : "",
  ].filter(Boolean);
  return [...party.address.split("\n").filter(Boolean), ...(together ? [ids.join(" · ")] : ids)];
}

/** Rows for an amount's parts: the costs passed on (if any), the taxable value and each tax; one column per split. */
function splitRows(splits: readonly AmountSplit[], totalLabel: string): SummaryRow[] {
  const first = splits[0]!;
  const rows: SummaryRow[] = [];
  if (splits.some((split) => split.pureAgent !== 0)) {
    rows.push({ label: "Paid on your behalf as pure agent (not taxed)", values: splits.map((split) => formatWithPaise(split.pureAgent)) });
  }
  rows.push({ label: "Taxable value", values: splits.map((split) => formatWithPaise(split.taxable)) });
  first.taxes.forEach((head, index) => {
    rows.push({ label: `${head.tax} @ ${formatRate(head.rateBps)}`, values: splits.map((split) => formatWithPaise(split.taxes[index]!.amount)) });
  });
  rows.push({ label: totalLabel, values: splits.map((split) => formatWithPaise(split.amount)), strong: true });
  return rows;
}

function tcsRows(tcs: TcsFigures | null, label = "TCS"): SummaryRow[] {
  return (tcs?.lines ?? []).map((line) => ({
    label: `${label} @ ${formatRate(line.rateBps)} of ${formatWithPaise(line.base)}`,
    values: [formatWithPaise(line.amount)],
  }));
}

function tcsText(tcs: TcsFigures | null): string[] {
  if (!tcs || tcs.lines.length === 0) return [];
  return [
    `Tax collected at source (${tcs.section}): ${formatWithPaise(tcs.amount)}.`,
    tcs.pan
      ? `Traveller's PAN: ${tcs.pan}. The TCS is deposited against this PAN and counts towards their income tax.`
      : "No PAN was given, so TCS is collected at the higher rate the law sets.",
  ];
}

type Body = Pick<DocumentContent, "summary" | "tcs" | "notes"> & { total: { label: string; amount: number } };

function body(figures: DocumentFigures): Body {
  const one = (rows: SummaryRow[]) => ({ columns: ["Amount"], rows });
  switch (figures.kind) {
    case "quote":
      return {
        summary: one([...splitRows([figures.supply], "Price with GST"), ...tcsRows(figures.tcs)]),
        total: { label: "Total payable", amount: figures.total },
        tcs: tcsText(figures.tcs),
        notes: [figures.note, "This quotation is not a tax invoice. Prices and taxes are those in force on its date."],
      };
    case "receipt-voucher":
      return {
        summary: one([...splitRows([figures.advance], "Advance towards the tour"), ...tcsRows(figures.tcs)]),
        total: { label: "Amount received", amount: figures.received },
        tcs: tcsText(figures.tcs),
        notes: [figures.note, "An advance received before the tour: the tax on it is adjusted in the tax invoice."],
      };
    case "tax-invoice":
      return {
        summary: {
          columns: ["Whole tour", "Less advances", "This invoice"],
          rows: [
            ...splitRows([figures.supply, figures.advances, figures.net], "Total"),
            ...tcsRows(figures.tcsOnBalance, "TCS on the balance").map((row) => ({ ...row, values: ["", "", ...row.values] })),
          ],
        },
        total: { label: figures.dueNow === 0 ? "Paid in full: nothing due" : "Amount due now", amount: figures.dueNow },
        tcs: tcsText(figures.tcsOnBalance),
        notes: [figures.note],
      };
    case "payment-receipt":
      return {
        summary: one([
          { label: "Towards the balance of the tour (GST charged on the tax invoice)", values: [formatWithPaise(figures.forPackage)] },
          ...tcsRows(figures.tcs),
        ]),
        total: { label: "Amount received", amount: figures.received },
        tcs: tcsText(figures.tcs),
        notes: [],
      };
    case "refund-voucher":
      return {
        summary: one([
          { label: "Paid in advance", values: [formatWithPaise(figures.paid)] },
          { label: "Cancellation charge kept", values: [formatWithPaise(figures.charge)] },
          ...splitRows([figures.refund], "Refund"),
        ]),
        total: { label: "Amount refunded", amount: figures.refund.amount },
        tcs: [],
        notes: tcsKeptNote(figures.tcsKept),
      };
    case "credit-note":
      return {
        summary: one([...splitRows([figures.reduction], "Credit"), { label: "Refund due to you", values: [formatWithPaise(figures.refundDue)] }]),
        total: { label: "Amount credited", amount: figures.reduction.amount },
        tcs: [],
        notes: tcsKeptNote(figures.tcsKept),
      };
  }
}

const tcsKeptNote = (tcs: number) =>
  tcs > 0
    ? [`The TCS of ${formatWithPaise(tcs)} already collected is not refunded: it stays deposited against your PAN, and you claim it in your income tax return.`]
    : [];

/** The document's content from its snapshot. */
export function documentContent(snapshot: DocumentSnapshot): DocumentContent {
  const { agency, traveller, figures } = snapshot;
  const { summary, total, tcs, notes } = body(figures);
  return {
    title: snapshot.kind === "quote" ? "Quotation" : NUMBERED_SERIES[snapshot.kind].title,
    number: snapshot.number,
    date: formatDocumentDate(snapshot.date),
    agency: { tradeName: agency.tradeName, lines: [agency.name, ...partyLines(agency, true), `${agency.phone} · ${agency.email}`] },
    billedTo: [traveller.name, ...partyLines(traveller)],
    details: [
      ["Booking", snapshot.booking.reference],
      ["Tour", snapshot.booking.packageTitle],
      ["Travel dates", snapshot.booking.travelDates],
      ["Travellers", snapshot.booking.travellers],
      ["Place of supply", stateLabel(snapshot.placeOfSupplyStateCode)],
      ["SAC", `${snapshot.sac} (tour operator services)`],
      ["Reverse charge", "No"],
    ],
    priceLines:
      figures.kind === "quote" || figures.kind === "tax-invoice" ? snapshot.lines.map((line) => [line.description, formatWithPaise(line.amount)]) : [],
    summary,
    total: { ...total, amount: formatWithPaise(total.amount), words: amountInWords(total.amount) },
    tcs,
    notes: [
      ...(snapshot.reason ? [snapshot.reason] : []),
      ...notes,
      ...snapshot.refersTo.map((ref) => `Refers to ${ref.title} ${ref.number} of ${formatDocumentDate(ref.date)}.`),
    ],
    upi: snapshot.upi ? { uri: snapshot.upi.uri, caption: `Scan to pay ${formatWithPaise(snapshot.upi.amount)} by UPI`, payee: snapshot.upi.payee } : null,
    signatory: `For ${agency.name}`,
    footer: `${agency.tradeName} · ${agency.phone} · ${agency.email} · This is a computer-generated document.`,
  };
}
