import { z } from "zod";
import { addDays, isCalendarDate } from "./calendar-date";
import { MAX_AMOUNT_PAISE, isPaise, rupeeAmountSchema } from "./money";
import { formatPaise } from "./price";

/**
 * A booking's payment schedule (issue 46, ADR 090): the package's default
 * terms (a deposit due on confirmation, the balance N days before departure)
 * copied to the booking, then edited by the team. Pure and isomorphic: the
 * booking page shows an edit's effect before it is saved, and the action
 * applies the same function.
 *
 * The invariant every function here keeps: the lines add up to the booking's
 * total, exactly one of them is the balance, and the balance is the last to
 * fall due and is whatever the other lines leave of the total, so a change of
 * the total moves the balance and nothing else (unless the total falls below
 * the other lines).
 */

/** A deposit per package: a share of the booking's total, or a fixed amount per traveller. */
export type DepositTerm = { kind: "percent"; percent: number } | { kind: "perPerson"; amountPaise: number };
export type PaymentTerms = { deposit: DepositTerm; balanceDaysBefore: number };

/** A package without terms of its own: 25% on confirmation, the balance 30 days before departure. */
export const DEFAULT_PAYMENT_TERMS: PaymentTerms = { deposit: { kind: "percent", percent: 25 }, balanceDaysBefore: 30 };

export const BALANCE_DAYS_MAX = 365;
/** A deposit, some instalments and the balance: more would be a payment plan, not a schedule. */
export const SCHEDULE_LINES_MAX = 12;

export type ScheduleLineKind = "deposit" | "instalment" | "balance";
/** One amount due: `dueOn` is an Indian date (yyyy-mm-dd); the line is payable until that day ends. */
export type ScheduleLine = { key: string; kind: ScheduleLineKind; dueOn: string; amountPaise: number };
export type PaymentSchedule = { totalPaise: number; lines: ScheduleLine[] };

const DEPOSIT_KEY = "DEP";
const BALANCE_KEY = "BAL";
const KIND_ORDER: Record<ScheduleLineKind, number> = { deposit: 0, instalment: 1, balance: 2 };

/** Lines in the order they fall due; on one day the deposit first and the balance last. */
function inDueOrder(lines: ScheduleLine[]): ScheduleLine[] {
  return [...lines].sort(
    (a, b) => a.dueOn.localeCompare(b.dueOn) || KIND_ORDER[a.kind] - KIND_ORDER[b.kind] || a.key.localeCompare(b.key, "en", { numeric: true }),
  );
}

const sum = (lines: ScheduleLine[]) => lines.reduce((total, line) => total + line.amountPaise, 0);
const balanceOf = (schedule: PaymentSchedule) => schedule.lines.find((line) => line.kind === "balance");

/** The deposit the terms ask of a booking: a percentage is rounded to the nearest rupee. */
function depositFor(terms: PaymentTerms, totalPaise: number, travellers: number): number {
  if (terms.deposit.kind === "percent") return Math.round((totalPaise * terms.deposit.percent) / 10_000) * 100;
  return terms.deposit.amountPaise * travellers;
}

/**
 * A new booking's schedule from its package's terms: the deposit due on the
 * day of confirmation and the balance `balanceDaysBefore` days before
 * departure. One line, the full amount on confirmation, when the deposit
 * would be all of it or the balance's day has already come.
 */
