// ADR 122: a TCS rule taking effect prices the rest of every open booking at it, at the Indian midnight that starts
// its date. An overseas ₹1,04,500 booking in Maharashtra with a PAN (the supply ₹1,09,725.00: GST 5% ₹5,225.00),
// a deposit at 2%, then a test rule of 1% from 1 March 2027. Every figure by hand; a fixed clock throughout.
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bookingTimeline } from "~/server/booking/booking-queries.server";
import { getDb, type Db } from "~/server/db/db.server";
import { bookings, jobs, siteSettings, taxDocuments } from "~/server/db/schema.server";
import type { Job } from "~/server/jobs/worker.server";
import { bookingMoney } from "~/server/payment-ledger/booking-money.server";
import { recordPayment } from "~/server/payment-ledger/ledger-write.server";
import { reminderEmail } from "~/server/payment-ledger/payment-reminder-jobs.server";
import { followBookingTotal } from "~/server/payment-ledger/schedule-write.server";
import { tcsReworkNotice } from "~/server/settings/business-page.server";
import { addTaxRule, withdrawTaxRule } from "~/server/tax/tax-rules-admin.server";
import { AGENCY_IN_PUNE, bookablePackages } from "../../../tests/support/booking-fixtures";
import { APRIL_BATCH, bookAshaRao, priceForTcsTests, tcsRuleInput, TRAVELLER_IN_PUNE } from "../../../tests/support/overseas-booking";
import { rs } from "../../../tests/support/tax-figures";
import { closeTestDatabase, openTestDatabase } from "../../../tests/support/test-db";
import { lockBookingRow } from "./document-billing.server";
import { loadIssueContext } from "./document-context.server";
import { invoiceFiguresToday, issueDocument } from "./document-issue.server";
import { countOpenTcsBookings, openTcsBookingIds, tcsReworkHandler } from "./tcs-rework.server";

let db: Db;
let overseasId: number;
let domesticId: number;
const asha = { id: null, email: "asha@agency.example", name: "Asha Staff" };
const ctx = { viewer: asha, ip: null };
const PUNE = { ...TRAVELLER_IN_PUNE, pan: "ABCPK1234F" };
/** 11:30 in India on an Indian date. */
const at = (date: string) => new Date(`${date}T06:00:00Z`);
const render = async (snapshot: { number: string }) => Buffer.from(`%PDF ${snapshot.number}`);
const tcsRule = (effectiveFrom: string, rate: string) => tcsRuleInput({ effectiveFrom, rate });

beforeAll(async () => {
  db = await openTestDatabase({ seeded: true });
  [overseasId, domesticId] = (await bookablePackages(db, APRIL_BATCH, 2)) as [number, number];
  await priceForTcsTests(db, overseasId);
  await priceForTcsTests(db, domesticId, { overseas: false });
  await db.update(siteSettings).set(AGENCY_IN_PUNE);
});
afterAll(closeTestDatabase);

const book = (packageId: number, now: Date) => bookAshaRao(packageId, { actor: asha, now }, PUNE);
async function payWithReceipt(bookingId: number, amountPaise: number, on: string) {
  const paid = await recordPayment(bookingId, { amountPaise, receivedOn: on, method: "cash", reference: null }, asha, at(on));
  if (!paid.ok) throw new Error(paid.message);
  const issued = await issueDocument(bookingId, { kind: "receipt", paymentId: paid.entry.id }, asha, at(on), { render, followTotal: followBookingTotal });
  if (!issued.ok) throw new Error(issued.message);
  return (await db.select({ snapshot: taxDocuments.snapshot }).from(taxDocuments).where(eq(taxDocuments.id, issued.document.id)))[0]!.snapshot;
}
const amounts = async (id: number) => {
  const [booking] = await db.select().from(bookings).where(eq(bookings.id, id));
  const money = await bookingMoney(db, booking!, at("2027-01-10"));
  return { tcs: booking!.tcsPaise, schedule: money.schedule.lines.map((line) => line.amountPaise), owing: money.state.owingPaise };
};
const invoiceDueNow = (id: number, on: string) =>
  getDb().transaction(async (tx) => {
    const booking = await lockBookingRow(tx as unknown as Db, id);
    return invoiceFiguresToday(await loadIssueContext(tx as unknown as Db, booking!, at(on))).dueNow;
  });
