import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { addDays } from "./calendar-date";
import { MAX_AMOUNT_PAISE } from "./money";
import {
  DEFAULT_PAYMENT_TERMS,
  type PaymentSchedule,
  type PaymentTerms,
  type ScheduleEdit,
  SCHEDULE_LINES_MAX,
  editSchedule,
  followTotal,
  paymentTermsInput,
  paymentTermsSchema,
  paymentTermsText,
  plannedEdits,
  scheduleFormSchema,
  scheduleFromTerms,
  storedPaymentTerms,
  scheduleLineLabel,
  scheduleProblems,
} from "./payment-schedule";

// Two adults on Bali's 12 Dec departure at ₹1,04,500 each: ₹2,09,000.
const bali = { totalPaise: 2_09_000_00, travellers: 2, confirmedOn: "2026-11-02", departureOn: "2026-12-12" };

function applied(schedule: PaymentSchedule, edit: ScheduleEdit): PaymentSchedule {
  const result = editSchedule(schedule, edit);
  if (!result.ok) throw new Error(result.message);
  return result.schedule;
}

/** Throws with what is wrong: cheaper than expect() inside a property's loop. */
function assertSound(schedule: PaymentSchedule) {
  const problems = scheduleProblems(schedule);
  if (problems.length > 0) throw new Error(`${problems.join("; ")} in ${JSON.stringify(schedule)}`);
}

const refusal = (schedule: PaymentSchedule, edit: ScheduleEdit) => {
  const result = editSchedule(schedule, edit);
  return result.ok ? null : result.message;
};

describe("scheduleFromTerms", () => {
  it("asks 25% on confirmation and the balance 30 days before departure by default", () => {
    const schedule = scheduleFromTerms({ ...bali, terms: DEFAULT_PAYMENT_TERMS });
    expect(schedule).toEqual({
      totalPaise: 2_09_000_00,
      lines: [
        { key: "DEP", kind: "deposit", dueOn: "2026-11-02", amountPaise: 52_250_00 },
        { key: "BAL", kind: "balance", dueOn: "2026-11-12", amountPaise: 1_56_750_00 },
      ],
    });
    expect(schedule.lines.map((line) => scheduleLineLabel(schedule, line))).toEqual(["Deposit", "Balance"]);
  });

  it("rounds a percentage deposit to the nearest rupee and leaves the paise to the balance", () => {
    // 25% of ₹1,04,500.50 is ₹26,125.125: ₹26,125, and ₹78,375.50 left.
    const schedule = scheduleFromTerms({ ...bali, totalPaise: 1_04_500_50, travellers: 1, terms: DEFAULT_PAYMENT_TERMS });
    expect(schedule.lines.map((line) => line.amountPaise)).toEqual([26_125_00, 78_375_50]);
    // 25% of ₹1,002 is ₹250.50: half a rupee rounds up to ₹251.
    expect(scheduleFromTerms({ ...bali, totalPaise: 1_002_00, travellers: 1, terms: DEFAULT_PAYMENT_TERMS }).lines[0]?.amountPaise).toBe(251_00);
  });

  it("takes a fixed deposit per traveller, children included", () => {
    const terms: PaymentTerms = { deposit: { kind: "perPerson", amountPaise: 10_000_00 }, balanceDaysBefore: 45 };
    const schedule = scheduleFromTerms({ totalPaise: 1_20_000_50, travellers: 3, confirmedOn: "2026-10-01", departureOn: "2027-01-10", terms });
    expect(schedule.lines).toEqual([
      { key: "DEP", kind: "deposit", dueOn: "2026-10-01", amountPaise: 30_000_00 },
      { key: "BAL", kind: "balance", dueOn: "2026-11-26", amountPaise: 90_000_50 },
    ]);
  });

  it("asks the full amount on confirmation when the balance's day has come, or the deposit is all of it", () => {
    const late = scheduleFromTerms({ ...bali, confirmedOn: "2026-11-20", terms: DEFAULT_PAYMENT_TERMS });
    expect(late.lines).toEqual([{ key: "BAL", kind: "balance", dueOn: "2026-11-20", amountPaise: 2_09_000_00 }]);
    expect(scheduleLineLabel(late, late.lines[0]!)).toBe("Full payment");
    // Confirmed on the balance's own day: one payment, not two on one day.
    expect(scheduleFromTerms({ ...bali, confirmedOn: "2026-11-12", terms: DEFAULT_PAYMENT_TERMS }).lines).toHaveLength(1);
    expect(scheduleFromTerms({ ...bali, terms: { deposit: { kind: "percent", percent: 100 }, balanceDaysBefore: 30 } }).lines).toHaveLength(1);
    const big = { deposit: { kind: "perPerson", amountPaise: 1_50_000_00 }, balanceDaysBefore: 30 } as const;
    expect(scheduleFromTerms({ ...bali, terms: big }).lines).toEqual([{ key: "BAL", kind: "balance", dueOn: "2026-11-02", amountPaise: 2_09_000_00 }]);
  });
});

