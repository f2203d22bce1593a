// On both engines (*.pg.db.test.ts): the ledger's rules and its trigger, the UTR index across bookings, and webhooks
// that can't be fooled (issue 46, ADR 090): a replay ×3 is one payment, a tampered body or wrong secret is a 400 with
// nothing stored, an unknown reference or another amount needs a look.
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { bookingEditSchema, newBookingSchema } from "~/lib/booking-schema";
import { plannedEdits, scheduleFormSchema } from "~/lib/payment-schedule";
import type { GroupDate } from "~/lib/content-types";
import type { Db } from "~/server/db/db.server";
import { activity, bookings, jobs, packages, paymentGatewayEvents, paymentLedger, paymentReferences } from "~/server/db/schema.server";
import { createBooking } from "~/server/booking/booking-create.server";
import { updateBooking } from "~/server/booking/booking-edit.server";
import type { PaymentGateway } from "~/server/payment/gateway.server";
import { createFakeGateway } from "~/server/payment/fake-gateway.server";
import { createRazorpayGateway } from "~/server/payment/razorpay-gateway.server";
import { hmacSha256Hex } from "~/server/payment/webhook-signature.server";
import { bookablePackages } from "../../../tests/support/booking-fixtures";
import { closeTestDatabase, openTestDatabase } from "../../../tests/support/test-db";
import { bookingMoney } from "./booking-money.server";
import { applyGatewayEvent, receiveWebhook } from "./gateway-events.server";
import { recordPayment, recordRefund, reverseEntry } from "./ledger-write.server";
import { createPaymentLinkFor } from "./payment-links.server";
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
  await db.delete(jobs).where(sql`${jobs.type} = 'payment.gateway-event'`);
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
    // A third adult: ₹3,13,500, and the balance follows by ₹1,04,500; the team's notice names both figures.
    const third = await updateBooking(
      booking.id,
      bookingEditSchema.parse({
        ...newBookingSchema.parse({ packageId, departureId: "dOpen", leadName: "Meera Iyer", leadPhone: "98450 12345", adults: "2", room: "twin" }),
        adults: "3",
      }),
      { actor: asha, now: NOW },
    );
    expect(third).toMatchObject({ ok: true, scheduleChange: "Balance ₹1,33,999.50 → ₹2,38,499.50" });
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
  });
});
