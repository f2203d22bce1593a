// Brochures made from the live package (issue 22, ADR 042), against the
// production build on a fresh seeded database:
//   1. a cold render of the Bali brochure: the process's first (5 s after boot), then the
//      median of five more, each after a content write (nothing kept);
//   2. a kept brochure at 20 connections (Node's HTTP client, 8 s each): p50, p90, p99,
//      req/s and the server's CPU per answer; beside it the same bytes and headers
//      from a bare node:http server (the floor), autocannon on both, a file of the
//      same size from express.static, and the 304 answer to If-None-Match;
//   3. the server's peak RSS growth while 7 brochures render at once (all
//      seeded packages, just after a content write), sampled every 2 ms.
// Prints the numbers and writes bench/results/brochure.json. Traffic goes to 127.0.0.1 only.
//
//   npm run build && node bench/brochure.mjs      (BENCH_PORT, default 3260)
//
// Goals: cold render at most 800 ms; cached p99 under 10 ms; peak RSS growth at most 150 MB.
// The server runs with NODE_ENV=test and a fixture token only so that the bench
// can make content writes (/__e2e/sql); the pages and PDFs are the production build's.
import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { spawn, spawnSync } from "node:child_process";
import os from "node:os";
import autocannon from "autocannon";
import { closedLoopLoad } from "./lib/load.mjs";
import { buildsFromArgs, startBenchServer, startBuildServers } from "./lib/server.mjs";

const GOAL = { coldMs: 800, cachedP99Ms: 10, rssGrowthMb: 150 };
if (process.argv.includes("--pause")) {
  await pauseBench();
  process.exit(0);
}
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 20);
const DURATION = Number(process.env.BENCH_DURATION ?? 8);
const token = crypto.randomBytes(16).toString("hex");
const server = await startBenchServer(3260, { NODE_ENV: "test", E2E_FIXTURE_TOKEN: token });
const base = server.baseUrl;

async function sql(text) {
  const response = await fetch(`${base}/__e2e/sql`, {
    method: "POST",
    headers: { "content-type": "application/json", "x-e2e-token": token },
    body: JSON.stringify({ text }),
  });
  if (!response.ok) throw new Error(`fixture query failed: ${await response.text()}`);
  return (await response.json()).rows;
}
/** Any content write: the kept brochures are for the old version from now on. */
const contentWrite = () => sql("update content_version set version = version + 1");

async function timedGet(url) {
  const start = performance.now();
  const response = await fetch(url);
  const body = Buffer.from(await response.arrayBuffer());
  const ms = performance.now() - start;
  if (response.status !== 200 || body.subarray(0, 5).toString("latin1") !== "%PDF-") throw new Error(`${url}: ${response.status}`);
  return { ms, bytes: body.length, cache: response.headers.get("x-brochure-cache") };
}

function rssKb(pid) {
  const status = fs.readFileSync(`/proc/${pid}/status`, "utf8");
  return Number(/VmRSS:\s+(\d+)/.exec(status)[1]);
}

/** The stored photo closest in size to `bytes` (MEDIA_DIR, default .cache/media). */
async function referenceFile(bytes) {
  const dir = path.resolve(process.env.MEDIA_DIR ?? ".cache/media");
  if (!fs.existsSync(dir)) return null;
  const files = fs.readdirSync(dir, { withFileTypes: true }).filter((entry) => entry.isFile() && entry.name.endsWith(".webp"));
  let best = null;
  for (const entry of files) {
    const size = fs.statSync(path.join(dir, entry.name)).size;
    if (!best || Math.abs(size - bytes) < Math.abs(best.size - bytes)) best = { name: entry.name, size };
  }
  return best;
}

/** CPU time (user + system) of a process so far, in ms. */
function cpuMs(pid) {
  const fields = fs.readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1].split(" ");
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100; // utime, stime in clock ticks (100 a second)
}

