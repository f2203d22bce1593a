import { canDeleteBookings, canManageBookings } from "~/server/auth/access.server";
import { requireUser } from "~/server/auth/guard.server";
import { contextOf, deleteBookingJson, getBookingJson, patchBookingJson } from "~/server/booking/booking-api.server";
import { methodNotAllowedJson } from "~/server/http.server";
import type { Route } from "./+types/booking";

/** GET /api/bookings/{ref} (ADR 088): staff only; the version as ETag. */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  await requireUser(request, { can: canManageBookings });
  return getBookingJson(params.ref, context.clock.now());
}

/** PATCH (the fields sent over the stored booking; If-Match) and DELETE (admins: soft, restorable for 30 days). */
export async function action({ request, params, context }: Route.ActionArgs) {
  if (request.method === "PATCH") {
    const viewer = await requireUser(request, { can: canManageBookings });
    return patchBookingJson(request, params.ref, contextOf(viewer, context.clientIp, context.clock.now()));
  }
  if (request.method === "DELETE") {
    const viewer = await requireUser(request, { can: canDeleteBookings });
    return deleteBookingJson(params.ref, contextOf(viewer, context.clientIp, context.clock.now()));
  }
  return methodNotAllowedJson(["GET", "PATCH", "DELETE"]);
}
