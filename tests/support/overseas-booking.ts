import { eq } from "drizzle-orm";
import { newBookingSchema } from "~/lib/booking-schema";
import type { GroupDate } from "~/lib/content-types";
import { taxRuleInputSchema } from "~/lib/tax-rule-schema";
import { createBooking } from "~/server/booking/booking-create.server";
import type { Db } from "~/server/db/db.server";
import { packages } from "~/server/db/schema.server";
import { updateBillingDetails, type DocumentActor } from "~/server/document/document-billing.server";
import { followBookingTotal } from "~/server/payment-ledger/schedule-write.server";

/**
 * The TCS tests' one overseas trip (ADR 115, 120, 122): Asha Rao, one adult
 * sharing a twin, on a ₹1,04,500 package's April 2027 batch, billed in Pune
 * (Maharashtra, 27), so CGST and SGST at 5%: a supply of ₹1,09,725.00.
 */
export const APRIL_BATCH: GroupDate[] = [{ id: "dApr", name: "April Batch", start: "2027-04-01", end: "2027-04-07", capacity: 40 }];
export const TRAVELLER_IN_PUNE = { address: "12 Law College Road\nPune 411004", stateCode: "27", pan: null, companyName: null, gstin: null };

/** Sets the package to ₹1,04,500 a person on `groupDates` (APRIL_BATCH), overseas (a tour programme abroad) or not. */
export async function priceForTcsTests(db: Db, packageId: number, { overseas = true, groupDates = APRIL_BATCH } = {}): Promise<void> {
  await db
    .update(packages)
    .set({ overseas, groupDates, price: { kind: "single", amount: 104_500, unit: "per person" } })
    .where(eq(packages.id, packageId));
}

type Billing = Parameters<typeof updateBillingDetails>[1];

/** Asha Rao's confirmed booking (one adult, twin, APRIL_BATCH) made on `now`, billed with `billing` unless it is null. */
export async function bookAshaRao(packageId: number, ctx: { actor: DocumentActor; now: Date }, billing: Billing | null) {
  const input = newBookingSchema.parse({
    packageId,
    departureId: "dApr",
    leadName: "Asha Rao",
    leadPhone: "98450 12345",
    leadEmail: "asha.rao@example.com",
    adults: "1",
    room: "twin",
    state: "confirmed",
  });
  const made = await createBooking(input, ctx);
  if (!made.ok) throw new Error(made.message);
  if (!billing) return made.booking;
  const billed = await updateBillingDetails(made.booking.id, billing, ctx, { followTotal: followBookingTotal });
  if (!billed.ok) throw new Error(billed.message);
  return billed.booking;
}

/** A TCS rule as an admin enters it (the seed's sections and the no-PAN rule), with what the test changes. */
export const tcsRuleInput = (fields: { effectiveFrom: string; rate: string } & Record<string, string>) =>
  taxRuleInputSchema.parse({
    kind: "tcs",
    section: "s. 394, Income-tax Act 2025",
    withoutPanTimes: "2",
    withoutPanAtLeast: "5",
    withoutPanAtMost: "20",
    withoutPanSection: "s. 397(2), Income-tax Act 2025",
    source: "A Finance Act of 2027 (test)",
    ...fields,
  });
