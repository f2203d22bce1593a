// The main-thread tasks a public page's scripts cost while it starts (ADR 078),
// measured as CPU time of the renderer's main thread (the trace's thread
// duration), which a busy shared machine does not lengthen the way it
// lengthens wall time. A 4× slower phone takes about 4× as long for each task,
// and a tap that comes during one waits for its end, so the longest task after
// the first paint is what a first tap may have to wait for (Lighthouse's Total
// Blocking Time counts the part of each task over 50 ms after the same 4×).
//
// Each run loads a page at 390 px without throttling (so the trace is the
// page's own work, not the throttle's pauses), cold cache, records a Chromium
// trace until the page has hydrated and 2 s more, and lists the tasks between
// the first contentful paint and then: the longest, the number over 12.5 ms
// (over 50 ms at 4×), and the sum over 12.5 ms of their excess at 4× (a
// TBT-like figure). Pages that start scripts only at an action (the build
// before ADR 078) are given a key press 1 s after load, as a visitor would.
//
//   node bench/start-tasks.mjs                                     # ./build, /, /packages/bali, /gallery, 5 runs
//   node bench/start-tasks.mjs --build before=.cache/build-before --build after=build --runs 3
//   node bench/start-tasks.mjs --only /contact --verbose          # every task over 5 ms, with what ran in it
//
// Writes bench/results/start-tasks[-label].json.
import fs from "node:fs";
import path from "node:path";
import { launchBenchBrowser } from "./lib/browser.mjs";
import { buildsFromArgs, startBuildServers } from "./lib/server.mjs";

const args = process.argv.slice(2);
const option = (name, fallback) => {
  const at = args.indexOf(name);
  return at >= 0 ? args[at + 1] : fallback;
};
const pages = option("--only", "/,/packages/bali,/gallery").split(",");
const runs = Number(option("--runs", "5"));
const label = option("--label", "");
const verbose = args.includes("--verbose");
const builds = buildsFromArgs(args);
/** Tasks longer than this (CPU ms) are over 50 ms on a phone 4× slower. */
const LONG_MS = 12.5;
const SLOWDOWN = 4;

/** The names of trace events worth showing inside a task, and a short word for each. */
const WORK = {
  "v8.compileModule": "compile",
  "v8.compile": "compile",
  "v8.evaluateModule": "evaluate",
  EvaluateScript: "script",
  FunctionCall: "call",
  TimerFire: "timer",
  FireIdleCallback: "idle callback",
  FireAnimationFrame: "frame callback",
  EventDispatch: "event",
  ParseHTML: "parse HTML",
  UpdateLayoutTree: "style",
  Layout: "layout",
  Paint: "paint",
  "v8.run": "run",
  MajorGC: "GC",
  MinorGC: "GC",
};

function tasksOf(traceEvents, pageUrl) {
  // The page's renderer main thread: the one that parsed the page's HTML.
  const parse = traceEvents.find((event) => event.name === "ParseHTML" && String(event.args?.beginData?.url ?? "").startsWith(pageUrl));
  const main = parse ? `${parse.pid}:${parse.tid}` : null;
  const onMain = traceEvents.filter((event) => `${event.pid}:${event.tid}` === main && event.ph === "X");
  const fcp = traceEvents.find((event) => event.name === "firstContentfulPaint" && `${event.pid}:${event.tid}` === main)?.ts;
  // The browser's automation (Playwright's own scripts, sent over the DevTools protocol) is not the page's work.
  const automation = onMain.filter((event) => event.args?.chrome_mojo_event_info?.mojo_interface_tag === "blink.mojom.DevToolsSession");
  const tasks = onMain
    .filter((event) => event.name === "RunTask")
    .filter((task) => !automation.some((event) => event.ts >= task.ts && event.ts <= task.ts + task.dur))
    .map((task) => {
      const end = task.ts + task.dur;
      const inside = onMain.filter((event) => event.ts >= task.ts && event.ts + (event.dur ?? 0) <= end && WORK[event.name]);
      const kinds = new Map();
      for (const event of inside) kinds.set(WORK[event.name], (kinds.get(WORK[event.name]) ?? 0) + (event.tdur ?? event.dur ?? 0));
      const what = [...kinds]
        .sort((a, b) => b[1] - a[1])
        .slice(0, 3)
        .map(([kind, us]) => `${kind} ${(us / 1000).toFixed(1)}`)
        .join(", ");
      return { at: (task.ts - (fcp ?? task.ts)) / 1000, cpuMs: (task.tdur ?? task.dur) / 1000, wallMs: task.dur / 1000, what };
    });
  return { fcpFound: fcp !== undefined, tasks: fcp === undefined ? tasks : tasks.filter((task) => task.at >= 0) };
}

