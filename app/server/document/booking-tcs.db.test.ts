// ADR 120: a booking asks for the TCS its receipts collected (at the rule and PAN state of their own day) plus TCS
// on the rest at today's rule and PAN state. Two walks on an overseas ₹1,04,500 booking in Maharashtra (CGST + SGST,
// the supply ₹1,09,725.00 with GST ₹5,225.00): a PAN saved after the deposit, and a TCS rule between the receipts.
// The invoice, the schedule, a reminder's UPI amount and the trip page agree to the paisa. Every figure by hand.
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getDb, type Db } from "~/server/db/db.server";
import { activity, bookings, siteSettings, taxDocuments, taxRules } from "~/server/db/schema.server";
import { recordPayment } from "~/server/payment-ledger/ledger-write.server";
import { bookingMoney } from "~/server/payment-ledger/booking-money.server";
import { reminderEmail } from "~/server/payment-ledger/payment-reminder-jobs.server";
import { followBookingTotal } from "~/server/payment-ledger/schedule-write.server";
import { TAX_RULES_SEED } from "~/server/tax/tax-rules-seed.server";
import { taxRuleRow } from "~/server/tax/tax-store.server";
import { loadTripPage } from "~/server/trip/trip-page.server";
import { AGENCY_IN_PUNE, bookablePackages } from "../../../tests/support/booking-fixtures";
import { APRIL_BATCH, bookAshaRao, priceForTcsTests, TRAVELLER_IN_PUNE } from "../../../tests/support/overseas-booking";
import { closeTestDatabase, openTestDatabase } from "../../../tests/support/test-db";
import { rs } from "../../../tests/support/tax-figures";
import { lockBookingRow, updateBillingDetails } from "./document-billing.server";
import { loadIssueContext } from "./document-context.server";
import { invoiceFiguresToday, issueDocument, type IssueRequest } from "./document-issue.server";
import { cancelDocument } from "./documents.server";

let db: Db;
let overseasId: number;
const asha = { id: null, email: "asha@agency.example", name: "Asha Staff" };
const PAN = "ABCPK1234F";
/** 11:30 in India on an Indian date. */
const at = (date: string) => new Date(`${date}T06:00:00Z`);
/** The cheapest PDF: these tests read the figures, not the drawing. */
const render = async (snapshot: { number: string }) => Buffer.from(`%PDF ${snapshot.number}`);

beforeAll(async () => {
  db = await openTestDatabase({ seeded: true });
  [overseasId] = (await bookablePackages(db, APRIL_BATCH, 1)) as [number];
  await priceForTcsTests(db, overseasId);
  await db.update(siteSettings).set(AGENCY_IN_PUNE);
});
afterAll(closeTestDatabase);

const book = (billing: Parameters<typeof updateBillingDetails>[1], now: Date) => bookAshaRao(overseasId, { actor: asha, now }, billing);
async function payWithReceipt(bookingId: number, amountPaise: number, on: string) {
  const paid = await recordPayment(bookingId, { amountPaise, receivedOn: on, method: "cash", reference: null }, asha, at(on));
  if (!paid.ok) throw new Error(paid.message);
  return receiptFor(bookingId, paid.entry.id, on);
}
async function receiptFor(bookingId: number, paymentId: number, on: string) {
  const issued = await issue(bookingId, { kind: "receipt", paymentId }, on);
  if (!issued.ok) throw new Error(issued.message);
  const [stored] = await db.select({ id: taxDocuments.id, snapshot: taxDocuments.snapshot }).from(taxDocuments).where(eq(taxDocuments.id, issued.document.id));
  return { ...stored!.snapshot, id: stored!.id, paymentId };
}
const issue = (bookingId: number, request: IssueRequest, on: string) =>
  issueDocument(bookingId, request, asha, at(on), { render, followTotal: followBookingTotal });
const row = async (id: number) => (await db.select().from(bookings).where(eq(bookings.id, id)))[0]!;
const amounts = async (id: number) => {
  const booking = await row(id);
  const money = await bookingMoney(db, booking, at("2027-01-10"));
  return {
    taxes: [booking.totalPaise, booking.gstPaise, booking.tcsPaise],
    schedule: money.schedule.lines.map((line) => line.amountPaise),
    owing: money.state.owingPaise,
  };
};
/** What the tax invoice would ask now, were it issued today (the issuing code's own figures, nothing stored). */
const invoiceDueNow = (id: number, on: string) =>
  getDb().transaction(async (tx) => {
    const booking = await lockBookingRow(tx as unknown as Db, id);
    return invoiceFiguresToday(await loadIssueContext(tx as unknown as Db, booking!, at(on))).dueNow;
  });

