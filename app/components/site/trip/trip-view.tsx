import { Form, useFetcher } from "react-router";
import { formatTourDate } from "~/lib/tour-format";
import { CANCELLATION_ALREADY, CANCELLATION_ASKED, type TripActionData } from "~/lib/trip-page";
import type { TripPageData } from "~/server/trip/trip-page.server";
import { TravellerDetails } from "./traveller-details";
import styles from "./trip.module.css";

/**
 * The private trip page (issue 48), 390 px first: the trip, the money, the
 * documents, the travellers' details and "Ask for a cancellation". Staff see
 * it read-only through "View as traveller".
 */
export function TripView({
  trip,
  actionData,
  readOnly = false,
  titleLevel = 1,
}: {
  trip: TripPageData;
  actionData?: TripActionData;
  readOnly?: boolean;
  /** 2 inside the admin's "View as traveller", whose page already has its h1. */
  titleLevel?: 1 | 2;
}) {
  const Title = titleLevel === 1 ? "h1" : "h2";
  return (
    <div className={`container ${styles.page}`}>
      <header className={styles.head}>
        <p className={styles.eyebrow}>Your trip · {trip.reference}</p>
        <Title className={styles.title}>{trip.packageTitle}</Title>
        <p className={styles.state} data-state={trip.state}>
          {trip.stateWords}
        </p>
      </header>

      <section className={styles.card} aria-labelledby="trip-title">
        <h2 id="trip-title">The trip</h2>
        <dl className={styles.facts}>
          <dt>Dates</dt>
          <dd>{trip.dates}</dd>
          <dt>Travellers</dt>
          <dd>{trip.travellersText}</dd>
          <dt>Rooms</dt>
          <dd>{trip.room}</dd>
          <dt>Booked by</dt>
          <dd>{trip.leadName}</dd>
        </dl>
      </section>

      <Money money={trip.money} readOnly={readOnly} actionData={actionData} />

      <section className={styles.card} aria-labelledby="documents-title">
        <h2 id="documents-title">Documents</h2>
        {trip.documents.length === 0 ? null : (
          <ul className={styles.list}>
            {trip.documents.map((doc) => (
              <li key={doc.href}>
                <a href={doc.href}>{doc.number ? `${doc.title} ${doc.number}` : `${doc.title} (PDF)`}</a>
                {doc.cancelled ? " (cancelled)" : ""}{" "}
                <span className={styles.muted}>{doc.issuedOn ? formatTourDate(doc.issuedOn) : "your dates, day by day, and your hotels"}</span>
              </li>
            ))}
          </ul>
        )}
        {/* The final itinerary has no issue date: until a tax document is issued, say where they will be. */}
        {trip.documents.every((doc) => doc.issuedOn === null) ? (
          <p className={styles.muted}>Your quote, receipts and invoice will appear here as we issue them. Until then, ask us and we will e-mail them.</p>
        ) : null}
      </section>

      <TravellerDetails details={trip.details} actionData={actionData} readOnly={readOnly} />

      {trip.cancellation.open ? <Cancellation cancellation={trip.cancellation} readOnly={readOnly} actionData={actionData} /> : null}

      <p className={styles.muted}>
        Questions? Call {trip.agency.name} on <a href={`tel:${trip.agency.phone}`}>{trip.agency.phone}</a>. Keep this page's address private: it opens your
        booking without a password.
      </p>
    </div>
  );
}

function Money({ money, readOnly, actionData }: { money: TripPageData["money"]; readOnly: boolean; actionData?: TripActionData }) {
  return (
    <section className={styles.card} aria-labelledby="money-title">
      <h2 id="money-title">Payments</h2>
      <dl className={styles.facts}>
        <dt>Trip price</dt>
        <dd>
          {money.total}
          {money.breakdown ? <span className={styles.muted}> ({money.breakdown})</span> : null}
        </dd>
        <dt>Paid</dt>
        <dd>{money.paid}</dd>
        <dt>Still to pay</dt>
        <dd>
          {money.owing}
          {money.label ? <span className={styles.muted}> ({money.label})</span> : null}
        </dd>
      </dl>
      {actionData?.intent === "pay" ? (
        <p className={styles.error} role="alert">
          {actionData.message}
        </p>
      ) : null}
      {money.dues.map((due) => (
        <div key={due.key} className={styles.due}>
          <h3>
            {due.label}: {due.amount}
          </h3>
          <p className={due.overdue ? styles.error : styles.muted}>
            {due.overdue ? "Overdue: it was due by " : "Due by "}
            {formatTourDate(due.dueOn)}
          </p>
          {due.qrSvg && due.upiUri ? (
            <div className={styles.pay}>
              <img
                className={styles.qr}
                src={`data:image/svg+xml;utf8,${encodeURIComponent(due.qrSvg)}`}
                width={160}
                height={160}
                alt={`UPI QR code for ${due.amount}`}
              />
              <a className="btn btn-primary" href={due.upiUri}>
                Pay {due.amount} with a UPI app
              </a>
            </div>
          ) : null}
          {readOnly ? null : due.linkUrl ? (
            <a className="btn btn-outline" href={due.linkUrl} rel="noreferrer">
              Pay online (card, netbanking)
            </a>
          ) : money.offersLinks ? (
            <Form method="post">
              <input type="hidden" name="intent" value="pay" />
              <input type="hidden" name="lineKey" value={due.key} />
              <button type="submit" className="btn btn-outline">
                Pay online (card, netbanking)
              </button>
            </Form>
          ) : null}
        </div>
      ))}
    </section>
  );
}

function Cancellation({ cancellation, readOnly, actionData }: { cancellation: TripPageData["cancellation"]; readOnly: boolean; actionData?: TripActionData }) {
  const fetcher = useFetcher<TripActionData>({ key: "cancel" });
  const answer = fetcher.data ?? (actionData?.intent === "cancel" ? actionData : undefined);
  const failed = fetcher.data?.intent === "failed" ? fetcher.data.failed : undefined;
  const asked = cancellation.asked || (answer?.intent === "cancel" && answer.ok);
  return (
    <section className={styles.card} aria-labelledby="cancel-title">
      <h2 id="cancel-title">Ask for a cancellation</h2>
      {asked ? (
        <p role="status" className={styles.success}>
          {answer?.intent === "cancel" && answer.ok ? answer.message : cancellation.asked ? CANCELLATION_ALREADY : CANCELLATION_ASKED}
        </p>
      ) : (
        <fetcher.Form method="post">
          <input type="hidden" name="intent" value="cancel" />
          <p>{cancellation.quoteText}</p>
          <p className={styles.muted}>This sends a request to our team; it does not cancel the booking by itself. We will call you to confirm.</p>
          <div className={styles.field}>
            <label htmlFor="cancel-message" className={styles.label}>
              Anything we should know? (optional)
            </label>
            <textarea
              id="cancel-message"
              name="message"
              rows={3}
              maxLength={1000}
              className={styles.control}
              disabled={readOnly}
              defaultValue={answer?.intent === "cancel" ? answer.typed : undefined}
            />
          </div>
          {(answer?.intent === "cancel" && !answer.ok) || failed ? (
            <p className={styles.error} role="alert">
              {failed ?? (answer?.intent === "cancel" ? answer.message : "")}
            </p>
          ) : null}
          <button type="submit" className="btn btn-primary" disabled={readOnly || fetcher.state !== "idle"}>
            {fetcher.state !== "idle" ? "Sending…" : "Ask for a cancellation"}
          </button>
        </fetcher.Form>
      )}
    </section>
  );
}