export function scheduleFromTerms(input: {
  terms: PaymentTerms;
  totalPaise: number;
  travellers: number;
  confirmedOn: string;
  departureOn: string;
}): PaymentSchedule {
  const { terms, totalPaise, travellers, confirmedOn, departureOn } = input;
  if (!isPaise(totalPaise)) throw new RangeError(`Not a total in paise: ${totalPaise}`);
  if (!Number.isInteger(travellers) || travellers < 1) throw new RangeError(`Not a number of travellers: ${travellers}`);
  if (!isCalendarDate(confirmedOn)) throw new RangeError(`Not a yyyy-mm-dd date: ${confirmedOn}`);
  const deposit = depositFor(terms, totalPaise, travellers);
  const balanceDue = addDays(departureOn, -terms.balanceDaysBefore);
  if (deposit <= 0 || deposit >= totalPaise || balanceDue <= confirmedOn) {
    return { totalPaise, lines: [{ key: BALANCE_KEY, kind: "balance", dueOn: confirmedOn, amountPaise: totalPaise }] };
  }
  return {
    totalPaise,
    lines: [
      { key: DEPOSIT_KEY, kind: "deposit", dueOn: confirmedOn, amountPaise: deposit },
      { key: BALANCE_KEY, kind: "balance", dueOn: balanceDue, amountPaise: totalPaise - deposit },
    ],
  };
}

/** "Deposit", "Instalment 2", "Balance", or "Full payment" when it is the only line. */
export function scheduleLineLabel(schedule: PaymentSchedule, line: ScheduleLine): string {
  if (line.kind === "deposit") return "Deposit";
  if (line.kind === "balance") return schedule.lines.length === 1 ? "Full payment" : "Balance";
  return `Instalment ${line.key.slice(1)}`;
}

export type ScheduleEdit =
  | { op: "set-amount"; key: string; amountPaise: number }
  | { op: "set-due-date"; key: string; dueOn: string }
  | { op: "add-instalment"; amountPaise: number; dueOn: string }
  | { op: "remove"; key: string };

export type ScheduleEditResult = { ok: true; schedule: PaymentSchedule } | { ok: false; message: string };

const shortDate = new Intl.DateTimeFormat("en-IN", { day: "numeric", month: "short", year: "numeric", timeZone: "UTC" });
const showDate = (date: string) => shortDate.format(new Date(`${date}T00:00:00Z`));

/** The lines other than the balance, with the balance made what they leave of the total. */
function withBalance(schedule: PaymentSchedule, others: ScheduleLine[]): ScheduleEditResult {
  const balance = balanceOf(schedule);
  if (!balance) throw new Error("A payment schedule without a balance line");
  const left = schedule.totalPaise - sum(others);
  if (left < 0) {
    return {
      ok: false,
      message: `These payments would come to ${formatPaise(sum(others))} before the balance, more than the total of ${formatPaise(schedule.totalPaise)}.`,
    };
  }
  return { ok: true, schedule: { totalPaise: schedule.totalPaise, lines: inDueOrder([...others, { ...balance, amountPaise: left }]) } };
}

function checkAmount(amountPaise: number): string | null {
  if (!Number.isSafeInteger(amountPaise) || amountPaise <= 0) return "Enter an amount more than ₹0.";
  if (amountPaise > MAX_AMOUNT_PAISE) return `An amount can be at most ${formatPaise(MAX_AMOUNT_PAISE)} (₹1 crore).`;
  return null;
}

/** Whether a line (not the balance) may fall due on `dueOn`: not after the balance. */
function checkDueBeforeBalance(schedule: PaymentSchedule, dueOn: string): string | null {
  if (!isCalendarDate(dueOn)) return "Choose a date that exists.";
  const balance = balanceOf(schedule);
  if (balance && dueOn > balance.dueOn)
    return `The balance (${showDate(balance.dueOn)}) is the last payment: choose a date on or before it, or move the balance first.`;
  return null;
}