describe("a PAN saved after the deposit: what the booking asks is what its documents collect", () => {
  it("keeps the deposit's 5% TCS and asks 2% on the rest; the invoice, the schedule, a reminder and the trip page agree; the invoice asks ₹0.00", async () => {
    const booking = await book(TRAVELLER_IN_PUNE, at("2027-01-10"));
    // No PAN: 5% TCS on ₹1,09,725.00 = ₹5,486.25, ₹1,15,211.25 in all; deposit 25% (₹28,802.8125) → ₹28,803.00, balance ₹86,408.25.
    expect(await amounts(booking.id)).toMatchObject({
      taxes: [rs("1,04,500.00"), rs("5,225.00"), rs("5,486.25")],
      schedule: [rs("28,803.00"), rs("86,408.25")],
    });

    // The deposit, paid without a PAN: ₹27,431.43 for the trip and TCS 5%, ₹1,371.57 (₹27,431.43 × 5% = ₹1,371.5715).
    const deposit = await payWithReceipt(booking.id, rs("28,803.00"), "2027-01-10");
    expect(deposit.figures).toMatchObject({
      kind: "receipt-voucher",
      advance: { amount: rs("27,431.43") },
      tcs: { pan: null, amount: rs("1,371.57"), lines: [{ base: rs("27,431.43"), rateBps: 500, amount: rs("1,371.57") }] },
    });
    // The rest, ₹1,09,725.00 − ₹27,431.43 = ₹82,293.57, at 5%: ₹4,114.6785 → ₹4,114.68; ₹1,371.57 + ₹4,114.68 = ₹5,486.25: unchanged.
    expect((await amounts(booking.id)).taxes[2]).toBe(rs("5,486.25"));

    // The PAN saved on 12 January: the ₹1,371.57 collected stays; the rest ₹82,293.57 at 2% is ₹1,645.8714 → ₹1,645.87.
    // TCS ₹1,371.57 + ₹1,645.87 = ₹3,017.44; the total ₹1,04,500.00 + ₹5,225.00 + ₹3,017.44 = ₹1,12,742.44;
    // the balance ₹1,12,742.44 − ₹28,803.00 = ₹83,939.44 (2% of the whole would have asked ₹83,116.50: ₹822.94 short).
    const saved = await updateBillingDetails(
      booking.id,
      { ...TRAVELLER_IN_PUNE, pan: PAN },
      { actor: asha, now: at("2027-01-12") },
      { followTotal: followBookingTotal },
    );
    expect(saved).toMatchObject({ ok: true, scheduleChange: { text: "Balance ₹86,408.25 → ₹83,939.44" } });
    // The timeline (in the personal-data export, seen by every staff member) names the PAN masked, never in clear.
    const timeline = JSON.stringify(
      await db
        .select()
        .from(activity)
        .where(eq(activity.subjectId, String(booking.id))),
    );
    expect(timeline).toContain(`"to":"XXXX234F","from":"","field":"pan"`);
    expect(timeline).not.toContain(PAN);
    expect(await amounts(booking.id)).toEqual({
      taxes: [rs("1,04,500.00"), rs("5,225.00"), rs("3,017.44")],
      schedule: [rs("28,803.00"), rs("83,939.44")],
      owing: rs("83,939.44"),
    });
    // The invoice, were it issued now: the net ₹82,293.57 and TCS 2% on it, ₹1,645.87: ₹83,939.44.
    expect(await invoiceDueNow(booking.id, "2027-01-12")).toBe(rs("83,939.44"));
    // The reminder 7 days before the balance's due date (30 days before departure, 2 March 2027): its amount and UPI QR.
    const reminder = await reminderEmail({ bookingId: booking.id, lineKey: "BAL", dueOn: "2027-03-02", daysBefore: 7 }, at("2027-02-23"));
    expect(reminder?.subject).toBe(`Reminder: ₹83,939.44 due by 2 Mar 2027 for your booking ${booking.reference}`);
    expect(reminder?.text).toContain("am=83939.44");
    // The trip page: the total with its breakdown, what is owed, and the balance's UPI amount.
    const trip = await loadTripPage(await row(booking.id), at("2027-01-12"), { document: (id) => `/d/${id}`, itinerary: "/i.pdf" });
    expect(trip.money).toMatchObject({
      total: "₹1,12,742.44",
      breakdown: "₹1,04,500 + GST ₹5,225 + TCS ₹3,017.44",
      paid: "₹28,803",
      owing: "₹83,939.44",
      dues: [{ key: "BAL", amount: "₹83,939.44" }],
    });
    expect(trip.money.dues[0]!.upiUri).toContain("am=83939.44");
    // Its cancellation quote, 79 days before departure: 90% of ₹1,09,725.00 back, a charge of ₹10,972.50, taken from the
    // ₹27,431.43 paid for the trip (₹28,803.00 less the TCS ₹1,371.57, not refunded): ₹16,458.93 would come back.
    expect(trip.cancellation.quote).toMatchObject({ chargePaise: rs("10,972.50"), tcsKeptPaise: rs("1,371.57"), refundPaise: rs("16,458.93") });
    expect(trip.cancellation.quoteText).toContain("Of the ₹28,803 paid, ₹16,458.93 would come back to you. The TCS of ₹1,371.57 collected");

    // The balance paid as asked: ₹82,293.57 for the trip and TCS 2% ₹1,645.87 (₹82,293.57 + ₹1,645.87 = ₹83,939.44).
    const balance = await payWithReceipt(booking.id, rs("83,939.44"), "2027-01-20");
    expect(balance.figures).toMatchObject({
      advance: { amount: rs("82,293.57") },
      tcs: { pan: PAN, amount: rs("1,645.87"), lines: [{ base: rs("82,293.57"), rateBps: 200, amount: rs("1,645.87") }] },
    });
    // Nothing is still due on it: no UPI QR.
    expect(balance.upi).toBeNull();
    // The TCS asked, ₹3,017.44, is what the two receipts collected: ₹1,371.57 + ₹1,645.87.
    expect(await amounts(booking.id)).toEqual({
      taxes: [rs("1,04,500.00"), rs("5,225.00"), rs("3,017.44")],
      schedule: [rs("28,803.00"), rs("83,939.44")],
      owing: 0,
    });
    const invoice = await issue(booking.id, { kind: "tax-invoice" }, "2027-01-20");
    expect(invoice).toMatchObject({ ok: true, document: { kind: "tax-invoice", amountPaise: rs("1,09,725.00") } });
    const invoiced = (
      await db
        .select({ snapshot: taxDocuments.snapshot })
        .from(taxDocuments)
        .where(eq(taxDocuments.id, invoice.ok ? invoice.document.id : 0))
    )[0]!.snapshot;
    // The advances ₹27,431.43 + ₹82,293.57 = ₹1,09,725.00, the whole supply: net ₹0.00, no TCS on a balance, ₹0.00 due.
    expect(invoiced.figures).toMatchObject({ advances: { amount: rs("1,09,725.00") }, net: { amount: 0 }, tcsOnBalance: null, dueNow: 0 });

    // A credit note of ₹10,000.00 after the PAN change: the TCS collected is kept (₹3,017.44, the booking's TCS), and
    // the refund due is of the package's part: paid ₹1,12,742.44 − TCS ₹3,017.44 − (₹1,09,725.00 − ₹10,000.00) = ₹10,000.00.
    const credit = await issue(booking.id, { kind: "credit", reason: "Goodwill: one hotel night changed.", amountPaise: rs("10,000.00") }, "2027-01-25");
    expect(credit).toMatchObject({ ok: true, document: { kind: "credit-note", amountPaise: rs("10,000.00") } });
    const note = (
      await db
        .select({ snapshot: taxDocuments.snapshot })
        .from(taxDocuments)
        .where(eq(taxDocuments.id, credit.ok ? credit.document.id : 0))
    )[0]!.snapshot;
    expect(note.figures).toMatchObject({ refundDue: rs("10,000.00"), tcsKept: rs("3,017.44") });
  });
});

