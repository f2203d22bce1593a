// No overbooking under load (issue 45, ADR 088): 200 concurrent
// `POST /api/bookings` of one seat each on a new 20-seat departure, ROUNDS
// times (default 20). Every round must make exactly 20 bookings and refuse 180
// with 409; prints each round's counts and the time the 200 took (p50, p95,
// max), and writes bench/results/bookings-<engine>.json. The departure is added
// through the packages API, as an admin would; each round gets a new one.
//
//   npm run build && node bench/bookings.mjs                              (PGlite)
//   npm run build && DATABASE_URL=postgres://… node bench/bookings.mjs    (PostgreSQL)
//   BENCH_PORT (default 3170), BENCH_ROUNDS, BENCH_CONCURRENCY, BENCH_CAPACITY
// The two-server case is step 4b of the cluster test (tests/cluster/cluster.test.ts).
import fs from "node:fs";
import { startBenchServer } from "./lib/server.mjs";

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 20);
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 200);
const CAPACITY = Number(process.env.BENCH_CAPACITY ?? 20);
const engine = process.env.DATABASE_URL ? "postgresql" : "pglite";

async function signIn(baseUrl) {
  const body = new URLSearchParams({
    email: process.env.ADMIN_EMAIL ?? "admin@pravas.travel",
    password: process.env.ADMIN_PASSWORD ?? "lotus-temple-at-dawn-42",
  });
  const response = await fetch(`${baseUrl}/admin`, { method: "POST", body, redirect: "manual" });
  const cookies = response.headers.getSetCookie().map((cookie) => cookie.split(";")[0]);
  if (response.status !== 302 || cookies.length === 0) throw new Error(`sign-in failed: ${response.status}`);
  return cookies.join("; ");
}

const percentile = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];

const server = await startBenchServer(3170);
const rounds = [];
try {
  const cookie = await signIn(server.baseUrl);
  const headers = { cookie, "content-type": "application/json", origin: server.baseUrl };
  const pkg = await (await fetch(`${server.baseUrl}/api/packages/bali`, { headers: { cookie } })).json();
  let groupDates = pkg.groupDates;
  for (let round = 1; round <= ROUNDS; round++) {
    const departure = { id: `dBench${Date.now()}r${round}`, name: `Bench Batch ${round}`, start: "2031-03-01", end: "2031-03-07", capacity: CAPACITY };
    groupDates = [...groupDates, departure];
    const saved = await fetch(`${server.baseUrl}/api/packages/${pkg.id}`, { method: "PUT", headers, body: JSON.stringify({ groupDates }) });
    if (!saved.ok) throw new Error(`adding the departure: ${saved.status} ${await saved.text()}`);
    groupDates = (await saved.json()).groupDates;

    const started = performance.now();
    const answers = await Promise.all(
      Array.from({ length: CONCURRENCY }, async (_, n) => {
        const sent = performance.now();
        const response = await fetch(`${server.baseUrl}/api/bookings`, {
          method: "POST",
          headers,
          body: JSON.stringify({
            packageId: pkg.id,
            departureId: departure.id,
            leadName: `Bench Traveller ${round}-${n}`,
            leadPhone: "+91 98111 22233",
            adults: 1,
            room: "twin",
            state: "held",
          }),
        });
        await response.arrayBuffer();
        return { status: response.status, ms: performance.now() - sent };
      }),
    );
    const wallMs = performance.now() - started;
    const counts = {};
    for (const answer of answers) counts[answer.status] = (counts[answer.status] ?? 0) + 1;
    const times = answers.map((answer) => answer.ms).sort((a, b) => a - b);
    const result = {
      round,
      made: counts[201] ?? 0,
      refused: counts[409] ?? 0,
      other: Object.fromEntries(Object.entries(counts).filter(([status]) => status !== "201" && status !== "409")),
      wallMs: Math.round(wallMs),
      p50: Math.round(percentile(times, 50)),
      p95: Math.round(percentile(times, 95)),
      max: Math.round(times.at(-1)),
    };
    rounds.push(result);
    console.log(
      `${engine} round ${String(round).padStart(2)}: ${result.made} made, ${result.refused} refused (409)${Object.keys(result.other).length ? `, other ${JSON.stringify(result.other)}` : ""}; the ${CONCURRENCY} in ${result.wallMs} ms (p50 ${result.p50}, p95 ${result.p95}, max ${result.max} ms)`,
    );
  }
} finally {
  await server.stop();
}
const exact = rounds.filter((round) => round.made === CAPACITY && round.refused === CONCURRENCY - CAPACITY).length;
console.log(`${engine}: ${exact} of ${rounds.length} rounds exactly ${CAPACITY} made and ${CONCURRENCY - CAPACITY} refused`);
fs.mkdirSync("bench/results", { recursive: true });
fs.writeFileSync(
  `bench/results/bookings-${engine}.json`,
  JSON.stringify({ at: new Date().toISOString(), engine, concurrency: CONCURRENCY, capacity: CAPACITY, exact, rounds }, null, 2),
);
if (exact !== rounds.length) process.exitCode = 1;
