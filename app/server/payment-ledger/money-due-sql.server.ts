import { sql, type SQL } from "drizzle-orm";
import { addDays } from "~/lib/calendar-date";
import { DUE_SOON_DAYS } from "~/lib/booking-list";
import { indianDate } from "~/lib/follow-up";
import { DEFAULT_PAYMENT_TERMS } from "~/lib/payment-schedule";
import { bookingPaymentLines, bookings, paymentLedger } from "~/server/db/schema.server";

/**
 * What many bookings owe, in one query (issue 46, ADR 090 amended in phase 4):
 * the Bookings list's "overdue" and "due in 7 days", the dashboard's figures,
 * and the bookings the reminder pass and the Payments screen look at closer.
 * It gives the same amounts as `moneyState` (money-state.ts), the booking
 * page's function, without building any booking's state: what is paid covers
 * the lines in due order, so what is owing on the lines due by a day is what
 * they add up to less what is paid, never less than 0. Overdue is that sum for
 * the lines due before today (Indian date); due in 7 days the sum through
 * today + 7 less the overdue part. A booking whose team never changed its
 * schedule has no stored lines: its lines are the default terms' (25 % on the
 * day it was made, the balance 30 days before departure), computed here as
 * `scheduleFromTerms` does (money-due-sql's db test compares both).
 */

const terms = DEFAULT_PAYMENT_TERMS;
if (terms.deposit.kind !== "percent") throw new Error("money-due-sql computes the default terms as a percentage deposit");
const depositPercent = terms.deposit.percent;

/** The Indian dates the money is counted against: today, and the last day of "due in 7 days". */
export function moneyDays(now: Date): { today: string; dueSoonTo: string } {
  const today = indianDate(now);
  return { today, dueSoonTo: addDays(today, DUE_SOON_DAYS) };
}

/**
 * `lines` (booking_id, due_on, amount_paise): every schedule line of the
 * bookings matching `where`, stored or from the default terms; and `paid`
 * (booking_id, paid_paise): what each has paid, payments less refunds,
 * reversed entries left out, never below 0.
 */
function linesAndPaid(where: SQL): SQL {
  return sql`
    money_bookings as (
      select ${bookings.id} as id, ${bookings.totalPaise} as total_paise, ${bookings.startDate} as start_date,
        ((${bookings.createdAt} at time zone 'UTC') + interval '330 minutes')::date as confirmed_on
      from ${bookings} where ${where}
    ),
    default_terms as (
      select id, total_paise, confirmed_on, start_date - ${terms.balanceDaysBefore}::int as balance_on,
        ((total_paise * ${depositPercent}::int + 5000) / 10000) * 100 as deposit_paise
      from money_bookings mb
      where not exists (select 1 from ${bookingPaymentLines} l where l.booking_id = mb.id)
    ),
    default_lines as (
      select id, confirmed_on, balance_on, total_paise, deposit_paise,
        (deposit_paise <= 0 or deposit_paise >= total_paise or balance_on <= confirmed_on) as one_line
      from default_terms
    ),
    lines as (
      select l.booking_id, l.due_on, l.amount_paise from ${bookingPaymentLines} l join money_bookings mb on mb.id = l.booking_id
      union all
      select id, confirmed_on, case when one_line then total_paise else deposit_paise end from default_lines
      union all
      select id, balance_on, total_paise - deposit_paise from default_lines where not one_line
    ),
    paid as (
      select e.booking_id, greatest(0, sum(case when e.kind = 'payment' then e.amount_paise else -e.amount_paise end)) as paid_paise
      from ${paymentLedger} e join money_bookings mb on mb.id = e.booking_id
      where e.kind <> 'reversal' and not exists (select 1 from ${paymentLedger} r where r.reverses = e.id)
      group by e.booking_id
    )`;
}

/**
 * (booking_id, overdue_paise, due_soon_paise) for every booking matching
 * `where` with money overdue or due in the next 7 days; the others are left out.
 */
export function moneyDueQuery(where: SQL, now: Date): SQL {
  const { today, dueSoonTo } = moneyDays(now);
  return sql`
    with ${linesAndPaid(where)},
    owed as (
      select lines.booking_id,
        greatest(0, coalesce(sum(lines.amount_paise) filter (where lines.due_on < ${today}::date), 0) - coalesce(max(paid.paid_paise), 0)) as overdue_paise,
        greatest(0, coalesce(sum(lines.amount_paise) filter (where lines.due_on <= ${dueSoonTo}::date), 0) - coalesce(max(paid.paid_paise), 0)) as through_window_paise
      from lines left join paid on paid.booking_id = lines.booking_id
      group by lines.booking_id
    )
    select booking_id, overdue_paise, through_window_paise - overdue_paise as due_soon_paise
    from owed where through_window_paise > 0`;
}

/**
 * The bookings matching `where` with a line due on one of `days` (Indian
 * dates) that is not all paid: those a reminder may be due for today.
 */
export function bookingsDueOnQuery(where: SQL, days: readonly string[]): SQL {
  const list = sql.join(
    days.map((day) => sql`${day}::date`),
    sql`, `,
  );
  return sql`
    with ${linesAndPaid(where)},
    due_on_day as (select distinct booking_id, due_on from lines where due_on in (${list}))
    select distinct d.booking_id from due_on_day d
      join lines l on l.booking_id = d.booking_id and l.due_on <= d.due_on
      left join paid on paid.booking_id = d.booking_id
    group by d.booking_id, d.due_on, paid.paid_paise
    having sum(l.amount_paise) > coalesce(paid.paid_paise, 0)`;
}
