import { Link } from "react-router";
import { AdminPage, adminMeta, adminUi } from "~/components/admin/admin-page";
import { DepartureCard } from "~/components/admin/seats/departure-card";
import { todayIso } from "~/lib/tour-format";
import { canManageBookings } from "~/server/auth/access.server";
import { requireUser } from "~/server/auth/guard.server";
import { departureBookings } from "~/server/booking/booking-queries.server";
import { departureRequests } from "~/server/seat-request/departures.server";
import { listUpcomingDepartures } from "~/server/seats/upcoming-departures.server";
import type { Route } from "./+types/departures";

/** /admin/departures (ADR 059, 088): every upcoming departure, its seats from bookings, its bookings and waitlist, its lists. */
export async function loader({ request, context }: Route.LoaderArgs) {
  await requireUser(request, { can: canManageBookings });
  const departures = await listUpcomingDepartures(todayIso(context.clock.now()));
  const [booked, requests] = await Promise.all([departureBookings(departures), departureRequests(departures, { statuses: ["requested"] })]);
  return {
    departures: departures.map((date) => {
      const key = `${date.packageId}:${date.departureId}`;
      return {
        ...date,
        bookings: (booked.get(key) ?? []).map((row) => ({
          reference: row.reference,
          state: row.state,
          leadName: row.leadName,
          leadPhone: row.leadPhone,
          seats: row.seats,
          totalPaise: row.totalPaise,
          holdUntil: row.holdUntil?.toISOString() ?? null,
        })),
        requests: (requests.get(key) ?? []).map(({ leadId, reference, name, phone, adults, children, room }) => ({
          leadId,
          reference,
          name,
          phone,
          adults,
          children,
          room,
        })),
      };
    }),
  };
}

export const meta: Route.MetaFunction = () => adminMeta("Departures");

export default function Departures({ loaderData }: Route.ComponentProps) {
  const { departures } = loaderData;
  return (
    <AdminPage
      title="Departures"
      lead="Every upcoming group departure, soonest first: seats counted from its bookings, the waitlist, and the manifest and rooming list for the tour manager."
      actions={
        <>
          <Link to="/admin/bookings" className={adminUi.button}>
            All bookings
          </Link>
          <Link to="/admin/enquiries?source=seat-request" className={adminUi.button}>
            Seat requests in the inbox
          </Link>
        </>
      }
    >
      {departures.length === 0 ? <p>No upcoming departures. Add dates in a package's Departures section.</p> : null}
      {departures.map((date) => (
        <DepartureCard key={`${date.packageId}:${date.departureId}`} departure={date} />
      ))}
    </AdminPage>
  );
}