describe("a TCS rule between the receipts: the receipt under the new rule still ends with the TCS asked equal to the TCS collected", () => {
  it("asks the rest at the new rule once a receipt is issued under it, and nothing more once the supply is paid", async () => {
    // Made without a PAN (5% on ₹1,09,725.00: ₹1,15,211.25, deposit ₹28,803.00), the PAN saved the same day: 2% of
    // ₹1,09,725.00 = ₹2,194.50, ₹1,11,919.50 in all; the deposit stays ₹28,803.00, the balance ₹83,116.50.
    const booking = await book({ ...TRAVELLER_IN_PUNE, pan: PAN }, at("2027-01-10"));
    expect(await amounts(booking.id)).toMatchObject({
      schedule: [rs("28,803.00"), rs("83,116.50")],
      taxes: [rs("1,04,500.00"), rs("5,225.00"), rs("2,194.50")],
    });
    // ₹28,238.24 for the trip, TCS ₹564.76 (₹564.7648); the rest ₹81,486.76 at 2%, ₹1,629.7352 → ₹1,629.74:
    // ₹564.76 + ₹1,629.74 = ₹2,194.50, unchanged.
    const deposit = await payWithReceipt(booking.id, rs("28,803.00"), "2027-01-10");
    expect(deposit.figures).toMatchObject({ advance: { amount: rs("28,238.24") }, tcs: { amount: rs("564.76") } });
    expect((await amounts(booking.id)).taxes[2]).toBe(rs("2,194.50"));

    // The accountant adds a TCS rule of 4% from 1 February 2027. The booking is not repriced by it (ADR 115).
    await db.insert(taxRules).values(
      taxRuleRow({
        kind: "tcs",
        rule: { ...TAX_RULES_SEED.tcs.at(-1)!, id: "tcs-test-2027-02-01", effectiveFrom: "2027-02-01", slabs: [{ upTo: null, rateBps: 400 }] },
      }),
    );
    expect((await amounts(booking.id)).schedule).toEqual([rs("28,803.00"), rs("83,116.50")]);

    // The balance, ₹83,116.50, paid on 5 February at 4%: ₹79,919.71 for the trip, TCS ₹3,196.79 (₹3,196.7884).
    const balance = await payWithReceipt(booking.id, rs("83,116.50"), "2027-02-05");
    expect(balance.figures).toMatchObject({
      advance: { amount: rs("79,919.71") },
      tcs: { amount: rs("3,196.79"), lines: [{ rateBps: 400 }] },
    });
    // The rest: ₹1,09,725.00 − ₹28,238.24 − ₹79,919.71 = ₹1,567.05, at 4% ₹62.682 → ₹62.68.
    // TCS ₹564.76 + ₹3,196.79 + ₹62.68 = ₹3,824.23; total ₹1,09,725.00 + ₹3,824.23 = ₹1,13,549.23;
    // still owed ₹1,13,549.23 − ₹28,803.00 − ₹83,116.50 = ₹1,629.73 (= ₹1,567.05 + ₹62.68): the balance line grows by it.
    expect(await amounts(booking.id)).toEqual({
      taxes: [rs("1,04,500.00"), rs("5,225.00"), rs("3,824.23")],
      schedule: [rs("28,803.00"), rs("84,746.23")],
      owing: rs("1,629.73"),
    });
    expect(await invoiceDueNow(booking.id, "2027-02-05")).toBe(rs("1,629.73"));

    // The rest paid: ₹1,567.05 and TCS ₹62.68. The TCS asked, ₹3,824.23, is what the three receipts collected.
    const rest = await payWithReceipt(booking.id, rs("1,629.73"), "2027-02-06");
    expect(rest.figures).toMatchObject({ advance: { amount: rs("1,567.05") }, tcs: { amount: rs("62.68") } });
    expect(await amounts(booking.id)).toMatchObject({ taxes: [rs("1,04,500.00"), rs("5,225.00"), rs("3,824.23")], owing: 0 });
    expect(await issue(booking.id, { kind: "tax-invoice" }, "2027-02-06")).toMatchObject({ ok: true });
    expect(await invoiceDueNow(booking.id, "2027-02-06")).toBe(0);
  });
});

