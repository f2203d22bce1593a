// On both engines (*.pg.db.test.ts): the ledger's rules and its trigger, the UTR index across bookings, and webhooks
// that can't be fooled (issue 46, ADR 090): a replay ×3 is one payment, a tampered body or wrong secret is a 400 with
// nothing stored, an unknown reference or another amount needs a look.
import { eq, sql } from "drizzle-orm";
import ExcelJS from "exceljs";
import jsQR from "jsqr";
import pino from "pino";
import { PNG } from "pngjs";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { parseBookingFilters } from "~/lib/booking-list";
import { listBookings } from "~/server/booking/booking-queries.server";
import type { Mailer, RichEmail } from "~/server/notify/mailer.server";
import { newBookingSchema } from "~/lib/booking-schema";
import { plannedEdits, scheduleFormSchema } from "~/lib/payment-schedule";
import type { GroupDate } from "~/lib/content-types";
import type { Db } from "~/server/db/db.server";
import { activity, bookings, jobs, packages, paymentGatewayEvents, paymentLedger, paymentReferences, siteSettings, taxRules } from "~/server/db/schema.server";
import { createBooking } from "~/server/booking/booking-create.server";
import { getBookingJson, patchBookingJson } from "~/server/booking/booking-api.server";
import type { PaymentGateway } from "~/server/payment/gateway.server";
import { createFakeGateway } from "~/server/payment/fake-gateway.server";
import { createRazorpayGateway } from "~/server/payment/razorpay-gateway.server";
import { hmacSha256Hex } from "~/server/payment/webhook-signature.server";
import { bookablePackages } from "../../../tests/support/booking-fixtures";
import { closeTestDatabase, openTestDatabase } from "../../../tests/support/test-db";
import { bookingMoney } from "./booking-money.server";
import { applyGatewayEvent, markEventHandled, receiveWebhook } from "./gateway-events.server";
import { recordPayment, recordRefund, reverseEntry } from "./ledger-write.server";
import { createPaymentLinkFor } from "./payment-links.server";
import {
  askingForMoney,
  filterAmount,
  moneyDueByBooking,
  moneyDueItems,
  moneyFigures,
  moneyOfBookings,
  moneyOfBookingsDueOn,
  type MoneyOverviewRow,
} from "./money-overview.server";
import { remindersDue } from "~/server/payment/payment-reminders.server";
import { addDays } from "~/lib/calendar-date";
import { indianDate } from "~/lib/follow-up";
import { paymentReminderHandler, PAYMENT_REMINDER_JOB, queueDueReminders } from "./payment-reminder-jobs.server";
import { paymentsCsv, paymentsXlsx } from "./payments-export.server";
import { eventsNeedingALook, overdueReminders, parsePaymentsRange, paymentsInRange, paymentTotals } from "./payments-screen.server";
import { editBookingSchedule } from "./schedule-write.server";

let db: Db;
let packageId: number;
// 10 Jan 2027, 11:30 in India.
const NOW = new Date("2027-01-10T06:00:00Z");
const asha = { id: null, email: "asha@agency.example", name: "Asha Staff" };
const DATES: GroupDate[] = [{ id: "dOpen", name: "Open Batch", start: "2027-04-01", end: "2027-04-07", capacity: 20 }];
const fake = createFakeGateway({ secret: "fake-secret-for-the-db-test-0123456789", siteUrl: "http://pravas.test" });
const razorpay = createRazorpayGateway({ keyId: "rzp_test_AbCdEfGh1234", keySecret: "key-secret", webhookSecret: "razorpay-webhook-secret-0123" });

beforeAll(async () => {
  db = await openTestDatabase({ seeded: true });
  // ₹1,04,500 an adult.
  [packageId] = (await bookablePackages(db, DATES)) as [number];
  await db.update(siteSettings).set({ upiId: "pravas@okicici", upiPayeeName: "Pravas Holidays" });
  // The ledger's own mechanics, on prices without taxes: the rules are withdrawn (never deleted), so a booking asks
  // for its price alone. What a booking asks with its GST and TCS (ADR 115) is booking-taxes.server.test.ts's and
  // tax-documents.pg.db.test.ts's.
  await db.update(taxRules).set({ withdrawnAt: NOW, withdrawnReason: "payments.pg.db.test: prices without taxes" });
});
afterAll(closeTestDatabase);
beforeEach(async () => {
  // The ledger is append-only: only a purge that says so may clear it.
  await db.transaction(async (tx) => {
    await tx.execute(sql`select set_config('pravas.ledger_purge', 'on', true)`);
    await tx.delete(paymentReferences);
    await tx.delete(paymentLedger);
  });
  await db.delete(paymentGatewayEvents);
  await db.delete(bookings);
  await db.delete(jobs).where(sql`${jobs.type} in ('payment.gateway-event', 'payment.reminder')`);
});

