import { Link } from "react-router";
import { adminUi, Panel } from "~/components/admin/admin-page";
import { ROOM_LABELS, SEAT_STATUS_LABELS, type RoomPreference, type SeatStatus } from "~/lib/seats";
import { SeatBar } from "./seat-bar";
import styles from "./seats.module.css";

type DepartureCardData = {
  packageId: number;
  packageTitle: string;
  packageStatus: string;
  departureId: string;
  name: string;
  dates: string;
  seats: { capacity: number | null; held: number; confirmed: number; requested: number; left: number | null };
  requests: { leadId: number; reference: string; status: SeatStatus; name: string; phone: string; adults: number; children: number; room: RoomPreference }[];
};

/** One departure on /admin/departures: seats, requests, passenger list downloads. */
export function DepartureCard({ departure }: { departure: DepartureCardData }) {
  const { seats } = departure;
  const passengers = `/admin/departures/${departure.packageId}/${encodeURIComponent(departure.departureId)}/passengers`;
  const title = `${departure.packageTitle}: ${departure.name}, ${departure.dates}`;
  return (
    <Panel title={title} id={`departure-${departure.packageId}-${departure.departureId}`}>
      <div className={styles.departureHead}>
        <SeatBar capacity={seats.capacity} taken={seats.confirmed + seats.held} label={`Seats taken: ${title}`} />
        <span>
          {seats.confirmed} confirmed, {seats.held} by hand, {seats.requested} requested{seats.left !== null ? `, ${seats.left} left` : ""}
          {departure.packageStatus !== "published" ? " (draft package)" : ""}
        </span>
        <span className={styles.exports}>
          <a className={`${adminUi.button} ${adminUi.small}`} href={`${passengers}?format=csv`} download aria-label={`Passenger list (CSV): ${title}`}>
            Passengers CSV
          </a>
          <a className={`${adminUi.button} ${adminUi.small}`} href={`${passengers}?format=xlsx`} download aria-label={`Passenger list (Excel): ${title}`}>
            Passengers Excel
          </a>
        </span>
      </div>
      {departure.requests.length === 0 ? (
        <p className={adminUi.muted}>No seat requests yet.</p>
      ) : (
        <div className={adminUi.tableWrap}>
          <table className={adminUi.table}>
            <caption className="visually-hidden">Seat requests: {title}</caption>
            <thead>
              <tr>
                <th scope="col">Reference</th>
                <th scope="col">Name</th>
                <th scope="col">Phone</th>
                <th scope="col">Travellers</th>
                <th scope="col">Room</th>
                <th scope="col">Status</th>
              </tr>
            </thead>
            <tbody>
              {departure.requests.map((row) => (
                <tr key={row.leadId}>
                  <td>
                    <Link to={`/admin/enquiries/lead-${row.leadId}`}>{row.reference}</Link>
                  </td>
                  <td>{row.name}</td>
                  <td>{row.phone}</td>
                  <td>
                    {row.adults + row.children} ({row.adults} + {row.children})
                  </td>
                  <td>{ROOM_LABELS[row.room]}</td>
                  <td>{SEAT_STATUS_LABELS[row.status]}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </Panel>
  );
}
