import { canManageBookings } from "~/server/auth/access.server";
import { requireUser } from "~/server/auth/guard.server";
import { contextOf, createBookingJson, listBookingsJson } from "~/server/booking/booking-api.server";
import { methodNotAllowedJson } from "~/server/http.server";
import type { Route } from "./+types/bookings";

/** GET /api/bookings (ADR 088): staff only; the Bookings screen's filters as the query; the list with its totals. */
export async function loader({ request, context }: Route.LoaderArgs) {
  await requireUser(request, { can: canManageBookings });
  return listBookingsJson(new URL(request.url), context.clock.now());
}

/** POST /api/bookings: 201 with the booking; 400 with the fields; 409 with `free` when the departure has no room. */
export async function action({ request, context }: Route.ActionArgs) {
  if (request.method !== "POST") return methodNotAllowedJson(["GET", "POST"]);
  const viewer = await requireUser(request, { can: canManageBookings });
  return createBookingJson(request, contextOf(viewer, context.clientIp, context.clock.now()));
}
