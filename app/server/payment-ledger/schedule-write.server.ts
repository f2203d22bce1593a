import { and, eq, isNull } from "drizzle-orm";
import { askedPaise, type BookingAmounts } from "~/lib/booking-amount";
import { indianDate } from "~/lib/follow-up";
import {
  DEFAULT_PAYMENT_TERMS,
  editSchedule,
  followTotal,
  scheduleFromTerms,
  scheduleLineLabel,
  scheduleProblems,
  type PaymentSchedule,
  type PaymentTerms,
  type ScheduleEdit,
} from "~/lib/payment-schedule";
import { formatPaise } from "~/lib/price";
import { formatTourDate } from "~/lib/tour-format";
import { recordActivity } from "~/server/activity/activity.server";
import { getDb, type Db } from "~/server/db/db.server";
import { bookingPaymentLines, bookings, type BookingRow } from "~/server/db/schema.server";
import { bookingSchedule, type MoneyBooking } from "./booking-money.server";
import type { LedgerActor } from "./ledger-write.server";

/**
 * A booking's payment schedule as stored (issue 46, ADR 090): copied from its
 * package's terms when the booking is made, changed by the team one edit at a
 * time, and moved with the total when travellers are added. Every write runs in
 * the transaction that holds the booking's row, and the lines are checked by
 * scheduleProblems before they are stored: they always add up to the total.
 */

/** Replaces the booking's lines; a schedule that breaks the invariant is a bug, never stored. */
async function storeSchedule(tx: Db, bookingId: number, schedule: PaymentSchedule): Promise<void> {
  const problems = scheduleProblems(schedule);
  if (problems.length > 0) throw new Error(`Refusing to store a broken payment schedule for booking ${bookingId}: ${problems.join("; ")}`);
  await tx.delete(bookingPaymentLines).where(eq(bookingPaymentLines.bookingId, bookingId));
  await tx.insert(bookingPaymentLines).values(schedule.lines.map((line) => ({ bookingId, ...line })));
}

/** A new booking's schedule from its package's terms (null: the defaults): the deposit due on the day it is made. */
export async function copyPackageTerms(tx: Db, booking: MoneyBooking, terms: PaymentTerms | null): Promise<PaymentSchedule> {
  const schedule = scheduleFromTerms({
    terms: terms ?? DEFAULT_PAYMENT_TERMS,
    totalPaise: askedPaise(booking),
    travellers: Math.max(1, booking.seats),
    confirmedOn: indianDate(booking.createdAt),
    departureOn: booking.startDate,
  });
  await storeSchedule(tx, booking.id, schedule);
  return schedule;
}

/**
 * The booking's total changed (a traveller added, a discount): the balance
 * follows (followTotal), and the notice names every line that moved:
 * "Balance ₹1,56,750 → ₹2,61,250".
 */
/** The lines a new total moved, in the team's words ("Balance ₹1,56,750 → ₹2,61,250") and line by line (the API's `scheduleChange`). */
export type ScheduleMove = { text: string; lines: { key: string; label: string; fromPaise: number; toPaise: number }[] };

/** `after`: the booking's price and taxes now; the schedule follows what it asks (askedPaise, ADR 115). */
export async function followBookingTotal(tx: Db, before: BookingRow, after: BookingAmounts): Promise<ScheduleMove | null> {
  const totalPaise = askedPaise(after);
  if (askedPaise(before) === totalPaise) return null;
  const schedule = await bookingSchedule(tx, before);
  const { schedule: next, changes } = followTotal(schedule, totalPaise);
  await storeSchedule(tx, before.id, next);
  if (changes.length === 0) return null;
  const label = (key: string) => {
    const kept = next.lines.find((candidate) => candidate.key === key);
    return kept
      ? scheduleLineLabel(next, kept)
      : scheduleLineLabel(
          schedule,
          schedule.lines.find((candidate) => candidate.key === key)!,
        );
  };
  const lines = changes.map((change) => ({ key: change.key, label: label(change.key), fromPaise: change.fromPaise, toPaise: change.toPaise }));
  return { text: lines.map((line) => `${line.label} ${formatPaise(line.fromPaise)} → ${formatPaise(line.toPaise)}`).join(", "), lines };
}

