import { Form, Link } from "react-router";
import { formatDayTime, formatWhen } from "~/lib/admin-format";
import { BOOKING_STATE_LABELS, BOOKING_TRANSITIONS, seatsText, type BookingState, type BookingTransition } from "~/lib/booking";
import { formatPhone } from "~/lib/phone";
import { formatPaise } from "~/lib/price";
import { formatTourDateRange } from "~/lib/tour-format";
import { TextAreaField } from "~/components/ui/form-field";
import { adminUi, Panel } from "../admin-page";
import { ConfirmAction } from "../confirm-dialog";
import styles from "./bookings.module.css";

/** The state as a coloured label (the text says it; colour only helps scanning). */
export function BookingStateBadge({ state }: { state: BookingState }) {
  return <span className={`${adminUi.badge} ${styles[`state-${state}`]}`}>{BOOKING_STATE_LABELS[state]}</span>;
}

export type BookingSummaryData = {
  reference: string;
  state: BookingState;
  packageTitle: string;
  departureName: string | null;
  startDate: string;
  endDate: string;
  leadName: string;
  leadPhone: string;
  leadEmail: string | null;
  seats: number;
  totalPaise: number;
  askedPaise: number;
  holdUntil: string | null;
  cancelReason: string | null;
  createdAt: string;
  createdByName: string | null;
  source: { key: string; label: string } | null;
  transitions: BookingTransition[];
};

/** What a transition's button says, for this booking. */
function transitionLabel(name: BookingTransition, seats: number) {
  if (name === "confirm") return `Confirm ${seatsText(seats)}`;
  if (name === "offer") return `Offer ${seatsText(seats)} (hold them)`;
  return BOOKING_TRANSITIONS[name].label;
}

/** The state, the facts people ask for on the phone, and what can be done next (each a post, recorded in the timeline). */
export function BookingSummary({ booking, now, canDelete }: { booking: BookingSummaryData; now: string; canDelete: boolean }) {
  const held = booking.state === "held" && booking.holdUntil;
  return (
    <Panel title="Booking" id="booking-summary">
      <dl className={styles.facts}>
        <dt>State</dt>
        <dd>
          <BookingStateBadge state={booking.state} />
          {held ? <span className={styles.sub}>Seats held until {formatDayTime(booking.holdUntil!)} (Indian time)</span> : null}
          {booking.cancelReason ? <span className={styles.sub}>Reason: {booking.cancelReason}</span> : null}
        </dd>
        <dt>Trip</dt>
        <dd>
          {booking.packageTitle}
          <span className={styles.sub}>
            {booking.departureName ? `${booking.departureName}, ` : "Private trip, "}
            {formatTourDateRange(booking.startDate, booking.endDate)}
          </span>
        </dd>
        <dt>Lead traveller</dt>
        <dd>
          {booking.leadName}
          {booking.leadPhone ? (
            <span className={styles.sub}>
              <a href={`tel:${booking.leadPhone}`}>{formatPhone(booking.leadPhone)}</a>
            </span>
          ) : null}
          {booking.leadEmail ? (
            <span className={styles.sub}>
              <a href={`mailto:${booking.leadEmail}`}>{booking.leadEmail}</a>
            </span>
          ) : null}
        </dd>
        <dt>Seats</dt>
        <dd>{seatsText(booking.seats)}</dd>
        <dt>Total</dt>
        <dd className={styles.money}>
          {formatPaise(booking.totalPaise)}
          {booking.askedPaise !== booking.totalPaise ? ` (${formatPaise(booking.askedPaise)} with taxes)` : null}
        </dd>
        <dt>Made</dt>
        <dd>
          {formatWhen(booking.createdAt, new Date(now))} by {booking.createdByName ?? "staff"}
          {booking.source ? (
            <span className={styles.sub}>
              From <Link to={`/admin/enquiries/${booking.source.key}`}>{booking.source.label}</Link>
            </span>
          ) : (
            <span className={styles.sub}>Made by staff</span>
          )}
        </dd>
      </dl>
      <div className={styles.actions}>
        {booking.transitions
          .filter((name) => name !== "cancel")
          .map((name) => (
            <Form key={name} method="post">
              <input type="hidden" name="intent" value="transition" />
              <input type="hidden" name="transition" value={name} />
              <button type="submit" className={`${adminUi.button} ${name === "confirm" || name === "offer" ? adminUi.primary : ""}`}>
                {transitionLabel(name, booking.seats)}
              </button>
            </Form>
          ))}
        {booking.transitions.includes("cancel") ? (
          <ConfirmAction
            triggerLabel="Cancel the booking"
            title={`Cancel booking ${booking.reference}?`}
            description={
              <p>
                {booking.state === "waitlisted"
                  ? "It leaves the waitlist."
                  : `Its ${seatsText(booking.seats)} go back on sale, and the waitlist is offered them.`}{" "}
                {booking.leadEmail ? `${booking.leadName} is e-mailed the reason.` : ""}
              </p>
            }
            confirmLabel="Cancel the booking"
            tone="danger"
          >
            <input type="hidden" name="intent" value="transition" />
            <input type="hidden" name="transition" value="cancel" />
            <TextAreaField idPrefix="cancel-" name="reason" label="Reason" rows={3} required minLength={3} maxLength={500} />
          </ConfirmAction>
        ) : null}
        {canDelete ? (
          <ConfirmAction
            triggerLabel="Delete"
            title={`Delete booking ${booking.reference}?`}
            description={<p>It leaves every list and gives its seats back. An admin can restore it from Recently deleted for 30 days.</p>}
            confirmLabel="Delete the booking"
            tone="danger"
          >
            <input type="hidden" name="intent" value="delete" />
          </ConfirmAction>
        ) : null}
      </div>
    </Panel>
  );
}

export type TimelineItem = { id: number; at: string; who: string; text: string; details: string[]; whatsapp?: string | null };

/** Everything that happened to the booking, oldest first, with who and when. */
export function BookingTimeline({ entries, now }: { entries: TimelineItem[]; now: string }) {
  return (
    <Panel title="Timeline" id="booking-timeline">
      {entries.length === 0 ? (
        <p className={adminUi.muted}>Nothing yet.</p>
      ) : (
        <ol className={styles.timeline}>
          {entries.map((entry) => (
            <li key={entry.id}>
              <strong>{entry.text}</strong>
              <span className={styles.when}>
                {entry.who}, <time dateTime={entry.at}>{formatWhen(entry.at, new Date(now))}</time>
              </span>
              {entry.details.length > 0 ? (
                <ul>
                  {entry.details.map((detail, index) => (
                    <li key={index}>{detail}</li>
                  ))}
                </ul>
              ) : null}
              {entry.whatsapp ? (
                <a className={`${adminUi.button} ${adminUi.small}`} href={entry.whatsapp} target="_blank" rel="noopener noreferrer">
                  Send the same on WhatsApp
                </a>
              ) : null}
            </li>
          ))}
        </ol>
      )}
    </Panel>
  );
}
