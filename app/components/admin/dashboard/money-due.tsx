import { Link } from "react-router";
import { adminUi, Panel } from "~/components/admin/admin-page";
import { formatPaise } from "~/lib/price";

type Figure = { amountPaise: number; bookings: number };

const bookingsText = (count: number) => `${count} ${count === 1 ? "booking" : "bookings"}`;

/** The dashboard's money (issue 46): "₹3,40,000 due this week from 6 bookings", and what is overdue, each linking to the filtered list. */
export function MoneyDue({ money }: { money: { dueSoon: Figure; overdue: Figure } }) {
  const { dueSoon, overdue } = money;
  return (
    <Panel title="Money due" id="money-due">
      <p>
        {dueSoon.bookings > 0 ? (
          <Link to="/admin/bookings?money=due-7d">
            <strong>{formatPaise(dueSoon.amountPaise)}</strong> due this week from {bookingsText(dueSoon.bookings)}
          </Link>
        ) : (
          "Nothing falls due this week."
        )}
      </p>
      {overdue.bookings > 0 ? (
        <p>
          <Link to="/admin/bookings?money=overdue">
            <strong>{formatPaise(overdue.amountPaise)}</strong> overdue from {bookingsText(overdue.bookings)}
          </Link>
        </p>
      ) : null}
      <p className={adminUi.muted}>
        This week: today and the next 7 days, Indian dates. <Link to="/admin/payments">Payments</Link>
      </p>
    </Panel>
  );
}
