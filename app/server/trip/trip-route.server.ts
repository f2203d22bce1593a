import { data, redirect } from "react-router";
import { DETAIL_FIELDS, SEALED_FIELDS, type DetailField } from "~/lib/traveller-details";
import { CANCELLATION_ALREADY, CANCELLATION_ASKED, type DetailAnswer, type TripActionData } from "~/lib/trip-page";
import type { BookingRow } from "~/server/db/schema.server";
import { createPaymentLinkFor } from "~/server/payment-ledger/payment-links.server";
import { documentFileName, storedDocumentPdf } from "~/server/document/documents.server";
import { getPaymentGateway } from "~/server/payment/payment-gateway-service.server";
import { askForCancellation, giveConsent, saveDetailField } from "./trip-actions.server";
import { finalItinerary, finalItineraryPdf, hasFinalItinerary, itineraryFileName } from "./final-itinerary.server";
import { loadTripPage, tripBooking } from "./trip-page.server";
import { bookingIdForToken } from "./trip-token.server";

/**
 * The trip page's loader and action behind `/trip/{token}` (issue 48, ADR
 * 108): the token is the only permission. Every answer is private, never
 * stored by a cache, never indexed and sends no referrer.
 */
export const TRIP_HEADERS = { "Cache-Control": "private, no-store", "Referrer-Policy": "no-referrer", "X-Robots-Tag": "noindex, nofollow" };

const notFound = () => data({ message: "Page not found" }, { status: 404, headers: TRIP_HEADERS });

/** The booking a token opens, or the same 404 for anything else (one hash lookup whatever the token looks like). */
export async function bookingForToken(token: string | undefined, now: Date): Promise<BookingRow> {
  const id = await bookingIdForToken(token ?? "", now);
  const row = id === null ? null : await tripBooking(id);
  if (!row) throw notFound();
  return row;
}

export async function loadTrip(token: string | undefined, now: Date) {
  const row = await bookingForToken(token, now);
  return data(
    { trip: await loadTripPage(row, now, { document: (id) => `/trip/${token}/documents/${id}`, itinerary: `/trip/${token}/itinerary.pdf` }) },
    { headers: TRIP_HEADERS },
  );
}

const answer = (body: TripActionData, status = 200) => data(body, { status, headers: TRIP_HEADERS });

export async function tripAction(request: Request, token: string | undefined, now: Date) {
  const row = await bookingForToken(token, now);
  const form = await request.formData();
  const intent = form.get("intent");
  const text = (name: string) => {
    const value = form.get(name);
    return typeof value === "string" ? value : "";
  };
  if (intent === "consent") {
    if (text("agree") !== "yes") return answer({ intent: "consent", ok: false, error: "Tick the box to agree first." }, 400);
    await giveConsent(row, now);
    return answer({ intent: "consent", ok: true });
  }
  if (intent === "details") {
    const travellerId = Number(text("travellerId"));
    if (!Number.isSafeInteger(travellerId) || travellerId <= 0) throw notFound();
    const results: Partial<Record<DetailField, DetailAnswer>> = {};
    let status = 200;
    for (const field of DETAIL_FIELDS) {
      if (!form.has(field)) continue;
      const typed = text(field).slice(0, 2000);
      // A sealed field left empty on the whole form's Save means "unchanged": it is never shown again.
      if (SEALED_FIELDS.includes(field) && typed.trim() === "") continue;
      const saved = await saveDetailField(row, { travellerId, field, value: typed }, now);
      if (saved.ok) results[field] = { ok: true, value: saved.value, masked: saved.masked, warning: saved.warning };
      else {
        // Never echo a sealed value back into the page.
        results[field] = { ok: false, error: saved.error, typed: SEALED_FIELDS.includes(field) ? "" : typed };
        if (saved.status === 404) throw notFound();
        status = Math.max(status, saved.status);
      }
    }
    return answer({ intent: "details", travellerId, results }, status);
  }
  if (intent === "cancel") {
    const message = text("message").trim().slice(0, 1000);
    const result = await askForCancellation(row, message, now);
    if (!result.ok) return answer({ intent: "cancel", ok: false, message: result.error, typed: message }, 409);
    return answer({ intent: "cancel", ok: true, message: result.already ? CANCELLATION_ALREADY : CANCELLATION_ASKED });
  }
  if (intent === "pay") {
    const result = await createPaymentLinkFor(
      getPaymentGateway(),
      { bookingId: row.id, lineKey: text("lineKey") },
      { id: null, email: null, name: "Traveller (trip page)" },
      now,
    );
    if (!result.ok) return answer({ intent: "pay", ok: false, message: `Online payment is not available just now: ${result.message}` }, result.status);
    throw redirect(result.link.url, { headers: TRIP_HEADERS });
  }
  return answer({ intent: "pay", ok: false, message: "That is not something this page can do." }, 400);
}

/** A document of the token's booking, as issued (the stored bytes), or the same 404 as a wrong token. */
export async function tripDocumentPdf(token: string | undefined, documentId: string | undefined, now: Date) {
  const row = await bookingForToken(token, now);
  const id = Number(documentId);
  const document = Number.isSafeInteger(id) && id > 0 ? await storedDocumentPdf(row.reference, id) : null;
  if (!document) throw notFound();
  return new Response(new Uint8Array(document.pdf), {
    headers: { ...TRIP_HEADERS, "Content-Type": "application/pdf", "Content-Disposition": `attachment; filename="${documentFileName(document.number)}"` },
  });
}

/** The booking's final itinerary, drawn now (issue 48), or the same 404 as a wrong token. */
export async function tripItineraryPdf(token: string | undefined, now: Date) {
  const row = await bookingForToken(token, now);
  if (!hasFinalItinerary(row)) throw notFound();
  const pdf = await finalItineraryPdf(await finalItinerary(row));
  return new Response(new Uint8Array(pdf), {
    headers: { ...TRIP_HEADERS, "Content-Type": "application/pdf", "Content-Disposition": `attachment; filename="${itineraryFileName(row.reference)}"` },
  });
}