describe("editSchedule", () => {
  const start = scheduleFromTerms({ ...bali, terms: DEFAULT_PAYMENT_TERMS });

  it("adds an instalment out of the balance, in date order", () => {
    const schedule = applied(start, { op: "add-instalment", amountPaise: 50_000_00, dueOn: "2026-11-07" });
    expect(schedule.lines).toEqual([
      { key: "DEP", kind: "deposit", dueOn: "2026-11-02", amountPaise: 52_250_00 },
      { key: "I1", kind: "instalment", dueOn: "2026-11-07", amountPaise: 50_000_00 },
      { key: "BAL", kind: "balance", dueOn: "2026-11-12", amountPaise: 1_06_750_00 },
    ]);
    expect(schedule.lines.map((line) => scheduleLineLabel(schedule, line))).toEqual(["Deposit", "Instalment 1", "Balance"]);
    const second = applied(schedule, { op: "add-instalment", amountPaise: 6_750_00, dueOn: "2026-11-03" });
    expect(second.lines.map((line) => `${line.key} ${line.amountPaise}`)).toEqual(["DEP 5225000", "I2 675000", "I1 5000000", "BAL 10000000"]);
  });

  it("changes an amount or a date, and the balance follows", () => {
    const schedule = applied(start, { op: "set-amount", key: "DEP", amountPaise: 60_000_00 });
    expect(schedule.lines.map((line) => line.amountPaise)).toEqual([60_000_00, 1_49_000_00]);
    const moved = applied(schedule, { op: "set-due-date", key: "BAL", dueOn: "2026-11-15" });
    expect(moved.lines[1]).toEqual({ key: "BAL", kind: "balance", dueOn: "2026-11-15", amountPaise: 1_49_000_00 });
    expect(applied(moved, { op: "remove", key: "DEP" }).lines).toEqual([{ key: "BAL", kind: "balance", dueOn: "2026-11-15", amountPaise: 2_09_000_00 }]);
  });

  it("refuses what would break the schedule, and says why", () => {
    const withInstalment = applied(start, { op: "add-instalment", amountPaise: 50_000_00, dueOn: "2026-11-07" });
    expect(refusal(withInstalment, { op: "set-amount", key: "DEP", amountPaise: 1_60_000_00 })).toBe(
      "These payments would come to ₹2,10,000 before the balance, more than the total of ₹2,09,000.",
    );
    expect(refusal(start, { op: "set-amount", key: "BAL", amountPaise: 1_00_000_00 })).toBe(
      "The balance is what the other payments leave of the total: change one of them instead.",
    );
    expect(refusal(start, { op: "add-instalment", amountPaise: 10_000_00, dueOn: "2026-11-13" })).toBe(
      "The balance (12 Nov 2026) is the last payment: choose a date on or before it, or move the balance first.",
    );
    expect(refusal(withInstalment, { op: "set-due-date", key: "BAL", dueOn: "2026-11-06" })).toBe(
      "The balance is the last payment: choose 7 Nov 2026 or later.",
    );
    expect(refusal(start, { op: "remove", key: "BAL" })).toBe("The balance cannot be removed: it is what the other payments leave of the total.");
    expect(refusal(start, { op: "remove", key: "I9" })).toBe("That payment is no longer in the schedule: reload the page.");
    expect(refusal(start, { op: "set-amount", key: "DEP", amountPaise: 0 })).toBe("Enter an amount more than ₹0.");
    expect(refusal(start, { op: "set-due-date", key: "DEP", dueOn: "2026-02-30" })).toBe("Choose a date that exists.");
  });

  it("keeps at most 12 payments", () => {
    let schedule = start;
    for (let day = 3; schedule.lines.length < SCHEDULE_LINES_MAX; day++) {
      schedule = applied(schedule, { op: "add-instalment", amountPaise: 1_000_00, dueOn: `2026-11-${String(day).padStart(2, "0")}` });
    }
    expect(refusal(schedule, { op: "add-instalment", amountPaise: 1_000_00, dueOn: "2026-11-11" })).toBe("A schedule has at most 12 payments.");
  });
});

