import { describe, expect, it } from "vitest";
import { MONEY_STATE_LABELS, type MoneyStateKind, amountDueBetween, moneyState } from "./money-state";
import {
  type LedgerEntry,
  checkNewEntry,
  ledgerTotals,
  normalizeReference,
  recordPaymentSchema,
  recordRefundSchema,
  reverseEntrySchema,
} from "./payment-ledger";
import type { PaymentSchedule } from "./payment-schedule";

// Two adults on Bali at ₹1,04,500: ₹52,250 deposit due on 2 Nov, ₹1,56,750 balance due on 12 Nov.
const bali: PaymentSchedule = {
  totalPaise: 2_09_000_00,
  lines: [
    { key: "DEP", kind: "deposit", dueOn: "2026-11-02", amountPaise: 52_250_00 },
    { key: "BAL", kind: "balance", dueOn: "2026-11-12", amountPaise: 1_56_750_00 },
  ],
};
// One payment of everything on confirmation.
const single: PaymentSchedule = { totalPaise: 85_000_00, lines: [{ key: "BAL", kind: "balance", dueOn: "2026-11-02", amountPaise: 85_000_00 }] };

const base = { recordedAt: "2026-11-02T06:00:00.000Z", recordedBy: { id: "u1", name: "Asha" } };
const pay = (id: number, amountPaise: number, reference: string | null = null, receivedOn = "2026-11-02"): LedgerEntry => ({
  ...base,
  id,
  kind: "payment",
  amountPaise,
  receivedOn,
  method: "upi",
  reference,
  proofKey: null,
  note: "",
});
const refund = (id: number, amountPaise: number): LedgerEntry => ({
  ...base,
  id,
  kind: "refund",
  amountPaise,
  paidOn: "2026-11-03",
  method: "upi",
  reference: null,
  reason: "Overpaid",
});
const reverse = (id: number, reverses: number): LedgerEntry => ({ ...base, id, kind: "reversal", reverses, reason: "Entered in error" });

// Moments, written in Indian time beside them.
const at = {
  nov2Noon: "2026-11-02T06:30:00Z", // 2 Nov, 12:00 IST
  nov2LastSecond: "2026-11-02T18:29:59Z", // 2 Nov, 23:59:59 IST: the deposit's day still
  nov3Midnight: "2026-11-02T18:30:00Z", // 3 Nov, 00:00 IST: the deposit's day is over
  nov6: "2026-11-06T04:30:00Z", // 6 Nov, 10:00 IST
  nov12LastSecond: "2026-11-12T18:29:59Z", // 12 Nov, 23:59:59 IST
  nov13Midnight: "2026-11-12T18:30:00Z", // 13 Nov, 00:00 IST
  nov13EarlyUtcStill12: "2026-11-12T23:00:00Z", // 13 Nov, 04:30 IST, though still 12 Nov in UTC
};

type Row = {
  name: string;
  schedule?: PaymentSchedule;
  ledger: LedgerEntry[];
  now: string;
  kind: MoneyStateKind;
  paid: number;
  owing: number;
  overdue: number;
  overpaid?: number;
  received?: number;
  refunded?: number;
  lines?: string[];
};

