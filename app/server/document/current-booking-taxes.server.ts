import { eq } from "drizzle-orm";
import { indianDate } from "~/lib/follow-up";
import type { Db } from "~/server/db/db.server";
import { packages, siteSettings, type BookingRow } from "~/server/db/schema.server";
import { bookingTaxes, type BookingTaxes } from "~/server/tax/booking-taxes.server";
import { loadTaxRules } from "~/server/tax/tax-store.server";
import { documentLines } from "./document-context.server";

/**
 * A booking's taxes from the database's rules, the agency's state and the
 * package's tax setting (ADR 115), for the booking's writes to store beside
 * its price: made, its price changed, its billing details changed.
 */

export type TaxedBooking = Pick<
  BookingRow,
  "packageId" | "packageTitle" | "price" | "adults" | "childrenWithBed" | "childrenNoBed" | "billingStateCode" | "billingGstin" | "billingPan"
>;

export async function currentBookingTaxes(tx: Db, booking: TaxedBooking, now: Date): Promise<BookingTaxes> {
  const [[business], rules, [pkg]] = await Promise.all([
    tx
      .select({ stateCode: siteSettings.businessStateCode, overseasPlaceOfSupply: siteSettings.overseasPlaceOfSupply })
      .from(siteSettings)
      .where(eq(siteSettings.id, 1)),
    loadTaxRules(tx),
    tx.select({ taxScheme: packages.taxScheme, overseas: packages.overseas, region: packages.region }).from(packages).where(eq(packages.id, booking.packageId)),
  ]);
  return bookingTaxes(
    documentLines(booking),
    {
      scheme: pkg?.taxScheme ?? "package",
      overseas: pkg ? (pkg.overseas ?? pkg.region === "international") : false,
      agencyStateCode: business?.stateCode ?? null,
      overseasPlaceOfSupply: business?.overseasPlaceOfSupply ?? "traveller",
      travellerStateCode: booking.billingStateCode,
      travellerGstin: booking.billingGstin,
      buyerPan: booking.billingPan,
    },
    rules,
    indianDate(now),
  );
}

/** The columns a booking write stores: its GST and TCS. */
export async function taxColumns(tx: Db, booking: TaxedBooking, now: Date): Promise<{ gstPaise: number; tcsPaise: number }> {
  const taxes = await currentBookingTaxes(tx, booking, now);
  return { gstPaise: taxes.gstPaise, tcsPaise: taxes.tcsPaise };
}