export type ScheduleEditResult = { ok: true; schedule: PaymentSchedule; text: string } | { ok: false; status: 400 | 404 | 409; field: string; message: string };

/** The field a refused edit's message goes beside. */
function refusedField(edit: ScheduleEdit, message: string): string {
  if (edit.op === "remove" || message.startsWith("A schedule has at most") || message.includes("reload the page")) return "form";
  if (edit.op === "set-due-date") return "dueOn";
  if (edit.op === "add-instalment" && (message.startsWith("Choose") || message.startsWith("The balance ("))) return "dueOn";
  return "amount";
}

/** What an edit did, in the timeline's words. */
function editText(before: PaymentSchedule, after: PaymentSchedule, edit: ScheduleEdit): string {
  const line = (schedule: PaymentSchedule, key: string) => schedule.lines.find((candidate) => candidate.key === key);
  const balance = after.lines.find((candidate) => candidate.kind === "balance")!;
  const tail = `; balance ${formatPaise(balance.amountPaise)} due by ${formatTourDate(balance.dueOn)}`;
  switch (edit.op) {
    case "set-amount": {
      const old = line(before, edit.key)!;
      return `${scheduleLineLabel(after, line(after, edit.key)!)}: ${formatPaise(old.amountPaise)} → ${formatPaise(edit.amountPaise)}${tail}`;
    }
    case "set-due-date": {
      const old = line(before, edit.key)!;
      return `${scheduleLineLabel(after, line(after, edit.key)!)} moved from ${formatTourDate(old.dueOn)} to ${formatTourDate(edit.dueOn)}`;
    }
    case "add-instalment":
      return `Added an instalment of ${formatPaise(edit.amountPaise)} due by ${formatTourDate(edit.dueOn)}${tail}`;
    case "remove": {
      const old = line(before, edit.key)!;
      return `Removed ${scheduleLineLabel(before, old).toLowerCase()} of ${formatPaise(old.amountPaise)}${tail}`;
    }
  }
}

/**
 * One change of a booking's schedule by the team (both roles): applied to the
 * schedule read under the booking's lock, refused with the reason when it
 * would not add up (nothing stored), else stored and written to its timeline.
 */
export async function editBookingSchedule(
  bookingId: number,
  plan: (schedule: PaymentSchedule) => ScheduleEdit[],
  actor: LedgerActor,
): Promise<ScheduleEditResult> {
  return getDb().transaction(async (rawTx) => {
    const tx = rawTx as unknown as Db;
    const [booking] = await tx
      .select()
      .from(bookings)
      .where(and(eq(bookings.id, bookingId), isNull(bookings.deletedAt)))
      .for("update");
    if (!booking) return { ok: false, status: 404, field: "form", message: "There is no booking with that reference." } as const;
    if (booking.state === "cancelled" || booking.state === "expired") {
      return {
        ok: false,
        status: 409,
        field: "form",
        message: "A cancelled or expired booking asks for no more money: its schedule is kept as it was.",
      } as const;
    }
    const before = await bookingSchedule(tx, booking);
    let schedule = before;
    const texts: string[] = [];
    for (const edit of plan(before)) {
      const result = editSchedule(schedule, edit);
      if (!result.ok) return { ok: false, status: 400, field: refusedField(edit, result.message), message: result.message } as const;
      texts.push(editText(schedule, result.schedule, edit));
      schedule = result.schedule;
    }
    if (texts.length === 0) return { ok: true, schedule, text: "" } as const;
    await storeSchedule(tx, booking.id, schedule);
    const text = texts.join(". ");
    await recordActivity(
      {
        kind: "payment.schedule-changed",
        actor,
        subject: { type: "booking", id: booking.id, label: `${booking.reference} (${booking.leadName})` },
        detail: { text: `Changed the payment schedule: ${text}`, version: booking.version },
      },
      { db: tx },
    );
    return { ok: true, schedule, text } as const;
  });
}