/** A load run, with the server's CPU per answer when its process is known. */
async function measured(pid, run) {
  const before = pid ? cpuMs(pid) : null;
  const result = await run();
  if (pid && result.requests > 0) result.serverCpuMsPerRequest = Math.round(((cpuMs(pid) - before) / result.requests) * 1000) / 1000;
  return result;
}

async function autocannonLoad(url) {
  const run = await autocannon({ url, connections: CONNECTIONS, duration: DURATION });
  return {
    rps: Math.round(run.requests.average),
    p50Ms: run.latency.p50,
    p90Ms: run.latency.p90,
    p99Ms: run.latency.p99,
    maxMs: run.latency.max,
    httpErrors: run.non2xx,
    errors: run.errors,
  };
}

const line = (r) =>
  `p50 ${r.p50Ms} ms, p90 ${r.p90Ms} ms, p99 ${r.p99Ms} ms, ${r.rps} req/s` +
  (r.serverCpuMsPerRequest !== undefined ? `, server CPU ${r.serverCpuMsPerRequest} ms per answer` : "") +
  (r.httpErrors || r.errors ? `, failed ${r.httpErrors + r.errors}` : "");

/** bench/lib/bare-server.mjs with these bytes and headers (hop-by-hop and Date left out). */
async function startBareServer(body, headers, port) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "brochure-bench-"));
  const file = path.join(dir, "body");
  fs.writeFileSync(file, body);
  const kept = {};
  headers.forEach((value, name) => {
    if (!["date", "connection", "keep-alive", "transfer-encoding", "content-length"].includes(name)) kept[name] = value;
  });
  fs.writeFileSync(path.join(dir, "headers.json"), JSON.stringify(kept));
  const child = spawn(process.execPath, ["bench/lib/bare-server.mjs", file, path.join(dir, "headers.json"), String(port)], {
    stdio: ["ignore", "pipe", "inherit"],
  });
  await new Promise((resolve, reject) => {
    child.stdout.once("data", resolve);
    child.once("exit", (code) => reject(new Error(`the bare server exited (${code})`)));
  });
  return {
    url: `http://127.0.0.1:${port}/`,
    pid: child.pid,
    stop: () => {
      child.kill();
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
const round = (value) => Math.round(value * 10) / 10;

let cached;
try {
  // The server lays out a made-up brochure a second after boot (JIT warm-up, ADR 042): let it finish.
  await new Promise((resolve) => setTimeout(resolve, 5000));
  const bali = `${base}/packages/bali/brochure.pdf`;
  // 1. Cold renders.
  const first = await timedGet(bali);
  if (first.cache !== "render") throw new Error(`the first request was ${first.cache}`);
  const again = [];
  for (let i = 0; i < 5; i++) {
    await contentWrite();
    const result = await timedGet(bali);
    if (result.cache !== "render") throw new Error(`expected a render, got ${result.cache}`);
    again.push(result.ms);
  }
  const cold = { firstMs: round(first.ms), medianMs: round(median(again)), maxMs: round(Math.max(...again)), bytes: first.bytes };
  console.log(`cold render of Bali: first ${cold.firstMs} ms, then median ${cold.medianMs} ms, max ${cold.maxMs} ms (${(cold.bytes / 1024).toFixed(0)} KiB)`);

  // 2. Kept: every request reads the content version, then answers from memory.
  // The load is Node's own HTTP client (bench/lib/load.mjs: autocannon turns
  // every body into a string, which for a 160 KiB PDF costs more than the
  // server's answer). Beside it, on the same bytes and headers: a bare
  // node:http server (the floor on this machine, now), and autocannon on both.
  // The server's CPU per answer is read from /proc: it does not depend on how
  // much of the machine other work takes, the latencies do.
  const kept = await fetch(bali);
  const pdf = Buffer.from(await kept.arrayBuffer());
  if (kept.headers.get("x-brochure-cache") !== "hit") throw new Error(`expected a kept brochure, got ${kept.headers.get("x-brochure-cache")}`);
  const bare = await startBareServer(pdf, kept.headers, Number(process.env.BARE_PORT ?? Number(new URL(base).port) + 2));
  try {
    // Two seconds of the same load first, not counted, for each: the JIT compiles the answer's path.
    await closedLoopLoad({ url: bali, connections: CONNECTIONS, duration: 2 });
    await closedLoopLoad({ url: bare.url, connections: CONNECTIONS, duration: 2 });
    const app = await measured(server.pid, () => closedLoopLoad({ url: bali, connections: CONNECTIONS, duration: DURATION }));
    const floor = await measured(bare.pid, () => closedLoopLoad({ url: bare.url, connections: CONNECTIONS, duration: DURATION }));
    const appAutocannon = await autocannonLoad(bali);
    const floorAutocannon = await autocannonLoad(bare.url);
    cached = {
      connections: CONNECTIONS,
      bytes: pdf.length,
      loadAverage: os.loadavg().map((value) => round(value)),
      ...app,
      bare: floor,
      autocannon: { app: appAutocannon, bare: floorAutocannon },
    };
    console.log(`cached at ${CONNECTIONS} connections (${(pdf.length / 1024).toFixed(0)} KiB, load average ${cached.loadAverage.join(" ")}): ${line(app)}`);
    console.log(`  reference, the same bytes and headers from a bare node:http server: ${line(floor)}`);
    console.log(`  autocannon on the app: ${line(appAutocannon)}; on the bare server: ${line(floorAutocannon)}`);
  } finally {
    bare.stop();
  }
  // For scale: a stored photo of about the PDF's size from express.static, same connections.
  const photo = await referenceFile(pdf.length);
  if (photo) {
    const staticRun = await measured(server.pid, () => closedLoopLoad({ url: `${base}/media/${photo.name}`, connections: CONNECTIONS, duration: DURATION }));
    cached.staticFile = { file: photo.name, bytes: photo.size, ...staticRun };
    console.log(`  reference, a ${(photo.size / 1024).toFixed(0)} KiB file from express.static: ${line(staticRun)}`);
  }
  // And a tiny one (what the path costs, not the bytes): the answer to If-None-Match.
  const etag = kept.headers.get("etag");
  const revalidate = await measured(server.pid, () =>
    closedLoopLoad({ url: bali, connections: CONNECTIONS, duration: DURATION, headers: { "if-none-match": etag } }),
  );
  cached.revalidated304 = revalidate;
  console.log(`  revalidated (304 on the ETag): ${line(revalidate)}`);

  // 3. Memory while all seven render at once.
  const slugs = (await sql("select slug from packages where status = 'published' order by id")).map((row) => row.slug).slice(0, 7);
  let memory = null;
  if (server.pid) {
    await contentWrite();
    global.gc?.();
    await new Promise((resolve) => setTimeout(resolve, 500));
    const before = rssKb(server.pid);
    let peak = before;
    const sampler = setInterval(() => {
      peak = Math.max(peak, rssKb(server.pid));
    }, 2);
    const start = performance.now();
    const results = await Promise.all(slugs.map((slug) => timedGet(`${base}/packages/${slug}/brochure.pdf`)));
    const allMs = performance.now() - start;
    clearInterval(sampler);
    peak = Math.max(peak, rssKb(server.pid));
    memory = {
      brochures: slugs.length,
      beforeMb: round(before / 1024),
      peakMb: round(peak / 1024),
      growthMb: round((peak - before) / 1024),
      allRenderedMs: round(allMs),
      largestKiB: Math.round(Math.max(...results.map((r) => r.bytes)) / 1024),
    };
    console.log(
      `${slugs.length} at once: RSS ${memory.beforeMb} MB -> peak ${memory.peakMb} MB (growth ${memory.growthMb} MB), all done in ${memory.allRenderedMs} ms, largest PDF ${memory.largestKiB} KiB`,
    );
  }

  const verdict = {
    cold: cold.medianMs <= GOAL.coldMs && cold.firstMs <= GOAL.coldMs,
    cachedP99: cached.p99Ms < GOAL.cachedP99Ms,
    rssGrowth: memory ? memory.growthMb <= GOAL.rssGrowthMb : null,
  };
  console.log(
    `goals: cold ≤ ${GOAL.coldMs} ms ${verdict.cold ? "met" : "MISSED"}; cached p99 < ${GOAL.cachedP99Ms} ms ${verdict.cachedP99 ? "met" : "MISSED"}; RSS growth ≤ ${GOAL.rssGrowthMb} MB ${verdict.rssGrowth === null ? "not measured" : verdict.rssGrowth ? "met" : "MISSED"}`,
  );
  const file = path.resolve("bench/results/brochure.json");
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, JSON.stringify({ date: new Date().toISOString(), goal: GOAL, cold, cached, memory, verdict }, null, 2) + "\n");
  console.log(`written: ${path.relative(process.cwd(), file)}`);
} finally {
  await server.stop();
}

/**
 * `node bench/brochure.mjs --pause [--build before=dir --build after=dir]` (issue 44 finding 10):
 * the longest time the server's event loop could not answer while it rendered a brochure at
 * every field's maximum (50 highlights, inclusions and exclusions of 500 characters, 60 days of
 * 5,000, 20 price options of 30 hotels, 50 departures, 30 clauses of 2,000, an overview of 20,000). A client asks /api/health every POLL_MS (default 50, as the re-test
 * did; the next one at once when an answer took longer) from the content write until the new
 * version's brochure is kept; its slowest answer is the longest pause (plus one round trip).
 * The builds take turns, ROUNDS each (default 5), so a busy spell hurts both alike. Also printed:
 * the brochure's pages (pdfinfo) and how the downloads during a render were answered
 * (X-Brochure-Cache: "previous" is the package's previous brochure, answered while a render
 * takes over 2.5 s).
 */
async function pauseBench() {
  const middle = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
  const builds = buildsFromArgs(process.argv.slice(2));
  const fixtureToken = crypto.randomBytes(16).toString("hex");
  const withFixtures = builds.map((build) => ({ ...build, env: { ...build.env, NODE_ENV: "test", E2E_FIXTURE_TOKEN: fixtureToken } }));
  const servers = await startBuildServers(withFixtures, Number(process.env.BENCH_PORT ?? 3260));
  const rounds = Number(process.env.ROUNDS ?? 5);
  const pollMs = Number(process.env.POLL_MS ?? 50);
  const results = Object.fromEntries(servers.map((s) => [s.label, { pausesMs: [], rendersMs: [], idleMs: [], pages: null, answers: {} }]));
  const query = async (serverBase, text) => {
    const response = await fetch(`${serverBase}/__e2e/sql`, {
      method: "POST",
      headers: { "content-type": "application/json", "x-e2e-token": fixtureToken },
      body: JSON.stringify({ text }),
    });
    if (!response.ok) throw new Error(`fixture query failed: ${await response.text()}`);
    return (await response.json()).rows;
  };
  const words = (n, seed) => `(select string_agg('${seed}' || (g % 10) || ' temple', ' ') from generate_series(1, ${n}) g)`;
  const list = (seed) => `(select jsonb_agg(left(${words(50, seed)}, 500)) from generate_series(1, 50))`;
  /** Asks /api/health every `pollMs` until `done()`; the slowest answer. */
  async function slowestHealth(serverBase, done) {
    let slowest = 0;
    while (!done()) {
      const start = performance.now();
      await (await fetch(`${serverBase}/api/health`)).arrayBuffer();
      const took = performance.now() - start;
      slowest = Math.max(slowest, took);
      if (took < pollMs) await new Promise((resolve) => setTimeout(resolve, pollMs - took));
    }
    return slowest;
  }
  try {
    for (const s of servers) {
      await query(
        s.baseUrl,
        `update packages set highlights = ${list("h")}, included = ${list("i")}, excluded = ${list("e")},
          long_description = left(${words(2000, "p")}, 20000),
          itinerary = (select jsonb_agg(jsonb_build_object('day', d, 'title', left(${words(20, "t")}, 200), 'description', left(${words(450, "d")}, 5000), 'photo', '')) from generate_series(1, 60) d),
          price_options = (select jsonb_agg(jsonb_build_object('label', 'Option ' || o, 'amount', 90000 + o, 'unit', 'per person',
            'hotels', (select jsonb_agg(jsonb_build_object('destination', 'Town ' || h, 'nights', 2, 'hotel', left(${words(20, "s")}, 200), 'roomType', 'Deluxe Room', 'mealPlan', 'Breakfast')) from generate_series(1, 30) h)))
            from generate_series(1, 20) o),
          group_dates = (select jsonb_agg(jsonb_build_object('name', 'Batch ' || b, 'start', to_char(current_date + 30 + b, 'YYYY-MM-DD'), 'end', to_char(current_date + 40 + b, 'YYYY-MM-DD'))) from generate_series(1, 50) b),
          terms_override = jsonb_build_object(
            'clauses', (select jsonb_agg(jsonb_build_object('title', left(${words(12, "c")}, 120), 'text', left(${words(180, "x")}, 2000))) from generate_series(1, 30)),
            'conveniences', (select jsonb_agg(left(${words(20, "v")}, 200)) from generate_series(1, 12)))
         where slug = 'bali'`,
      );
      // One render first, not counted: the JIT and the thread warm.
      const first = await fetch(`${s.baseUrl}/packages/bali/brochure.pdf`);
      const info = spawnSync("pdfinfo", ["-"], { input: Buffer.from(await first.arrayBuffer()) }).stdout.toString();
      results[s.label].pages = Number(/Pages:\s+(\d+)/.exec(info)?.[1]);
    }
    for (let round = 0; round < rounds; round++) {
      for (const s of servers) {
        const url = `${s.baseUrl}/packages/bali/brochure.pdf`;
        let idleDone = false;
        setTimeout(() => (idleDone = true), 1000);
        results[s.label].idleMs.push(await slowestHealth(s.baseUrl, () => idleDone));
        await query(s.baseUrl, "update content_version set version = version + 1");
        let rendered = false;
        const started = performance.now();
        const render = (async () => {
          // A render over 2.5 s answers the previous brochure meanwhile: ask again until the new one is kept.
          for (;;) {
            const answer = await timedGet(url);
            results[s.label].answers[answer.cache] = (results[s.label].answers[answer.cache] ?? 0) + 1;
            if (answer.cache !== "previous") break;
            await new Promise((resolve) => setTimeout(resolve, 100));
          }
          results[s.label].rendersMs.push(performance.now() - started);
          rendered = true;
        })();
        results[s.label].pausesMs.push(await slowestHealth(s.baseUrl, () => rendered));
        await render;
      }
    }
  } finally {
    await Promise.all(servers.map((s) => s.stop()));
  }
  console.log(
    `brochure at the fields' maximum, ${rounds} rounds each, builds taking turns (load average ${os
      .loadavg()
      .map((v) => v.toFixed(1))
      .join(" ")}):`,
  );
  for (const [label, r] of Object.entries(results)) {
    const fmt = (values) => values.map((v) => Math.round(v)).join(", ");
    console.log(
      `  ${label} (${r.pages} pages): longest /api/health answer during a render ${Math.round(Math.max(...r.pausesMs))} ms (median of rounds ${Math.round(middle(r.pausesMs))}; ${fmt(r.pausesMs)}), ` +
        `idle ${Math.round(Math.max(...r.idleMs))} ms; render to kept ${Math.round(middle(r.rendersMs))} ms median (${fmt(r.rendersMs)}); ` +
        `downloads during the renders: ${JSON.stringify(r.answers)}`,
    );
  }
}
