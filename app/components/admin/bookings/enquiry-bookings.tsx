import { Link } from "react-router";
import { seatsText, type BookingState } from "~/lib/booking";
import { adminUi, Panel } from "../admin-page";
import { BookingStateBadge } from "./booking-panels";

/** On an enquiry's page (ADR 088): the bookings made from it, and "Make a booking" filled from it. */
export function EnquiryBookings({ enquiryKey, bookings }: { enquiryKey: string; bookings: { reference: string; state: BookingState; seats: number }[] }) {
  return (
    <Panel title="Booking" id="enquiry-booking">
      {bookings.length > 0 ? (
        <ul>
          {bookings.map((booking) => (
            <li key={booking.reference}>
              <Link to={`/admin/bookings/${booking.reference}`}>{booking.reference}</Link>, {seatsText(booking.seats)}{" "}
              <BookingStateBadge state={booking.state} />
            </li>
          ))}
        </ul>
      ) : (
        <p className={adminUi.muted}>No booking yet. Making one fills in the package, travellers and contact from this enquiry.</p>
      )}
      <Link to={`/admin/bookings/new?enquiry=${enquiryKey}`} className={`${adminUi.button} ${bookings.length ? "" : adminUi.primary}`}>
        Make a booking
      </Link>
    </Panel>
  );
}