// Every figure below is worked out by hand from the schedule above.
const table: Row[] = [
  {
    name: "nothing paid, deposit due today",
    ledger: [],
    now: at.nov2Noon,
    kind: "nothing-paid",
    paid: 0,
    owing: 2_09_000_00,
    overdue: 0,
    lines: ["DEP due 5225000", "BAL due 15675000"],
  },
  { name: "nothing paid at the deposit day's last second", ledger: [], now: at.nov2LastSecond, kind: "nothing-paid", paid: 0, owing: 2_09_000_00, overdue: 0 },
  {
    name: "nothing paid at 00:00 IST after the deposit day: overdue",
    ledger: [],
    now: at.nov3Midnight,
    kind: "overdue",
    paid: 0,
    owing: 2_09_000_00,
    overdue: 52_250_00,
    lines: ["DEP overdue 5225000", "BAL due 15675000"],
  },
  {
    name: "partial: ₹20,000 of the deposit",
    ledger: [pay(1, 20_000_00)],
    now: at.nov2Noon,
    kind: "part-paid",
    paid: 20_000_00,
    owing: 1_89_000_00,
    overdue: 0,
    lines: ["DEP part-paid 3225000", "BAL due 15675000"],
  },
  {
    name: "partial, and the deposit day is over",
    ledger: [pay(1, 20_000_00)],
    now: at.nov3Midnight,
    kind: "overdue",
    paid: 20_000_00,
    owing: 1_89_000_00,
    overdue: 32_250_00,
  },
  {
    name: "deposit paid",
    ledger: [pay(1, 52_250_00)],
    now: at.nov6,
    kind: "deposit-paid",
    paid: 52_250_00,
    owing: 1_56_750_00,
    overdue: 0,
    lines: ["DEP paid 0", "BAL due 15675000"],
  },
  {
    name: "deposit and part of the balance, with paise",
    ledger: [pay(1, 52_250_00), pay(2, 50_000_50)],
    now: at.nov6,
    kind: "deposit-paid",
    paid: 1_02_250_50,
    owing: 1_06_749_50,
    overdue: 0,
    lines: ["DEP paid 0", "BAL part-paid 10674950"],
  },
  {
    name: "deposit paid, balance day's last second",
    ledger: [pay(1, 52_250_00)],
    now: at.nov12LastSecond,
    kind: "deposit-paid",
    paid: 52_250_00,
    owing: 1_56_750_00,
    overdue: 0,
  },
  {
    name: "balance overdue at 00:00 IST on 13 Nov",
    ledger: [pay(1, 52_250_00)],
    now: at.nov13Midnight,
    kind: "overdue",
    paid: 52_250_00,
    owing: 1_56_750_00,
    overdue: 1_56_750_00,
  },
  {
    name: "balance overdue in India while UTC is still on 12 Nov",
    ledger: [pay(1, 52_250_00)],
    now: at.nov13EarlyUtcStill12,
    kind: "overdue",
    paid: 52_250_00,
    owing: 1_56_750_00,
    overdue: 1_56_750_00,
  },
  {
    name: "paid in full, after every due date",
    ledger: [pay(1, 52_250_00), pay(2, 1_56_750_00)],
    now: at.nov13Midnight,
    kind: "paid-in-full",
    paid: 2_09_000_00,
    owing: 0,
    overdue: 0,
    lines: ["DEP paid 0", "BAL paid 0"],
  },
  {
    name: "paid in full at once, before the deposit was due",
    ledger: [pay(1, 2_09_000_00)],
    now: at.nov2Noon,
    kind: "paid-in-full",
    paid: 2_09_000_00,
    owing: 0,
    overdue: 0,
  },
  {
    name: "overpaid by ₹3,250",
    ledger: [pay(1, 52_250_00), pay(2, 1_60_000_00)],
    now: at.nov6,
    kind: "overpaid",
    paid: 2_12_250_00,
    owing: 0,
    overdue: 0,
    overpaid: 3_250_00,
  },
  {
    name: "overpaid, then the ₹3,250 refunded",
    ledger: [pay(1, 52_250_00), pay(2, 1_60_000_00), refund(3, 3_250_00)],
    now: at.nov6,
    kind: "paid-in-full",
    paid: 2_09_000_00,
    owing: 0,
    overdue: 0,
    received: 2_12_250_00,
    refunded: 3_250_00,
  },
  {
    name: "deposit refunded in full",
    ledger: [pay(1, 52_250_00), refund(2, 52_250_00)],
    now: at.nov2Noon,
    kind: "nothing-paid",
    paid: 0,
    owing: 2_09_000_00,
    overdue: 0,
    received: 52_250_00,
    refunded: 52_250_00,
  },
  {
    name: "part of the deposit refunded",
    ledger: [pay(1, 52_250_00), refund(2, 2_250_00)],
    now: at.nov2Noon,
    kind: "part-paid",
    paid: 50_000_00,
    owing: 1_59_000_00,
    overdue: 0,
  },
  {
    name: "a mistyped ₹5,22,500 reversed, then ₹52,250 recorded",
    ledger: [pay(1, 5_22_500_00), reverse(2, 1), pay(3, 52_250_00)],
    now: at.nov6,
    kind: "deposit-paid",
    paid: 52_250_00,
    owing: 1_56_750_00,
    overdue: 0,
    received: 52_250_00,
    refunded: 0,
  },
  {
    name: "a bounced cheque reversed: the deposit is overdue again",
    ledger: [pay(1, 52_250_00), reverse(2, 1)],
    now: at.nov6,
    kind: "overdue",
    paid: 0,
    owing: 2_09_000_00,
    overdue: 52_250_00,
    received: 0,
  },
  {
    name: "a refund made in error, reversed",
    ledger: [pay(1, 2_09_000_00), refund(2, 10_000_00), reverse(3, 2)],
    now: at.nov13Midnight,
    kind: "paid-in-full",
    paid: 2_09_000_00,
    owing: 0,
    overdue: 0,
    refunded: 0,
  },
  {
    name: "one payment schedule, part paid",
    schedule: single,
    ledger: [pay(1, 40_000_00)],
    now: at.nov2Noon,
    kind: "part-paid",
    paid: 40_000_00,
    owing: 45_000_00,
    overdue: 0,
    lines: ["BAL part-paid 4500000"],
  },
  {
    name: "one payment schedule, overdue",
    schedule: single,
    ledger: [pay(1, 40_000_00)],
    now: at.nov3Midnight,
    kind: "overdue",
    paid: 40_000_00,
    owing: 45_000_00,
    overdue: 45_000_00,
  },
];