async function book(adults = 2) {
  const input = newBookingSchema.parse({
    packageId,
    departureId: "dOpen",
    leadName: "Meera Iyer",
    leadPhone: "98450 12345",
    adults: String(adults),
    room: "twin",
    state: "confirmed",
  });
  const result = await createBooking(input, { actor: asha, now: NOW });
  if (!result.ok) throw new Error(result.message);
  return result.booking;
}
const pay = (bookingId: number, amountPaise: number, reference: string | null, receivedOn = "2027-01-10") =>
  recordPayment(bookingId, { amountPaise, receivedOn, method: reference ? "upi" : "cash", reference }, asha, NOW);

describe("the ledger", () => {
  it("computes the money state from the default terms and what is paid: 25% deposit on the day, balance 30 days before departure", async () => {
    const booking = await book();
    // 2 × ₹1,04,500 = ₹2,09,000: deposit ₹52,250 due 10 Jan 2027, balance ₹1,56,750 due 2 Mar 2027.
    let money = await bookingMoney(db, booking, NOW);
    expect(money.schedule.lines).toEqual([
      { key: "DEP", kind: "deposit", dueOn: "2027-01-10", amountPaise: 52_250_00 },
      { key: "BAL", kind: "balance", dueOn: "2027-03-02", amountPaise: 1_56_750_00 },
    ]);
    expect(money.state.kind).toBe("nothing-paid");
    expect(await pay(booking.id, 52_250_00, "UTR 4123 5678 9012")).toMatchObject({ ok: true });
    money = await bookingMoney(db, booking, NOW);
    expect(money.state).toMatchObject({ kind: "deposit-paid", paidPaise: 52_250_00, owingPaise: 1_56_750_00 });
    // The balance unpaid on 3 Mar 2027 (Indian time): overdue.
    expect((await bookingMoney(db, booking, new Date("2027-03-02T18:30:00Z"))).state).toMatchObject({ kind: "overdue", overduePaise: 1_56_750_00 });
    expect((await bookingMoney(db, booking, new Date("2027-03-02T18:29:59Z"))).state.kind).toBe("deposit-paid");
  });

  it("refuses a date after today (India), a UTR already on a live payment of any booking, and a refund beyond what is paid; nothing is recorded", async () => {
    const first = await book();
    const second = await book(1);
    expect(await pay(first.id, 10_000_00, null, "2027-01-11")).toMatchObject({
      ok: false,
      fields: { receivedOn: "A payment cannot be received after today." },
    });
    expect(await pay(first.id, 10_000_00, "412356789012")).toMatchObject({ ok: true });
    const again = await pay(second.id, 5_000_00, "4123 5678 9012");
    expect(again).toMatchObject({ ok: false, status: 409 });
    if (!again.ok) expect(again.fields.reference).toContain(first.reference);
    expect(
      await recordRefund(first.id, { amountPaise: 10_000_01, paidOn: "2027-01-10", method: "upi", reference: null, reason: "Cancelled one seat" }, asha, NOW),
    ).toMatchObject({
      ok: false,
      fields: { amount: "₹10,000 is paid on this booking, so no more than that can be refunded." },
    });
    const [row] = await db.select({ count: sql<number>`count(*)::int` }).from(paymentLedger);
    expect(row?.count).toBe(1);
  });

  it("corrects by a reversing entry only: the database refuses UPDATE and DELETE, and a reversed payment's UTR may be used again", async () => {
    const booking = await book();
    const typo = await pay(booking.id, 5_225_000, "UTR555");
    if (!typo.ok) throw new Error(typo.message);
    // Drizzle wraps the database's error: its cause is the trigger's message.
    const refusal = (error: unknown) => String((error as Error & { cause?: Error }).cause?.message ?? error);
    expect(
      refusal(
        await db
          .update(paymentLedger)
          .set({ amountPaise: 52_250_00 })
          .where(eq(paymentLedger.id, typo.entry.id))
          .catch((error) => error),
      ),
    ).toMatch(/append-only/);
    expect(
      refusal(
        await db
          .delete(paymentLedger)
          .where(eq(paymentLedger.id, typo.entry.id))
          .catch((error) => error),
      ),
    ).toMatch(/append-only/);
    expect(await reverseEntry(booking.id, { entryId: typo.entry.id, reason: "Typed ₹52,250 as ₹52,250.00 × 100" }, asha, NOW)).toMatchObject({ ok: true });
    expect(await reverseEntry(booking.id, { entryId: typo.entry.id, reason: "Twice" }, asha, NOW)).toMatchObject({
      ok: false,
      message: "This entry is already reversed.",
    });
    expect(await pay(booking.id, 52_250_00, "UTR555")).toMatchObject({ ok: true });
    const money = await bookingMoney(db, booking, NOW);
    expect(money.ledger.map((entry) => entry.kind)).toEqual(["payment", "reversal", "payment"]);
    expect(money.state).toMatchObject({ kind: "deposit-paid", paidPaise: 52_250_00 });
  });
});