describe("followTotal", () => {
  const start = applied(scheduleFromTerms({ ...bali, terms: DEFAULT_PAYMENT_TERMS }), { op: "add-instalment", amountPaise: 50_000_00, dueOn: "2026-11-07" });

  it("moves the balance when a traveller is added", () => {
    // A third adult at ₹1,04,500: ₹3,13,500 in all.
    const { schedule, changes } = followTotal(start, 3_13_500_00);
    expect(schedule.lines.map((line) => line.amountPaise)).toEqual([52_250_00, 50_000_00, 2_11_250_00]);
    expect(changes).toEqual([{ key: "BAL", fromPaise: 1_06_750_00, toPaise: 2_11_250_00 }]);
  });

  it("cuts the latest payments first when the total falls below them", () => {
    const { schedule, changes } = followTotal(start, 40_000_00);
    expect(schedule.lines).toEqual([
      { key: "DEP", kind: "deposit", dueOn: "2026-11-02", amountPaise: 40_000_00 },
      { key: "BAL", kind: "balance", dueOn: "2026-11-12", amountPaise: 0 },
    ]);
    expect(changes).toEqual([
      { key: "BAL", fromPaise: 1_06_750_00, toPaise: 0 },
      { key: "I1", fromPaise: 50_000_00, toPaise: 0 },
      { key: "DEP", fromPaise: 52_250_00, toPaise: 40_000_00 },
    ]);
  });

  it("changes nothing when the total is the same", () => {
    expect(followTotal(start, 2_09_000_00)).toEqual({ schedule: start, changes: [] });
  });
});

describe("the schedule always adds up (property)", () => {
  const day = (offset: number) => addDays("2026-10-01", offset);
  const terms = fc.oneof(
    fc.record({ kind: fc.constant("percent" as const), percent: fc.integer({ min: 1, max: 100 }) }),
    fc.record({ kind: fc.constant("perPerson" as const), amountPaise: fc.integer({ min: 1, max: 5_00_000_00 }) }),
  );
  const edit = fc.oneof(
    fc.record({
      op: fc.constant("set-amount" as const),
      key: fc.constantFrom("DEP", "BAL", "I1", "I2", "I3"),
      amountPaise: fc.integer({ min: -100, max: MAX_AMOUNT_PAISE + 100 }),
    }),
    fc.record({ op: fc.constant("set-due-date" as const), key: fc.constantFrom("DEP", "BAL", "I1", "I2"), dueOn: fc.integer({ min: 0, max: 200 }).map(day) }),
    fc.record({
      op: fc.constant("add-instalment" as const),
      amountPaise: fc.integer({ min: 1, max: 50_00_000_00 }),
      dueOn: fc.integer({ min: 0, max: 200 }).map(day),
    }),
    fc.record({ op: fc.constant("remove" as const), key: fc.constantFrom("DEP", "BAL", "I1", "I2", "I3") }),
    fc.record({ op: fc.constant("total" as const), totalPaise: fc.integer({ min: 0, max: 10 * MAX_AMOUNT_PAISE }) }),
  );

  it("sums to the total after any terms and any sequence of edits and total changes", () => {
    fc.assert(
      fc.property(
        terms,
        fc.integer({ min: 0, max: 10 * MAX_AMOUNT_PAISE }),
        fc.integer({ min: 1, max: 50 }),
        fc.integer({ min: 0, max: 120 }),
        fc.integer({ min: 0, max: 365 }),
        fc.integer({ min: 0, max: 120 }),
        fc.array(edit, { maxLength: 30 }),
        (deposit, totalPaise, travellers, confirmed, departureAfter, balanceDaysBefore, edits) => {
          let schedule = scheduleFromTerms({
            terms: { deposit, balanceDaysBefore },
            totalPaise,
            travellers,
            confirmedOn: day(confirmed),
            departureOn: day(confirmed + departureAfter),
          });
          assertSound(schedule);
          for (const step of edits) {
            const before = structuredClone(schedule);
            if (step.op === "total") {
              const { schedule: next, changes } = followTotal(schedule, step.totalPaise);
              // Every line whose amount moved is named, and nothing else.
              const moved = next.lines.length + changes.filter((change) => change.toPaise === 0 && change.key !== "BAL").length;
              if (moved !== before.lines.length || next.totalPaise !== step.totalPaise) throw new Error(`followTotal lost a line: ${JSON.stringify(changes)}`);
              schedule = next;
            } else {
              const result = editSchedule(schedule, step);
              if (result.ok) schedule = result.schedule;
              else if (!result.message) throw new Error("A refusal without a message");
              if (schedule.totalPaise !== before.totalPaise) throw new Error("An edit changed the total");
            }
            assertSound(schedule);
          }
        },
      ),
      { seed: 4646, numRuns: 400 },
    );
  });

  it("never changes the schedule it was given", () => {
    fc.assert(
      fc.property(fc.array(edit, { maxLength: 10 }), (edits) => {
        const start = scheduleFromTerms({ ...bali, terms: DEFAULT_PAYMENT_TERMS });
        const copy = structuredClone(start);
        for (const step of edits) {
          if (step.op === "total") followTotal(start, step.totalPaise);
          else editSchedule(start, step);
        }
        expect(start).toEqual(copy);
      }),
      { seed: 46, numRuns: 300 },
    );
  });
});