/** One change by the team. A refused change says why and leaves the schedule as it was. */
export function editSchedule(schedule: PaymentSchedule, edit: ScheduleEdit): ScheduleEditResult {
  const others = schedule.lines.filter((line) => line.kind !== "balance");
  const line = "key" in edit ? schedule.lines.find((candidate) => candidate.key === edit.key) : undefined;
  if ("key" in edit && !line) return { ok: false, message: "That payment is no longer in the schedule: reload the page." };
  const refuse = (message: string | null): ScheduleEditResult | null => (message ? { ok: false, message } : null);

  switch (edit.op) {
    case "set-amount": {
      if (line?.kind === "balance") return { ok: false, message: "The balance is what the other payments leave of the total: change one of them instead." };
      return (
        refuse(checkAmount(edit.amountPaise)) ??
        withBalance(
          schedule,
          others.map((other) => (other.key === edit.key ? { ...other, amountPaise: edit.amountPaise } : other)),
        )
      );
    }
    case "set-due-date": {
      if (line?.kind === "balance") {
        if (!isCalendarDate(edit.dueOn)) return { ok: false, message: "Choose a date that exists." };
        const latest = others.reduce((date, other) => (other.dueOn > date ? other.dueOn : date), "");
        if (edit.dueOn < latest) return { ok: false, message: `The balance is the last payment: choose ${showDate(latest)} or later.` };
        return {
          ok: true,
          schedule: { ...schedule, lines: inDueOrder(schedule.lines.map((other) => (other.key === edit.key ? { ...other, dueOn: edit.dueOn } : other))) },
        };
      }
      return (
        refuse(checkDueBeforeBalance(schedule, edit.dueOn)) ??
        withBalance(
          schedule,
          others.map((other) => (other.key === edit.key ? { ...other, dueOn: edit.dueOn } : other)),
        )
      );
    }
    case "add-instalment": {
      if (schedule.lines.length >= SCHEDULE_LINES_MAX) return { ok: false, message: `A schedule has at most ${SCHEDULE_LINES_MAX} payments.` };
      const refused = refuse(checkAmount(edit.amountPaise)) ?? refuse(checkDueBeforeBalance(schedule, edit.dueOn));
      if (refused) return refused;
      const number = 1 + Math.max(0, ...others.filter((other) => other.kind === "instalment").map((other) => Number(other.key.slice(1))));
      return withBalance(schedule, [...others, { key: `I${number}`, kind: "instalment", dueOn: edit.dueOn, amountPaise: edit.amountPaise }]);
    }
    case "remove": {
      if (line?.kind === "balance") return { ok: false, message: "The balance cannot be removed: it is what the other payments leave of the total." };
      return withBalance(
        schedule,
        others.filter((other) => other.key !== edit.key),
      );
    }
  }
}

export type LineChange = { key: string; fromPaise: number; toPaise: number };

/**
 * The booking's total changed (a traveller added, a discount): the balance
 * follows. When the new total is less than the other lines, they are cut
 * from the last to fall due back, and a line cut to nothing is removed.
 * `changes` lists every line whose amount moved, for the notice the team sees
 * ("Balance: ₹1,56,750 → ₹2,09,000").
 */
export function followTotal(schedule: PaymentSchedule, totalPaise: number): { schedule: PaymentSchedule; changes: LineChange[] } {
  if (!isPaise(totalPaise)) throw new RangeError(`Not a total in paise: ${totalPaise}`);
  const balance = balanceOf(schedule);
  if (!balance) throw new Error("A payment schedule without a balance line");
  const others = inDueOrder(schedule.lines.filter((line) => line.kind !== "balance"));
  let excess = Math.max(0, sum(others) - totalPaise);
  const kept: ScheduleLine[] = [];
  const changes: LineChange[] = [];
  for (const line of others.reverse()) {
    const cut = Math.min(line.amountPaise, excess);
    excess -= cut;
    if (cut > 0) changes.push({ key: line.key, fromPaise: line.amountPaise, toPaise: line.amountPaise - cut });
    if (line.amountPaise - cut > 0) kept.push({ ...line, amountPaise: line.amountPaise - cut });
  }
  const left = totalPaise - sum(kept);
  if (left !== balance.amountPaise) changes.unshift({ key: balance.key, fromPaise: balance.amountPaise, toPaise: left });
  return { schedule: { totalPaise, lines: inDueOrder([...kept, { ...balance, amountPaise: left }]) }, changes };
}

