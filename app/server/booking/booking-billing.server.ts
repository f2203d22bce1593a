import { eq } from "drizzle-orm";
import type { BillingDetails } from "~/lib/billing-details";
import { stateLabel } from "~/lib/indian-states";
import { bookings, type BookingRow } from "~/server/db/schema.server";
import { bookingTransaction, lockedBooking, recordBookingEvent, refuse, type BookingContext, type BookingResult } from "./booking-write.server";

/**
 * A booking's billing details (ADR 092): the address, state, PAN and a paying
 * business's name and GSTIN that its tax documents print. Saved on their own
 * (the Documents panel's form, or `PATCH /api/bookings/{ref}` with `billing`),
 * also on a cancelled booking, whose refund voucher needs them. Documents
 * already issued keep the details they were issued with.
 */

type Billed = Pick<BookingRow, "billingAddress" | "billingStateCode" | "billingPan" | "billingCompanyName" | "billingGstin">;

export const billingOf = (row: Billed): BillingDetails => ({
  address: row.billingAddress,
  stateCode: row.billingStateCode,
  pan: row.billingPan,
  companyName: row.billingCompanyName,
  gstin: row.billingGstin,
});

const LABELS: Record<keyof BillingDetails, string> = {
  address: "billing address",
  stateCode: "state",
  pan: "PAN",
  companyName: "paying business",
  gstin: "GSTIN",
};

const shown = (field: keyof BillingDetails, value: string | null) =>
  value === null || value === "" ? "" : field === "stateCode" ? stateLabel(value) : field === "address" ? value.replace(/\n/g, ", ") : value;

export async function updateBillingDetails(
  bookingId: number,
  billing: BillingDetails,
  ctx: BookingContext,
  options: { expectedVersion?: number } = {},
): Promise<BookingResult> {
  return bookingTransaction(async (tx) => {
    const row = await lockedBooking(tx, bookingId);
    if (options.expectedVersion !== undefined && options.expectedVersion !== row.version) {
      refuse(409, "This booking was changed by someone else while you were editing it: reload the page to see their change.");
    }
    const before = billingOf(row);
    const changes = (Object.keys(LABELS) as (keyof BillingDetails)[])
      .filter((field) => before[field] !== billing[field])
      .map((field) => ({ field, label: LABELS[field], from: shown(field, before[field]), to: shown(field, billing[field]) }));
    if (changes.length === 0) return { ok: true as const, booking: row };
    const [saved] = await tx
      .update(bookings)
      .set({
        billingAddress: billing.address,
        billingStateCode: billing.stateCode,
        billingPan: billing.pan,
        billingCompanyName: billing.companyName,
        billingGstin: billing.gstin,
        version: row.version + 1,
        updatedAt: ctx.now,
      })
      .where(eq(bookings.id, row.id))
      .returning();
    await recordBookingEvent(tx, ctx, saved!, "booking.updated", { changes, changeCount: changes.length });
    return { ok: true as const, booking: saved! };
  });
}
