import { describe, expect, it } from "vitest";
import { moneyState } from "~/lib/money-state";
import type { LedgerEntry } from "~/lib/payment-ledger";
import type { PaymentSchedule } from "~/lib/payment-schedule";
import { remindersDue, upcomingReminders } from "./payment-reminders.server";

// ₹52,250 deposit due 2 Nov, ₹1,56,750 balance due 12 Nov (the day that begins at 00:00 IST, 11 Nov 18:30 UTC).
const schedule: PaymentSchedule = {
  totalPaise: 2_09_000_00,
  lines: [
    { key: "DEP", kind: "deposit", dueOn: "2026-11-02", amountPaise: 52_250_00 },
    { key: "BAL", kind: "balance", dueOn: "2026-11-12", amountPaise: 1_56_750_00 },
  ],
};
const pay = (id: number, amountPaise: number): LedgerEntry => ({
  id,
  kind: "payment",
  amountPaise,
  receivedOn: "2026-11-02",
  method: "upi",
  reference: `UTR${id}`,
  proofKey: null,
  note: "",
  recordedAt: "2026-11-02T06:00:00.000Z",
  recordedBy: null,
});
const depositPaid = [pay(1, 52_250_00)];

/** The reminders due at a moment, as "line daysBefore amount". */
const dueAt = (moment: string, ledger: LedgerEntry[] = depositPaid, days?: number[]) =>
  remindersDue(moneyState(schedule, ledger, new Date(moment)), new Date(moment), days).map(
    (reminder) => `${reminder.lineKey} ${reminder.daysBefore} ${reminder.amountPaise}`,
  );

describe("remindersDue", () => {
  it("sends the 7-day reminder from 9:00 IST on 5 Nov until that Indian day ends", () => {
    expect(dueAt("2026-11-04T22:00:00Z")).toEqual([]); // 5 Nov 03:30 IST (still 4 Nov in UTC): before 9:00
    expect(dueAt("2026-11-05T03:29:59Z")).toEqual([]); // 5 Nov 08:59:59 IST
    expect(dueAt("2026-11-05T03:30:00Z")).toEqual(["BAL 7 15675000"]); // 5 Nov 09:00 IST
    expect(dueAt("2026-11-05T18:29:59Z")).toEqual(["BAL 7 15675000"]); // 5 Nov 23:59:59 IST
    expect(dueAt("2026-11-05T18:30:00Z")).toEqual([]); // 6 Nov 00:00 IST: that day is over, not sent late
  });

  it("sends the 1-day reminder at 9:00 IST on 11 Nov, for what is still owing", () => {
    expect(dueAt("2026-11-11T03:29:59Z")).toEqual([]);
    expect(dueAt("2026-11-11T03:30:00Z")).toEqual(["BAL 1 15675000"]);
    expect(dueAt("2026-11-11T03:30:00Z", [...depositPaid, pay(2, 1_00_000_50)])).toEqual(["BAL 1 5674950"]);
  });

  it("sends none once paid, and none for a line already paid", () => {
    expect(dueAt("2026-11-11T03:30:00Z", [...depositPaid, pay(2, 1_56_750_00)])).toEqual([]);
    // Nothing paid: the deposit's reminders fell on 26 Oct and 1 Nov; on 5 Nov only the balance's.
    expect(dueAt("2026-11-05T03:30:00Z", [])).toEqual(["BAL 7 15675000"]);
    expect(dueAt("2026-11-01T03:30:00Z", [])).toEqual(["DEP 1 5225000"]);
  });

  it("takes other days from the settings", () => {
    expect(dueAt("2026-11-09T03:30:00Z", depositPaid, [3])).toEqual(["BAL 3 15675000"]);
    expect(dueAt("2026-11-05T03:30:00Z", depositPaid, [3])).toEqual([]);
    expect(dueAt("2026-11-11T03:30:00Z", depositPaid, [1, 1, 0, -2, 1.5])).toEqual(["BAL 1 15675000"]);
  });
});

describe("upcomingReminders", () => {
  it("lists what is still to go out, at 9:00 IST, each with its own key", () => {
    const now = new Date("2026-11-02T06:30:00Z"); // 2 Nov, 12:00 IST, the deposit just paid
    expect(upcomingReminders(moneyState(schedule, depositPaid, now), now)).toEqual([
      {
        key: "BAL:2026-11-12:7",
        lineKey: "BAL",
        dueOn: "2026-11-12",
        daysBefore: 7,
        sendOn: "2026-11-05",
        sendAt: new Date("2026-11-05T03:30:00Z"),
        amountPaise: 1_56_750_00,
      },
      {
        key: "BAL:2026-11-12:1",
        lineKey: "BAL",
        dueOn: "2026-11-12",
        daysBefore: 1,
        sendOn: "2026-11-11",
        sendAt: new Date("2026-11-11T03:30:00Z"),
        amountPaise: 1_56_750_00,
      },
    ]);
    const at9 = new Date("2026-11-05T03:30:00Z");
    expect(upcomingReminders(moneyState(schedule, depositPaid, at9), at9).map((reminder) => reminder.key)).toEqual(["BAL:2026-11-12:1"]);
    expect(upcomingReminders(moneyState(schedule, [pay(1, 2_09_000_00)], now), now)).toEqual([]);
  });
});
