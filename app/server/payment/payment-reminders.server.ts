import { addDays } from "~/lib/calendar-date";
import { indianDate } from "~/lib/follow-up";
import type { MoneyState } from "~/lib/money-state";

/**
 * When the balance-due e-mails go out (issue 46, ADR 090): `daysBefore` each
 * due date (default 7 and 1), at 9:00 Indian time, for every line with money
 * still owing on it; none once it is paid. Pure: the daily job asks
 * `remindersDue` at its run and claims each reminder's key once in the
 * database (as the team's digest does, ADR 045), and the booking page lists
 * `upcomingReminders`.
 */

export const DEFAULT_REMINDER_DAYS: readonly number[] = [7, 1];
const REMINDER_TIME_IST = "09:00:00+05:30";

export type BalanceReminder = {
  /** Unique per line, due date and slot: a moved due date gets reminders of its own. */
  key: string;
  lineKey: string;
  dueOn: string;
  daysBefore: number;
  /** The Indian date it goes out, and the moment: 9:00 that day. */
  sendOn: string;
  sendAt: Date;
  /** What is owing on the line now. */
  amountPaise: number;
};

function reminderSlots(state: MoneyState, daysBefore: readonly number[]): BalanceReminder[] {
  const days = [...new Set(daysBefore)].filter((day) => Number.isInteger(day) && day > 0).sort((a, b) => b - a);
  return state.lines
    .filter((line) => line.outstandingPaise > 0)
    .flatMap((line) =>
      days.map((day) => {
        const sendOn = addDays(line.dueOn, -day);
        return {
          key: `${line.key}:${line.dueOn}:${day}`,
          lineKey: line.key,
          dueOn: line.dueOn,
          daysBefore: day,
          sendOn,
          sendAt: new Date(`${sendOn}T${REMINDER_TIME_IST}`),
          amountPaise: line.outstandingPaise,
        };
      }),
    )
    .sort((a, b) => a.sendAt.getTime() - b.sendAt.getTime());
}

/**
 * The reminders to send at `now`: those of today (Indian date) once 9:00 has
 * come. A reminder whose day passed unsent (the server was down all day) is
 * not sent late: the next one, or the due date, is nearer by then.
 */
export function remindersDue(state: MoneyState, now: Date, daysBefore: readonly number[] = DEFAULT_REMINDER_DAYS): BalanceReminder[] {
  const today = indianDate(now);
  return reminderSlots(state, daysBefore).filter((reminder) => reminder.sendOn === today && reminder.sendAt.getTime() <= now.getTime());
}

/** The reminders still to come after `now`, for the booking page ("Reminders: 5 Nov and 11 Nov, 9:00 am"). */
export function upcomingReminders(state: MoneyState, now: Date, daysBefore: readonly number[] = DEFAULT_REMINDER_DAYS): BalanceReminder[] {
  return reminderSlots(state, daysBefore).filter((reminder) => reminder.sendAt.getTime() > now.getTime());
}
