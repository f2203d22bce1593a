import { and, eq, inArray, isNull } from "drizzle-orm";
import { indianDate } from "~/lib/follow-up";
import type { Db } from "~/server/db/db.server";
import { bookings, packages, siteSettings, taxDocuments, type BookingRow } from "~/server/db/schema.server";
import { bookingTaxes, bookingTcs, NO_RECEIPTS, type BookingTaxes, type ReceiptsSoFar } from "~/server/tax/booking-taxes.server";
import { TaxRuleMissing, tcsRuleInForce } from "~/server/tax/tax-rules.server";
import { loadTaxRules } from "~/server/tax/tax-store.server";
import type { FollowTotal } from "./document-billing.server";
import { documentLines, earlierReceipts, forPackage, tcsOfDocument } from "./document-context.server";
import { isPackageAbroad } from "~/lib/package-abroad";

/**
 * A booking's taxes from the database's rules, the agency's state and the
 * package's tax setting (ADR 115), for the booking's writes to store beside
 * its price: made, its price changed, its billing details changed. TCS is what
 * the booking's live receipts collected plus TCS on the rest at today's rule
 * and PAN state (ADR 120); a receipt issued or cancelled works the TCS out
 * again (`followReceipts`), so what the booking asks is what its documents
 * collect, to the paisa.
 */

export type TaxedBooking = Pick<
  BookingRow,
  "packageId" | "packageTitle" | "price" | "adults" | "childrenWithBed" | "childrenNoBed" | "billingStateCode" | "billingGstin" | "billingPan"
> & {
  /** null or absent: a booking not yet stored (no receipts of its own). */
  id?: number | null;
};

async function packageSetting(tx: Db, packageId: number) {
  const [pkg] = await tx
    .select({ taxScheme: packages.taxScheme, overseas: packages.overseas, region: packages.region })
    .from(packages)
    .where(eq(packages.id, packageId));
  return { scheme: pkg?.taxScheme ?? ("package" as const), overseas: pkg ? isPackageAbroad(pkg) : false };
}

/** The booking's live receipts, summed, and (overseas) the buyer's receipts that TCS slabs count. */
export async function receiptsSoFar(tx: Db, booking: { id?: number | null; billingPan: string | null }, overseas: boolean): Promise<ReceiptsSoFar> {
  const id = booking.id ?? null;
  if (id === null && !overseas) return NO_RECEIPTS;
  const [own, earlier] = await Promise.all([
    id === null
      ? Promise.resolve([])
      : tx
          .select({ snapshot: taxDocuments.snapshot })
          .from(taxDocuments)
          .where(and(eq(taxDocuments.bookingId, id), inArray(taxDocuments.kind, ["receipt-voucher", "payment-receipt"]), isNull(taxDocuments.cancelledAt))),
    overseas ? earlierReceipts(tx, { id, billingPan: booking.billingPan }) : Promise.resolve([]),
  ]);
  return {
    forPackagePaise: own.reduce((sum, row) => sum + forPackage(row.snapshot.figures), 0),
    tcsPaise: own.reduce((sum, row) => sum + tcsOfDocument(row.snapshot.figures), 0),
    earlier,
  };
}

export async function currentBookingTaxes(tx: Db, booking: TaxedBooking, now: Date): Promise<BookingTaxes> {
  const [[business], rules, pkg] = await Promise.all([
    tx
      .select({ stateCode: siteSettings.businessStateCode, overseasPlaceOfSupply: siteSettings.overseasPlaceOfSupply })
      .from(siteSettings)
      .where(eq(siteSettings.id, 1)),
    loadTaxRules(tx),
    packageSetting(tx, booking.packageId),
  ]);
  return bookingTaxes(
    documentLines(booking),
    {
      scheme: pkg.scheme,
      overseas: pkg.overseas,
      agencyStateCode: business?.stateCode ?? null,
      overseasPlaceOfSupply: business?.overseasPlaceOfSupply ?? "traveller",
      travellerStateCode: booking.billingStateCode,
      travellerGstin: booking.billingGstin,
      buyerPan: booking.billingPan,
    },
    rules,
    indianDate(now),
    await receiptsSoFar(tx, booking, pkg.overseas),
  );
}

/** The columns a booking write stores: its GST and TCS. */
export async function taxColumns(tx: Db, booking: TaxedBooking, now: Date): Promise<{ gstPaise: number; tcsPaise: number }> {
  const taxes = await currentBookingTaxes(tx, booking, now);
  return { gstPaise: taxes.gstPaise, tcsPaise: taxes.tcsPaise };
}

/** A booking's TCS worked out now (ADR 120), with what it rests on: the rest of the supply and the rule's date and rate on it. */
export type TcsNow = { tcsPaise: number; restPaise: number; ruleFrom: string | null; rateBps: number | null };

/**
 * The booking's TCS as it stands now: what its live receipts collected plus
 * TCS on the rest of its supply (price + the GST stored: neither a receipt nor
 * a rule change reprices GST, ADR 115) at today's rule and PAN state. Null
 * for a domestic booking that asks no TCS (nothing to work out) and when no
 * TCS rule is in force today (the total stays; the documents refuse too).
 */
export async function tcsNow(tx: Db, booking: BookingRow, now: Date): Promise<TcsNow | null> {
  const pkg = await packageSetting(tx, booking.packageId);
  if (!pkg.overseas && booking.tcsPaise === 0) return null;
  const [rules, receipts] = await Promise.all([loadTaxRules(tx), receiptsSoFar(tx, booking, pkg.overseas)]);
  const today = indianDate(now);
  try {
    const supplyPaise = booking.totalPaise + booking.gstPaise;
    const worked = bookingTcs(supplyPaise, receipts, { overseas: pkg.overseas, buyerPan: booking.billingPan }, rules, today);
    return {
      tcsPaise: worked.tcsPaise,
      restPaise: Math.max(0, supplyPaise - receipts.forPackagePaise),
      ruleFrom: tcsRuleInForce(rules, today)?.effectiveFrom ?? null,
      rateBps: worked.tcsRateBps,
    };
  } catch (error) {
    if (error instanceof TaxRuleMissing) return null;
    throw error;
  }
}

/**
 * Stores the booking's TCS (a ledger write, no new version) and has the
 * schedule follow; returns the schedule's move ("Balance ₹… → ₹…"), or null.
 * The caller holds the booking's row lock.
 */
export async function storeTcs(tx: Db, booking: BookingRow, tcsPaise: number, followTotal: FollowTotal): Promise<{ text: string } | null> {
  const [saved] = await tx.update(bookings).set({ tcsPaise }).where(eq(bookings.id, booking.id)).returning();
  return followTotal(tx, booking, saved!);
}

/**
 * After a receipt is issued or cancelled (inside that transaction, the
 * booking's row locked): the booking's TCS becomes `tcsNow`, and the schedule
 * follows. Returns the schedule's move ("Balance ₹… → ₹…"), or null.
 */
export async function followReceipts(tx: Db, booking: BookingRow, now: Date, followTotal: FollowTotal): Promise<{ text: string } | null> {
  const worked = await tcsNow(tx, booking, now);
  if (!worked || worked.tcsPaise === booking.tcsPaise) return null;
  return storeTcs(tx, booking, worked.tcsPaise, followTotal);
}
