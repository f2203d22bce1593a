// Money (issue 46): the server's work for a booking page with 50 payments, and a
// webhook's answer, in process on a scratch PGlite (in memory), through the
// app's own functions. Prints median and p95 in ms.
// Goals: the booking page under 150 ms p95 on the server; a webhook answered under 50 ms p95;
// at 20,000 bookings, the money filters, the dashboard's figures and the reminder pass each under 200 ms.
//
//   npx tsx bench/money.mjs            (BENCH_RUNS=50 BENCH_WEBHOOKS=200 BENCH_SCALE_ROWS=20000 BENCH_SCALE_RUNS=15)
//   BENCH_PARTS=scale npx tsx bench/money.mjs   (only the 20,000 bookings; BENCH_PARTS=page,webhook,scale by default)
//
// What is timed: the booking page's loader (loadBookingPage and loadMoneyPanel,
// as app/routes/admin/booking.tsx runs them: the booking, its travellers,
// timeline, schedule, ledger, links, the QR SVG of each amount due) - not
// React's render of it; receiveWebhook (the signature over the raw bytes,
// the event stored once, its job queued in the same transaction) - not Express;
// and, over 20,000 bookings (half with stored schedules of 2-3 lines, half on
// the default terms; a third part paid, some refunded or reversed): the list's
// "overdue" and "due in 7 days" (listBookings with ?money=), the dashboard's
// moneyFigures, and one minute's reminder pass (queueDueReminders at 9:30 IST
// after its first run queued that day's jobs: the read, nothing new queued).
import { sql } from "drizzle-orm";
import { closeDatabase, getDb, openDatabase } from "../app/server/db/db.server.ts";
import { bookings, packages, siteSettings } from "../app/server/db/schema.server.ts";
import { loadBookingPage } from "../app/server/booking/booking-page.server.ts";
import { bookingForMoney, loadMoneyPanel } from "../app/server/payment-ledger/money-page.server.ts";
import { recordPayment } from "../app/server/payment-ledger/ledger-write.server.ts";
import { receiveWebhook } from "../app/server/payment-ledger/gateway-events.server.ts";
import { createPaymentLinkFor } from "../app/server/payment-ledger/payment-links.server.ts";
import { createFakeGateway } from "../app/server/payment/fake-gateway.server.ts";
import { setPaymentGateway } from "../app/server/payment/payment-gateway-service.server.ts";
import { parseBookingFilters } from "../app/lib/booking-list.ts";
import { listBookings } from "../app/server/booking/booking-queries.server.ts";
import { moneyFigures } from "../app/server/payment-ledger/money-overview.server.ts";
import { queueDueReminders } from "../app/server/payment-ledger/payment-reminder-jobs.server.ts";
import { bookingPaymentLines, paymentLedger } from "../app/server/db/schema.server.ts";
import { benchPackageRow } from "./lib/bench-package.mjs";

const RUNS = Number(process.env.BENCH_RUNS ?? 50);
const SCALE_ROWS = Number(process.env.BENCH_SCALE_ROWS ?? 20_000);
const SCALE_RUNS = Number(process.env.BENCH_SCALE_RUNS ?? 15);
const PARTS = (process.env.BENCH_PARTS ?? "page,webhook,scale").split(",");
const WEBHOOKS = Number(process.env.BENCH_WEBHOOKS ?? 200);
const NOW = new Date("2027-01-15T06:00:00Z");
const viewer = { id: "bench", email: "bench@example.com", name: "Bench", role: "admin" };
const actor = { id: null, email: "bench@example.com", name: "Bench" };
const ALPHABET = "23456789ABCDEFGHJKMNPQRSTUVWXYZ";
const referenceOf = (n) => {
  let text = "";
  for (let i = 0, m = n; i < 5; i++, m = Math.floor(m / 31)) text = ALPHABET[m % 31] + text;
  return `PRV-${text}`;
};
const percentile = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
const summary = (times) => {
  const sorted = [...times].sort((a, b) => a - b);
  return { median: +percentile(sorted, 50).toFixed(1), p95: +percentile(sorted, 95).toFixed(1) };
};

