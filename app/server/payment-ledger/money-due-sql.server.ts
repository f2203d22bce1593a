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

/** What a booking asks for: its price with its GST and TCS (askedPaise, ADR 115). */
const asked = sql`(${bookings.totalPaise} + ${bookings.gstPaise} + ${bookings.tcsPaise})`;

/** The Indian dates the money is counted against: today, and the last day of "due in 7 days". */
export function moneyDays(now: Date): { today: string; dueSoonTo: string } {
  const today = indianDate(now);
  return { today, dueSoonTo: addDays(today, DUE_SOON_DAYS) };
}

/** A booking's Indian confirmation day, its balance's day and deposit on the default terms (`scheduleFromTerms`: a percentage rounded to the rupee). */
const defaultTerms = sql`
  cross join lateral (
    select ((${bookings.createdAt} at time zone 'UTC') + interval '330 minutes')::date as confirmed_on,
      ${bookings.startDate} - ${terms.balanceDaysBefore}::int as balance_on,
      ((${asked} * ${depositPercent}::int + 5000) / 10000) * 100 as deposit_paise
  ) terms
  cross join lateral (
    select (terms.deposit_paise <= 0 or terms.deposit_paise >= ${asked} or terms.balance_on <= terms.confirmed_on) as one_line
  ) shape`;

/** What the default terms ask by the end of `day` (Indian date, `inclusive` or not). */
function defaultDueBy(day: string, inclusive: boolean): SQL {
  const by = (column: SQL) => (inclusive ? sql`${column} <= ${day}::date` : sql`${column} < ${day}::date`);
  return sql`case when shape.one_line then (case when ${by(sql`terms.confirmed_on`)} then ${asked} else 0 end)
    else (case when ${by(sql`terms.confirmed_on`)} then terms.deposit_paise else 0 end)
      + (case when ${by(sql`terms.balance_on`)} then ${asked} - terms.deposit_paise else 0 end) end`;
}

/**
 * (booking_id, overdue_paise, due_soon_paise) for every booking matching
 * `where` with money overdue or due in the next 7 days; the others are left
 * out. One pass: the stored lines summed per booking, the ledger summed per
 * booking (payments less refunds, reversed entries left out, never below 0),
 * both hash-joined to the bookings.
 */
export function moneyDueQuery(where: SQL, now: Date): SQL {
  const { today, dueSoonTo } = moneyDays(now);
  return sql`
    select booking_id, overdue_paise, through_window_paise - overdue_paise as due_soon_paise from (
      select booking_id, greatest(0, due_before_today - paid_paise) as overdue_paise, greatest(0, due_through_window - paid_paise) as through_window_paise
      from (
        select ${bookings.id} as booking_id,
          coalesce(paid.paid_paise, 0) as paid_paise,
          case when stored.booking_id is null then ${defaultDueBy(today, false)} else stored.due_before_today end as due_before_today,
          case when stored.booking_id is null then ${defaultDueBy(dueSoonTo, true)} else stored.due_through_window end as due_through_window
        from ${bookings}
        left join (
          select booking_id,
            coalesce(sum(amount_paise) filter (where due_on < ${today}::date), 0)::bigint as due_before_today,
            coalesce(sum(amount_paise) filter (where due_on <= ${dueSoonTo}::date), 0)::bigint as due_through_window
          from ${bookingPaymentLines} group by booking_id
        ) stored on stored.booking_id = ${bookings.id}
        left join (
          select e.booking_id, greatest(0, sum(case when e.kind = 'payment' then e.amount_paise else -e.amount_paise end))::bigint as paid_paise
          from ${paymentLedger} e
          where e.kind <> 'reversal' and not exists (select 1 from ${paymentLedger} r where r.reverses = e.id)
          group by e.booking_id
        ) paid on paid.booking_id = ${bookings.id}
        ${defaultTerms}
        where ${where}
      ) sums
    ) owed
    where through_window_paise > 0`;
}

/**
 * The bookings matching `where` with a line falling due on one of `days`
 * (Indian dates): those a reminder may be due for today. A superset (paid
 * lines too): the caller computes each one's money and keeps what is owing.
 */
export function bookingsDueOnQuery(where: SQL, days: readonly string[]): SQL {
  const list = sql.join(
    days.map((day) => sql`${day}::date`),
    sql`, `,
  );
  return sql`
    select ${bookingPaymentLines.bookingId} as booking_id from ${bookingPaymentLines}
      join ${bookings} on ${bookings.id} = ${bookingPaymentLines.bookingId}
      where ${bookingPaymentLines.dueOn} in (${list}) and ${where}
    union
    select ${bookings.id} from ${bookings} ${defaultTerms}
      where ${where} and (terms.confirmed_on in (${list}) or terms.balance_on in (${list}))
        and not exists (select 1 from ${bookingPaymentLines} l where l.booking_id = ${bookings.id})`;
}
