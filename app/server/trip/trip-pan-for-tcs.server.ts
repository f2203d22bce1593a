import { and, eq } from "drizzle-orm";
import { billingDetailsSchema } from "~/lib/billing-details";
import type { Viewer } from "~/server/auth/guard.server";
import { getDb } from "~/server/db/db.server";
import { bookingTravellers, travellerDetails, type BookingRow } from "~/server/db/schema.server";
import { billingOf, updateBillingDetails, type FollowTotal } from "~/server/document/document-billing.server";
import { maskedField, openField, travellerDataKey } from "./sealed-field.server";

/**
 * "Use it for TCS" (ADR 108 and 120, 2026-11-29): the PAN the lead traveller
 * gave on the trip page becomes the booking's billing PAN, which is the one
 * the TCS rate reads. Only on the team's click: a PAN typed by a traveller
 * changes no amount by itself. The clear PAN is opened here on the server,
 * checked with the billing form's own schema and saved through the billing
 * write (taxes worked out again, the schedule follows), never sent to the
 * browser nor written in the timeline (masked there).
 */

export const TRIP_PAN_INTENT = "trip-pan-for-tcs";

export const NO_KEY_FOR_TCS =
  "TRAVELLER_DATA_KEY is not set on this server: the PAN from the trip page cannot be opened. Type the PAN in Billing details, or set the key.";

/** The lead traveller's (position 1) PAN from the trip page, sealed, with its last four; null when none. */
async function leadTripPan(bookingId: number): Promise<{ sealed: string; last4: string | null } | null> {
  const [lead] = await getDb()
    .select({ sealed: travellerDetails.panSealed, last4: travellerDetails.panLast4 })
    .from(bookingTravellers)
    .innerJoin(travellerDetails, eq(travellerDetails.travellerId, bookingTravellers.id))
    .where(and(eq(bookingTravellers.bookingId, bookingId), eq(bookingTravellers.position, 1)));
  return lead?.sealed ? { sealed: lead.sealed, last4: lead.last4 } : null;
}

/** What the Billing details area offers: only while the booking has no billing PAN and the lead traveller gave one. */
export async function tripPanOffer(row: Pick<BookingRow, "id" | "billingPan">): Promise<{ masked: string; keyMissing: boolean } | null> {
  if (row.billingPan) return null;
  const pan = await leadTripPan(row.id);
  if (!pan) return null;
  return { masked: maskedField(pan.last4) ?? "XXXX", keyMissing: travellerDataKey() === null };
}

export type TripPanResult = { ok: true; masked: string; scheduleChange: { text: string } | null } | { ok: false; status: 404 | 409 | 422; message: string };

/** The team's "Use it for TCS" (canIssueDocuments, checked by the caller). */
export async function applyTripPanForTcs(
  row: BookingRow,
  viewer: Viewer,
  ctx: { ip?: string | null; now: Date },
  followTotal: FollowTotal,
): Promise<TripPanResult> {
  if (row.billingPan) return { ok: false, status: 409, message: "This booking already has a billing PAN: change it in Billing details." };
  const pan = await leadTripPan(row.id);
  if (!pan) return { ok: false, status: 404, message: "The lead traveller has not given a PAN on the trip page." };
  const key = travellerDataKey();
  if (!key) return { ok: false, status: 409, message: NO_KEY_FOR_TCS };
  let clear: string;
  try {
    clear = openField(pan.sealed, key);
  } catch {
    return { ok: false, status: 409, message: "The PAN from the trip page cannot be opened with this server's key (another key, or altered)." };
  }
  const billing = billingDetailsSchema.safeParse({ ...billingOf(row), pan: clear });
  if (!billing.success) {
    const panIssue = billing.error.issues.some((issue) => issue.path[0] === "pan");
    return {
      ok: false,
      status: 422,
      message: panIssue
        ? "The PAN from the trip page is not a valid PAN: ask the traveller for it again."
        : "Correct the billing details first, then use the PAN from the trip page.",
    };
  }
  const saved = await updateBillingDetails(
    row.id,
    billing.data,
    { actor: { id: viewer.id, email: viewer.email, name: viewer.name }, ip: ctx.ip, now: ctx.now },
    // The version read with the offer: a billing PAN typed meanwhile is not overwritten.
    { expectedVersion: row.version, followTotal, panFromTripPage: true },
  );
  if (!saved.ok) return saved;
  return { ok: true, masked: maskedField(pan.last4) ?? "XXXX", scheduleChange: saved.scheduleChange ?? null };
}
