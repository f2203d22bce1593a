import { data } from "react-router";
import { canManageBookings } from "~/server/auth/access.server";
import { requireUser } from "~/server/auth/guard.server";
import { finalItinerary, finalItineraryPdf, hasFinalItinerary, itineraryFileName } from "~/server/trip/final-itinerary.server";
import { liveBooking } from "~/server/trip/trip-staff.server";
import type { Route } from "./+types/booking-itinerary";

/** GET /admin/bookings/:ref/itinerary.pdf: the booking's final itinerary (issue 48), drawn now. Both roles. */
export async function loader({ request, params }: Route.LoaderArgs) {
  await requireUser(request, { can: canManageBookings });
  // A file, not a page: its 404 is the JSON error the other document downloads give.
  const row = await liveBooking(params.ref);
  if (!row) throw data({ error: "There is no booking with that reference." }, { status: 404 });
  if (!hasFinalItinerary(row)) throw data({ error: "A cancelled, lapsed or waitlisted booking has no itinerary." }, { status: 404 });
  const pdf = await finalItineraryPdf(await finalItinerary(row));
  return new Response(new Uint8Array(pdf), {
    headers: {
      "Content-Type": "application/pdf",
      "Content-Disposition": `attachment; filename="${itineraryFileName(row.reference)}"`,
      "Cache-Control": "private, no-store",
    },
  });
}
