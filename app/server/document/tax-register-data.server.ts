import { and, asc, gte, inArray, lte } from "drizzle-orm";
import type { TaxPeriod } from "~/lib/tax-period";
import type { Db } from "~/server/db/db.server";
import { taxDocuments } from "~/server/db/schema.server";
import type { RegisterDocument } from "./tax-registers.server";

/** The kinds each register reads: GST documents, and the receipts TCS is collected on. */
const REGISTER_KINDS = {
  gst: ["receipt-voucher", "tax-invoice", "refund-voucher", "credit-note"],
  tcs: ["receipt-voucher", "payment-receipt"],
} as const;

/** The issued documents of a period (by their Indian date), as the registers read them: number, date, snapshot, cancelled or not. */
export async function registerDocuments(db: Db, register: keyof typeof REGISTER_KINDS, period: TaxPeriod): Promise<RegisterDocument[]> {
  const rows = await db
    .select({
      number: taxDocuments.number,
      kind: taxDocuments.kind,
      date: taxDocuments.date,
      snapshot: taxDocuments.snapshot,
      cancelledAt: taxDocuments.cancelledAt,
    })
    .from(taxDocuments)
    .where(and(gte(taxDocuments.date, period.from), lte(taxDocuments.date, period.to), inArray(taxDocuments.kind, [...REGISTER_KINDS[register]])))
    .orderBy(asc(taxDocuments.date), asc(taxDocuments.number));
  return rows.map((row) => ({
    number: row.number,
    kind: row.kind,
    date: row.date,
    snapshot: row.snapshot,
    cancelled: row.cancelledAt !== null,
  }));
}