describe("the schedule", () => {
  it("copies the package's terms when a booking is made, takes the team's edits that add up, refuses others, and moves the balance with the total", async () => {
    // ₹10,000 a traveller on confirmation, the balance 45 days before the 1 Apr 2027 departure: 15 Feb 2027.
    await db
      .update(packages)
      .set({ paymentTerms: { deposit: { kind: "perPerson", amountPaise: 10_000_00 }, balanceDaysBefore: 45 } })
      .where(eq(packages.id, packageId));
    const booking = await book();
    await db.update(packages).set({ paymentTerms: null }).where(eq(packages.id, packageId));
    const lines = async () => (await bookingMoney(db, booking, NOW)).schedule.lines.map(({ key, dueOn, amountPaise }) => [key, dueOn, amountPaise]);
    // 2 adults × ₹1,04,500 = ₹2,09,000: ₹20,000 deposit (2 × ₹10,000), ₹1,89,000 balance.
    expect(await lines()).toEqual([
      ["DEP", "2027-01-10", 20_000_00],
      ["BAL", "2027-02-15", 1_89_000_00],
    ]);
    const edit = (form: Record<string, string>) => editBookingSchedule(booking.id, (schedule) => plannedEdits(schedule, scheduleFormSchema.parse(form)), asha);
    expect(await edit({ intent: "schedule-add", amount: "50,000", dueOn: "2027-02-01" })).toMatchObject({ ok: true });
    expect(await lines()).toEqual([
      ["DEP", "2027-01-10", 20_000_00],
      ["I1", "2027-02-01", 50_000_00],
      ["BAL", "2027-02-15", 1_39_000_00],
    ]);
    // ₹2,00,000 + ₹50,000 is more than ₹2,09,000: refused beside the amount, nothing stored.
    expect(await edit({ intent: "schedule-line", key: "DEP", amount: "2,00,000", dueOn: "2027-01-10" })).toEqual({
      ok: false,
      status: 400,
      field: "amount",
      message: "These payments would come to ₹2,50,000 before the balance, more than the total of ₹2,09,000.",
    });
    expect(await edit({ intent: "schedule-line", key: "I1", amount: "50000", dueOn: "2027-03-01" })).toMatchObject({ ok: false, field: "dueOn" });
    expect(await edit({ intent: "schedule-line", key: "DEP", amount: "25,000.50", dueOn: "2027-01-12" })).toMatchObject({ ok: true });
    expect(await lines()).toEqual([
      ["DEP", "2027-01-12", 25_000_50],
      ["I1", "2027-02-01", 50_000_00],
      ["BAL", "2027-02-15", 1_33_999_50],
    ]);
    // A third adult through the API: ₹3,13,500, and the balance follows by ₹1,04,500; the answer names both figures and gives the schedule.
    const patch = (body: Record<string, unknown>) =>
      patchBookingJson(
        new Request(`http://pravas.test/api/bookings/${booking.reference}`, {
          method: "PATCH",
          headers: { "content-type": "application/json" },
          body: JSON.stringify(body),
        }),
        booking.reference,
        { actor: asha, now: NOW },
      );
    const third = await patch({ adults: 3 });
    expect(third.status).toBe(200);
    const answer = await third.json();
    expect(answer.price.totalPaise).toBe(3_13_500_00);
    expect(answer.scheduleChange).toEqual({
      text: "Balance ₹1,33,999.50 → ₹2,38,499.50",
      lines: [{ key: "BAL", label: "Balance", fromPaise: 1_33_999_50, toPaise: 2_38_499_50 }],
    });
    const apiLines = (body: { schedule: { lines: { key: string; dueOn: string; amountPaise: number; amount: string; status: string }[] } }) =>
      body.schedule.lines.map((line) => [line.key, line.dueOn, line.amountPaise, line.amount, line.status]);
    expect(apiLines(answer)).toEqual([
      ["DEP", "2027-01-12", 25_000_50, "₹25,000.50", "due"],
      ["I1", "2027-02-01", 50_000_00, "₹50,000", "due"],
      ["BAL", "2027-02-15", 2_38_499_50, "₹2,38,499.50", "due"],
    ]);
    expect(answer.money).toMatchObject({ state: "nothing-paid", owingPaise: 3_13_500_00 });
    // A change that leaves the total alone moves nothing: null. GET gives the same schedule.
    expect((await (await patch({ notes: "Window seats" })).json()).scheduleChange).toBeNull();
    expect(apiLines(await (await getBookingJson(booking.reference, NOW)).json())).toEqual(apiLines(answer));
    expect(await lines()).toEqual([
      ["DEP", "2027-01-12", 25_000_50],
      ["I1", "2027-02-01", 50_000_00],
      ["BAL", "2027-02-15", 2_38_499_50],
    ]);
    const [timeline] = await db
      .select({ count: sql<number>`count(*)::int` })
      .from(activity)
      .where(sql`${activity.kind} = 'payment.schedule-changed' and ${activity.subjectId} = ${String(booking.id)}`);
    expect(timeline?.count).toBe(2);
  });
});