describe("moneyState", () => {
  it.each(table)("$name", (row) => {
    const state = moneyState(row.schedule ?? bali, row.ledger, new Date(row.now));
    expect(state.kind).toBe(row.kind);
    expect({ paid: state.paidPaise, owing: state.owingPaise, overdue: state.overduePaise, overpaid: state.overpaidPaise }).toEqual({
      paid: row.paid,
      owing: row.owing,
      overdue: row.overdue,
      overpaid: row.overpaid ?? 0,
    });
    if (row.received !== undefined) expect(state.receivedPaise).toBe(row.received);
    if (row.refunded !== undefined) expect(state.refundedPaise).toBe(row.refunded);
    if (row.lines) expect(state.lines.map((line) => `${line.key} ${line.status} ${line.outstandingPaise}`)).toEqual(row.lines);
  });

  it("covers every state, each with its label", () => {
    expect(new Set(table.map((row) => row.kind))).toEqual(new Set(Object.keys(MONEY_STATE_LABELS)));
    expect(MONEY_STATE_LABELS["deposit-paid"]).toBe("Deposit paid");
  });

  it("names the next amount due", () => {
    expect(moneyState(bali, [pay(1, 52_250_00)], new Date(at.nov6)).nextDue).toMatchObject({ key: "BAL", outstandingPaise: 1_56_750_00, dueOn: "2026-11-12" });
    expect(moneyState(bali, [pay(1, 2_09_000_00)], new Date(at.nov6)).nextDue).toBeNull();
  });

  it("adds up what falls due in a span of days", () => {
    const state = moneyState(bali, [pay(1, 20_000_00)], new Date(at.nov2Noon));
    // Due in 7 days from 6 Nov: the balance only. From 2 Nov: the rest of the deposit too.
    expect(amountDueBetween(state, "2026-11-06", "2026-11-13")).toBe(1_56_750_00);
    expect(amountDueBetween(state, "2026-11-02", "2026-11-09")).toBe(32_250_00);
    expect(amountDueBetween(state, "2026-11-13", "2026-11-20")).toBe(0);
  });
});

describe("ledgerTotals", () => {
  it("refuses a ledger whose reversals make no sense", () => {
    expect(() => ledgerTotals([pay(1, 100), reverse(2, 9)])).toThrow("reverses 9");
    expect(() => ledgerTotals([pay(1, 100), reverse(2, 1), reverse(3, 1)])).toThrow("reverses 1");
    expect(() => ledgerTotals([pay(1, 100), reverse(2, 1), reverse(3, 2)])).toThrow("reverses 2");
  });
});

