import { Link } from "react-router";
import { AdminPage, adminMeta, adminUi } from "~/components/admin/admin-page";
import type { SkipLink } from "~/components/admin/admin-shell";
import { BOOKING_LIST_ID, BookingFilterForm, BookingPager, BookingTable, BookingTotalsLine } from "~/components/admin/bookings/booking-list";
import { hasBookingFilters, parseBookingFilters } from "~/lib/booking-list";
import { nextMonths, todayIso } from "~/lib/tour-format";
import { canManageBookings } from "~/server/auth/access.server";
import { requireUser } from "~/server/auth/guard.server";
import { bookingPackages, listBookings } from "~/server/booking/booking-queries.server";
import type { Route } from "./+types/bookings";

/** Bookings (issue 45, ADR 088): the filtered list, newest first, with the totals of everything it matches. */
export async function loader({ request, context }: Route.LoaderArgs) {
  await requireUser(request, { can: canManageBookings });
  const now = context.clock.now();
  const filters = parseBookingFilters(new URL(request.url));
  const [list, packages] = await Promise.all([listBookings(filters, now), bookingPackages()]);
  // This month, the next 17 and the filter's own (an older one from a link).
  const months = [...new Set([...nextMonths(todayIso(now), 18), ...(filters.month ? [filters.month] : [])])].sort();
  return { filters: { ...filters, page: list.page }, packages, months, ...list };
}

export const meta: Route.MetaFunction = () => adminMeta("Bookings");

export const handle = { skipLinks: [{ href: `#${BOOKING_LIST_ID}`, label: "Skip to the booking list" }] satisfies SkipLink[] };

export default function Bookings({ loaderData }: Route.ComponentProps) {
  const { filters, packages, months, rows, page, pages, totals } = loaderData;
  return (
    <AdminPage
      title="Bookings"
      lead="Every booking, newest first: held seats, confirmed trips and the waitlist."
      actions={
        <Link to="/admin/bookings/new" className={`${adminUi.button} ${adminUi.primary}`}>
          New booking
        </Link>
      }
    >
      <BookingFilterForm key={JSON.stringify(filters)} filters={filters} packages={packages} months={months} />
      <BookingTotalsLine totals={totals} filtered={hasBookingFilters(filters)} />
      <BookingTable rows={rows} />
      <BookingPager filters={filters} page={page} pages={pages} rows={rows} />
    </AdminPage>
  );
}
