import { eq } from "drizzle-orm";
import type { GroupDate, PackagePrice } from "~/lib/content-types";
import type { Db } from "~/server/db/db.server";
import { packages } from "~/server/db/schema.server";

/** Bali's prices as the tests write them out by hand: ₹1,04,500 an adult, ₹85,000 a child with a bed, ₹60,000 without. */
export const BOOKING_TEST_PRICE = { kind: "adultChild", adult: 104_500, childWithBed: 85_000, childNoBed: 60_000 } satisfies PackagePrice;

/** The agency's business and tax details as the tax-document tests write them out (Maharashtra, 27), receipts by hand, UPI set. */
export const AGENCY_IN_PUNE = {
  businessLegalName: "Pravas Holidays Private Limited",
  businessAddress: "Office 4, Prabhat Road, Erandwane\nPune 411004",
  businessStateCode: "27",
  gstin: "27AAPFU0939F1ZV",
  pan: "AAPFU0939F",
  autoReceiptVouchers: false,
  upiId: "pravas@okaxis",
  upiPayeeName: "Pravas Holidays",
};

/** The seeded published packages (the first `count`), the first given these departures and BOOKING_TEST_PRICE: their ids. */
export async function bookablePackages(db: Db, groupDates: GroupDate[], count = 1): Promise<number[]> {
  const published = await db.select({ id: packages.id }).from(packages).where(eq(packages.status, "published")).limit(count);
  const first = published[0]!.id;
  await db.update(packages).set({ groupDates, price: BOOKING_TEST_PRICE }).where(eq(packages.id, first));
  return published.map((row) => row.id);
}