describe("a receipt cancelled", () => {
  it("takes its TCS out of what was collected; the receipt issued again collects at that day's PAN state", async () => {
    const booking = await book(TRAVELLER_IN_PUNE, at("2027-01-10"));
    // As in the first walk: the deposit ₹28,803.00 without a PAN collects ₹1,371.57; the PAN saved, TCS ₹3,017.44.
    const deposit = await payWithReceipt(booking.id, rs("28,803.00"), "2027-01-10");
    await updateBillingDetails(booking.id, { ...TRAVELLER_IN_PUNE, pan: PAN }, { actor: asha, now: at("2027-01-12") }, { followTotal: followBookingTotal });
    expect((await amounts(booking.id)).schedule).toEqual([rs("28,803.00"), rs("83,939.44")]);
    // The voucher cancelled: nothing collected, 2% of ₹1,09,725.00 = ₹2,194.50; the balance ₹1,11,919.50 − ₹28,803.00 = ₹83,116.50.
    expect(await cancelDocument(booking.id, deposit.id, "Issued before the PAN was given.", asha, at("2027-01-12"), followBookingTotal)).toMatchObject({
      ok: true,
    });
    expect(await amounts(booking.id)).toMatchObject({
      taxes: [rs("1,04,500.00"), rs("5,225.00"), rs("2,194.50")],
      schedule: [rs("28,803.00"), rs("83,116.50")],
    });
    // Issued again with the PAN: ₹28,238.24 + TCS 2% ₹564.76 (₹564.7648); the rest ₹81,486.76 at 2% ₹1,629.74 (₹1,629.7352):
    // ₹564.76 + ₹1,629.74 = ₹2,194.50, unchanged.
    const again = await receiptFor(booking.id, deposit.paymentId, "2027-01-12");
    expect(again.figures).toMatchObject({ advance: { amount: rs("28,238.24") }, tcs: { pan: PAN, amount: rs("564.76") } });
    expect(await amounts(booking.id)).toMatchObject({ taxes: [rs("1,04,500.00"), rs("5,225.00"), rs("2,194.50")], owing: rs("83,116.50") });
  });
});
