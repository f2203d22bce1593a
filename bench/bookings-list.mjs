// The Bookings list at scale (issue 45, ADR 088): 20,000 bookings in a scratch
// database, then the list's first page and typical searches through the app's
// own query (listBookings: the totals and the page), on PGlite (in memory) and
// on PostgreSQL when a server is given. Prints median and p95 per view.
// Goal: p95 under 100 ms on PostgreSQL and under 250 ms on PGlite.
//
//   npx tsx bench/bookings-list.mjs                                   (PGlite only)
//   BENCH_PG_URL=postgres://postgres@127.0.0.1:5432/postgres npx tsx bench/bookings-list.mjs
//        (creates and drops a scratch database on that server: BENCH_SCRATCH_DB names it)
//   BENCH_ROWS=20000 BENCH_RUNS=30 BENCH_ENGINES=pglite,postgres
import { sql } from "drizzle-orm";
import pg from "pg";
import { parseBookingFilters } from "../app/lib/booking-list.ts";
import { closeDatabase, getDb, openDatabase } from "../app/server/db/db.server.ts";
import { bookings, packages } from "../app/server/db/schema.server.ts";
import { bookingPackages, listBookings } from "../app/server/booking/booking-queries.server.ts";
import { benchPackageRow } from "./lib/bench-package.mjs";

const ROWS = Number(process.env.BENCH_ROWS ?? 20_000);
const RUNS = Number(process.env.BENCH_RUNS ?? 30);
const PG_URL = process.env.BENCH_PG_URL ?? "";
const GOAL_MS = { postgres: 100, pglite: 250 };
const NOW = new Date("2027-01-15T06:00:00Z");
const ALPHABET = "23456789ABCDEFGHJKMNPQRSTUVWXYZ";

// A seeded generator (mulberry32), so both engines hold the same bookings.
let state = 20261128;
function random() {
  state = (state + 0x6d2b79f5) | 0;
  let t = Math.imul(state ^ (state >>> 15), 1 | state);
  t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
  return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
}
const pick = (list) => list[Math.floor(random() * list.length)];
const FIRST =
  "Aarav Aditi Akash Ananya Anil Anjali Arjun Asha Deepa Farhan Gaurav Ishaan Kavya Karan Lakshmi Meera Neha Nikhil Priya Rahul Ravi Rohan Sneha Varun Zoya".split(
    " ",
  );
const LAST =
  "Agarwal Banerjee Bhat Chopra Das Desai Gupta Iyer Jain Joshi Kapoor Khan Kulkarni Menon Mehta Nair Patel Pillai Rao Reddy Sharma Singh Verma".split(" ");
const STATES = ["confirmed", "confirmed", "confirmed", "held", "cancelled", "completed", "waitlisted", "expired"];

/** A reference from the id: a permutation, so unique without retries. */
const referenceOf = (id) => {
  let n = (id * 7368787 + 104729) % 31 ** 5;
  let text = "";
  for (let i = 0; i < 5; i++) {
    text = ALPHABET[n % 31] + text;
    n = Math.floor(n / 31);
  }
  return `PRV-${text}`;
};

async function fill() {
  const db = getDb();
  // The packages the list's filter offers (30, of which 12 have bookings).
  for (let id = 1; id <= 30; id++) await db.insert(packages).values(benchPackageRow(id));
  const batch = [];
  for (let id = 1; id <= ROWS; id++) {
    const month = 1 + Math.floor(random() * 12);
    const start = `2027-${String(month).padStart(2, "0")}-${String(1 + Math.floor(random() * 27)).padStart(2, "0")}`;
    const bookingState = pick(STATES);
    const adults = 1 + Math.floor(random() * 4);
    const packageId = 1 + Math.floor(random() * 12);
    batch.push({
      reference: referenceOf(id),
      packageId,
      packageTitle: `Package ${packageId}`,
      departureId: `d${packageId}m${month}`,
      departureName: `Batch ${month}`,
      startDate: start,
      endDate: start,
      state: bookingState,
      holdUntil: bookingState === "held" ? new Date(NOW.getTime() + Math.floor(random() * 72) * 3_600_000) : null,
      waitlistedAt: bookingState === "waitlisted" ? NOW : null,
      cancelReason: bookingState === "cancelled" ? "Plans changed" : null,
      leadName: `${pick(FIRST)} ${pick(LAST)}`,
      leadPhone: `+9198${String(Math.floor(random() * 1e8)).padStart(8, "0")}`,
      adults,
      room: "twin",
      price: { basis: "Package price", units: { adult: 10450000, childWithBed: 0, childNoBed: 0 }, extras: [], discount: null },
      totalPaise: 10450000 * adults,
      createdAt: new Date(NOW.getTime() - id * 600_000),
    });
    if (batch.length === 1000) await db.insert(bookings).values(batch.splice(0));
  }
  if (batch.length) await db.insert(bookings).values(batch);
  await db.execute(sql`analyze bookings`);
}

