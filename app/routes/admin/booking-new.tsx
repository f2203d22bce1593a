import { Link } from "react-router";
import { AdminPage, adminMeta, adminUi } from "~/components/admin/admin-page";
import { BookingForm } from "~/components/admin/bookings/booking-form";
import type { EditorActionData } from "~/components/admin/use-editor-form";
import type { BookingFormValues } from "~/lib/booking-form-values";
import { keepFormOnFailure, sentAfterFailure, skipRevalidationAfterFailure, withoutSaveFailure } from "~/lib/save-failure";
import { canManageBookings } from "~/server/auth/access.server";
import { requireUser } from "~/server/auth/guard.server";
import { handleNewBooking, loadNewBooking } from "~/server/booking/booking-page.server";
import type { Route } from "./+types/booking-new";

/** A new booking (ADR 088): from the Bookings screen, a departure, or "Make a booking" on an enquiry (filled from it). */
export async function loader({ request, context }: Route.LoaderArgs) {
  await requireUser(request, { can: canManageBookings });
  return loadNewBooking(new URL(request.url), context.clock.now());
}

export async function action({ request, context }: Route.ActionArgs) {
  const viewer = await requireUser(request, { can: canManageBookings });
  return handleNewBooking(request, viewer, context.clientIp, context.clock.now());
}

/** A save that cannot reach the server keeps the form as typed, with Retry (ADR 040). */
export const clientAction = ({ serverAction }: Route.ClientActionArgs) => keepFormOnFailure(serverAction);
export const shouldRevalidate = skipRevalidationAfterFailure;

export const meta: Route.MetaFunction = () => adminMeta("New booking");

export default function NewBooking({ loaderData, actionData }: Route.ComponentProps) {
  const { values, packages, defaultHold, from } = loaderData;
  const answered = withoutSaveFailure(actionData) as (EditorActionData & { full?: boolean }) | undefined;
  return (
    <AdminPage
      title="New booking"
      lead={from ? `From ${from.name}'s enquiry: check the details, then make the booking.` : "A phone or walk-in sale: the seats are checked when you save."}
      actions={
        <Link to={from ? `/admin/enquiries/${from.key}` : "/admin/bookings"} className={adminUi.button}>
          {from ? "Back to the enquiry" : "All bookings"}
        </Link>
      }
    >
      <BookingForm
        values={sentAfterFailure<BookingFormValues>(actionData) ?? values}
        packages={packages}
        defaultHold={defaultHold}
        full={Boolean(answered?.full)}
        actionData={answered}
      />
    </AdminPage>
  );
}
