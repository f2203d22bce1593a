import { Form, Link } from "react-router";
import { formatWhen } from "~/lib/admin-format";
import { formatTourDate } from "~/lib/tour-format";
import type { reviewLinkPanel } from "~/server/review/review-new-link.server";
import type { TripPanelAnswer, TripPanelData } from "~/server/trip/trip-staff.server";
import { adminUi, Panel, TableScroller } from "../admin-page";
import { ConfirmAction } from "../confirm-dialog";
import styles from "./bookings.module.css";

/**
 * The traveller's side of a booking (issue 48, ADR 108): their requests, the
 * details they gave (passport number and PAN masked, "Reveal" for admins,
 * logged), "View as traveller", "Send a new link" and, after the trip,
 * "Send a new review link".
 */
type ReviewLinkData = Awaited<ReturnType<typeof reviewLinkPanel>>;

export function BookingTripPanel({
  reference,
  trip,
  now,
  answer,
}: {
  reference: string;
  trip: TripPanelData & { review: ReviewLinkData };
  now: string;
  answer?: TripPanelAnswer;
}) {
  const open = trip.tasks.filter((task) => !task.done);
  const revealed = answer && "revealed" in answer ? answer.revealed : null;
  const shown = (travellerId: number, field: "passportNumber" | "pan", masked: string | null) =>
    revealed && revealed.travellerId === travellerId && revealed.field === field ? revealed.value : masked;
  return (
    <Panel title="Traveller's page" id="booking-traveller-page">
      {open.map((task) => (
        <div key={task.id} className={adminUi.warningNote} role="note">
          <p>
            <strong>Cancellation asked</strong> {formatWhen(task.createdAt, new Date(now))}. {task.text} The booking is not cancelled.
          </p>
          {task.message ? <p>Their message: {task.message}</p> : null}
          <Form method="post">
            <input type="hidden" name="intent" value="trip-task-done" />
            <input type="hidden" name="taskId" value={task.id} />
            <button type="submit" className={adminUi.button}>
              Mark done
            </button>
          </Form>
        </div>
      ))}
      <div className={styles.actions}>
        <Link to={`/admin/bookings/${reference}/trip`} className={adminUi.button}>
          View as traveller
        </Link>
        {trip.itinerary ? (
          <a href={`/admin/bookings/${reference}/itinerary.pdf`} className={adminUi.button} download>
            Final itinerary (PDF)
          </a>
        ) : null}
        {trip.hasEmail ? (
          <ConfirmAction
            triggerLabel="Send a new link"
            title="Send a new trip page link?"
            description={<p>The lead traveller is e-mailed a new link, and every link sent before stops working.</p>}
            confirmLabel="Send a new link"
          >
            <input type="hidden" name="intent" value="trip-new-link" />
          </ConfirmAction>
        ) : (
          <span className={adminUi.muted}>Add the lead traveller's e-mail to send them their page.</span>
        )}
        <ReviewLinkAction review={trip.review} />
      </div>
      {reviewStatus(trip.review, now) ? (
        <p className={adminUi.muted} data-review-status>
          {reviewStatus(trip.review, now)}
        </p>
      ) : null}
      {answer && "revealError" in answer ? (
        <p className={adminUi.formError} role="alert">
          {answer.revealError}
        </p>
      ) : null}
      <p className={adminUi.muted}>
        {trip.consentedAt ? `Details notice agreed ${formatWhen(trip.consentedAt, new Date(now))}.` : "The traveller has not given details yet."}
      </p>
      {/* Focusable when it scrolls (a phone): a keyboard can reach what is off to the side (axe scrollable-region-focusable). */}
      <TableScroller label="Traveller details">
        <table className={adminUi.table}>
          <caption className={adminUi.muted}>Traveller details</caption>
          <thead>
            <tr>
              <th scope="col">Traveller</th>
              <th scope="col">Passport name and birth</th>
              <th scope="col">Passport</th>
              <th scope="col">PAN</th>
              <th scope="col">Food, medical, emergency</th>
            </tr>
          </thead>
          <tbody>
            {trip.travellers.map((traveller) => (
              <tr key={traveller.id}>
                <th scope="row">{traveller.name}</th>
                <td>
                  {traveller.passportName || "—"}
                  <br />
                  {traveller.dateOfBirth ? formatTourDate(traveller.dateOfBirth) : "—"}
                </td>
                <td>
                  <Sealed
                    travellerId={traveller.id}
                    field="passportNumber"
                    value={shown(traveller.id, "passportNumber", traveller.passportNumber)}
                    canReveal={trip.canReveal}
                  />
                  {traveller.passportIssuedOn ? <div>Issued {formatTourDate(traveller.passportIssuedOn)}</div> : null}
                  {traveller.passportExpiresOn ? <div>Expires {formatTourDate(traveller.passportExpiresOn)}</div> : null}
                </td>
                <td>
                  <Sealed travellerId={traveller.id} field="pan" value={shown(traveller.id, "pan", traveller.pan)} canReveal={trip.canReveal} />
                </td>
                <td>{[traveller.food, traveller.medical, traveller.emergencyContact].filter(Boolean).join(" · ") || "—"}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </TableScroller>
    </Panel>
  );
}

function Sealed({ travellerId, field, value, canReveal }: { travellerId: number; field: "passportNumber" | "pan"; value: string | null; canReveal: boolean }) {
  if (!value) return <>—</>;
  const masked = value.startsWith("XXXX");
  return (
    <div>
      <span data-sealed={field}>{value}</span>
      {canReveal && masked ? (
        <Form method="post" className={styles.inline}>
          <input type="hidden" name="intent" value="trip-reveal" />
          <input type="hidden" name="travellerId" value={travellerId} />
          <input type="hidden" name="field" value={field} />
          <button
            type="submit"
            className={`${adminUi.button} ${adminUi.small}`}
            aria-label={`Reveal the ${field === "pan" ? "PAN" : "passport number"} (logged)`}
          >
            Reveal
          </button>
        </Form>
      ) : null}
    </div>
  );
}

/** What the booking's review is at (ADR 116): written or not, the newest link, and why no new link can be sent, if so. */
function reviewStatus(review: ReviewLinkData, now: string): string | null {
  // Before the trip ends (or for a booking that did not travel) there is nothing to say about a review.
  const early = review.refusal?.reason === "not-ended" || review.refusal?.reason === "not-travelled";
  if (early && !review.writtenAt && !review.lastLink) return null;
  const at = new Date(now);
  const status = review.writtenAt
    ? `Review written ${formatWhen(review.writtenAt, at)}.`
    : review.lastLink
      ? `Review link sent ${formatWhen(review.lastLink.sentAt, at)}${review.lastLink.live ? "; not used yet." : "; it no longer works."}`
      : "No review link sent yet.";
  return review.refusal && review.refusal.reason !== "reviewed" ? `${status} ${review.refusal.message}` : status;
}

/**
 * "Send a new review link" (ADR 116), beside "Send a new link": once the trip
 * has ended and no review was written (a traveller who lost the e-mail, or
 * whose link expired). The server checks the same again.
 */
function ReviewLinkAction({ review }: { review: ReviewLinkData }) {
  if (review.refusal) return null;
  return (
    <ConfirmAction
      triggerLabel="Send a new review link"
      title="Send a new review link?"
      description={
        <p>
          The lead traveller is e-mailed a new link to review their trip.{" "}
          {review.lastLink?.live ? "The link sent before stops working." : "It works once, for 60 days."}
        </p>
      }
      confirmLabel="Send a new review link"
    >
      <input type="hidden" name="intent" value="review-new-link" />
    </ConfirmAction>
  );
}
