import { and, asc, eq, inArray, isNull, sql, type SQL } from "drizzle-orm";
import type { BookingState } from "~/lib/booking";
import { DUE_SOON_DAYS, type BookingMoneySummary, type MoneyFilter } from "~/lib/booking-list";
import { addDays } from "~/lib/calendar-date";
import { indianDate } from "~/lib/follow-up";
import { amountDueBetween, asksForMoney, moneyState, type MoneyState } from "~/lib/money-state";
import type { LedgerMovement } from "~/lib/payment-ledger";
import type { PaymentSchedule } from "~/lib/payment-schedule";
import { bookings, bookingPaymentLines, paymentLedger } from "~/server/db/schema.server";
import type { DbExecutor } from "~/server/jobs/jobs.server";
import { termsSchedule } from "./booking-money.server";

/**
 * The money of many bookings at once (issue 46, ADR 090 amended): for the
 * Bookings list's column and its "overdue" / "due in 7 days" filters, the
 * dashboard's "due this week", the Payments screen's overdue balances and the
 * reminders. Three queries whatever the count (bookings, their stored lines,
 * their ledger rows), then `moneyState` per booking in memory: the same
 * function as the booking page, so the list never disagrees with it. A
 * booking without stored lines has its terms' schedule, which SQL alone
 * cannot compute.
 */

export const MONEY_BOOKING_COLUMNS = {
  id: bookings.id,
  reference: bookings.reference,
  state: bookings.state,
  totalPaise: bookings.totalPaise,
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
      ? { totalPaise: row.totalPaise, lines: stored.map(({ key, kind, dueOn, amountPaise }) => ({ key, kind, dueOn, amountPaise })) }
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
  const from = indianDate(now);
  return { from, to: addDays(from, DUE_SOON_DAYS) };
}

/** What a money filter keeps, and how much it counts for each booking. */
export function filterAmount(filter: MoneyFilter, state: MoneyState, now: Date): number {
  if (filter === "overdue") return state.overduePaise;
  const { from, to } = dueSoonWindow(now);
  return amountDueBetween(state, from, to);
}

/** The ids of the bookings a money filter keeps (the list adds them to its query, so its keyset pages stand). */
export async function bookingIdsByMoney(db: DbExecutor, filter: MoneyFilter, now: Date): Promise<number[]> {
  const rows = await moneyOfBookings(db, askingForMoney(), now);
  return rows.filter((row) => filterAmount(filter, row.money, now) > 0).map((row) => row.id);
}

export type MoneyFigure = { amountPaise: number; bookings: number };

/** The dashboard's figures: due in the next 7 days (Indian dates) and overdue, each with how many bookings. */
export async function moneyFigures(db: DbExecutor, now: Date): Promise<{ dueSoon: MoneyFigure; overdue: MoneyFigure }> {
  const rows = await moneyOfBookings(db, askingForMoney(), now);
  const figure = (filter: MoneyFilter): MoneyFigure => {
    const amounts = rows.map((row) => filterAmount(filter, row.money, now)).filter((amount) => amount > 0);
    return { amountPaise: amounts.reduce((sum, amount) => sum + amount, 0), bookings: amounts.length };
  };
  return { dueSoon: figure("due-7d"), overdue: figure("overdue") };
}

/** Overdue balances, the oldest due date first (the Payments screen). */
export async function overdueBookings(db: DbExecutor, now: Date): Promise<MoneyOverviewRow[]> {
  const rows = await moneyOfBookings(db, askingForMoney(), now);
  const firstOverdue = (row: MoneyOverviewRow) => row.money.lines.find((line) => line.status === "overdue")?.dueOn ?? "";
  return rows.filter((row) => row.money.overduePaise > 0).sort((a, b) => firstOverdue(a).localeCompare(firstOverdue(b)) || a.id - b.id);
}

export type MoneyDueItem = { reference: string; leadName: string; dueSoonPaise: number; overduePaise: number; dueOn: string };

/** For the team's daily digest: each booking with money overdue or falling due in the next 7 days, the earliest due date first. */
export async function moneyDueItems(db: DbExecutor, now: Date): Promise<MoneyDueItem[]> {
  const rows = await moneyOfBookings(db, askingForMoney(), now);
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
