import { Link } from "react-router";
import { AdminPage, adminMeta, adminUi } from "~/components/admin/admin-page";
import { DepartureCard } from "~/components/admin/seats/departure-card";
import { todayIso } from "~/lib/tour-format";
import { canManageEnquiries } from "~/server/auth/access.server";
import { requireUser } from "~/server/auth/guard.server";
import { departureRequests, listUpcomingDepartures } from "~/server/seat-request/departures.server";
import type { Route } from "./+types/departures";

/** /admin/departures (issue 26 §4, ADR 059): every upcoming departure, its seats and seat requests, and its passenger list. */
export async function loader({ request, context }: Route.LoaderArgs) {
  await requireUser(request, { can: canManageEnquiries });
  const departures = await listUpcomingDepartures(todayIso(context.clock.now()));
  const requests = await departureRequests(departures);
  return {
    departures: departures.map((date) => ({
      ...date,
      requests: (requests.get(`${date.packageId}:${date.departureId}`) ?? []).map((row) => ({ ...row, createdAt: row.createdAt.toISOString() })),
    })),
  };
}

export const meta: Route.MetaFunction = () => adminMeta("Departures");

export default function Departures({ loaderData }: Route.ComponentProps) {
  const { departures } = loaderData;
  return (
    <AdminPage
      title="Departures"
      lead="Every upcoming group departure, soonest first: its seats, its seat requests and the passenger list for the tour manager."
      actions={
        <Link to="/admin/enquiries?source=seat-request" className={adminUi.button}>
          Seat requests in the inbox
        </Link>
      }
    >
      {departures.length === 0 ? <p>No upcoming departures. Add dates in a package's Departures section.</p> : null}
      {departures.map((date) => (
        <DepartureCard key={`${date.packageId}:${date.departureId}`} departure={date} />
      ))}
    </AdminPage>
  );
}
