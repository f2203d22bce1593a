import { Form } from "react-router";
import { formatDate, formatDateTime } from "~/lib/admin-format";
import { seatsText } from "~/lib/booking";
import { adminUi, Panel } from "../admin-page";
import { ListTable } from "../list-table";

export type DeletedBooking = {
  id: number;
  reference: string;
  leadName: string;
  packageTitle: string;
  seats: number;
  deletedAt: string;
  restorableUntil: string;
};

/** Bookings an admin deleted in the last 30 days (ADR 088), each with Restore (which needs its seats free again). */
export function DeletedBookings({ items }: { items: DeletedBooking[] }) {
  return (
    <Panel title="Bookings" id="deleted-bookings">
      <ListTable
        label="Deleted bookings"
        caption={`${items.length} deleted ${items.length === 1 ? "booking" : "bookings"}`}
        captionHidden
        columns={["Booking", "Deleted", "Restorable until", "Restore"]}
        rows={items}
        empty={<p className={adminUi.muted}>No booking was deleted in the last 30 days.</p>}
        row={(item) => (
          <tr key={item.id}>
            <td data-label="Booking">
              {item.reference} {item.leadName}{" "}
              <span className={adminUi.muted}>
                ({item.packageTitle}, {seatsText(item.seats)})
              </span>
            </td>
            <td data-label="Deleted">{formatDateTime(item.deletedAt)}</td>
            <td data-label="Restorable until">{formatDate(item.restorableUntil)}</td>
            <td data-label="Restore">
              <Form method="post">
                <input type="hidden" name="intent" value="restore-booking" />
                <input type="hidden" name="bookingId" value={item.id} />
                <button type="submit" className={adminUi.button} aria-label={`Restore booking ${item.reference}`}>
                  Restore
                </button>
              </Form>
            </td>
          </tr>
        )}
      />
    </Panel>
  );
}
