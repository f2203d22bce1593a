import { canManageBookings } from "~/server/auth/access.server";
import { requireUser } from "~/server/auth/guard.server";
import { contextOf, transitionBookingJson } from "~/server/booking/booking-api.server";
import { methodNotAllowedJson } from "~/server/http.server";
import type { Route } from "./+types/booking-transition";

/** POST /api/bookings/{ref}/{confirm|cancel|offer|complete} (ADR 088): `{reason}` to cancel; 409 when the state or the seats do not allow it. */
export async function action({ request, params, context }: Route.ActionArgs) {
  if (request.method !== "POST") return methodNotAllowedJson(["POST"]);
  const viewer = await requireUser(request, { can: canManageBookings });
  return transitionBookingJson(request, params.ref, params.transition, contextOf(viewer, context.clientIp, context.clock.now()));
}

export function loader() {
  return methodNotAllowedJson(["POST"]);
}
