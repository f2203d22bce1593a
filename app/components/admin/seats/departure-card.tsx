import { Link } from "react-router";
import { adminUi, Panel } from "~/components/admin/admin-page";
import { BookingStateBadge } from "~/components/admin/bookings/booking-panels";
import bookingStyles from "~/components/admin/bookings/bookings.module.css";
import { formatDayTime } from "~/lib/admin-format";
import { seatsText, type BookingState } from "~/lib/booking";
import { formatPhone } from "~/lib/phone";
import { formatPaise } from "~/lib/price";
import { ROOM_LABELS, type RoomPreference } from "~/lib/seats";
import { SeatBar } from "./seat-bar";
import styles from "./seats.module.css";

type DepartureCardData = {
  packageId: number;
  packageTitle: string;
  packageStatus: string;
  departureId: string;
  name: string;
  dates: string;
  seats: { capacity: number | null; held: number; confirmed: number; free: number | null; waitlist: number; waitlistSeats: number; requested: number };
  bookings: { reference: string; state: BookingState; leadName: string; leadPhone: string; seats: number; totalPaise: number; holdUntil: string | null }[];
  requests: { leadId: number; reference: string; name: string; phone: string; adults: number; children: number; room: RoomPreference }[];
};

const FORMATS = [
  { format: "pdf", label: "PDF" },
  { format: "csv", label: "CSV" },
  { format: "xlsx", label: "Excel" },
] as const;

/** One departure on /admin/departures (ADR 088): its seat figures, bookings and waitlist, open seat requests, and the manifest and rooming list. */
export function DepartureCard({ departure }: { departure: DepartureCardData }) {
  const { seats } = departure;
  const base = `/admin/departures/${departure.packageId}/${encodeURIComponent(departure.departureId)}`;
  const title = `${departure.packageTitle}: ${departure.name}, ${departure.dates}`;
  return (
    <Panel title={title} id={`departure-${departure.departureId}`}>
      <div className={styles.departureHead}>
        <SeatBar capacity={seats.capacity} taken={seats.confirmed + seats.held} label={`Seats taken: ${title}`} />
        {departure.packageStatus !== "published" ? <span>(draft package)</span> : null}
        <Link
          to={`/admin/bookings/new?package=${departure.packageId}&departure=${encodeURIComponent(departure.departureId)}`}
          className={`${adminUi.button} ${adminUi.small} ${styles.exports}`}
          aria-label={`Make a booking: ${title}`}
        >
          Make a booking
        </Link>
      </div>
      <p className={bookingStyles.seatFigures}>
        <span>Capacity: {seats.capacity ?? "no limit"}</span>
        <span>Confirmed: {seats.confirmed}</span>
        <span>Held: {seats.held}</span>
        <span>
          <strong>Free: {seats.free ?? "no limit"}</strong>
        </span>
        <span>
          Waitlist: {seats.waitlist} {seats.waitlist === 1 ? "booking" : "bookings"}
          {seats.waitlist ? ` (${seatsText(seats.waitlistSeats)})` : ""}
        </span>
      </p>
      {(["manifest", "rooming-list"] as const).map((list) => (
        <p key={list} className={bookingStyles.exports}>
          <span>{list === "manifest" ? "Manifest" : "Rooming list"}:</span>
          {FORMATS.map(({ format, label }) => (
            <a
              key={format}
              className={`${adminUi.button} ${adminUi.small}`}
              href={`${base}/${list}?format=${format}`}
              {...(format === "pdf" ? { target: "_blank", rel: "noopener" } : { download: true })}
              aria-label={`${list === "manifest" ? "Manifest" : "Rooming list"} (${label}): ${title}`}
            >
              {label}
            </a>
          ))}
        </p>
      ))}
      {departure.bookings.length === 0 ? (
        <p className={adminUi.muted}>No bookings yet.</p>
      ) : (
        <div className={adminUi.tableWrap}>
          <table className={`${adminUi.table} ${adminUi.stack}`}>
            <caption className="visually-hidden">Bookings: {title}</caption>
            <thead>
              <tr>
                <th scope="col">Booking</th>
                <th scope="col">Lead traveller</th>
                <th scope="col">Travellers</th>
                <th scope="col">Total</th>
                <th scope="col">State</th>
              </tr>
            </thead>
            <tbody>
              {departure.bookings.map((row) => (
                <tr key={row.reference}>
                  <th scope="row" data-label="Booking">
                    <Link to={`/admin/bookings/${row.reference}`}>{row.reference}</Link>
                  </th>
                  <td data-label="Lead traveller">
                    {row.leadName}
                    {row.leadPhone ? <span className={bookingStyles.sub}>{formatPhone(row.leadPhone)}</span> : null}
                  </td>
                  <td data-label="Travellers">{seatsText(row.seats)}</td>
                  <td data-label="Total" className={bookingStyles.money}>
                    {formatPaise(row.totalPaise)}
                  </td>
                  <td data-label="State">
                    <BookingStateBadge state={row.state} />
                    {row.state === "held" && row.holdUntil ? <span className={bookingStyles.sub}>until {formatDayTime(row.holdUntil)}</span> : null}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {departure.requests.length > 0 ? (
        <>
          <h3 className={styles.subheading}>Seat requests to answer</h3>
          <ul className={styles.requests}>
            {departure.requests.map((row) => (
              <li key={row.leadId}>
                <Link to={`/admin/enquiries/lead-${row.leadId}`}>{row.reference}</Link> {row.name}, {row.adults + row.children} seats, {ROOM_LABELS[row.room]}{" "}
                <Link to={`/admin/bookings/new?enquiry=lead-${row.leadId}`} aria-label={`Make a booking from ${row.reference}`}>
                  Make a booking
                </Link>
              </li>
            ))}
          </ul>
        </>
      ) : null}
    </Panel>
  );
}