/** What is wrong with a schedule, if anything: for data read back and for the property tests. */
export function scheduleProblems(schedule: PaymentSchedule): string[] {
  const problems: string[] = [];
  const balances = schedule.lines.filter((line) => line.kind === "balance");
  if (balances.length !== 1) problems.push(`${balances.length} balance lines`);
  if (!isPaise(schedule.totalPaise)) problems.push(`total ${schedule.totalPaise} is not paise`);
  if (sum(schedule.lines) !== schedule.totalPaise) problems.push(`lines add up to ${sum(schedule.lines)}, not ${schedule.totalPaise}`);
  if (schedule.lines.length > SCHEDULE_LINES_MAX) problems.push(`${schedule.lines.length} lines`);
  if (new Set(schedule.lines.map((line) => line.key)).size !== schedule.lines.length) problems.push("two lines share a key");
  for (const line of schedule.lines) {
    if (!isCalendarDate(line.dueOn)) problems.push(`${line.key} is due on ${line.dueOn}`);
    if (!isPaise(line.amountPaise) || (line.kind !== "balance" && line.amountPaise === 0)) problems.push(`${line.key} is ${line.amountPaise}`);
  }
  const balance = balances[0];
  if (balance && schedule.lines.some((line) => line.dueOn > balance.dueOn)) problems.push("a line falls due after the balance");
  const ordered = inDueOrder(schedule.lines);
  if (schedule.lines.some((line, index) => line !== ordered[index])) problems.push("lines are not in due order");
  return problems;
}

const dueOnSchema = z.string({ error: "Choose a date." }).refine(isCalendarDate, "Choose a date that exists.");
const lineKeySchema = z.string().regex(/^(DEP|BAL|I\d{1,2})$/, "That payment is no longer in the schedule: reload the page.");

/** A package's default terms as the editor and the API send them: the deposit per person typed in rupees. */
const typedTermsSchema = z
  .discriminatedUnion(
    "depositKind",
    [
      z.object({
        depositKind: z.literal("percent"),
        depositPercent: z.coerce
          .number({ error: "Enter a percentage from 1 to 100." })
          .int("Enter a whole percentage, from 1 to 100.")
          .min(1, "Enter a percentage from 1 to 100.")
          .max(100, "Enter a percentage from 1 to 100."),
      }),
      z.object({ depositKind: z.literal("perPerson"), depositPerPerson: rupeeAmountSchema }),
    ],
    { error: "Choose a percentage of the total or an amount per traveller." },
  )
  .and(
    z.object({
      balanceDaysBefore: z.preprocess(
        (value) => (value === "" ? undefined : value),
        z.coerce
          .number({ error: `Enter a number of days from 0 to ${BALANCE_DAYS_MAX}.` })
          .int(`Enter a whole number of days from 0 to ${BALANCE_DAYS_MAX}.`)
          .min(0, `Enter a number of days from 0 to ${BALANCE_DAYS_MAX}.`)
          .max(BALANCE_DAYS_MAX, `Enter a number of days from 0 to ${BALANCE_DAYS_MAX}.`)
          .default(DEFAULT_PAYMENT_TERMS.balanceDaysBefore),
      ),
    }),
  )
  .transform((input): PaymentTerms => ({
    deposit: input.depositKind === "percent" ? { kind: "percent", percent: input.depositPercent } : { kind: "perPerson", amountPaise: input.depositPerPerson },
    balanceDaysBefore: input.balanceDaysBefore,
  }));

/** Stored terms (a package's document holds them so) read as the form would send them: the schema is idempotent. */
function isStoredTerms(value: unknown): value is PaymentTerms {
  return typeof value === "object" && value !== null && "deposit" in value && typeof value.deposit === "object";
}

/**
 * A package's terms: as typed in the editor or sent to the API, or as stored
 * (a package's document, its revisions and drafts, is the parsed input and is
 * parsed again when restored or merged, ADR 037).
 */