describe("webhooks", () => {
  async function fakeLinkFor(bookingId: number) {
    const made = await createPaymentLinkFor(fake, { bookingId, lineKey: "DEP" }, asha, NOW);
    if (!made.ok) throw new Error(made.message);
    const token = made.link.url.split("/").pop()!;
    const read = fake.readLink(token, NOW);
    if (!read.ok) throw new Error("link unreadable");
    return { row: made.link, link: read.link };
  }
  const deliver = (delivery: { body: string; headers: Record<string, string> }, gateway: PaymentGateway = fake, provider = "fake", now = NOW) =>
    receiveWebhook(gateway, provider, { rawBody: Buffer.from(delivery.body), headers: new Headers(delivery.headers), now });
  const queuedEvents = async () => db.select().from(paymentGatewayEvents);

  it("a fake payment delivered 3 times (and paid twice) records one payment: deposit paid", async () => {
    const booking = await book();
    const { row, link } = await fakeLinkFor(booking.id);
    expect(row).toMatchObject({ reference: `${booking.reference}-DEP-1`, amountPaise: 52_250_00 });
    const delivery = fake.eventFor(link, "pay", NOW);
    const answers = [await deliver(delivery), await deliver(delivery), await deliver(fake.eventFor(link, "pay", NOW))];
    expect(answers.map((answer) => [answer.status, answer.body.duplicate])).toEqual([
      [200, false],
      [200, true],
      [200, true],
    ]);
    const events = await queuedEvents();
    expect(events).toHaveLength(1);
    expect(await applyGatewayEvent(events[0]!.id, NOW)).toBe("applied");
    expect(await applyGatewayEvent(events[0]!.id, NOW)).toBe("applied");
    const money = await bookingMoney(db, booking, NOW);
    expect(money.ledger).toHaveLength(1);
    expect(money.ledger[0]).toMatchObject({ kind: "payment", method: "gateway", amountPaise: 52_250_00 });
    expect(money.state.kind).toBe("deposit-paid");
  });

  it("refuses tampered bodies, wrong secrets, stale times and another provider with nothing stored", async () => {
    const booking = await book();
    const { link } = await fakeLinkFor(booking.id);
    const good = fake.eventFor(link, "pay", NOW);
    const tampered = { ...good, body: good.body.replace(`"amount":${link.amountPaise}`, `"amount":${link.amountPaise + 100}`) };
    expect(tampered.body).not.toBe(good.body);
    const stranger = createFakeGateway({ secret: "another-secret-entirely-0123456789", siteUrl: "http://pravas.test" });
    const answers = [
      await deliver(tampered),
      await deliver(stranger.eventFor(link, "pay", NOW)),
      await deliver(good, fake, "fake", new Date(NOW.getTime() + 6 * 60_000)),
      await deliver({ ...good, headers: { "content-type": "application/json" } }),
    ];
    expect(answers.map((answer) => answer.status)).toEqual([400, 400, 400, 400]);
    expect((await deliver(good, fake, "razorpay")).status).toBe(404);
    expect(await queuedEvents()).toHaveLength(0);
  });

  it("a signed Razorpay payment for an unknown reference, or another amount, needs a look and records nothing", async () => {
    const booking = await book();
    const made = await createPaymentLinkFor(fake, { bookingId: booking.id, lineKey: "DEP" }, asha, NOW);
    if (!made.ok) throw new Error(made.message);
    const paid = (reference: string, amount: number, paymentId: string) =>
      JSON.stringify({
        entity: "event",
        event: "payment_link.paid",
        created_at: Math.floor(NOW.getTime() / 1000) - 5,
        contains: ["payment_link", "payment"],
        payload: {
          payment: { entity: { id: paymentId, amount, currency: "INR", method: "upi", status: "captured" } },
          payment_link: { entity: { id: "plink_X", amount, amount_paid: amount, currency: "INR", reference_id: reference, status: "paid" } },
          order: { entity: { id: "order_X", amount, currency: "INR" } },
        },
      });
    const send = (body: string) =>
      deliver(
        { body, headers: { "content-type": "application/json", "x-razorpay-signature": hmacSha256Hex("razorpay-webhook-secret-0123", body) } },
        razorpay,
        "razorpay",
      );
    expect((await send(paid("PRV-ZZZZZ-DEP-1", 52_250_00, "pay_unknown"))).status).toBe(200);
    expect((await send(paid(made.link.reference, 52_000_00, "pay_short"))).status).toBe(200);
    const events = await queuedEvents();
    expect(events).toHaveLength(2);
    const outcomes = await Promise.all(events.map((event) => applyGatewayEvent(event.id, NOW)));
    expect(outcomes).toEqual(["needs-look", "needs-look"]);
    const stored = await db.select({ problem: paymentGatewayEvents.problem }).from(paymentGatewayEvents).orderBy(paymentGatewayEvents.id);
    expect(stored.map((event) => event.problem)).toEqual(["No payment link of ours has the reference PRV-ZZZZZ-DEP-1.", "Paid ₹52,000 on a link for ₹52,250."]);
    expect((await bookingMoney(db, booking, NOW)).ledger).toHaveLength(0);
    // The Payments screen lists both, newest first, each with what to do and the booking when known.
    const look = await eventsNeedingALook(db);
    expect(look.map((event) => [event.paymentId, event.bookingReference, event.whatToDo.split(":")[0]!.split(".")[0]])).toEqual([
      ["pay_short", booking.reference, "The amount differs from the link's"],
      ["pay_unknown", null, "Find this payment in the gateway's dashboard by its payment id"],
    ]);
    // Marked handled (who, when, what was done): it leaves the list, once; the activity log keeps it.
    const handledAt = new Date("2027-01-10T07:00:00Z");
    expect(await markEventHandled(look[0]!.id, "Recorded ₹52,000 by hand with its UTR", asha, handledAt)).toEqual({ ok: true });
    expect(await markEventHandled(look[0]!.id, "", asha, handledAt)).toEqual({
      ok: false,
      status: 409,
      message: "Asha Staff already marked this event handled.",
    });
    expect(await markEventHandled(999_999, "", asha, handledAt)).toMatchObject({ ok: false, status: 404 });
    expect((await eventsNeedingALook(db)).map((event) => event.paymentId)).toEqual(["pay_unknown"]);
    const [handled] = await db.select().from(paymentGatewayEvents).where(eq(paymentGatewayEvents.id, look[0]!.id));
    expect(handled).toMatchObject({ status: "needs-look", handledAt, handledByName: "Asha Staff", handledNote: "Recorded ₹52,000 by hand with its UTR" });
    const [logged] = await db.select().from(activity).where(eq(activity.kind, "payment.event-handled"));
    expect(logged).toMatchObject({ actorName: "Asha Staff", subjectType: "payment-event", subjectId: String(look[0]!.id) });
    expect(logged!.detail.text).toBe("Marked handled: Paid ₹52,000 on a link for ₹52,250. Recorded ₹52,000 by hand with its UTR");
  });
});

