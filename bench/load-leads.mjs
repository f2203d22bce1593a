// Load benchmark for the popup's lead endpoint (issue 9): 500 concurrent valid
// leads, then 2,000 at 500 concurrency, against the production build with the
// form limit raised. Prints acknowledged, stored and lost, req/s and p50/p99;
// writes bench/results/load-leads.json. Traffic goes to 127.0.0.1 only.
//
//   npm run build && node bench/load-leads.mjs      (BENCH_PORT, default 3121)
//
// The client keeps one kept-alive connection per concurrent request (node:http,
// like wrk or autocannon). LOAD_CLIENT=fetch uses Node's fetch instead: under
// load its pool opens and drops extra connections (about twice as many as the
// concurrency, some reset), which adds seconds to the slowest requests that no
// server change can remove. Both are reported in ADR 020.
import fs from "node:fs";
import http from "node:http";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import { startBenchServer } from "./lib/server.mjs";

const RUN = `bench${Date.now().toString(36)}`;
const server = await startBenchServer(3121, { FORM_RATE_LIMIT: "1000000" });

const CLIENT = process.env.LOAD_CLIENT === "fetch" ? "fetch" : "http";
const target = new URL("/api/leads", server.baseUrl);
// A fresh pool per phase: a connection left idle between phases for longer
// than the server's keep-alive timeout (5 s) is closed by the server, and a
// client that reuses it at that moment gets a reset, not an answer.
let agent;

/** POSTs over a kept-alive connection; resolves with the status once the whole answer is read. */
function postHttp(body) {
  return new Promise((resolve, reject) => {
    const request = http.request(
      target,
      { method: "POST", agent, headers: { "content-type": "application/json", "content-length": Buffer.byteLength(body) } },
      (response) => {
        response.resume();
        response.on("end", () => resolve(response.statusCode));
        response.on("error", reject);
      },
    );
    request.on("error", reject);
    request.end(body);
  });
}

async function postFetch(body) {
  const response = await fetch(target, { method: "POST", headers: { "content-type": "application/json" }, body });
  await response.arrayBuffer();
  return response.status;
}

async function postLead(index) {
  const started = performance.now();
  const body = JSON.stringify({ name: `${RUN} ${index}`, phone: `+91 98${String(index).padStart(8, "0")}` });
  try {
    const status = CLIENT === "fetch" ? await postFetch(body) : await postHttp(body);
    return { status, ms: performance.now() - started };
  } catch (error) {
    return { status: 0, error: String(error?.cause?.code ?? error?.code ?? error), ms: performance.now() - started };
  }
}

/** CPU time (user + system, ms) the server process has used so far; null when it is not ours to read. */
function serverCpuMs() {
  if (!server.pid) return null;
  try {
    const fields = fs.readFileSync(`/proc/${server.pid}/stat`, "utf8").split(") ")[1].split(" ");
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100; // utime + stime, in clock ticks of 10 ms
  } catch {
    return null;
  }
}

/** Sends `total` leads keeping `concurrency` in flight; numbers them from `first`. */
async function phase(label, total, concurrency, first) {
  const results = [];
  agent?.destroy();
  agent = new http.Agent({ keepAlive: true, maxSockets: concurrency });
  const cpuBefore = serverCpuMs();
  let next = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < total) results.push(await postLead(first + next++));
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  const cpuAfter = serverCpuMs();
  const latencies = results.map((result) => result.ms).sort((a, b) => a - b);
  const pct = (p) => Math.round(latencies[Math.min(latencies.length - 1, Math.floor((p / 100) * latencies.length))]);
  const statuses = {};
  for (const result of results) statuses[result.status] = (statuses[result.status] ?? 0) + 1;
  return {
    label,
    sent: total,
    concurrency,
    acknowledged: results.filter((result) => result.status === 201).length,
    statuses,
    seconds: Number(seconds.toFixed(2)),
    requestsPerSecond: Math.round(total / seconds),
    p50Ms: pct(50),
    p99Ms: pct(99),
    maxMs: Math.round(latencies.at(-1)),
    // The server's own CPU per request: unlike latency, it hardly depends on what else the machine runs.
    serverCpuMsPerRequest: cpuBefore === null || cpuAfter === null ? null : Number(((cpuAfter - cpuBefore) / total).toFixed(2)),
  };
}

let phases;
try {
  phases = [await phase("500 at once", 500, 500, 0), await phase("2,000 at 500 concurrency", 2000, 500, 500)];
} finally {
  agent?.destroy();
  await server.stop();
}

// Stored: read the server's database after it shut down (nothing else holds it then).
let stored = null;
if (process.env.DATABASE_URL && !process.env.BENCH_URL) {
  const pg = (await import("pg")).default;
  const client = new pg.Client({ connectionString: process.env.DATABASE_URL });
  await client.connect();
  stored = (await client.query("select count(*)::int as n from leads where name like $1", [`${RUN} %`])).rows[0].n;
  await client.end();
} else if (server.dataDir) {
  const db = await PGlite.create(path.join(server.dataDir, "pglite"), { extensions: { pg_trgm } });
  const { rows } = await db.query("select count(*)::int as n from leads where name like $1", [`${RUN} %`]);
  stored = rows[0].n;
  await db.close();
}
const acknowledged = phases.reduce((sum, p) => sum + p.acknowledged, 0);
const os = await import("node:os");
const result = {
  date: new Date().toISOString(),
  client: CLIENT,
  database: process.env.DATABASE_URL ? "postgres" : "pglite",
  cpus: os.cpus().length,
  loadAverage: os.loadavg().map((load) => Number(load.toFixed(1))),
  phases,
  acknowledged,
  stored,
  lost: stored === null ? null : acknowledged - Math.min(stored, acknowledged),
};
for (const p of phases) {
  console.log(
    `${p.label.padEnd(26)} acknowledged ${p.acknowledged}/${p.sent}  ${p.requestsPerSecond} req/s  p50 ${p.p50Ms} ms  p99 ${p.p99Ms} ms  max ${p.maxMs} ms  server CPU ${p.serverCpuMsPerRequest ?? "?"} ms/req  statuses ${JSON.stringify(p.statuses)}`,
  );
}
console.log(
  `acknowledged ${acknowledged}, stored ${stored ?? "n/a"}, lost ${result.lost ?? "n/a"}; client ${CLIENT}, ${result.database}, load average ${result.loadAverage.join(" ")}`,
);
const file = process.env.LOAD_RESULT ?? "bench/results/load-leads.json";
fs.mkdirSync(path.dirname(file), { recursive: true });
fs.writeFileSync(file, `${JSON.stringify(result, null, 2)}\n`);
console.log(`wrote ${file}`);
