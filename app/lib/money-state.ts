import type { BookingState } from "./booking";
import { indianDate } from "./follow-up";
import { type LedgerMovement, ledgerTotals } from "./payment-ledger";
import type { PaymentSchedule, ScheduleLine } from "./payment-schedule";

/**
 * The state of a booking's money (issue 46, ADR 090), computed, never typed:
 * from its schedule, its ledger and the Indian date now. What is paid covers
 * the lines in the order they fall due; a line is overdue once its due date
 * has ended (00:00 Indian time the next day) with money still owing on it.
 */

/** Whether the traveller is still asked to pay: not once the booking is cancelled or its hold has expired (what was paid is refunded, not chased). */
export const asksForMoney = (bookingState: BookingState) => bookingState !== "cancelled" && bookingState !== "expired";

export const MONEY_STATES = ["nothing-paid", "part-paid", "deposit-paid", "paid-in-full", "overpaid", "overdue"] as const;
export type MoneyStateKind = (typeof MONEY_STATES)[number];
export const MONEY_STATE_LABELS: Record<MoneyStateKind, string> = {
  "nothing-paid": "Nothing paid",
  "part-paid": "Part paid",
  "deposit-paid": "Deposit paid",
  "paid-in-full": "Paid in full",
  overpaid: "Overpaid",
  overdue: "Overdue",
};

export type MoneyLineStatus = "paid" | "part-paid" | "due" | "overdue";
export type MoneyLine = ScheduleLine & { paidPaise: number; outstandingPaise: number; status: MoneyLineStatus };

export type MoneyState = {
  kind: MoneyStateKind;
  totalPaise: number;
  /** Payments not reversed. */
  receivedPaise: number;
  /** Refunds not reversed. */
  refundedPaise: number;
  /** Received less refunded. */
  paidPaise: number;
  /** What is still to pay: 0 once paid in full. */
  owingPaise: number;
  /** What was due by the end of yesterday (Indian time) and is not paid. */
  overduePaise: number;
  /** Paid beyond the total: to refund or to keep for an extra. */
  overpaidPaise: number;
  lines: MoneyLine[];
  /** The first line with money owing on it. */
  nextDue: MoneyLine | null;
};

export function moneyState(schedule: PaymentSchedule, ledger: readonly LedgerMovement[], now: Date): MoneyState {
  const today = indianDate(now);
  const { receivedPaise, refundedPaise, paidPaise } = ledgerTotals(ledger);
  let left = Math.max(0, paidPaise);
  const lines = schedule.lines.map((line): MoneyLine => {
    const paid = Math.min(left, line.amountPaise);
    left -= paid;
    const outstandingPaise = line.amountPaise - paid;
    const status: MoneyLineStatus = outstandingPaise === 0 ? "paid" : line.dueOn < today ? "overdue" : paid > 0 ? "part-paid" : "due";
    return { ...line, paidPaise: paid, outstandingPaise, status };
  });
  const owingPaise = Math.max(0, schedule.totalPaise - paidPaise);
  const overpaidPaise = Math.max(0, paidPaise - schedule.totalPaise);
  const overduePaise = lines.reduce((sum, line) => sum + (line.status === "overdue" ? line.outstandingPaise : 0), 0);
  const deposit = lines.find((line) => line.kind === "deposit");
  const kind: MoneyStateKind =
    overpaidPaise > 0
      ? "overpaid"
      : owingPaise === 0
        ? "paid-in-full"
        : overduePaise > 0
          ? "overdue"
          : paidPaise <= 0
            ? "nothing-paid"
            : deposit?.status === "paid"
              ? "deposit-paid"
              : "part-paid";
  return {
    kind,
    totalPaise: schedule.totalPaise,
    receivedPaise,
    refundedPaise,
    paidPaise,
    owingPaise,
    overduePaise,
    overpaidPaise,
    lines,
    nextDue: lines.find((line) => line.outstandingPaise > 0) ?? null,
  };
}

/** What falls due from `firstDay` to `lastDay` (Indian dates, both included) and is not yet paid: "due in 7 days", "due this week". */
export function amountDueBetween(state: MoneyState, firstDay: string, lastDay: string): number {
  return state.lines.reduce((sum, line) => sum + (line.dueOn >= firstDay && line.dueOn <= lastDay ? line.outstandingPaise : 0), 0);
}