/** The rework jobs queued, by their once-keys. */
const reworkJobs = () => db.select().from(jobs).where(eq(jobs.type, "tax.tcs-rework")).orderBy(jobs.id);
/** Runs the queued job's handler as the worker would, with the clock at `now`: the bookings that moved. */
async function runJob(row: typeof jobs.$inferSelect, now: Date): Promise<string[]> {
  const logged: unknown[] = [];
  const logger = { info: (fields: unknown) => logged.push(fields) } as never;
  const job: Job = { id: row.id, type: row.type, subject: null, payload: row.payload, attempts: 0, onceKey: row.onceKey, createdAt: row.createdAt };
  await tcsReworkHandler({ clock: { now: () => now }, followTotal: followBookingTotal }).handle(job, { signal: new AbortController().signal, logger });
  return logged.map((fields) => String((fields as { moved: number }).moved));
}

describe("a TCS rule taking effect prices the rest of the open bookings at it", () => {
  it("changes nothing before its date; at its Indian midnight the balance follows the new rate once; the completing payment is accepted", async () => {
    // With the PAN: 2% of ₹1,09,725.00 = ₹2,194.50; total ₹1,11,919.50; deposit ₹28,803.00 (as when made without the PAN),
    // balance ₹1,11,919.50 − ₹28,803.00 = ₹83,116.50.
    const booking = await book(overseasId, at("2027-01-10"));
    const domestic = await book(domesticId, at("2027-01-10"));
    // The deposit at 2%: ₹28,803.00 ÷ 1.02 = ₹28,238.2353 → ₹28,238.24 for the trip, TCS ₹564.76 (₹28,238.24 × 2% = ₹564.7648).
    const deposit = await payWithReceipt(booking.id, rs("28,803.00"), "2027-01-10");
    expect(deposit.figures).toMatchObject({ advance: { amount: rs("28,238.24") }, tcs: { amount: rs("564.76") } });
    // The rest ₹1,09,725.00 − ₹28,238.24 = ₹81,486.76 at 2%: ₹1,629.7352 → ₹1,629.74; ₹564.76 + ₹1,629.74 = ₹2,194.50.
    expect(await amounts(booking.id)).toEqual({ tcs: rs("2,194.50"), schedule: [rs("28,803.00"), rs("83,116.50")], owing: rs("83,116.50") });
    // The domestic booking asks no TCS: it is not an open TCS booking.
    expect(await openTcsBookingIds(db)).toEqual([booking.id]);
    expect(domestic.tcsPaise).toBe(0);

    // A 3% rule for 1 February, added on 12 January and withdrawn on 13 January (a mistake): its job is queued for
    // 00:00 on 1 February in India (31 January, 18:30 UTC); withdrawing a rule not yet in force queues nothing more.
    const mistake = await addTaxRule(tcsRule("2027-02-01", "3"), ctx, at("2027-01-12"));
    if (!mistake.ok) throw new Error(mistake.message);
    expect(await withdrawTaxRule(mistake.id, "Typed the wrong date.", ctx, at("2027-01-13"))).toEqual({ ok: true, id: mistake.id, reworksOpenBookings: false });
    const [mistaken] = await reworkJobs();
    expect(mistaken).toMatchObject({ runAt: new Date("2027-01-31T18:30:00Z"), payload: { ruleId: mistake.id, effectiveFrom: "2027-02-01" } });
    // It runs on 1 February, reads the rules again and finds the 2% rule still in force: nothing moves.
    expect(await runJob(mistaken!, new Date("2027-01-31T18:30:00Z"))).toEqual(["0"]);
    expect((await amounts(booking.id)).schedule).toEqual([rs("28,803.00"), rs("83,116.50")]);

    // The accountant adds 1% from 1 March 2027 on 15 January: the notice counts the one open booking; the job is for
    // 00:00 on 1 March in India (28 February, 18:30 UTC), not now.
    const added = await addTaxRule(tcsRule("2027-03-01", "1"), ctx, at("2027-01-15"));
    if (!added.ok) throw new Error(added.message);
    expect(tcsReworkNotice("2027-03-01", await countOpenTcsBookings(), "2027-01-15")).toBe(
      "From 1 Mar 2027, 1 open booking will ask TCS at this rule on what is left to pay.",
    );
    const [job] = await db
      .select()
      .from(jobs)
      .where(and(eq(jobs.type, "tax.tcs-rework"), eq(jobs.onceKey, `tax.tcs-rework:added:${added.id}`)));
    expect(job).toMatchObject({ runAt: new Date("2027-02-28T18:30:00Z"), status: "pending", payload: { effectiveFrom: "2027-03-01" } });

    // Before its date (23:59 on 28 February in India), even run early, nothing moves.
    expect(await runJob(job!, new Date("2027-02-28T18:29:00Z"))).toEqual(["0"]);
    expect(await amounts(booking.id)).toMatchObject({ tcs: rs("2,194.50"), schedule: [rs("28,803.00"), rs("83,116.50")] });

    // At 00:00 on 1 March: the ₹564.76 collected stays; the rest ₹81,486.76 at 1% is ₹814.8676 → ₹814.87.
    // TCS ₹564.76 + ₹814.87 = ₹1,379.63; total ₹1,09,725.00 + ₹1,379.63 = ₹1,11,104.63;
    // balance ₹1,11,104.63 − ₹28,803.00 = ₹82,301.63 (= ₹83,116.50 − (₹1,629.74 − ₹814.87 = ₹814.87)).
    expect(await runJob(job!, new Date("2027-02-28T18:30:00Z"))).toEqual(["1"]);
    expect(await amounts(booking.id)).toEqual({ tcs: rs("1,379.63"), schedule: [rs("28,803.00"), rs("82,301.63")], owing: rs("82,301.63") });
    const timeline = await bookingTimeline(booking.id);
    const moved = timeline.filter((entry) => entry.text.startsWith("TCS worked out again"));
    expect(moved).toEqual([
      expect.objectContaining({
        who: "Pravas (automatic)",
        text: "TCS worked out again at the rule from 1 Mar 2027 (1%)",
        details: ["On the ₹81,486.76 left to pay: TCS ₹2,194.50 → ₹1,379.63", "Payment schedule: Balance ₹83,116.50 → ₹82,301.63"],
      }),
    ]);
    // A second run (another server, a retried try) finds nothing to change: no second entry.
    expect(await runJob(job!, new Date("2027-02-28T18:31:00Z"))).toEqual(["0"]);
    expect((await bookingTimeline(booking.id)).filter((entry) => entry.text.startsWith("TCS worked out again"))).toHaveLength(1);
    expect((await amounts(booking.id)).tcs).toBe(rs("1,379.63"));

    // The reminder the day before the balance's due date (2 March) asks the new balance; so does the invoice.
    const reminder = await reminderEmail({ bookingId: booking.id, lineKey: "BAL", dueOn: "2027-03-02", daysBefore: 1 }, at("2027-03-01"));
    expect(reminder?.text).toContain("am=82301.63");
    expect(await invoiceDueNow(booking.id, "2027-03-01")).toBe(rs("82,301.63"));

    // The balance paid as asked on 1 March: ₹81,486.76 for the trip and TCS 1% ₹814.87 (₹81,486.76 + ₹814.87 = ₹82,301.63).
    const balance = await payWithReceipt(booking.id, rs("82,301.63"), "2027-03-01");
    expect(balance.figures).toMatchObject({
      advance: { amount: rs("81,486.76") },
      tcs: { amount: rs("814.87"), lines: [{ base: rs("81,486.76"), rateBps: 100, amount: rs("814.87") }] },
    });
    // The TCS asked, ₹1,379.63, is what the two receipts collected (₹564.76 + ₹814.87); nothing is owed or open.
    expect(await amounts(booking.id)).toEqual({ tcs: rs("1,379.63"), schedule: [rs("28,803.00"), rs("82,301.63")], owing: 0 });
    expect(await openTcsBookingIds(db)).toEqual([]);
    expect(await issueDocument(booking.id, { kind: "tax-invoice" }, asha, at("2027-03-01"), { render, followTotal: followBookingTotal })).toMatchObject({
      ok: true,
    });
    expect(await invoiceDueNow(booking.id, "2027-03-01")).toBe(0);

    // The 1% rule withdrawn on 2 March, once in force: the 2% rule is in force again, so a rework is queued for now
    // (11:30 in India). The booking is paid for: it is not open, and what its receipts collected stays (₹1,379.63).
    expect(await withdrawTaxRule(added.id, "The Finance Act was not passed.", ctx, at("2027-03-02"))).toEqual({
      ok: true,
      id: added.id,
      reworksOpenBookings: true,
    });
    const [again] = await db
      .select()
      .from(jobs)
      .where(eq(jobs.onceKey, `tax.tcs-rework:withdrawn:${added.id}`));
    expect(again).toMatchObject({ runAt: at("2027-03-02"), payload: { effectiveFrom: "2027-03-01" } });
    expect(await runJob(again!, at("2027-03-02"))).toEqual(["0"]);
    expect((await amounts(booking.id)).tcs).toBe(rs("1,379.63"));
  });
});
