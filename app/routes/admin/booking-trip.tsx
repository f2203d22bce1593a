import { Link } from "react-router";
import { AdminPage, adminMeta, adminUi } from "~/components/admin/admin-page";
import { TripView } from "~/components/site/trip/trip-view";
import { canManageBookings } from "~/server/auth/access.server";
import { requireUser } from "~/server/auth/guard.server";
import { documentHref } from "~/server/document/documents.server";
import { loadTripPage } from "~/server/trip/trip-page.server";
import { bookingByReference } from "~/server/trip/trip-staff.server";
import type { Route } from "./+types/booking-trip";

/** "View as traveller" (issue 48): the booking's trip page as its traveller sees it, read-only, without a token. */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  await requireUser(request, { can: canManageBookings });
  const row = await bookingByReference(params.ref);
  return { trip: await loadTripPage(row, context.clock.now(), (id) => documentHref(row.reference, id)) };
}

export const meta: Route.MetaFunction = ({ data: loaded }) => adminMeta(loaded ? `${loaded.trip.reference} as the traveller sees it` : "Booking not found");

export default function BookingTrip({ loaderData }: Route.ComponentProps) {
  const { trip } = loaderData;
  return (
    <AdminPage
      title={`${trip.reference}: the traveller's page`}
      lead="What the lead traveller sees at their private link. Read-only here: nothing can be sent or saved."
      actions={
        <Link to={`/admin/bookings/${trip.reference}`} className={adminUi.button}>
          Back to the booking
        </Link>
      }
    >
      <TripView trip={trip} readOnly titleLevel={2} />
    </AdminPage>
  );
}
