import { Form } from "react-router";
import { adminUi, Panel } from "~/components/admin/admin-page";
import { ROOM_LABELS, type RoomPreference, type SeatStatus } from "~/lib/seats";
import { SeatBar } from "./seat-bar";

export type SeatRequestPanelData = {
  reference: string;
  status: SeatStatus;
  statusLabel: string;
  departureName: string;
  dates: string;
  adults: number;
  children: number;
  room: RoomPreference;
  seats: { capacity: number | null; confirmed: number; held: number; left: number | null };
};

/** A seat request's departure, travellers and pipeline (Requested → Confirmed → Cancelled, ADR 059) on its inbox page. */
export function SeatRequestPanel({ request }: { request: SeatRequestPanelData }) {
  const travellers = request.adults + request.children;
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
          <SeatBar capacity={request.seats.capacity} taken={request.seats.confirmed + request.seats.held} label={`${request.departureName} seats`} />
        </dd>
      </dl>
      <div className={adminUi.formActions}>
        {request.status === "requested" ? (
          <Form method="post">
            <input type="hidden" name="intent" value="seat-confirm" />
            <button type="submit" className={`${adminUi.button} ${adminUi.primary}`}>
              Confirm {travellers} seat{travellers === 1 ? "" : "s"}
            </button>
          </Form>
        ) : null}
        {request.status !== "cancelled" ? (
          <Form method="post">
            <input type="hidden" name="intent" value="seat-cancel" />
            <button type="submit" className={`${adminUi.button} ${adminUi.danger}`}>
              Cancel the request
            </button>
          </Form>
        ) : null}
      </div>
    </Panel>
  );
}