describe("checkNewEntry", () => {
  const ledger = [pay(1, 52_250_00, "4123 5678 9012"), refund(2, 2_250_00)];
  const now = new Date(at.nov6);
  type Entry = Parameters<typeof checkNewEntry>[1];
  type Case = {
    name: string;
    ledger?: LedgerEntry[];
    entry: Entry;
    now?: Date;
    expected: ReturnType<typeof checkNewEntry> | { field: string } | { message: string };
  };
  const refused = (field: string, message: string) => ({ field, message });
  const cases: Case[] = [
    {
      name: "a payment received after today in India",
      entry: { kind: "payment", amountPaise: 100, receivedOn: "2026-11-07", reference: null },
      expected: refused("receivedOn", "A payment cannot be received after today."),
    },
    // 23:00 UTC on 6 Nov is already 7 Nov in India.
    {
      name: "a payment of 7 Nov at 23:00 UTC on 6 Nov",
      entry: { kind: "payment", amountPaise: 100, receivedOn: "2026-11-07", reference: null },
      now: new Date("2026-11-06T23:00:00Z"),
      expected: null,
    },
    { name: "a refund paid after today", entry: { kind: "refund", amountPaise: 100, paidOn: "2026-11-07" }, expected: { field: "paidOn" } },
    {
      name: "a UTR already on a live payment, however it is spaced",
      entry: { kind: "payment", amountPaise: 100, receivedOn: "2026-11-05", reference: "412356789012" },
      expected: refused("reference", "This reference is already on the payment of ₹52,250 received on 2 Nov 2026."),
    },
    // Once that payment is reversed, its UTR may be recorded again (the corrected entry).
    {
      name: "the UTR of a reversed payment",
      ledger: [...ledger, reverse(3, 1)],
      entry: { kind: "payment", amountPaise: 100, receivedOn: "2026-11-05", reference: "412356789012" },
      expected: null,
    },
    {
      name: "a refund of more than is paid",
      entry: { kind: "refund", amountPaise: 50_000_01, paidOn: "2026-11-06" },
      expected: refused("amount", "₹50,000 is paid on this booking, so no more than that can be refunded."),
    },
    { name: "a refund of all that is paid", entry: { kind: "refund", amountPaise: 50_000_00, paidOn: "2026-11-06" }, expected: null },
    { name: "reversing a live refund", entry: { kind: "reversal", reverses: 2 }, expected: null },
    {
      name: "reversing a payment that would leave more refunded than paid",
      entry: { kind: "reversal", reverses: 1 },
      expected: refused("entryId", "Reversing this payment would leave more refunded than paid: reverse the refund first."),
    },
    {
      name: "reversing twice",
      ledger: [...ledger, reverse(3, 2)],
      entry: { kind: "reversal", reverses: 2 },
      expected: { message: "This entry is already reversed." },
    },
    {
      name: "reversing a reversal",
      ledger: [...ledger, reverse(3, 2)],
      entry: { kind: "reversal", reverses: 3 },
      expected: { message: "Only a payment or a refund can be reversed." },
    },
    { name: "reversing no entry", entry: { kind: "reversal", reverses: 99 }, expected: { message: "Only a payment or a refund can be reversed." } },
  ];

  it.each(cases)("$name", (row) => {
    const answer = checkNewEntry(row.ledger ?? ledger, row.entry, row.now ?? now);
    if (row.expected === null || ("field" in row.expected && "message" in row.expected)) expect(answer).toEqual(row.expected);
    else expect(answer).toMatchObject(row.expected);
  });

  it("matches a UTR however it is spaced", () => {
    expect(normalizeReference("utr 4123-5678 9012")).toBe("UTR412356789012");
  });
});

describe("the ledger's forms", () => {
  it("need a UTR for UPI and bank transfers, not for cash", () => {
    const upi = recordPaymentSchema.safeParse({ amount: "1,56,750", receivedOn: "2026-11-10", method: "upi", reference: " " });
    expect(upi.error?.issues.map((issue) => [issue.path.join("."), issue.message])).toEqual([
      ["reference", "Enter the UPI reference (UTR), so the payment can be matched to the bank statement."],
    ]);
    expect(recordPaymentSchema.parse({ amount: "5000", receivedOn: "2026-11-10", method: "cash" })).toEqual({
      amount: 5_000_00,
      receivedOn: "2026-11-10",
      method: "cash",
      reference: null,
      proofKey: null,
      note: "",
    });
  });

  it("refuse what the issue refuses, each beside its field", () => {
    const bad = recordPaymentSchema.safeParse({ amount: "104500.505", receivedOn: "2026-02-30", method: "cheque", reference: "UTR<script>" });
    expect(bad.error?.issues.map((issue) => issue.path.join("."))).toEqual(["amount", "receivedOn", "method", "reference"]);
    expect(recordRefundSchema.safeParse({ amount: "2,250", paidOn: "2026-11-03", method: "upi", reason: "  " }).error?.issues[0]?.message).toBe(
      "Say why it is refunded.",
    );
    expect(reverseEntrySchema.parse({ entryId: "7", reason: "Cheque bounced" })).toEqual({ entryId: 7, reason: "Cheque bounced" });
  });
});
