import { and, asc, eq, inArray, isNull, sql, type SQL } from "drizzle-orm";
import type { BookingState } from "~/lib/booking";
import { askedPaise } from "~/lib/booking-amount";
import type { BookingMoneySummary, MoneyFilter } from "~/lib/booking-list";
import { amountDueBetween, asksForMoney, moneyState, type MoneyState } from "~/lib/money-state";
import type { LedgerMovement } from "~/lib/payment-ledger";
import type { PaymentSchedule } from "~/lib/payment-schedule";
import { bookings, bookingPaymentLines, paymentLedger } from "~/server/db/schema.server";
import type { DbExecutor } from "~/server/jobs/jobs.server";
import { termsSchedule } from "./booking-money.server";
import { bookingsDueOnQuery, moneyDays, moneyDueQuery } from "./money-due-sql.server";

/**
 * The money of many bookings at once (issue 46, ADR 090 amended). Which
 * bookings are overdue or due in 7 days, and by how much, is one query
 * (money-due-sql.server.ts): the Bookings list's filters, the dashboard's
 * figures. The full state of a few bookings (a page of the list, those the
 * query picked for the Payments screen, the digest and the reminders) is
 * three queries (bookings, their stored lines, their ledger rows) and
 * `moneyState` per booking in memory, the booking page's own function.
 */

export const MONEY_BOOKING_COLUMNS = {
  id: bookings.id,
  reference: bookings.reference,
  state: bookings.state,
  totalPaise: bookings.totalPaise,
  gstPaise: bookings.gstPaise,
  tcsPaise: bookings.tcsPaise,
  seats: bookings.seats,
  startDate: bookings.startDate,
  createdAt: bookings.createdAt,
  leadName: bookings.leadName,
  leadPhone: bookings.leadPhone,
  leadEmail: bookings.leadEmail,
  packageTitle: bookings.packageTitle,
};

export type MoneyOverviewRow = {
  id: number;
  reference: string;
  state: BookingState;
  leadName: string;
  leadPhone: string;
  leadEmail: string | null;
  packageTitle: string;
  startDate: string;
  money: MoneyState;
};

/** The bookings that ask for money (not deleted, cancelled or expired). */
export const askingForMoney = (): SQL => and(isNull(bookings.deletedAt), sql`${bookings.state} not in ('cancelled', 'expired')`)!;

/** Each booking matching `where` with its money now. */
export async function moneyOfBookings(db: DbExecutor, where: SQL, now: Date): Promise<MoneyOverviewRow[]> {
  const [rows, lines, ledger] = await Promise.all([
    db.select(MONEY_BOOKING_COLUMNS).from(bookings).where(where),
    db
      .select({
        bookingId: bookingPaymentLines.bookingId,
        key: bookingPaymentLines.key,
        kind: bookingPaymentLines.kind,
        dueOn: bookingPaymentLines.dueOn,
        amountPaise: bookingPaymentLines.amountPaise,
      })
      .from(bookingPaymentLines)
      .innerJoin(bookings, eq(bookings.id, bookingPaymentLines.bookingId))
      .where(where)
      .orderBy(asc(bookingPaymentLines.dueOn), asc(bookingPaymentLines.id)),
    db
      .select({
        bookingId: paymentLedger.bookingId,
        id: paymentLedger.id,
        kind: paymentLedger.kind,
        amountPaise: paymentLedger.amountPaise,
        reverses: paymentLedger.reverses,
      })
      .from(paymentLedger)
      .innerJoin(bookings, eq(bookings.id, paymentLedger.bookingId))
      .where(where)
      .orderBy(asc(paymentLedger.id)),
  ]);
  const linesOf = groupBy(lines, (line) => line.bookingId);
  const ledgerOf = groupBy(ledger, (entry) => entry.bookingId);
  return rows.map((row) => {
    const stored = linesOf.get(row.id);
    const schedule: PaymentSchedule = stored
      ? { totalPaise: askedPaise(row), lines: stored.map(({ key, kind, dueOn, amountPaise }) => ({ key, kind, dueOn, amountPaise })) }
      : termsSchedule(row);
    const movements = (ledgerOf.get(row.id) ?? []).map((entry): LedgerMovement =>
      entry.kind === "reversal"
        ? { id: entry.id, kind: "reversal", reverses: entry.reverses! }
        : { id: entry.id, kind: entry.kind, amountPaise: entry.amountPaise },
    );
    return {
      id: row.id,
      reference: row.reference,
      state: row.state,
      leadName: row.leadName,
      leadPhone: row.leadPhone,
      leadEmail: row.leadEmail,
      packageTitle: row.packageTitle,
      startDate: row.startDate,
      money: moneyState(schedule, movements, now),
    };
  });
}

function groupBy<T>(items: T[], key: (item: T) => number): Map<number, T[]> {
  const groups = new Map<number, T[]>();
  for (const item of items) groups.set(key(item), [...(groups.get(key(item)) ?? []), item]);
  return groups;
}

/** A booking's money as the list and the API give it; null for a booking that asks for none. */
export function moneySummary(bookingState: BookingState, state: MoneyState): BookingMoneySummary | null {
  if (!asksForMoney(bookingState)) return null;
  return {
    state: state.kind,
    paidPaise: state.paidPaise,
    owingPaise: state.owingPaise,
    overduePaise: state.overduePaise,
    nextDue: state.nextDue ? { dueOn: state.nextDue.dueOn, amountPaise: state.nextDue.outstandingPaise } : null,
  };
}

