import { AdminPage, adminMeta } from "~/components/admin/admin-page";
import { EventsNeedingALook, OverdueBalances, PaymentsRangeForm, PaymentsTable } from "~/components/admin/payments/payments-screen";
import { eventHandledSchema } from "~/lib/payment-ledger";
import { redirectWithNotice } from "~/server/admin/notice.server";
import { canRecordPayments, canViewPayments } from "~/server/auth/access.server";
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
import { markEventHandled } from "~/server/payment-ledger/gateway-events.server";
import type { Route } from "./+types/payments";

/** Payments (issue 46): the range's payments (with their exports), gateway events that need a look, overdue balances. Both roles; reads only. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const viewer = await requireUser(request, { can: canViewPayments });
  const now = context.clock.now();
  const range = parsePaymentsRange(new URL(request.url), now);
  const db = getDb();
  const [rows, events, overdue] = await Promise.all([paymentsInRange(db, range, PAYMENTS_SCREEN_ROWS + 1), eventsNeedingALook(db), overdueReminders(db, now)]);
  // The totals count the whole range, not only the rows shown.
  const totals = paymentTotals(rows.length > PAYMENTS_SCREEN_ROWS ? await paymentsInRange(db, range) : rows);
  return {
    range,
    rows: rows.slice(0, PAYMENTS_SCREEN_ROWS),
    more: rows.length > PAYMENTS_SCREEN_ROWS,
    totals,
    events,
    canHandle: canRecordPayments(viewer),
    overdue,
  };
}

/** "Mark handled" on a gateway event that needed a look: those who record payments (the usual fix is recording it by hand). */
export async function action({ request, context }: Route.ActionArgs) {
  const viewer = await requireUser(request, { can: canRecordPayments });
  const back = `/admin/payments${new URL(request.url).search}#needs-a-look`;
  const parsed = eventHandledSchema.safeParse(Object.fromEntries(await request.formData()));
  if (!parsed.success) return redirectWithNotice(back, { kind: "error", message: parsed.error.issues[0]?.message ?? "Nothing marked handled." });
  const result = await markEventHandled(parsed.data.eventId, parsed.data.note, { id: viewer.id, email: viewer.email, name: viewer.name }, context.clock.now());
  return redirectWithNotice(
    back,
    result.ok
      ? { kind: "success", message: "Marked handled: the event left the list (the activity log keeps who and when)." }
      : { kind: "error", message: result.message },
  );
}

export const meta: Route.MetaFunction = () => adminMeta("Payments");

export default function Payments({ loaderData }: Route.ComponentProps) {
  const { range, rows, more, totals, events, canHandle, overdue } = loaderData;
  return (
    <AdminPage title="Payments" lead="Every payment and refund by the Indian date the money moved; what the gateway could not apply; who is overdue.">
      <PaymentsRangeForm key={`${range.from}:${range.to}`} range={range} />
      <PaymentsTable rows={rows} totals={totals} range={range} more={more} />
      <EventsNeedingALook events={events} canHandle={canHandle} />
      <OverdueBalances rows={overdue} />
    </AdminPage>
  );
}