describe("money across bookings (the list, the dashboard, the Payments screen, the reminders)", () => {
  // 25 Feb 2027, 9:30 in India: "due in 7 days" is 25 Feb to 4 Mar.
  const LATER = new Date("2027-02-25T04:00:00Z");
  const withEmail = async (adults: number) => {
    const booking = await book(adults);
    await db.update(bookings).set({ leadEmail: "meera@example.com" }).where(eq(bookings.id, booking.id));
    return booking;
  };
  const listRefs = async (query: string, now = LATER) =>
    (await listBookings(parseBookingFilters(new URL(`http://x/admin/bookings?${query}`)), now)).rows.map((row) => row.reference);

  it("filters overdue and due in 7 days as the booking page computes them, and sums them for the dashboard", async () => {
    // A: ₹2,09,000, nothing paid: the deposit of ₹52,250 (10 Jan) overdue, the balance of ₹1,56,750 (2 Mar) due this week.
    const a = await book(2);
    // B: deposit paid: its balance of ₹1,56,750 due this week. C: ₹1,04,500 paid in full. D: cancelled, asks for nothing.
    const b = await book(2);
    const c = await book(1);
    const d = await book(2);
    await pay(b.id, 52_250_00, "UTR-B-1");
    await pay(c.id, 1_04_500_00, "UTR-C-1");
    await db.update(bookings).set({ state: "cancelled" }).where(eq(bookings.id, d.id));
    expect(await listRefs("money=overdue")).toEqual([a.reference]);
    expect(await listRefs("money=due-7d")).toEqual([b.reference, a.reference]);
    expect(await listRefs("money=due-7d&q=nobody")).toEqual([]);
    const { rows } = await listBookings(parseBookingFilters(new URL("http://x/admin/bookings")), LATER);
    expect(Object.fromEntries(rows.map((row) => [row.reference, row.money && [row.money.state, row.money.overduePaise, row.money.owingPaise]]))).toEqual({
      [a.reference]: ["overdue", 52_250_00, 2_09_000_00],
      [b.reference]: ["deposit-paid", 0, 1_56_750_00],
      [c.reference]: ["paid-in-full", 0, 0],
      [d.reference]: null,
    });
    for (const row of rows.filter((row) => row.money)) {
      const booking = [a, b, c].find((candidate) => candidate.reference === row.reference)!;
      expect(row.money!.state).toBe((await bookingMoney(db, booking, LATER)).state.kind);
    }
    expect(await moneyFigures(db, LATER)).toEqual({
      dueSoon: { amountPaise: 3_13_500_00, bookings: 2 },
      overdue: { amountPaise: 52_250_00, bookings: 1 },
    });
    // The week's edge in Indian time: at 23:59:59 on 22 Feb the window ends on 1 Mar; at 00:00 on 23 Feb (the
    // 7-days-before reminders' morning) it takes in 2 Mar.
    expect((await moneyFigures(db, new Date("2027-02-22T18:29:59Z"))).dueSoon).toEqual({ amountPaise: 0, bookings: 0 });
    expect((await moneyFigures(db, new Date("2027-02-22T18:30:00Z"))).dueSoon).toEqual({ amountPaise: 3_13_500_00, bookings: 2 });
    // The digest's lines and the Payments screen's overdue list with its WhatsApp reminder.
    expect(await moneyDueItems(db, LATER)).toEqual([
      { reference: a.reference, leadName: "Meera Iyer", dueSoonPaise: 1_56_750_00, overduePaise: 52_250_00, dueOn: "2027-01-10" },
      { reference: b.reference, leadName: "Meera Iyer", dueSoonPaise: 1_56_750_00, overduePaise: 0, dueOn: "2027-03-02" },
    ]);
    const overdue = await overdueReminders(db, LATER);
    expect(overdue).toHaveLength(1);
    expect(overdue[0]).toMatchObject({ reference: a.reference, overduePaise: 52_250_00, dueOn: "2027-01-10" });
    const text = decodeURIComponent(overdue[0]!.whatsapp!.split("?text=")[1]!);
    expect(overdue[0]!.whatsapp).toMatch(/^https:\/\/wa\.me\/919845012345\?text=/);
    expect(text).toContain(`the deposit of ₹52,250 for your`);
    expect(text).toContain("is due by 10 Jan 2027.\nUPI: upi://pay?pa=pravas@okicici&pn=Pravas%20Holidays&am=52250.00&cu=INR");
  });

  it("computes overdue and due in 7 days in SQL exactly as moneyState does: stored and default schedules, refunds, reversals, IST edges", async () => {
    // Bookings made before schedules were stored (no lines): the default terms, 25 % on the day made (Indian date), the balance 30 days before departure.
    let made = 0;
    const direct = async (totalPaise: number, createdAt: string, startDate: string, extra: Partial<typeof bookings.$inferInsert> = {}) => {
      const [row] = await db
        .insert(bookings)
        .values({
          reference: `PRV-ZZZZ${"23456789"[made++]}`,
          packageId,
          packageTitle: "Test package",
          departureId: null,
          departureName: null,
          startDate,
          endDate: startDate,
          state: "confirmed",
          leadName: "Ravi Rao",
          leadPhone: "+919845012345",
          adults: 1,
          room: "twin",
          price: { basis: "Package price", units: { adult: totalPaise, childWithBed: 0, childNoBed: 0 }, extras: [], discount: null },
          totalPaise,
          createdAt: new Date(createdAt),
          ...extra,
        })
        .returning();
      return row!;
    };
    // R1: ₹1,33,999.50 made at 00:00 on 10 Jan in India: deposit ₹33,500.00 (33,499.875 rounded) due 10 Jan, balance ₹1,00,499.50 due 30 Jan.
    const r1 = await direct(1_33_999_50, "2027-01-09T18:30:00Z", "2027-03-01");
    // R2: ₹1.99 made at 23:59:59 on 9 Jan: a deposit of 25 % rounds to ₹0, so one line, ₹1.99 due 9 Jan.
    const r2 = await direct(1_99, "2027-01-09T18:29:59Z", "2027-02-20");
    // R3: departs 5 Feb, so the balance's day (6 Jan) came before it was made: one line, ₹50,000 due 10 Jan.
    const r3 = await direct(50_000_00, "2027-01-10T05:00:00Z", "2027-02-05");
    // R4: ₹1,04,500 with its GST ₹5,225 and TCS ₹2,194.50 stored (ADR 115): it asks ₹1,11,919.50, deposit ₹27,980.00
    // (27,979.875 rounded) due 10 Jan, balance ₹83,939.50 due 30 Jan.
    const r4 = await direct(1_04_500_00, "2027-01-10T05:00:00Z", "2027-03-01", { gstPaise: 5_225_00, tcsPaise: 2_194_50 });
    // Asking for nothing: cancelled, and deleted.
    await direct(50_000_00, "2027-01-10T05:00:00Z", "2027-02-05", { state: "cancelled" });
    await direct(50_000_00, "2027-01-10T05:00:00Z", "2027-02-05", { deletedAt: NOW });
    // S1, stored lines: ₹2,09,000, deposit ₹52,250 due 10 Jan, an instalment of ₹50,000 due 1 Feb, balance ₹1,06,750 due 2 Mar;
    // paid ₹60,000, ₹10,000 paid and reversed, ₹2,000.25 refunded: ₹57,999.75.
    const s1 = await book(2);
    await editBookingSchedule(
      s1.id,
      (schedule) => plannedEdits(schedule, scheduleFormSchema.parse({ intent: "schedule-add", amount: "50,000", dueOn: "2027-02-01" })),
      asha,
    );
    await pay(s1.id, 60_000_00, "UTR-S1-1");
    const typo = await pay(s1.id, 10_000_00, "UTR-S1-2");
    if (!typo.ok) throw new Error(typo.message);
    await reverseEntry(s1.id, { entryId: typo.entry.id, reason: "Typed twice" }, asha, NOW);
    await recordRefund(s1.id, { amountPaise: 2_000_25, paidOn: "2027-01-10", method: "upi", reference: null, reason: "Extra bed" }, asha, NOW);
    // S2, overpaid: ₹1,10,000 on ₹1,04,500. S3, nothing paid on ₹1,04,500 (₹26,125 due 10 Jan, ₹78,375 due 2 Mar). R1 paid ₹20,000.
    const s2 = await book(1);
    await pay(s2.id, 1_10_000_00, "UTR-S2-1");
    const s3 = await book(1);
    await pay(r1.id, 20_000_00, "UTR-R1-1");
    const names = new Map([r1, r2, r3, r4, s1, s2, s3].map((booking, index) => [booking.id, ["R1", "R2", "R3", "R4", "S1", "S2", "S3"][index]]));
    const bySql = async (now: Date) =>
      Object.fromEntries((await moneyDueByBooking(db, now)).map((row) => [names.get(row.bookingId), [row.overduePaise, row.dueSoonPaise]]));
    const inMemory = async (now: Date) =>
      Object.fromEntries(
        (await moneyOfBookings(db, askingForMoney(), now))
          .map((row) => [names.get(row.id), [filterAmount("overdue", row.money, now), filterAmount("due-7d", row.money, now)]] as const)
          .filter(([, [overdue, dueSoon]]) => overdue > 0 || dueSoon > 0),
      );
    // Written by hand: at 00:00 on 11 Jan in India (the window to 18 Jan), what was due on 10 Jan is overdue.
    expect(await bySql(new Date("2027-01-10T18:30:00Z"))).toEqual({
      R1: [13_500_00, 0],
      R2: [1_99, 0],
      R3: [50_000_00, 0],
      R4: [27_980_00, 0],
      S3: [26_125_00, 0],
    });
    // A second earlier, all of it is due today: in "due in 7 days", nothing overdue but R2 (due 9 Jan).
    expect(await bySql(new Date("2027-01-10T18:29:59Z"))).toEqual({
      R1: [0, 13_500_00],
      R2: [1_99, 0],
      R3: [0, 50_000_00],
      R4: [0, 27_980_00],
      S3: [0, 26_125_00],
    });
    // 26 Jan in India (the window to 2 Feb): R1's balance (30 Jan) and S1's instalment (1 Feb, ₹1,02,250 due less ₹57,999.75 paid).
    expect(await bySql(new Date("2027-01-25T18:30:00Z"))).toMatchObject({ R1: [13_500_00, 1_00_499_50], R4: [27_980_00, 83_939_50], S1: [0, 44_250_25] });
    // The reminder pass reads in full only the bookings with a line due 7 or 1 days on: it finds the same reminders as reading all.
    const reminders = async (rows: MoneyOverviewRow[], now: Date) =>
      rows.flatMap((row) => remindersDue(row.money, now, [7, 1]).map((reminder) => `${names.get(row.id)} ${reminder.key}`)).sort();
    const dueDays = (now: Date) => [7, 1].map((days) => addDays(indianDate(now), days));
    const morning = new Date("2027-01-23T04:00:00Z");
    expect(await reminders(await moneyOfBookingsDueOn(db, askingForMoney(), dueDays(morning), morning), morning)).toEqual([
      "R1 BAL:2027-01-30:7",
      "R4 BAL:2027-01-30:7",
    ]);
    for (const at of [
      "2027-01-09T18:29:59Z",
      "2027-01-10T06:00:00Z",
      "2027-01-23T18:29:59Z",
      "2027-01-23T18:30:00Z",
      "2027-01-29T04:00:00Z",
      "2027-01-31T04:00:00Z",
      "2027-02-22T18:30:00Z",
      "2027-02-23T04:00:00Z",
      "2027-03-10T04:00:00Z",
    ]) {
      const now = new Date(at);
      expect(await bySql(now), at).toEqual(await inMemory(now));
      expect(await reminders(await moneyOfBookingsDueOn(db, askingForMoney(), dueDays(now), now), now), at).toEqual(
        await reminders(await moneyOfBookings(db, askingForMoney(), now), now),
      );
    }
  });

  it("lists a range's payments by Indian date, reversed ones shown but not counted, and exports amounts as numbers", async () => {
    const a = await book(2);
    await pay(a.id, 52_250_00, "UTR-1", "2027-01-09");
    const wrong = await pay(a.id, 1_000_50, "UTR-2", "2027-01-10");
    if (!wrong.ok) throw new Error(wrong.message);
    await reverseEntry(a.id, { entryId: wrong.entry.id, reason: "Typed twice" }, asha, NOW);
    await recordRefund(a.id, { amountPaise: 250_25, paidOn: "2027-01-10", method: "upi", reference: "RF-1", reason: "Extra bed" }, asha, NOW);
    const range = parsePaymentsRange(new URL("http://x/admin/payments?from=2027-01-10&to=2027-01-10"), NOW);
    const rows = await paymentsInRange(db, range);
    expect(rows.map((row) => [row.kind, row.amountPaise, row.reversed])).toEqual([
      ["payment", 1_000_50, true],
      ["refund", 250_25, false],
    ]);
    expect(paymentTotals(rows)).toEqual({ receivedPaise: 0, refundedPaise: 250_25, netPaise: -250_25 });
    expect(paymentTotals(await paymentsInRange(db, { from: "2027-01-01", to: "2027-01-31" }))).toEqual({
      receivedPaise: 52_250_00,
      refundedPaise: 250_25,
      netPaise: 51_999_75,
    });
    // A bad or reversed range: this month (Indian dates) to today.
    expect(parsePaymentsRange(new URL("http://x/?from=2027-01-12&to=2027-01-01"), NOW)).toEqual({ from: "2027-01-01", to: "2027-01-10" });
    const csv = paymentsCsv(rows).split("\r\n");
    expect(csv[0]).toBe(
      "\uFEFFDate (IST),Booking,Lead traveller,Kind,Method,UTR / reference,Amount (₹),Reversed,Counts (₹),Recorded by,Recorded at (IST),Note",
    );
    expect(csv[1]).toMatch(new RegExp(`^2027-01-10,${a.reference},Meera Iyer,Payment,UPI,UTR-2,1000.50,Reversed,0.00,Asha Staff,`));
    expect(csv[2]).toMatch(new RegExp(`^2027-01-10,${a.reference},Meera Iyer,Refund,UPI,RF-1,-250.25,,-250.25,`));
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load((await paymentsXlsx(rows)) as unknown as ArrayBuffer);
    const sheet = workbook.getWorksheet("Payments")!;
    expect(sheet.getCell("G2").value).toBe(1000.5);
    expect(sheet.getCell("I2").value).toBe(0);
    expect(sheet.getCell("G3").value).toBe(-250.25);
    expect(sheet.getCell("A3").value).toEqual(new Date("2027-01-10T00:00:00Z"));
  });

  it("queues each balance reminder once at 9:00 Indian time, 7 and 1 days before, with the amount and the UPI QR; none once paid", async () => {
    const b = await withEmail(2);
    await pay(b.id, 52_250_00, "UTR-R-1");
    await withEmail(1).then((c) => pay(c.id, 1_04_500_00, "UTR-R-2"));
    const reminderJobs = () => db.select().from(jobs).where(eq(jobs.type, PAYMENT_REMINDER_JOB.name)).orderBy(jobs.id);
    // The balance is due 2 Mar: its first reminder at 9:00 on 23 Feb in India (03:30 UTC).
    expect(await queueDueReminders(new Date("2027-02-23T03:29:59Z"))).toBe(0);
    const nine = new Date("2027-02-23T03:30:00Z");
    // Two servers' passes at once, and a later one: one job.
    expect((await Promise.all([queueDueReminders(nine), queueDueReminders(nine)])).reduce((sum, count) => sum + count, 0)).toBe(1);
    expect(await queueDueReminders(new Date("2027-02-23T12:00:00Z"))).toBe(0);
    const [job] = await reminderJobs();
    expect(job).toMatchObject({
      onceKey: `payment.reminder:${b.reference}:BAL:2027-03-02:7`,
      payload: { bookingId: b.id, lineKey: "BAL", dueOn: "2027-03-02", daysBefore: 7 },
    });
    const sent: RichEmail[] = [];
    const mailer: Mailer = { kind: "smtp", send: async (email) => (sent.push(email), {}), close() {} };
    const handler = paymentReminderHandler({ mailer, clock: { now: () => nine } });
    await handler.handle({ ...job!, type: job!.type, subject: null, attempts: 0 } as never, {
      signal: new AbortController().signal,
      logger: pino({ level: "silent" }),
    });
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatchObject({ to: "meera@example.com", subject: `Reminder: ₹1,56,750 due by 2 Mar 2027 for your booking ${b.reference}` });
    expect(sent[0]!.html).toContain('<img src="cid:upi-qr"');
    const qr = sent[0]!.attachments![0]!;
    expect(qr).toMatchObject({ cid: "upi-qr", contentType: "image/png" });
    const png = PNG.sync.read(qr.content);
    expect(jsQR(new Uint8ClampedArray(png.data), png.width, png.height)?.data).toBe(
      `upi://pay?pa=pravas@okicici&pn=Pravas%20Holidays&am=156750.00&cu=INR&tn=${b.reference}%20balance&tr=${b.reference}-BAL`,
    );
    // Paid before the 1-day reminder: none is queued, and a job still queued sends nothing.
    expect(await pay(b.id, 1_56_750_00, "UTR-R-3")).toMatchObject({ ok: true });
    expect(await queueDueReminders(new Date("2027-03-01T03:30:00Z"))).toBe(0);
    await handler.handle({ ...job!, subject: null, attempts: 0 } as never, { signal: new AbortController().signal, logger: pino({ level: "silent" }) });
    expect(sent).toHaveLength(1);
    // Settings → Payments: reminders 3 days before only. A new booking's balance (2 Mar) gets none on 23 Feb, one on 27 Feb.
    await db.update(siteSettings).set({ paymentReminderDays: [3] });
    try {
      const c = await withEmail(1);
      expect(await queueDueReminders(new Date("2027-02-23T03:30:00Z"))).toBe(0);
      expect(await queueDueReminders(new Date("2027-02-27T03:30:00Z"))).toBe(1);
      expect((await reminderJobs()).at(-1)).toMatchObject({ onceKey: `payment.reminder:${c.reference}:BAL:2027-03-02:3` });
      await db.update(siteSettings).set({ paymentReminderDays: [] });
      expect(await queueDueReminders(new Date("2027-03-01T03:30:00Z"))).toBe(0);
    } finally {
      await db.update(siteSettings).set({ paymentReminderDays: [7, 1] });
    }
  });
});
