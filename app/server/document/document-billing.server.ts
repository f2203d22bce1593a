import { and, eq, isNull } from "drizzle-orm";
import type { BillingDetails } from "~/lib/billing-details";
import { stateLabel } from "~/lib/indian-states";
import { recordActivity } from "~/server/activity/activity.server";
import { getDb, type Db } from "~/server/db/db.server";
import { bookings, type BookingRow } from "~/server/db/schema.server";
import { taxColumns } from "./current-booking-taxes.server";

/**
 * A booking's billing details (ADR 092): the address, state, PAN and a paying
 * business's name and GSTIN that its tax documents print. Saved on their own
 * (the Documents panel's form, or `PATCH /api/bookings/{ref}` with `billing`),
 * also on a cancelled booking, whose refund voucher needs them, under the
 * booking's row lock and version like every booking write (ADR 088), with a
 * timeline entry. Documents already issued keep the details they printed.
 */

export type DocumentActor = { id: string | null; email: string | null; name: string | null };

/** The booking's row, locked until the transaction ends (the lock the booking and ledger writes take too); null when deleted or unknown. */
export async function lockBookingRow(tx: Db, bookingId: number): Promise<BookingRow | null> {
  const [row] = await tx
    .select()
    .from(bookings)
    .where(and(eq(bookings.id, bookingId), isNull(bookings.deletedAt)))
    .for("update");
  return row ?? null;
}

export const bookingSubject = (row: Pick<BookingRow, "id" | "reference" | "leadName">) => ({
  type: "booking",
  id: row.id,
  label: `${row.reference} (${row.leadName})`,
});

export type BillingResult = { ok: true; booking: BookingRow; scheduleChange?: { text: string } | null } | { ok: false; status: 404 | 409; message: string };

/**
 * The payment schedule following the booking's new taxes (the money ledger's
 * followBookingTotal, passed in: the ledger's folder is above this one).
 */
export type FollowTotal = (tx: Db, before: BookingRow, after: BookingRow) => Promise<{ text: string } | null>;

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

// A PAN is shown masked ("XXXX1234F"), as everywhere but the TCS register (issue 48): the timeline is in the
// personal-data export and seen by every staff member.
const shown = (field: keyof BillingDetails, value: string | null) =>
  value === null || value === ""
    ? ""
    : field === "stateCode"
      ? stateLabel(value)
      : field === "address"
        ? value.replace(/\n/g, ", ")
        : field === "pan"
          ? `XXXX${value.slice(-4)}`
          : value;

export async function updateBillingDetails(
  bookingId: number,
  billing: BillingDetails,
  ctx: { actor: DocumentActor; ip?: string | null; now: Date },
  options: {
    expectedVersion?: number;
    followTotal: FollowTotal;
    /**
     * A PAN the team did not type (the lead traveller's from the trip page, ADR 108):
     * the timeline says where it came from.
     */
    panFromTripPage?: boolean;
  },
): Promise<BillingResult> {
  return getDb().transaction(async (rawTx) => {
    const tx = rawTx as unknown as Db;
    const row = await lockBookingRow(tx, bookingId);
    if (!row) return { ok: false as const, status: 404 as const, message: "There is no booking with that reference." };
    if (options.expectedVersion !== undefined && options.expectedVersion !== row.version) {
      return {
        ok: false as const,
        status: 409 as const,
        message: `This booking was changed by someone else: it is now version ${row.version}. Read it again and send its billing details again.`,
      };
    }
    const before = billingOf(row);
    const changes = (Object.keys(LABELS) as (keyof BillingDetails)[])
      .filter((field) => before[field] !== billing[field])
      .map((field) => ({ field, label: LABELS[field], from: shown(field, before[field]), to: shown(field, billing[field]) }));
    if (changes.length === 0) return { ok: true as const, booking: row };
    // The state, PAN or GSTIN can change the GST split and the TCS rate: the taxes are worked out again (ADR 115).
    const taxes = await taxColumns(tx, { ...row, billingStateCode: billing.stateCode, billingGstin: billing.gstin, billingPan: billing.pan }, ctx.now);
    const [saved] = await tx
      .update(bookings)
      .set({
        billingAddress: billing.address,
        billingStateCode: billing.stateCode,
        billingPan: billing.pan,
        billingCompanyName: billing.companyName,
        billingGstin: billing.gstin,
        ...taxes,
        version: row.version + 1,
        updatedAt: ctx.now,
      })
      .where(eq(bookings.id, row.id))
      .returning();
    const moved = await options.followTotal(tx, row, saved!);
    await recordActivity(
      {
        kind: "booking.updated",
        actor: ctx.actor,
        subject: bookingSubject(saved!),
        ip: ctx.ip ?? null,
        detail: {
          ...(options.panFromTripPage ? { text: "The PAN the lead traveller gave on the trip page is now used for TCS" } : {}),
          changes,
          changeCount: changes.length,
          version: saved!.version,
          ...(moved ? { schedule: moved.text } : {}),
        },
      },
      { db: tx },
    );
    return { ok: true as const, booking: saved!, scheduleChange: moved };
  });
}