describe("the forms' schemas", () => {
  it("read the schedule form's intents with amounts in rupees, and make only the edits that change something", () => {
    // ₹2,09,000 at 25%: deposit ₹52,250.00 due 2 Nov 2026, balance ₹1,56,750.00 due 12 Nov 2026.
    const schedule = scheduleFromTerms({ terms: DEFAULT_PAYMENT_TERMS, ...bali });
    const planned = (form: Record<string, string>) => plannedEdits(schedule, scheduleFormSchema.parse(form));
    expect(planned({ intent: "schedule-add", amount: "50,000", dueOn: "2026-11-07" })).toEqual([
      { op: "add-instalment", amountPaise: 50_000_00, dueOn: "2026-11-07" },
    ]);
    expect(planned({ intent: "schedule-line", key: "DEP", amount: "60000.50", dueOn: "2026-11-02" })).toEqual([
      { op: "set-amount", key: "DEP", amountPaise: 60_000_50 },
    ]);
    expect(planned({ intent: "schedule-line", key: "DEP", amount: "52,250.00", dueOn: "2026-11-05" })).toEqual([
      { op: "set-due-date", key: "DEP", dueOn: "2026-11-05" },
    ]);
    // The balance's amount is never typed: only its date moves.
    expect(planned({ intent: "schedule-line", key: "BAL", amount: "1", dueOn: "2026-11-12" })).toEqual([]);
    expect(planned({ intent: "schedule-remove", key: "DEP" })).toEqual([{ op: "remove", key: "DEP" }]);
    expect(scheduleFormSchema.safeParse({ intent: "schedule-line", key: "DEP", dueOn: "2026-02-30" }).error?.issues[0]?.message).toBe(
      "Choose a date that exists.",
    );
    expect(scheduleFormSchema.safeParse({ intent: "schedule-remove", key: "DEP; drop" }).success).toBe(false);
    // The issue's bad amounts, each refused with its sentence before anything is changed.
    const amountError = (amount: string) => scheduleFormSchema.safeParse({ intent: "schedule-add", amount, dueOn: "2026-11-07" }).error?.issues[0]?.message;
    for (const bad of ["0", "-500", "100.505", "1,00,00,000.01"]) expect(amountError(bad), bad).toBeTruthy();
  });

  it("keep a package's terms: the defaults stored as null, others as typed, and read back as the form's fields", () => {
    expect(storedPaymentTerms(DEFAULT_PAYMENT_TERMS)).toBeNull();
    const perPerson: PaymentTerms = { deposit: { kind: "perPerson", amountPaise: 10_000_00 }, balanceDaysBefore: 45 };
    expect(storedPaymentTerms(perPerson)).toBe(perPerson);
    expect(paymentTermsInput(null)).toEqual({ depositKind: "percent", depositPercent: 25, balanceDaysBefore: 30 });
    expect(paymentTermsInput(perPerson)).toEqual({ depositKind: "perPerson", depositPerPerson: "10000", balanceDaysBefore: 45 });
    expect(paymentTermsSchema.parse(paymentTermsInput({ deposit: { kind: "perPerson", amountPaise: 7_500_50 }, balanceDaysBefore: 0 }))).toEqual({
      deposit: { kind: "perPerson", amountPaise: 7_500_50 },
      balanceDaysBefore: 0,
    });
    expect(paymentTermsText(perPerson)).toBe("₹10,000 a traveller on confirmation, the balance 45 days before departure");
    expect(paymentTermsText(null)).toBe("25% on confirmation, the balance 30 days before departure");
  });

  it("read a package's terms, the per-person deposit typed in rupees", () => {
    expect(paymentTermsSchema.parse({ depositKind: "percent", depositPercent: "25", balanceDaysBefore: "30" })).toEqual(DEFAULT_PAYMENT_TERMS);
    expect(paymentTermsSchema.parse({ depositKind: "perPerson", depositPerPerson: "10,000", balanceDaysBefore: "" })).toEqual({
      deposit: { kind: "perPerson", amountPaise: 10_000_00 },
      balanceDaysBefore: 30,
    });
    const refused = paymentTermsSchema.safeParse({ depositKind: "percent", depositPercent: "0", balanceDaysBefore: "400" });
    expect(refused.error?.issues.map((issue) => [issue.path.join("."), issue.message])).toEqual([
      ["depositPercent", "Enter a percentage from 1 to 100."],
      ["balanceDaysBefore", "Enter a number of days from 0 to 365."],
    ]);
  });
});