export const paymentTermsSchema = z.preprocess((value) => (isStoredTerms(value) ? paymentTermsInput(value) : value), typedTermsSchema);

export type PaymentTermsInput = z.input<typeof typedTermsSchema>;

const rupeesText = (paise: number) => (paise % 100 === 0 ? String(paise / 100) : (paise / 100).toFixed(2));

/** Stored terms as the editor's fields and the API send them back (the package's document, ADR 037). */
export function paymentTermsInput(terms: PaymentTerms | null | undefined): PaymentTermsInput {
  const { deposit, balanceDaysBefore } = terms ?? DEFAULT_PAYMENT_TERMS;
  return deposit.kind === "percent"
    ? { depositKind: "percent", depositPercent: deposit.percent, balanceDaysBefore }
    : { depositKind: "perPerson", depositPerPerson: rupeesText(deposit.amountPaise), balanceDaysBefore };
}

/** Terms a package stores: null when they are the defaults, so the package follows DEFAULT_PAYMENT_TERMS. */
export function storedPaymentTerms(terms: PaymentTerms | null | undefined): PaymentTerms | null {
  if (!terms) return null;
  const { deposit, balanceDaysBefore } = DEFAULT_PAYMENT_TERMS;
  const same =
    terms.balanceDaysBefore === balanceDaysBefore &&
    terms.deposit.kind === "percent" &&
    deposit.kind === "percent" &&
    terms.deposit.percent === deposit.percent;
  return same ? null : terms;
}

/** "25% on confirmation, the balance 30 days before departure": the terms in the words of the history and the booking page. */
export function paymentTermsText(terms: PaymentTerms | null | undefined): string {
  const { deposit, balanceDaysBefore } = terms ?? DEFAULT_PAYMENT_TERMS;
  const first = deposit.kind === "percent" ? `${deposit.percent}%` : `${formatPaise(deposit.amountPaise)} a traveller`;
  return `${first} on confirmation, the balance ${balanceDaysBefore} ${balanceDaysBefore === 1 ? "day" : "days"} before departure`;
}

/**
 * The booking page's schedule editor (issue 46): one form per line (its
 * amount, except the balance's, and its date), Remove, and Add an instalment.
 * Amounts typed in rupees; one schema for the form and the action.
 */
export const scheduleFormSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("schedule-line"), key: lineKeySchema, amount: rupeeAmountSchema.optional(), dueOn: dueOnSchema }),
  z.object({ intent: z.literal("schedule-add"), amount: rupeeAmountSchema, dueOn: dueOnSchema }),
  z.object({ intent: z.literal("schedule-remove"), key: lineKeySchema }),
]);
export type ScheduleFormInput = z.output<typeof scheduleFormSchema>;
export const SCHEDULE_INTENTS = ["schedule-line", "schedule-add", "schedule-remove"] as const;

/** The edits a sent form makes of the schedule as it is now: a line's date first, then its amount; nothing for what did not change. */
export function plannedEdits(schedule: PaymentSchedule, input: ScheduleFormInput): ScheduleEdit[] {
  if (input.intent === "schedule-add") return [{ op: "add-instalment", amountPaise: input.amount, dueOn: input.dueOn }];
  if (input.intent === "schedule-remove") return [{ op: "remove", key: input.key }];
  const line = schedule.lines.find((candidate) => candidate.key === input.key);
  if (!line) return [{ op: "remove", key: input.key }];
  const edits: ScheduleEdit[] = [];
  if (input.dueOn !== line.dueOn) edits.push({ op: "set-due-date", key: line.key, dueOn: input.dueOn });
  if (line.kind !== "balance" && input.amount !== undefined && input.amount !== line.amountPaise) {
    edits.push({ op: "set-amount", key: line.key, amountPaise: input.amount });
  }
  return edits;
}
