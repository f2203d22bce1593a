import { Link } from "react-router";
import { adminUi, Panel } from "~/components/admin/admin-page";
import { SeatBar } from "./seat-bar";
import styles from "./seats.module.css";

type Item = {
  packageId: number;
  packageTitle: string;
  departureId: string;
  name: string;
  dates: string;
  seats: { capacity: number | null; held: number; confirmed: number; requested: number };
};

/** The dashboard's "Departures in the next 60 days": a fill bar per departure (issue 26 §4). */
export function UpcomingDepartures({ departures }: { departures: Item[] }) {
  return (
    <Panel title="Departures in the next 60 days" id="upcoming-departures">
      {departures.length === 0 ? (
        <p className={adminUi.muted}>No group departures in the next 60 days.</p>
      ) : (
        <ul className={styles.list}>
          {departures.map((date) => {
            const label = `${date.packageTitle}: ${date.name}, ${date.dates}`;
            return (
              <li key={`${date.packageId}:${date.departureId}`}>
                <span>
                  {label}
                  {date.seats.requested > 0 ? ` (${date.seats.requested} requested)` : ""}
                </span>
                <SeatBar capacity={date.seats.capacity} taken={date.seats.confirmed + date.seats.held} label={`Seats taken: ${label}`} />
              </li>
            );
          })}
        </ul>
      )}
      <p>
        <Link to="/admin/departures">All departures and passenger lists</Link>
      </p>
    </Panel>
  );
}
