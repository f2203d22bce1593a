import { Form, Link } from "react-router";
import { adminUi, Panel } from "~/components/admin/admin-page";
import { BOOKING_STATE_LABELS, type BookingState } from "~/lib/booking";
import { ROOM_LABELS, type RoomPreference, type SeatStatus } from "~/lib/seats";
import { SeatBar } from "./seat-bar";

export type SeatRequestPanelData = {
  leadId: number;
  reference: string;
  status: SeatStatus;
  statusLabel: string;
  departureName: string;
  dates: string;
  adults: number;
  children: number;
  room: RoomPreference;
  seats: { capacity: number | null; confirmed: number; held: number; free: number | null; waitlist: number };
  bookings: { reference: string; state: string }[];
};

/**
 * A seat request's departure, travellers and pipeline on its inbox page (ADR 059): "Make a booking" opens the
 * booking form filled from it (ADR 088), which takes the seats; "Decline" cancels the request.
 */
export function SeatRequestPanel({ request }: { request: SeatRequestPanelData }) {
  const travellers = request.adults + request.children;
  const { seats } = request;
  return (
    <Panel title={`Seat request ${request.reference}`} id="seat-request">
      <dl>
        <dt>Seat status</dt>
        <dd>
          <strong>{request.statusLabel}</strong>
        </dd>
        <dt>Departure</dt>
        <dd>
          {request.departureName}, {request.dates}
        </dd>
        <dt>Travellers</dt>
        <dd>
          {request.adults} adult{request.adults === 1 ? "" : "s"}, {request.children} child{request.children === 1 ? "" : "ren"} ({travellers} seat
          {travellers === 1 ? "" : "s"})
        </dd>
        <dt>Room</dt>
        <dd>{ROOM_LABELS[request.room]}</dd>
        <dt>Departure seats</dt>
        <dd>
          <SeatBar capacity={seats.capacity} taken={seats.confirmed + seats.held} label={`${request.departureName} seats`} />
          {seats.free !== null ? ` ${seats.free} free${seats.waitlist ? `, ${seats.waitlist} on the waitlist` : ""}` : null}
        </dd>
        {request.bookings.length > 0 ? (
          <>
            <dt>Booking</dt>
            <dd>
              {request.bookings.map((booking) => (
                <span key={booking.reference}>
                  <Link to={`/admin/bookings/${booking.reference}`}>{booking.reference}</Link> (
                  {BOOKING_STATE_LABELS[booking.state as BookingState] ?? booking.state}){" "}
                </span>
              ))}
            </dd>
          </>
        ) : null}
      </dl>
      <div className={adminUi.formActions}>
        {request.status === "requested" ? (
          <>
            <Link to={`/admin/bookings/new?enquiry=lead-${request.leadId}`} className={`${adminUi.button} ${adminUi.primary}`}>
              Make a booking
            </Link>
            <Form method="post">
              <input type="hidden" name="intent" value="seat-cancel" />
              <button type="submit" className={adminUi.button}>
                Decline the request
              </button>
            </Form>
          </>
        ) : null}
      </div>
    </Panel>
  );
}
