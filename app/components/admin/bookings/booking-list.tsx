import { Form, Link } from "react-router";
import fieldStyles from "~/components/ui/form-field.module.css";
import { formatDayTime } from "~/lib/admin-format";
import { BOOKING_STATE_LABELS, BOOKING_STATES, seatsText } from "~/lib/booking";
import {
  bookingQuery,
  hasBookingFilters,
  MONEY_FILTER_LABELS,
  MONEY_FILTERS,
  type BookingFilters,
  type BookingListRow,
  type BookingMoneySummary,
  type BookingTotals,
} from "~/lib/booking-list";
import { MONEY_STATE_LABELS } from "~/lib/money-state";
import { formatPhone } from "~/lib/phone";
import { formatPaise } from "~/lib/price";
import { formatTourDate } from "~/lib/tour-format";
import { adminUi } from "../admin-page";
import { ListTable, Pager } from "../list-table";
import { SelectField } from "../select-field";
import { BookingStateBadge } from "./booking-panels";
import styles from "./bookings.module.css";

/** The list's id: its skip link goes there. */
export const BOOKING_LIST_ID = "booking-list";

/** Search, filters: a GET form, so the view lives in the URL (and works without JavaScript). */
export function BookingFilterForm({ filters, packages, months }: { filters: BookingFilters; packages: { id: number; title: string }[]; months: string[] }) {
  return (
    <Form method="get" role="search" aria-label="Bookings" className={`${adminUi.filterBox} ${styles.filters}`}>
      <div className={`${fieldStyles.field} ${styles.search}`}>
        <label htmlFor="bookings-q" className={fieldStyles.label}>
          Search
        </label>
        <input id="bookings-q" type="search" name="q" defaultValue={filters.q} className={fieldStyles.control} placeholder="Reference, name or phone" />
      </div>
      <SelectField
        idPrefix="bookings-"
        name="state"
        label="State"
        defaultValue={filters.state}
        options={[{ value: "", label: "Any state" }, ...BOOKING_STATES.map((state) => ({ value: state, label: BOOKING_STATE_LABELS[state] }))]}
      />
      <SelectField
        idPrefix="bookings-"
        name="package"
        label="Package"
        defaultValue={filters.package}
        options={[{ value: "", label: "Any package" }, ...packages.map((pkg) => ({ value: String(pkg.id), label: pkg.title }))]}
      />
      <SelectField
        idPrefix="bookings-"
        name="month"
        label="Departure month"
        defaultValue={filters.month}
        options={[{ value: "", label: "Any month" }, ...months.map((month) => ({ value: month, label: monthLabel(month) }))]}
      />
      <SelectField
        idPrefix="bookings-"
        name="money"
        label="Money"
        defaultValue={filters.money}
        options={[{ value: "", label: "Any" }, ...MONEY_FILTERS.map((filter) => ({ value: filter, label: MONEY_FILTER_LABELS[filter] }))]}
      />
      <label className={adminUi.check}>
        <input type="checkbox" name="expiring" value="24h" defaultChecked={filters.expiring} /> Holds expiring in 24 h
      </label>
      <div className={styles.filterActions}>
        <button type="submit" className={`${adminUi.button} ${adminUi.primary}`}>
          Apply
        </button>
        {hasBookingFilters(filters) ? (
          <Link to="/admin/bookings" className={adminUi.button}>
            Clear
          </Link>
        ) : null}
      </div>
    </Form>
  );
}

const MONTHS = ["January", "February", "March", "April", "May", "June", "July", "August", "September", "October", "November", "December"];
const monthLabel = (month: string) => `${MONTHS[Number(month.slice(5)) - 1]} ${month.slice(0, 4)}`;

/** "42 bookings · 118 travellers · ₹48,20,000": the whole filtered list, not just this page. */
export function BookingTotalsLine({ totals, filtered }: { totals: BookingTotals; filtered: boolean }) {
  return (
    <p className={styles.summary} role="status">
      <span>
        <strong>{totals.bookings}</strong> {totals.bookings === 1 ? "booking" : "bookings"}
        {filtered ? (totals.bookings === 1 ? " matches" : " match") : ""}
      </span>
      <span>
        <strong>{totals.seats}</strong> {totals.seats === 1 ? "traveller" : "travellers"}
      </span>
      <span>
        <strong className={styles.money}>{formatPaise(totals.askedPaise)}</strong> in all, with taxes
      </span>
      <span>(cancelled and expired bookings add no travellers or money)</span>
    </p>
  );
}

const COLUMNS = ["Reference", "Lead traveller", "Trip", "Travellers", "Total with taxes", "State", "Money"];

/** The Money column: the computed state, and what is overdue or next due. */
export function MoneyCell({ money }: { money: BookingMoneySummary | null }) {
  if (!money) return <span className={styles.sub}>Nothing asked</span>;
  return (
    <>
      <span className={`${adminUi.badge} ${styles[`money-${money.state}`]}`}>{MONEY_STATE_LABELS[money.state]}</span>
      {money.overduePaise > 0 ? (
        <span className={styles.sub}>{formatPaise(money.overduePaise)} overdue</span>
      ) : money.nextDue ? (
        <span className={styles.sub}>
          {formatPaise(money.nextDue.amountPaise)} due {formatTourDate(money.nextDue.dueOn)}
        </span>
      ) : null}
    </>
  );
}

export function BookingTable({ rows }: { rows: BookingListRow[] }) {
  return (
    <ListTable
      id={BOOKING_LIST_ID}
      label="Booking list"
      caption="Bookings"
      captionHidden
      columns={COLUMNS}
      rows={rows}
      empty={<p className={adminUi.muted}>No bookings match.</p>}
      row={(row) => (
        <tr key={row.reference}>
          <th scope="row" data-label="Reference">
            <Link to={`/admin/bookings/${row.reference}`} className={styles.reference}>
              {row.reference}
            </Link>
          </th>
          <td data-label="Lead traveller">
            {row.leadName}
            {row.leadPhone ? (
              <span className={styles.sub}>
                <a href={`tel:${row.leadPhone}`}>{formatPhone(row.leadPhone)}</a>
              </span>
            ) : null}
          </td>
          <td data-label="Trip">
            {row.packageTitle}
            <span className={styles.sub}>
              {row.departureName ?? "Private trip"}, {formatTourDate(row.startDate)}
            </span>
          </td>
          <td data-label="Travellers">{seatsText(row.seats)}</td>
          <td data-label="Total with taxes" className={styles.money}>
            {formatPaise(row.askedPaise)}
          </td>
          <td data-label="State">
            <BookingStateBadge state={row.state} />
            {row.state === "held" && row.holdUntil ? <span className={styles.sub}>until {formatDayTime(row.holdUntil)}</span> : null}
          </td>
          <td data-label="Money">
            <MoneyCell money={row.money} />
          </td>
        </tr>
      )}
    />
  );
}

export function BookingPager({ filters, page, pages, rows }: { filters: BookingFilters; page: number; pages: number; rows: BookingListRow[] }) {
  // Each link names the booking its page starts from (keyset pagination: a deep page is as quick as the first).
  const href = (to: number) => {
    const mark = to > page ? rows.at(-1) && { after: rows.at(-1)!.reference } : rows[0] && { before: rows[0].reference };
    return `/admin/bookings${bookingQuery(filters, to, mark || undefined)}`;
  };
  return <Pager label="Booking pages" page={page} pages={pages} href={href} />;
}