const percentile = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];

const VIEWS = [
  ["first page", ""],
  ["page 40", "page=40"],
  ["page 400 (the last)", "page=400"],
  ["page 400 by bookmark", "page=400&after=BOOKMARK"],
  ["state: held", "state=held"],
  ["holds expiring in 24 h", "expiring=24h"],
  ["departure month + package", "month=2027-03&package=3"],
  ["search: a name", "q=priya%20nair"],
  ["search: a surname", "q=Kulkarni"],
  ["search: phone digits", "q=98450"],
  ["search: a reference", `q=${referenceOf(12345).slice(4)}`],
  ["search: no match", "q=zzqx"],
  // Issue 46: the money filters read every booking that asks for money (money-overview.server.ts).
  ["money: overdue", "money=overdue"],
  ["money: due in 7 days", "money=due-7d"],
];

async function benchEngine(engine) {
  const started = Date.now();
  await fill();
  const fillSeconds = (Date.now() - started) / 1000;
  const results = [];
  for (const [label, query] of VIEWS) {
    // The pager's link to the last page names the last booking of page 399 (newest first: id 19,950 is its last).
    const filters = parseBookingFilters(new URL(`http://x/admin/bookings?${query.replace("BOOKMARK", referenceOf(19950))}`));
    await listBookings(filters, NOW); // warm
    const times = [];
    let matches = 0;
    for (let run = 0; run < RUNS; run++) {
      const t = performance.now();
      // What the page's loader asks for: the list and the packages of its filter.
      matches = (await Promise.all([listBookings(filters, NOW), bookingPackages()]))[0].total;
      times.push(performance.now() - t);
    }
    times.sort((a, b) => a - b);
    results.push({ label, matches, medianMs: +percentile(times, 50).toFixed(1), p95Ms: +percentile(times, 95).toFixed(1) });
  }
  console.log(`\n${engine}: ${ROWS} bookings (filled in ${fillSeconds} s), ${RUNS} runs each; goal p95 under ${GOAL_MS[engine]} ms`);
  for (const r of results)
    console.log(
      `${r.label.padEnd(28)} ${String(r.matches).padStart(6)} matches   median ${String(r.medianMs).padStart(6)} ms   p95 ${String(r.p95Ms).padStart(6)} ms`,
    );
  const worst = Math.max(...results.map((r) => r.p95Ms));
  console.log(`${engine}: worst p95 ${worst} ms (${worst < GOAL_MS[engine] ? "under" : "OVER"} the goal)`);
}

const ONLY = process.env.BENCH_ENGINES ?? "pglite,postgres";
if (ONLY.includes("pglite")) {
  await openDatabase({ kind: "pglite-memory" });
  try {
    await benchEngine("pglite");
  } finally {
    await closeDatabase();
  }
}
if (PG_URL && ONLY.includes("postgres")) {
  const scratch = process.env.BENCH_SCRATCH_DB ?? `pravas_bench_bookings_${process.pid}`;
  const admin = new pg.Client({ connectionString: PG_URL });
  await admin.connect();
  await admin.query(`create database ${scratch}`);
  const url = new URL(PG_URL);
  url.pathname = `/${scratch}`;
  try {
    await openDatabase({ kind: "postgres", url: url.toString() });
    await benchEngine("postgres");
  } finally {
    await closeDatabase();
    await admin.query(`drop database if exists ${scratch}`);
    await admin.end();
  }
}
