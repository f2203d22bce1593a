import { useEffect, useRef } from "react";
import { Link } from "react-router";
import { TextField } from "~/components/ui/form-field";
import { isEnquirySource, isEnquiryStatus, SOURCE_LABELS } from "~/lib/enquiry-status";
import { BOOKING_STATE_LABELS, type BookingState } from "~/lib/booking";
import type { PersonalDataResult } from "~/lib/personal-data";
import { adminUi, Panel } from "../admin-page";
import { ConfirmAction } from "../confirm-dialog";
import { Received, StatusBadge } from "./enquiry-bits";
import styles from "./enquiries.module.css";

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/** What a search found, with the JSON export and the typed-confirmation delete. */
export function PersonalDataFound({ result, now }: { result: PersonalDataResult; now: string }) {
  const what = result.kind === "email" ? "e-mail address" : "phone number";
  const errorRef = useRef<HTMLParagraphElement>(null);
  useEffect(() => {
    if (result.deleteError) errorRef.current?.focus();
  }, [result]);
  const count = result.enquiries.length + result.bookings.length;
  return (
    <Panel title={`Held about ${result.q}`} id="found">
      {count === 0 ? (
        <p className={adminUi.muted}>Nothing is held about this {what}.</p>
      ) : (
        <>
          <p className={styles.counts}>
            {plural(result.enquiries.length, "enquiry", "enquiries")},{" "}
            {result.bookings.length ? `${plural(result.bookings.length, "booking", "bookings")}, ` : ""}
            {plural(result.notes, "note", "notes")}, {plural(result.outbox, "notification", "notifications")}
          </p>
          <ul className={styles.found}>
            {result.enquiries.map((enquiry) => (
              <li key={enquiry.key}>
                <Link to={`/admin/enquiries/${enquiry.key}`}>{enquiry.name}</Link>
                {" · "}
                {isEnquirySource(enquiry.source) ? SOURCE_LABELS[enquiry.source] : enquiry.source}
                {" · "}
                {isEnquiryStatus(enquiry.status) ? <StatusBadge status={enquiry.status} /> : enquiry.status}
                {" · "}
                <Received at={enquiry.createdAt} now={now} />
              </li>
            ))}
            {result.bookings.map((booking) => (
              <li key={booking.reference}>
                <Link to={`/admin/bookings/${booking.reference}`}>Booking {booking.reference}</Link>
                {" · "}
                {booking.packageTitle}
                {" · "}
                {BOOKING_STATE_LABELS[booking.state as BookingState] ?? booking.state}
                {booking.live ? " (still being served: it keeps their details until cancelled or completed)" : null}
              </li>
            ))}
          </ul>
        </>
      )}
      {result.deleteError ? (
        <p ref={errorRef} tabIndex={-1} className={adminUi.formError} role="alert">
          {result.deleteError}
        </p>
      ) : null}
      <div className={adminUi.formActions}>
        {/* A plain form post (no client routing), so the browser saves the answer as a file. */}
        <form method="post" action="/admin/enquiries/personal-data.json">
          <input type="hidden" name="q" value={result.q} />
          <button type="submit" className={adminUi.button}>
            Export as JSON
          </button>
        </form>
        {count > 0 ? (
          <ConfirmAction
            triggerLabel="Delete all of it"
            title={`Delete everything held about ${result.q}?`}
            description={
              <p>
                This deletes {plural(result.enquiries.length, "enquiry", "enquiries")} with their notes and notifications, for good.
                {result.bookings.length
                  ? ` Their ${result.bookings.length === 1 ? "booking stays" : "bookings stay"} for the accounts (reference, trip, dates, amounts) without their name, phone, e-mail, travellers' names and ages, or notes.`
                  : ""}{" "}
                The activity log records that a deletion happened, not what was deleted. Type the {what} to confirm.
              </p>
            }
            confirmLabel="Delete for good"
            tone="danger"
          >
            <input type="hidden" name="intent" value="delete" />
            <input type="hidden" name="q" value={result.q} />
            <TextField idPrefix="delete-" name="confirm" label={`Type the ${what}`} autoComplete="off" required />
          </ConfirmAction>
        ) : null}
      </div>
    </Panel>
  );
}