async function measure(browser, baseUrl, pagePath) {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 }, deviceScaleFactor: 2, isMobile: true, hasTouch: true });
  const page = await context.newPage();
  try {
    const cdp = await context.newCDPSession(page);
    await cdp.send("Network.enable");
    await cdp.send("Network.setCacheDisabled", { cacheDisabled: true });
    await browser.startTracing(page, {
      categories: ["toplevel", "devtools.timeline", "disabled-by-default-devtools.timeline", "v8", "v8.execute", "blink.user_timing", "loading"],
    });
    const started = Date.now();
    await page.goto(`${baseUrl}${pagePath}`, { waitUntil: "load" });
    // A build that waits for an action (before ADR 078) gets one, as a visitor would give it.
    const acted = await page
      .locator("html[data-hydrated]")
      .waitFor({ state: "attached", timeout: 3000 })
      .then(() => false)
      .catch(async () => {
        await page.keyboard.press("Shift");
        await page.locator("html[data-hydrated]").waitFor({ state: "attached", timeout: 30_000 });
        return true;
      });
    const hydratedAfterMs = Date.now() - started;
    await page.waitForTimeout(2000);
    const trace = JSON.parse((await browser.stopTracing()).toString("utf8"));
    const { tasks, fcpFound } = tasksOf(trace.traceEvents ?? trace, `${baseUrl}${pagePath}`);
    const long = tasks.filter((task) => task.cpuMs > LONG_MS);
    return {
      page: pagePath,
      acted,
      fcpFound,
      hydratedAfterMs,
      longestCpuMs: Number(Math.max(0, ...tasks.map((task) => task.cpuMs)).toFixed(1)),
      longTasks: long.length,
      blockingAt4xMs: Math.round(long.reduce((sum, task) => sum + task.cpuMs * SLOWDOWN - 50, 0)),
      totalCpuMs: Math.round(tasks.reduce((sum, task) => sum + task.cpuMs, 0)),
      tasks: tasks.filter((task) => task.cpuMs > 5).map((task) => ({ ...task, cpuMs: Number(task.cpuMs.toFixed(1)), at: Math.round(task.at) })),
    };
  } finally {
    await context.close();
  }
}

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
};

const servers = await startBuildServers(builds, Number(process.env.BENCH_PORT ?? 3290));
const browser = await launchBenchBrowser();
const results = [];
try {
  for (let run = 0; run < runs; run++) {
    for (const pagePath of pages) {
      const order = servers.map((_, index) => servers[(index + run) % servers.length]);
      for (const server of order) {
        const row = { build: server.label, run: run + 1, ...(await measure(browser, server.baseUrl, pagePath)) };
        results.push(row);
        console.log(
          `${row.build.padEnd(8)} ${pagePath.padEnd(15)} run ${row.run}: longest task ${row.longestCpuMs} ms CPU, ${row.longTasks} over ${LONG_MS} ms, ` +
            `blocking at ${SLOWDOWN}× ${row.blockingAt4xMs} ms, all tasks ${row.totalCpuMs} ms${row.acted ? " (after a key press)" : ""}`,
        );
        if (verbose) for (const task of row.tasks) console.log(`    +${task.at} ms: ${task.cpuMs} ms CPU (${task.wallMs.toFixed(1)} wall): ${task.what}`);
      }
    }
  }
} finally {
  await browser.close();
  await Promise.all(servers.map((server) => server.stop()));
}

const summary = [];
console.log(
  `\n| build | page | longest task (CPU ms) | tasks over ${LONG_MS} ms | blocking at ${SLOWDOWN}× (ms) | all tasks (CPU ms) |\n|---|---|---|---|---|---|`,
);
for (const pagePath of pages) {
  for (const server of servers) {
    const rows = results.filter((row) => row.build === server.label && row.page === pagePath);
    const pick = (key) => median(rows.map((row) => row[key]));
    const row = {
      build: server.label,
      page: pagePath,
      longestCpuMs: pick("longestCpuMs"),
      longTasks: pick("longTasks"),
      blockingAt4xMs: pick("blockingAt4xMs"),
      totalCpuMs: pick("totalCpuMs"),
    };
    summary.push(row);
    const range = (key) => `${Math.min(...rows.map((one) => one[key]))}–${Math.max(...rows.map((one) => one[key]))}`;
    console.log(
      `| ${row.build} | ${pagePath} | ${row.longestCpuMs} (${range("longestCpuMs")}) | ${row.longTasks} | ${row.blockingAt4xMs} (${range("blockingAt4xMs")}) | ${row.totalCpuMs} |`,
    );
  }
}
const outDir = path.resolve("bench/results");
fs.mkdirSync(outDir, { recursive: true });
const outFile = path.join(outDir, `start-tasks${label ? `-${label}` : ""}.json`);
fs.writeFileSync(outFile, JSON.stringify({ date: new Date().toISOString(), runs, builds, summary, results }, null, 2));
console.log(`\nMedians of ${runs} runs (range in brackets). Wrote ${path.relative(process.cwd(), outFile)}`);
