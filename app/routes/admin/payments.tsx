import { AdminPage, adminMeta } from "~/components/admin/admin-page";
import { EventsNeedingALook, OverdueBalances, PaymentsRangeForm, PaymentsTable } from "~/components/admin/payments/payments-screen";
import { canViewPayments } from "~/server/auth/access.server";
import { requireUser } from "~/server/auth/guard.server";
import { getDb } from "~/server/db/db.server";
import {
  eventsNeedingALook,
  overdueReminders,
  parsePaymentsRange,
  PAYMENTS_SCREEN_ROWS,
  paymentsInRange,
  paymentTotals,
} from "~/server/payment-ledger/payments-screen.server";
import type { Route } from "./+types/payments";

/** Payments (issue 46): the range's payments (with their exports), gateway events that need a look, overdue balances. Both roles; reads only. */
export async function loader({ request, context }: Route.LoaderArgs) {
  await requireUser(request, { can: canViewPayments });
  const now = context.clock.now();
  const range = parsePaymentsRange(new URL(request.url), now);
  const db = getDb();
  const [rows, events, overdue] = await Promise.all([paymentsInRange(db, range, PAYMENTS_SCREEN_ROWS + 1), eventsNeedingALook(db), overdueReminders(db, now)]);
  // The totals count the whole range, not only the rows shown.
  const totals = paymentTotals(rows.length > PAYMENTS_SCREEN_ROWS ? await paymentsInRange(db, range) : rows);
  return { range, rows: rows.slice(0, PAYMENTS_SCREEN_ROWS), more: rows.length > PAYMENTS_SCREEN_ROWS, totals, events, overdue };
}

export const meta: Route.MetaFunction = () => adminMeta("Payments");

export default function Payments({ loaderData }: Route.ComponentProps) {
  const { range, rows, more, totals, events, overdue } = loaderData;
  return (
    <AdminPage title="Payments" lead="Every payment and refund by the Indian date the money moved; what the gateway could not apply; who is overdue.">
      <PaymentsRangeForm key={`${range.from}:${range.to}`} range={range} />
      <PaymentsTable rows={rows} totals={totals} range={range} more={more} />
      <EventsNeedingALook events={events} />
      <OverdueBalances rows={overdue} />
    </AdminPage>
  );
}