/** The money summaries of some bookings by id (one page of the list). */
export async function moneySummaries(db: DbExecutor, ids: number[], now: Date): Promise<Map<number, BookingMoneySummary | null>> {
  if (ids.length === 0) return new Map();
  const rows = await moneyOfBookings(db, inArray(bookings.id, ids), now);
  return new Map(rows.map((row) => [row.id, moneySummary(row.state, row.money)]));
}

/** "Due in 7 days": today (Indian date) and the 7 days after it (a due date a week away is due this week). */
export function dueSoonWindow(now: Date): { from: string; to: string } {
  const { today, dueSoonTo } = moneyDays(now);
  return { from: today, to: dueSoonTo };
}

/** What a money filter keeps, and how much it counts for each booking. */
export function filterAmount(filter: MoneyFilter, state: MoneyState, now: Date): number {
  if (filter === "overdue") return state.overduePaise;
  const { from, to } = dueSoonWindow(now);
  return amountDueBetween(state, from, to);
}

type MoneyDueRow = { bookingId: number; overduePaise: number; dueSoonPaise: number };

/** Each booking that asks for money and has some overdue or due in 7 days, from one query (money-due-sql.server.ts). */
export async function moneyDueByBooking(db: DbExecutor, now: Date, where: SQL = askingForMoney()): Promise<MoneyDueRow[]> {
  const { rows } = await db.execute<Record<string, unknown>>(moneyDueQuery(where, now));
  return rows.map((row) => ({ bookingId: Number(row.booking_id), overduePaise: Number(row.overdue_paise), dueSoonPaise: Number(row.due_soon_paise) }));
}

const amountOf = (filter: MoneyFilter, row: MoneyDueRow) => (filter === "overdue" ? row.overduePaise : row.dueSoonPaise);

/** The ids of the bookings a money filter keeps (the list adds them to its query, so its keyset pages stand). */
export async function bookingIdsByMoney(db: DbExecutor, filter: MoneyFilter, now: Date): Promise<number[]> {
  return (await moneyDueByBooking(db, now)).filter((row) => amountOf(filter, row) > 0).map((row) => row.bookingId);
}

export type MoneyFigure = { amountPaise: number; bookings: number };

/** The dashboard's figures: due in the next 7 days (Indian dates) and overdue, each with how many bookings. */
export async function moneyFigures(db: DbExecutor, now: Date): Promise<{ dueSoon: MoneyFigure; overdue: MoneyFigure }> {
  const rows = await moneyDueByBooking(db, now);
  const figure = (filter: MoneyFilter): MoneyFigure => {
    const amounts = rows.map((row) => amountOf(filter, row)).filter((amount) => amount > 0);
    return { amountPaise: amounts.reduce((sum, amount) => sum + amount, 0), bookings: amounts.length };
  };
  return { dueSoon: figure("due-7d"), overdue: figure("overdue") };
}

/** The full money of the bookings a money query picked (few: those overdue or due soon). */
async function moneyOfIds(db: DbExecutor, ids: number[], now: Date): Promise<MoneyOverviewRow[]> {
  return ids.length ? moneyOfBookings(db, inArray(bookings.id, ids), now) : [];
}

/** Overdue balances, the oldest due date first (the Payments screen). */
export async function overdueBookings(db: DbExecutor, now: Date): Promise<MoneyOverviewRow[]> {
  const ids = await bookingIdsByMoney(db, "overdue", now);
  const rows = await moneyOfIds(db, ids, now);
  const firstOverdue = (row: MoneyOverviewRow) => row.money.lines.find((line) => line.status === "overdue")?.dueOn ?? "";
  return rows.filter((row) => row.money.overduePaise > 0).sort((a, b) => firstOverdue(a).localeCompare(firstOverdue(b)) || a.id - b.id);
}

/** The bookings matching `where` with a line not all paid that falls due on one of `days` (Indian dates), with their money: the reminder pass's. */
export async function moneyOfBookingsDueOn(db: DbExecutor, where: SQL, days: readonly string[], now: Date): Promise<MoneyOverviewRow[]> {
  if (days.length === 0) return [];
  const { rows } = await db.execute<Record<string, unknown>>(bookingsDueOnQuery(where, days));
  return moneyOfIds(
    db,
    rows.map((row) => Number(row.booking_id)),
    now,
  );
}

export type MoneyDueItem = { reference: string; leadName: string; dueSoonPaise: number; overduePaise: number; dueOn: string };

/** For the team's daily digest: each booking with money overdue or falling due in the next 7 days, the earliest due date first. */
export async function moneyDueItems(db: DbExecutor, now: Date): Promise<MoneyDueItem[]> {
  const rows = await moneyOfIds(
    db,
    (await moneyDueByBooking(db, now)).map((row) => row.bookingId),
    now,
  );
  return rows
    .map((row) => ({
      reference: row.reference,
      leadName: row.leadName,
      dueSoonPaise: filterAmount("due-7d", row.money, now),
      overduePaise: row.money.overduePaise,
      dueOn: row.money.nextDue?.dueOn ?? "",
    }))
    .filter((item) => item.dueSoonPaise > 0 || item.overduePaise > 0)
    .sort((a, b) => a.dueOn.localeCompare(b.dueOn) || a.reference.localeCompare(b.reference));
}