await openDatabase({ kind: "pglite-memory" });
try {
  const db = getDb();
  const gateway = createFakeGateway({ secret: "bench-secret-0123456789-0123456789", siteUrl: "http://pravas.test" });
  setPaymentGateway(gateway);
  await db
    .insert(siteSettings)
    .values({ id: 1, brandName: "Pravas", phonePrimary: "+91 20 0000 0000", email: "team@example.com", whatsappNumber: "919800000000" })
    .onConflictDoNothing();
  await db.update(siteSettings).set({ upiId: "pravas@okicici", upiPayeeName: "Pravas Holidays" });
  await db.insert(packages).values(benchPackageRow(1, { slug: "bench-package", title: "Bench Package" }));
  const book = async (n, adults) => {
    const [row] = await db
      .insert(bookings)
      .values({
        reference: referenceOf(n),
        packageId: 1,
        packageTitle: "Bench Package",
        departureId: null,
        departureName: null,
        startDate: "2027-06-01",
        endDate: "2027-06-05",
        state: "confirmed",
        leadName: "Meera Iyer",
        leadPhone: "+919845012345",
        adults,
        room: "twin",
        price: { basis: "Package price", units: { adult: 10450000, childWithBed: 0, childNoBed: 0 }, extras: [], discount: null },
        totalPaise: 10450000 * adults,
        createdAt: new Date("2027-01-10T06:00:00Z"),
      })
      .returning();
    return row;
  };
  if (PARTS.includes("page")) await benchPage();
  if (PARTS.includes("webhook")) await benchWebhooks();
  if (PARTS.includes("scale")) await benchScale();

  async function benchPage() {
    // A booking of 10 travellers (₹10,45,000) with 50 payments of ₹10,000 each.
    const big = await book(22222, 10);
    for (let i = 0; i < 50; i++) {
      const result = await recordPayment(
        big.id,
        { amountPaise: 10_000_00, receivedOn: "2027-01-14", method: "upi", reference: `UTR${100000000 + i}` },
        actor,
        NOW,
      );
      if (!result.ok) throw new Error(result.message);
    }
    const page = () =>
      Promise.all([loadBookingPage(big.reference, viewer, NOW), bookingForMoney(big.reference).then((row) => loadMoneyPanel(row, viewer, NOW))]);
    const [first] = await page();
    if (!first) throw new Error("no page");
    const pageTimes = [];
    for (let run = 0; run < RUNS; run++) {
      const t = performance.now();
      await page();
      pageTimes.push(performance.now() - t);
    }
    const pageResult = summary(pageTimes);
    console.log(`booking page (loader) with 50 payments: ${RUNS} runs, median ${pageResult.median} ms, p95 ${pageResult.p95} ms (goal p95 < 150 ms)`);
  }

  async function benchWebhooks() {
    // Webhooks: one deposit link on each of WEBHOOKS bookings, each paid once, then the first 50 delivered again (replays).
    const deliveries = [];
    for (let n = 0; n < WEBHOOKS; n++) {
      const booking = await book(30000 + n, 2);
      const made = await createPaymentLinkFor(gateway, { bookingId: booking.id, lineKey: "DEP" }, actor, NOW);
      if (!made.ok) throw new Error(made.message);
      const token = new URL(made.link.url).pathname.split("/").pop();
      const read = gateway.readLink(token, NOW);
      if (!read.ok) throw new Error(`link ${read.reason}`);
      deliveries.push(read.link);
    }
    const hookTimes = [];
    const replayTimes = [];
    for (const [index, link] of [...deliveries, ...deliveries.slice(0, 50)].entries()) {
      const delivery = gateway.eventFor(link, "pay", NOW);
      const t = performance.now();
      const answer = await receiveWebhook(gateway, "fake", { rawBody: Buffer.from(delivery.body), headers: new Headers(delivery.headers), now: NOW });
      (index < deliveries.length ? hookTimes : replayTimes).push(performance.now() - t);
      if (answer.status !== 200) throw new Error(`webhook answered ${answer.status}: ${answer.body.message}`);
    }
    const hooks = summary(hookTimes);
    const replays = summary(replayTimes);
    const [{ events }] = (await db.execute(sql`select count(*)::int as events from payment_gateway_events`)).rows;
    console.log(`webhook, new event: ${hookTimes.length} runs, median ${hooks.median} ms, p95 ${hooks.p95} ms (goal p95 < 50 ms)`);
    console.log(
      `webhook, replay: ${replayTimes.length} runs, median ${replays.median} ms, p95 ${replays.p95} ms; events stored ${events} (expected ${WEBHOOKS})`,
    );
  }

  async function benchScale() {
    // A seeded generator (mulberry32): the same bookings on every run.
    let seed = 20261129;
    const random = () => {
      seed = (seed + 0x6d2b79f5) | 0;
      let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
      t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
      return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
    };
    const day = (date) => date.toISOString().slice(0, 10);
    const STATES = ["confirmed", "confirmed", "confirmed", "confirmed", "held", "completed", "cancelled", "expired"];
    const filled = Date.now();
    for (let start = 0; start < SCALE_ROWS; start += 1000) {
      const rows = [];
      for (let n = start; n < Math.min(SCALE_ROWS, start + 1000); n++) {
        const adults = 1 + Math.floor(random() * 4);
        const createdAt = new Date(NOW.getTime() - Math.floor(random() * 120) * 86_400_000 - Math.floor(random() * 86_400_000));
        const departure = new Date(createdAt.getTime() + (20 + Math.floor(random() * 200)) * 86_400_000);
        const bookingState = STATES[Math.floor(random() * STATES.length)];
        rows.push({
          reference: referenceOf(100_000 + n),
          packageId: 1,
          packageTitle: "Bench Package",
          departureId: null,
          departureName: null,
          startDate: day(departure),
          endDate: day(departure),
          state: bookingState,
          holdUntil: bookingState === "held" ? new Date(NOW.getTime() + 86_400_000) : null,
          cancelReason: bookingState === "cancelled" ? "Plans changed" : null,
          leadName: "Meera Iyer",
          leadPhone: "+919845012345",
          leadEmail: random() < 0.8 ? "meera@example.com" : null,
          adults,
          room: "twin",
          price: { basis: "Package price", units: { adult: 10450000, childWithBed: 0, childNoBed: 0 }, extras: [], discount: null },
          totalPaise: 10450000 * adults,
          createdAt,
        });
      }
      const made = await db
        .insert(bookings)
        .values(rows)
        .returning({ id: bookings.id, totalPaise: bookings.totalPaise, startDate: bookings.startDate, createdAt: bookings.createdAt });
      const lines = [];
      const ledger = [];
      for (const booking of made) {
        const confirmedOn = day(new Date(booking.createdAt.getTime() + 19_800_000));
        const deposit = Math.round(booking.totalPaise / 400) * 100;
        const balanceOn = day(new Date(Date.parse(booking.startDate) - 30 * 86_400_000));
        // Half store their schedule (new bookings), a third of those with an instalment between.
        if (random() < 0.5 && balanceOn > confirmedOn) {
          const instalment = random() < 0.33 ? Math.round(booking.totalPaise / 500) * 100 : 0;
          lines.push({ bookingId: booking.id, key: "DEP", kind: "deposit", dueOn: confirmedOn, amountPaise: deposit });
          if (instalment) {
            const middle = day(new Date((Date.parse(confirmedOn) + Date.parse(balanceOn)) / 2));
            lines.push({ bookingId: booking.id, key: "I1", kind: "instalment", dueOn: middle, amountPaise: instalment });
          }
          lines.push({ bookingId: booking.id, key: "BAL", kind: "balance", dueOn: balanceOn, amountPaise: booking.totalPaise - deposit - instalment });
        }
        const paid = random();
        if (paid < 0.35)
          ledger.push({ bookingId: booking.id, kind: "payment", amountPaise: deposit, movedOn: confirmedOn, method: "cash", recordedByName: "Bench" });
        else if (paid < 0.45)
          ledger.push({
            bookingId: booking.id,
            kind: "payment",
            amountPaise: booking.totalPaise,
            movedOn: confirmedOn,
            method: "cash",
            recordedByName: "Bench",
          });
        else if (paid < 0.5) {
          ledger.push({ bookingId: booking.id, kind: "payment", amountPaise: deposit, movedOn: confirmedOn, method: "cash", recordedByName: "Bench" });
          ledger.push({
            bookingId: booking.id,
            kind: "refund",
            amountPaise: 100000,
            movedOn: confirmedOn,
            method: "cash",
            note: "Bench",
            recordedByName: "Bench",
          });
        }
      }
      if (lines.length) await db.insert(bookingPaymentLines).values(lines);
      if (ledger.length) await db.insert(paymentLedger).values(ledger);
    }
    // Some payments reversed.
    await db.execute(sql`insert into payment_ledger (booking_id, kind, reverses, note, recorded_by_name)
      select booking_id, 'reversal', id, 'Bench', 'Bench' from payment_ledger where kind = 'payment' and id % 17 = 0`);
    await db.execute(sql`analyze`);
    console.log(`\n${SCALE_ROWS} bookings filled in ${((Date.now() - filled) / 1000).toFixed(1)} s; ${SCALE_RUNS} runs each (goal p95 < 200 ms)`);
    if (process.env.BENCH_EXPLAIN) {
      const { moneyDueQuery } = await import("../app/server/payment-ledger/money-due-sql.server.ts");
      const { askingForMoney } = await import("../app/server/payment-ledger/money-overview.server.ts");
      const plan = await db.execute(sql`explain analyze ${moneyDueQuery(askingForMoney(), NOW)}`);
      console.log(plan.rows.map((row) => Object.values(row)[0]).join("\n"));
    }
    const ninethirty = new Date("2027-01-15T04:00:00Z");
    const views = [
      ["list: money=overdue", () => listBookings(parseBookingFilters(new URL("http://x/admin/bookings?money=overdue")), NOW).then((list) => list.total)],
      ["list: money=due-7d", () => listBookings(parseBookingFilters(new URL("http://x/admin/bookings?money=due-7d")), NOW).then((list) => list.total)],
      ["dashboard: moneyFigures", () => moneyFigures(db, NOW).then((figures) => `${figures.overdue.bookings} overdue, ${figures.dueSoon.bookings} due soon`)],
      ["reminder pass (one minute's)", () => queueDueReminders(ninethirty, [7, 1])],
    ];
    for (const [label, run] of views) {
      const first = await run(); // warm; the reminder pass's first run queues the day's jobs
      const times = [];
      const cpu = [];
      let result = first;
      for (let i = 0; i < SCALE_RUNS; i++) {
        const t = performance.now();
        const c = process.cpuUsage();
        result = await run();
        times.push(performance.now() - t);
        const used = process.cpuUsage(c);
        cpu.push((used.user + used.system) / 1000);
      }
      const { median, p95 } = summary(times);
      // CPU time of this process (PGlite runs in it): less sensitive than wall time to others sharing the machine.
      const cpuMedian = summary(cpu).median;
      console.log(
        `${label.padEnd(30)} median ${String(median).padStart(7)} ms   p95 ${String(p95).padStart(7)} ms   CPU median ${String(cpuMedian).padStart(7)} ms   (${label.startsWith("reminder") ? `first run queued ${first}, then ${result}` : result})`,
      );
    }
  }
} finally {
  await closeDatabase();
}
