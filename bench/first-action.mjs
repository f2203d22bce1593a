/* global window -- the wait runs in the page */
// What a visitor's first tap costs (issue 42): a 390 px phone (Android, touch)
// with 4× CPU throttling and Lighthouse's slow 4G, cold cache, against a
// production build on a fresh database. Each run loads a page, waits until the
// window's load event and then 0, 5 or 12 s more, and taps one control whose
// answer is the page's own (see CONTROLS): the first action of the visit, as
// far as the page can tell, apart from the scroll that brings the control into
// view just before the tap, as the visitor's thumb would.
//
// It prints, per case, the time from the tap (the touch's pointerdown, its
// hardware time) to the page's visible answer: the paint of the first frame
// that shows it (the predicate holds in a requestAnimationFrame callback). When
// that is the first paint after the tap's handlers, its time is Event Timing's
// (the entry's startTime + duration, as INP counts it); a later frame is
// stamped by a task posted from it (an upper bound). See bench/lib/first-tap.mjs.
// And the median and worst of the runs. Also whether the page had hydrated
// when the tap came, and which stamp each run used.
//
//   node bench/first-action.mjs                                      # ./build, 5 runs per case
//   node bench/first-action.mjs --build before=/tmp/build-before --build after=build
//   node bench/first-action.mjs --only / --delays 0,5000 --runs 3 --label quick
//   BENCH_URL=http://127.0.0.1:3000 node bench/first-action.mjs      # a running server
//
// With several --build options every build's server runs at once (BENCH_PORT,
// default 3280, then +1…) and each case takes turns between them, run by run, so
// a busy spell of a shared machine hurts every build alike. Writes
// bench/results/first-action[-label].json.
import fs from "node:fs";
import path from "node:path";
import { coldSlowPhone, CPU_SLOWDOWN, launchBenchBrowser, SLOW_4G } from "./lib/browser.mjs";
import { ANDROID_UA, ARM, CONTROLS, RECORDER } from "./lib/first-tap.mjs";
import { buildsFromArgs, startBuildServers } from "./lib/server.mjs";

const args = process.argv.slice(2);
const option = (name, fallback) => {
  const at = args.indexOf(name);
  return at >= 0 ? args[at + 1] : fallback;
};
const runs = Number(option("--runs", "5"));
const delays = option("--delays", "0,5000,12000").split(",").map(Number);
const label = option("--label", "");
const builds = buildsFromArgs(args);

const pages = option("--only", Object.keys(CONTROLS).join(",")).split(",");
for (const page of pages) if (!CONTROLS[page]) throw new Error(`no control is set for ${page}: add it to CONTROLS`);

/** A tap not answered within this long counts as never answered. */
const ANSWER_TIMEOUT_MS = 15_000;

const median = (values) => {
  const sorted = values.filter((value) => Number.isFinite(value)).sort((a, b) => a - b);
  if (sorted.length === 0) return NaN;
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
};

async function measure(browser, baseUrl, pagePath, delayMs) {
  const context = await browser.newContext({
    viewport: { width: 390, height: 844 },
    deviceScaleFactor: 2,
    isMobile: true,
    hasTouch: true,
    userAgent: ANDROID_UA,
    reducedMotion: "no-preference",
  });
  try {
    const page = await context.newPage();
    await page.addInitScript(RECORDER);
    await coldSlowPhone(context, page);
    await page.goto(`${baseUrl}${pagePath}`, { waitUntil: "load", timeout: 120_000 });
    if (delayMs > 0) await page.waitForTimeout(delayMs);
    // Playwright's in-page helper for waitForFunction is made at its first use:
    // made here, not in the tap's window, where it cost the throttled main thread
    // 25-35 ms of the answer being measured.
    await page.waitForFunction(() => true);
    const point = await page.evaluate(ARM, CONTROLS[pagePath]);
    await page.touchscreen.tap(point.x, point.y);
    await page.waitForFunction(() => window.__firstAction.answeredAt !== null, null, { timeout: ANSWER_TIMEOUT_MS, polling: 100 }).catch(() => {});
    const marks = await page.evaluate(() => window.__firstAction);
    return {
      page: pagePath,
      delayMs,
      loadMs: Math.round(marks.load),
      hydratedAtTap: marks.hydratedAtTap,
      answer: marks.how,
      stamp: marks.stamp,
      handlersMs: marks.handlersEndAt === null || marks.tapAt === null ? null : Math.round(marks.handlersEndAt - marks.tapAt),
      firstMoveMs: marks.firstMoveFrameAt === null || marks.tapAt === null ? null : Math.round(marks.firstMoveFrameAt - marks.tapAt),
      latencyMs: marks.answeredAt === null || marks.tapAt === null ? null : Math.round(marks.answeredAt - marks.tapAt),
    };
  } finally {
    await context.close();
  }
}

