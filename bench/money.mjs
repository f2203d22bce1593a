// Money (issue 46): the server's work for a booking page with 50 payments, and a
// webhook's answer, in process on a scratch PGlite (in memory), through the
// app's own functions. Prints median and p95 in ms.
// Goals: the booking page under 150 ms p95 on the server; a webhook answered under 50 ms p95.
//
//   npx tsx bench/money.mjs            (BENCH_RUNS=50 BENCH_WEBHOOKS=200)
//
// What is timed: the booking page's loader (loadBookingPage and loadMoneyPanel,
// as app/routes/admin/booking.tsx runs them: the booking, its travellers,
// timeline, schedule, ledger, links, the QR SVG of each amount due) - not
// React's render of it; and receiveWebhook (the signature over the raw bytes,
// the event stored once, its job queued in the same transaction) - not Express.
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
import { benchPackageRow } from "./lib/bench-package.mjs";

const RUNS = Number(process.env.BENCH_RUNS ?? 50);
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
  const page = () => Promise.all([loadBookingPage(big.reference, viewer, NOW), bookingForMoney(big.reference).then((row) => loadMoneyPanel(row, viewer, NOW))]);
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
} finally {
  await closeDatabase();
}
