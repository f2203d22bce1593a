import { Form, Link } from "react-router";
import fieldStyles from "~/components/ui/form-field.module.css";
import { formatDayTime } from "~/lib/admin-format";
import { formatPhone } from "~/lib/phone";
import { formatPaise } from "~/lib/price";
import { formatTourDate } from "~/lib/tour-format";
import type { eventsNeedingALook, overdueReminders, PaymentListRow, PaymentsRange } from "~/server/payment-ledger/payments-screen.server";
import { adminUi, Panel } from "../admin-page";
import { ListTable } from "../list-table";
import styles from "./payments.module.css";

type Totals = { receivedPaise: number; refundedPaise: number; netPaise: number };

/** The range: two Indian dates in a GET form, so the view (and its exports) live in the URL. */
export function PaymentsRangeForm({ range }: { range: PaymentsRange }) {
  const query = `?from=${range.from}&to=${range.to}`;
  return (
    <Form method="get" aria-label="Date range" className={`${adminUi.filterBox} ${styles.range}`}>
      <div className={fieldStyles.field}>
        <label htmlFor="payments-from" className={fieldStyles.label}>
          From
        </label>
        <input id="payments-from" type="date" name="from" defaultValue={range.from} className={fieldStyles.control} required />
      </div>
      <div className={fieldStyles.field}>
        <label htmlFor="payments-to" className={fieldStyles.label}>
          To
        </label>
        <input id="payments-to" type="date" name="to" defaultValue={range.to} className={fieldStyles.control} required />
      </div>
      <button type="submit" className={`${adminUi.button} ${adminUi.primary}`}>
        Show
      </button>
      <a href={`/admin/payments.csv${query}`} className={adminUi.button} download>
        Download CSV
      </a>
      <a href={`/admin/payments.xlsx${query}`} className={adminUi.button} download>
        Download Excel
      </a>
    </Form>
  );
}

export function PaymentsTable({ rows, totals, range, more }: { rows: PaymentListRow[]; totals: Totals; range: PaymentsRange; more: boolean }) {
  return (
    <Panel title={`Payments from ${formatTourDate(range.from)} to ${formatTourDate(range.to)}`} id="payments">
      <p className={styles.totals} role="status">
        <span>
          Received <strong>{formatPaise(totals.receivedPaise)}</strong>
        </span>
        <span>
          Refunded <strong>{formatPaise(totals.refundedPaise)}</strong>
        </span>
        <span>
          Net <strong>{formatPaise(totals.netPaise)}</strong>
        </span>
        <span className={adminUi.muted}>(reversed entries are listed, not counted)</span>
      </p>
      {more ? <p className={adminUi.muted}>The first {rows.length} are shown; the downloads have them all.</p> : null}
      <ListTable
        label="Payments in the range"
        caption="Payments and refunds"
        captionHidden
        columns={["Date", "Booking", "Kind", "Method", "UTR / reference", "Amount", "Recorded by"]}
        rows={rows}
        empty={<p className={adminUi.muted}>No payments in these dates.</p>}
        row={(row) => (
          <tr key={row.id} className={row.reversed ? styles.reversed : undefined}>
            <td data-label="Date">{formatTourDate(row.movedOn)}</td>
            <th scope="row" data-label="Booking">
              <Link to={`/admin/bookings/${row.bookingReference}`}>{row.bookingReference}</Link>
              <span className={styles.sub}>{row.leadName}</span>
            </th>
            <td data-label="Kind">
              {row.kind === "refund" ? "Refund" : "Payment"}
              {row.reversed ? <span className={styles.sub}>Reversed</span> : null}
            </td>
            <td data-label="Method">{row.methodLabel}</td>
            <td data-label="UTR / reference">{row.reference ?? "—"}</td>
            <td data-label="Amount" className={styles.amount}>
              {formatPaise(row.kind === "refund" ? -row.amountPaise : row.amountPaise)}
            </td>
            <td data-label="Recorded by">{row.recordedBy || "Gateway"}</td>
          </tr>
        )}
      />
    </Panel>
  );
}

export function EventsNeedingALook({ events, canHandle }: { events: Awaited<ReturnType<typeof eventsNeedingALook>>; canHandle: boolean }) {
  return (
    <Panel title="Gateway events that need a look" id="needs-a-look">
      {events.length === 0 ? (
        <p className={adminUi.muted}>None: every payment the gateway told us about was applied to its booking.</p>
      ) : (
        <ul className={styles.events}>
          {events.map((event) => (
            <li key={event.id}>
              <p>
                <strong>{event.problem}</strong>
                <span className={styles.sub}>
                  {event.provider} {event.providerEvent}, {formatDayTime(event.receivedAt)}
                  {event.paymentId ? `, payment ${event.paymentId}` : ""}
                  {event.reference ? `, reference ${event.reference}` : ""}
                  {event.amount ? `, ${event.amount}` : ""}
                </span>
              </p>
              <p>
                What to do: {event.whatToDo}
                {event.bookingReference ? (
                  <>
                    {" "}
                    <Link to={`/admin/bookings/${event.bookingReference}`}>Open {event.bookingReference}</Link>
                  </>
                ) : null}
              </p>
              {canHandle ? (
                <Form method="post" className={styles.handled} aria-label={`Mark the event of ${formatDayTime(event.receivedAt)} handled`}>
                  <input type="hidden" name="intent" value="event-handled" />
                  <input type="hidden" name="eventId" value={event.id} />
                  <div className={fieldStyles.field}>
                    <label htmlFor={`handled-note-${event.id}`} className={fieldStyles.label}>
                      What was done (optional)
                    </label>
                    <input id={`handled-note-${event.id}`} name="note" maxLength={300} className={fieldStyles.control} />
                  </div>
                  <button type="submit" className={adminUi.button}>
                    Mark handled
                  </button>
                </Form>
              ) : null}
            </li>
          ))}
        </ul>
      )}
    </Panel>
  );
}

export function OverdueBalances({ rows }: { rows: Awaited<ReturnType<typeof overdueReminders>> }) {
  return (
    <Panel title="Overdue balances" id="overdue">
      <ListTable
        label="Overdue balances"
        caption="Overdue balances"
        captionHidden
        columns={["Booking", "Lead traveller", "Overdue", "Due by", "Remind"]}
        rows={rows}
        empty={<p className={adminUi.muted}>Nothing is overdue.</p>}
        row={(row) => (
          <tr key={row.reference}>
            <th scope="row" data-label="Booking">
              <Link to={`/admin/bookings/${row.reference}`}>{row.reference}</Link>
              <span className={styles.sub}>{row.packageTitle}</span>
            </th>
            <td data-label="Lead traveller">
              {row.leadName}
              {row.leadPhone ? <span className={styles.sub}>{formatPhone(row.leadPhone)}</span> : null}
            </td>
            <td data-label="Overdue" className={styles.amount}>
              {formatPaise(row.overduePaise)}
              {row.owingPaise > row.overduePaise ? <span className={styles.sub}>{formatPaise(row.owingPaise)} owing in all</span> : null}
            </td>
            <td data-label="Due by">{formatTourDate(row.dueOn)}</td>
            <td data-label="Remind">
              {row.whatsapp ? (
                <a href={row.whatsapp} target="_blank" rel="noreferrer" className={`${adminUi.button} ${adminUi.small}`}>
                  Remind {row.leadName.split(/\s+/)[0]} on WhatsApp
                </a>
              ) : (
                "No phone"
              )}
            </td>
          </tr>
        )}
      />
    </Panel>
  );
}
