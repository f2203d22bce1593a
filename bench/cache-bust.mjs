// Page renders that miss the cache, from one client, against everyone else
// (issue 19 item 11, ADR 034): 8 connections ask for `/?x=<n>` (a new address
// each time, so the page cache cannot answer) while a visitor reads `/`.
// Run twice in one go: without the per-client render cap (PAGE_RENDER_LIMIT=0,
// the code before the fix) and with the default cap (120 a minute).
// Prints the visitor's req/s, p50 and p99 with and without the flood, and the
// attacker's answers; writes bench/results/cache-bust.json.
//
//   npm run build && node bench/cache-bust.mjs     (BENCH_PORT, default 3162)
import fs from "node:fs";
import autocannon from "autocannon";
import { startBenchServer } from "./lib/server.mjs";

const DURATION = Number(process.env.BENCH_DURATION ?? 8);
const PORT = Number(process.env.BENCH_PORT ?? 3162);

function run(options) {
  return new Promise((resolve, reject) => autocannon(options, (error, result) => (error ? reject(error) : resolve(result))));
}

async function measure(label, env) {
  const server = await startBenchServer(PORT, { PAGE_CACHE_MB: "64", ...env });
  try {
    const visitor = { url: `${server.baseUrl}/`, connections: 2, duration: DURATION };
    await run({ ...visitor, duration: 2 }); // warm the cache
    const quiet = await run(visitor);
    let n = 0;
    const flood = run({
      url: server.baseUrl,
      connections: 8,
      duration: DURATION,
      requests: [{ setupRequest: (request) => ({ ...request, path: `/?x=${n++}` }) }],
    });
    const busy = await run(visitor);
    const attacker = await flood;
    const figures = {
      label,
      visitorQuiet: { rps: quiet.requests.average, p50: quiet.latency.p50, p99: quiet.latency.p99 },
      visitorDuringFlood: { rps: busy.requests.average, p50: busy.latency.p50, p99: busy.latency.p99 },
      attacker: { rps: attacker.requests.average, status2xx: attacker["2xx"], status4xx: attacker["4xx"], non2xx: attacker.non2xx },
    };
    console.log(
      `${label.padEnd(28)} visitor quiet ${quiet.requests.average} req/s p99 ${quiet.latency.p99} ms | during the flood ${busy.requests.average} req/s p50 ${busy.latency.p50} ms p99 ${busy.latency.p99} ms | attacker ${attacker.requests.average} req/s (${attacker["2xx"]} rendered, ${attacker["4xx"]} refused)`,
    );
    return figures;
  } finally {
    await server.stop();
  }
}

const results = [
  await measure("no render cap (before)", { PAGE_RENDER_LIMIT: "0" }),
  await measure("render cap 120/min (after)", { PAGE_RENDER_LIMIT: "120" }),
];
fs.mkdirSync("bench/results", { recursive: true });
fs.writeFileSync("bench/results/cache-bust.json", JSON.stringify({ at: new Date().toISOString(), durationSeconds: DURATION, results }, null, 2));
console.log("wrote bench/results/cache-bust.json");
