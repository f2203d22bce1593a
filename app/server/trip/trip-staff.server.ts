import { asc, desc, eq } from "drizzle-orm";
import { data } from "react-router";
import { formatPaise } from "~/lib/price";
import { travellerName } from "~/lib/booking";
import { redirectWithNotice } from "~/server/admin/notice.server";
import { canIssueDocuments, canRevealTravellerIds } from "~/server/auth/access.server";
import type { Viewer } from "~/server/auth/guard.server";
import { getDb } from "~/server/db/db.server";
import { bookings, bookingTasks, bookingTravellers, travellerDetails, tripConsents, type BookingRow } from "~/server/db/schema.server";
import { markTaskDone, revealDetail } from "./trip-actions.server";
import { sendNewTripLink } from "./trip-links.server";
import { hasFinalItinerary } from "./final-itinerary.server";
import { followBookingTotal } from "~/server/payment-ledger/schedule-write.server";
import { maskedField } from "./sealed-field.server";
import { TRIP_PAN_INTENT, tripPanOffer, applyTripPanForTcs } from "./trip-pan-for-tcs.server";

/** The booking page's "Traveller's page" panel (issue 48, ADR 108): details masked, requests, links. */

export const TRIP_INTENTS = ["trip-new-link", "trip-task-done", "trip-reveal", TRIP_PAN_INTENT] as const;
export type TripIntent = (typeof TRIP_INTENTS)[number];
export const isTripIntent = (value: unknown): value is TripIntent => (TRIP_INTENTS as readonly unknown[]).includes(value);

/** Checked before the booking is looked up: an editor's Reveal is a 403 whatever the reference. */
export function requireTripRight(intent: TripIntent, viewer: Viewer) {
  if (intent === "trip-reveal" && !canRevealTravellerIds(viewer))
    throw data({ message: "Only an admin can reveal a passport number or PAN." }, { status: 403 });
  // "Use it for TCS" saves the billing PAN: the right that guards Billing details (canIssueDocuments, ADR 092).
  if (intent === TRIP_PAN_INTENT && !canIssueDocuments(viewer)) throw data({ message: "You cannot change billing details." }, { status: 403 });
}

/** The live (not deleted) booking of a reference, or null. */
export async function liveBooking(reference: string): Promise<BookingRow | null> {
  const [row] = await getDb().select().from(bookings).where(eq(bookings.reference, reference));
  return row && !row.deletedAt ? row : null;
}

export async function bookingByReference(reference: string): Promise<BookingRow> {
  const row = await liveBooking(reference);
  if (!row) throw data({ message: "There is no booking with that reference." }, { status: 404 });
  return row;
}

export async function loadTripPanel(row: BookingRow, viewer: Viewer) {
  const db = getDb();
  const [travellers, details, tasks, consent, panOffer] = await Promise.all([
    db.select().from(bookingTravellers).where(eq(bookingTravellers.bookingId, row.id)).orderBy(asc(bookingTravellers.position)),
    db.select().from(travellerDetails).where(eq(travellerDetails.bookingId, row.id)),
    db.select().from(bookingTasks).where(eq(bookingTasks.bookingId, row.id)).orderBy(desc(bookingTasks.id)).limit(20),
    db.select({ givenAt: tripConsents.givenAt }).from(tripConsents).where(eq(tripConsents.bookingId, row.id)),
    canIssueDocuments(viewer) ? tripPanOffer(row) : null,
  ]);
  const byId = new Map(details.map((detail) => [detail.travellerId, detail]));
  return {
    consentedAt: consent[0]?.givenAt.toISOString() ?? null,
    canReveal: canRevealTravellerIds(viewer),
    /** The lead traveller's PAN from the trip page, masked, offered for TCS while the booking has no billing PAN (ADR 108, 2026-11-29). */
    panForTcs: panOffer,
    hasEmail: Boolean(row.leadEmail),
    /** The final itinerary (issue 48): downloadable by both roles while the booking is held, confirmed or completed. */
    itinerary: hasFinalItinerary(row),
    tasks: tasks.map((task) => {
      const detail = task.detail as { refundPaise?: number; chargePaise?: number; daysBefore?: number; message?: string };
      return {
        id: task.id,
        createdAt: task.createdAt.toISOString(),
        done: task.doneAt ? { at: task.doneAt.toISOString(), by: task.doneByName ?? "" } : null,
        text: `Asked to cancel ${detail.daysBefore ?? "?"} days before departure; shown a refund of ${formatPaise(detail.refundPaise ?? 0)} (charge ${formatPaise(detail.chargePaise ?? 0)}).`,
        message: detail.message ?? "",
      };
    }),
    travellers: travellers.map((traveller) => {
      const detail = byId.get(traveller.id);
      return {
        id: traveller.id,
        name: travellerName(traveller.name, traveller.position),
        passportName: detail?.passportName ?? "",
        dateOfBirth: detail?.dateOfBirth ?? "",
        passportNumber: maskedField(detail?.passportNumberLast4 ?? null),
        passportIssuedOn: detail?.passportIssuedOn ?? "",
        passportExpiresOn: detail?.passportExpiresOn ?? "",
        pan: maskedField(detail?.panLast4 ?? null),
        food: detail?.food ?? "",
        medical: detail?.medical ?? "",
        emergencyContact: detail?.emergencyContact ?? "",
      };
    }),
  };
}

export type TripPanelData = Awaited<ReturnType<typeof loadTripPanel>>;
export type TripPanelAnswer =
  | { revealed: { travellerId: number; field: "passportNumber" | "pan"; value: string } }
  | { revealError: string }
  | { panForTcsError: string };

/** The panel's posts: "Send a new link" and "Mark done" (both roles), "Reveal" (admins, logged). */
export async function handleTripIntent(intent: TripIntent, form: FormData, row: BookingRow, viewer: Viewer, ip: string | undefined, now: Date) {
  const page = `/admin/bookings/${row.reference}`;
  if (intent === "trip-new-link") {
    if (!row.leadEmail) return redirectWithNotice(page, { kind: "error", message: "No e-mail on this booking: add the lead traveller's e-mail first." });
    await sendNewTripLink(row, viewer, now);
    return redirectWithNotice(page, { kind: "success", message: `A new trip page link is e-mailed to ${row.leadEmail}. The old links no longer work.` });
  }
  if (intent === "trip-task-done") {
    const done = await markTaskDone(row, Number(form.get("taskId")), viewer, now);
    return redirectWithNotice(page, done ? { kind: "success", message: "Marked done." } : { kind: "error", message: "That request is already done." });
  }
  requireTripRight(intent, viewer);
  if (intent === TRIP_PAN_INTENT) {
    const used = await applyTripPanForTcs(row, viewer, { ip, now }, followBookingTotal);
    if (!used.ok) return data<TripPanelAnswer>({ panForTcsError: used.message }, { status: used.status });
    const moved = used.scheduleChange ? ` Payment schedule: ${used.scheduleChange.text}.` : "";
    return redirectWithNotice(page, {
      kind: "success",
      message: `The lead traveller's PAN (${used.masked}) is now the billing PAN: TCS is worked out with it.${moved}`,
    });
  }
  const field = form.get("field") === "pan" ? "pan" : "passportNumber";
  const travellerId = Number(form.get("travellerId"));
  const result = await revealDetail(row, travellerId, field, viewer, ip);
  return data<TripPanelAnswer>(result.ok ? { revealed: { travellerId, field, value: result.value } } : { revealError: result.error }, {
    status: result.ok ? 200 : 400,
    headers: { "Cache-Control": "no-store" },
  });
}