const servers = await startBuildServers(builds, Number(process.env.BENCH_PORT ?? 3280));
const browser = await launchBenchBrowser();
const results = [];
try {
  for (let run = 0; run < runs; run++) {
    for (const pagePath of pages) {
      for (const delayMs of delays) {
        // Builds take turns, starting with a different one each run.
        const order = servers.map((_, index) => servers[(index + run) % servers.length]);
        for (const server of order) {
          const row = { build: server.label, run: run + 1, ...(await measure(browser, server.baseUrl, pagePath, delayMs)) };
          results.push(row);
          console.log(
            `${row.build.padEnd(8)} ${pagePath.padEnd(15)} tap ${String(delayMs / 1000).padStart(2)} s after load, run ${row.run}: ` +
              `${row.latencyMs === null ? "no answer" : `${row.latencyMs} ms`} (${row.answer ?? "-"}, by ${row.stamp ?? "-"}, handlers done at ${row.handlersMs ?? "-"} ms; ${row.firstMoveMs === null ? "" : `page scrolled from the frame at ${row.firstMoveMs} ms; `}${row.hydratedAtTap ? "hydrated" : "not hydrated"} at the tap; load ${row.loadMs} ms)`,
          );
        }
      }
    }
  }
} finally {
  await browser.close();
  await Promise.all(servers.map((server) => server.stop()));
}

const summary = [];
console.log(`\n| build | page | tap after load | runs (ms) | median | worst | hydrated at the tap |\n|---|---|---|---|---|---|---|`);
for (const pagePath of pages) {
  for (const delayMs of delays) {
    for (const server of servers) {
      const rows = results.filter((row) => row.build === server.label && row.page === pagePath && row.delayMs === delayMs);
      const latencies = rows.map((row) => row.latencyMs ?? Infinity);
      const row = {
        build: server.label,
        page: pagePath,
        delayMs,
        runsMs: latencies,
        medianMs: Math.round(median(latencies)),
        worstMs: Math.max(...latencies),
        hydratedAtTap: rows.filter((one) => one.hydratedAtTap).length,
      };
      summary.push(row);
      const show = (ms) => (Number.isFinite(ms) ? `${ms}` : "none");
      console.log(
        `| ${row.build} | ${pagePath} | ${delayMs / 1000} s | ${latencies.map(show).join(", ")} | ${show(row.medianMs)} ms | ${show(row.worstMs)} ms | ${row.hydratedAtTap} of ${rows.length} |`,
      );
    }
  }
}

const outDir = path.resolve("bench/results");
fs.mkdirSync(outDir, { recursive: true });
const outFile = path.join(outDir, `first-action${label ? `-${label}` : ""}.json`);
fs.writeFileSync(
  outFile,
  JSON.stringify(
    { date: new Date().toISOString(), network: SLOW_4G, cpuSlowdown: CPU_SLOWDOWN, runs, delays, controls: CONTROLS, builds, summary, results },
    null,
    2,
  ),
);
console.log(`\nWrote ${path.relative(process.cwd(), outFile)}`);
