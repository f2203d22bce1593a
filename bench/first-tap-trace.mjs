/* global window, document */
// What runs on the main thread between a first tap and its visible answer
// (issue 42): the same phone, throttling, controls and answer as
// bench/first-action.mjs, but each run waits until the page has hydrated and
// --delay ms more (default 12 s: an idle, hydrated page), then records a
// Chromium trace and a JavaScript CPU profile around the tap. It prints the
// renderer main thread's tasks from the tap's pointerdown to the answer (CPU
// time, which a busy shared host lengthens less than wall time), what ran in
// each (events, style, layout, paint, script), and the functions with the most
// self time in that window.
//
//   node bench/first-tap-trace.mjs                                      # ./build, every page, 3 runs
//   node bench/first-tap-trace.mjs --build before=/tmp/b --build after=build --only / --runs 3
//   node bench/first-tap-trace.mjs --from load --delay 0 --only /packages/bali   # a tap at load
//
// Writes bench/results/first-tap-trace[-label].json.
import fs from "node:fs";
import path from "node:path";
import { coldSlowPhone, launchBenchBrowser } from "./lib/browser.mjs";
import { ANDROID_UA, ARM, CONTROLS, RECORDER } from "./lib/first-tap.mjs";
import { buildsFromArgs, startBuildServers } from "./lib/server.mjs";

const args = process.argv.slice(2);
const option = (name, fallback) => {
  const at = args.indexOf(name);
  return at >= 0 ? args[at + 1] : fallback;
};
const runs = Number(option("--runs", "3"));
const delayMs = Number(option("--delay", "12000"));
// --from load: the delay counts from the load event, hydrated or not (the 0 s
// and 5 s cases of bench/first-action.mjs); by default from hydration.
const saveTraces = args.includes("--save-traces");
const fromLoad = option("--from", "hydration") === "load";
const label = option("--label", "");
const topFunctions = Number(option("--functions", "8"));
const pages = option("--only", Object.keys(CONTROLS).join(",")).split(",");
const builds = buildsFromArgs(args);

const WORK = {
  EventDispatch: "event",
  FunctionCall: "call",
  TimerFire: "timer",
  FireAnimationFrame: "frame callback",
  UpdateLayoutTree: "style",
  Layout: "layout",
  PrePaint: "prepaint",
  Paint: "paint",
  Layerize: "layerize",
  "v8.compile": "compile",
  MajorGC: "GC",
  MinorGC: "GC",
  ScheduleStyleRecalculation: null,
};

/** The tasks of the page's main thread between `from` and `to` (trace µs), with what ran inside each. */
function tasksBetween(events, main, from, to) {
  const onMain = events.filter((event) => `${event.pid}:${event.tid}` === main && event.ph === "X");
  const automation = onMain.filter((event) => event.args?.chrome_mojo_event_info?.mojo_interface_tag === "blink.mojom.DevToolsSession");
  return onMain
    .filter((event) => event.name === "RunTask" && event.ts + event.dur >= from && event.ts <= to)
    .filter((task) => !automation.some((event) => event.ts >= task.ts && event.ts <= task.ts + task.dur))
    .map((task) => {
      const end = task.ts + task.dur;
      const inside = onMain.filter((event) => event.ts >= task.ts && event.ts + (event.dur ?? 0) <= end && WORK[event.name]);
      const kinds = new Map();
      for (const event of inside) {
        const kind = event.name === "EventDispatch" ? `${event.args?.data?.type}` : WORK[event.name];
        kinds.set(kind, (kinds.get(kind) ?? 0) + (event.tdur ?? event.dur ?? 0));
      }
      const what = [...kinds]
        .sort((a, b) => b[1] - a[1])
        .slice(0, 5)
        .map(([kind, us]) => `${kind} ${(us / 1000).toFixed(1)}`)
        .join(", ");
      return { atMs: Math.round((task.ts - from) / 1000), cpuMs: (task.tdur ?? task.dur) / 1000, wallMs: task.dur / 1000, what };
    });
}

/** Self time per function in a CPU profile between `from` and `to` (µs, the trace's clock). */
function selfTimes(profile, from, to) {
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  const totals = new Map();
  let at = profile.startTime;
  for (let index = 0; index < profile.samples.length; index++) {
    const delta = profile.timeDeltas[index] ?? 0;
    at += delta;
    if (at < from || at > to) continue;
    const frame = byId.get(profile.samples[index])?.callFrame;
    if (!frame || frame.functionName === "(idle)" || frame.functionName === "(program)") continue;
    const key = `${frame.functionName || "(anonymous)"} ${path.basename(frame.url || "")}:${frame.lineNumber + 1}:${frame.columnNumber + 1}`;
    totals.set(key, (totals.get(key) ?? 0) + (profile.timeDeltas[index + 1] ?? delta));
  }
  return [...totals]
    .sort((a, b) => b[1] - a[1])
    .slice(0, topFunctions)
    .map(([name, us]) => ({ name, ms: Number((us / 1000).toFixed(1)) }));
}

async function measure(browser, baseUrl, pagePath) {
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
    const cdp = await coldSlowPhone(context, page);
    await page.goto(`${baseUrl}${pagePath}`, { waitUntil: "load", timeout: 120_000 });
    if (!fromLoad) await page.locator("html[data-hydrated]").waitFor({ state: "attached", timeout: 60_000 });
    if (delayMs > 0) await page.waitForTimeout(delayMs);
    // Playwright's in-page helper for waitForFunction is made at its first use:
    // made here, not in the tap's window, where it cost the throttled main thread
    // 25-35 ms of the answer being measured.
    await page.waitForFunction(() => true);
    const point = await page.evaluate(ARM, CONTROLS[pagePath]);
    await cdp.send("Profiler.enable");
    await cdp.send("Profiler.setSamplingInterval", { interval: 200 });
    await browser.startTracing(page, {
      categories: ["toplevel", "devtools.timeline", "disabled-by-default-devtools.timeline", "v8", "blink.user_timing", "input", "benchmark"],
    });
    await cdp.send("Profiler.start");
    await page.touchscreen.tap(point.x, point.y);
    await page.waitForFunction(() => window.__firstAction.answeredAt !== null, null, { timeout: 15_000, polling: 100 }).catch(() => {});
    const { profile } = await cdp.send("Profiler.stop");
    const trace = JSON.parse((await browser.stopTracing()).toString("utf8"));
    const marks = await page.evaluate(() => ({ ...window.__firstAction, hydrated: document.documentElement.hasAttribute("data-hydrated") }));
    const events = trace.traceEvents ?? trace;
    if (saveTraces)
      fs.writeFileSync(path.resolve("bench/results", `trace-${label || "run"}-${pagePath.replaceAll("/", "_")}-${Date.now()}.json`), JSON.stringify(events));
    const down = events.find((event) => event.name === "EventDispatch" && event.args?.data?.type === "pointerdown");
    const main = down ? `${down.pid}:${down.tid}` : null;
    // The answer's time in the trace's clock: the tap's dispatch plus the page's own tap-to-answer time.
    const latencyMs = marks.answeredAt === null ? null : marks.answeredAt - marks.tapAt;
    const from = down?.ts ?? 0;
    const to = from + (latencyMs ?? 15_000) * 1000;
    const tasks = main ? tasksBetween(events, main, from, to) : [];
    return {
      page: pagePath,
      latencyMs: latencyMs === null ? null : Math.round(latencyMs),
      answer: marks.how,
      hydratedAtTap: marks.hydratedAtTap,
      stamp: marks.stamp,
      handlersMs: marks.handlersEndAt === null ? null : Math.round(marks.handlersEndAt - marks.tapAt),
      cpuMs: Number(tasks.reduce((sum, task) => sum + task.cpuMs, 0).toFixed(1)),
      longestCpuMs: Number(Math.max(0, ...tasks.map((task) => task.cpuMs)).toFixed(1)),
      tasks: tasks.filter((task) => task.cpuMs >= 1).map((task) => ({ ...task, cpuMs: Number(task.cpuMs.toFixed(1)), wallMs: Number(task.wallMs.toFixed(1)) })),
      functions: selfTimes(profile, from, to),
    };
  } finally {
    await context.close();
  }
}

const median = (values) => {
  const sorted = values.filter((value) => Number.isFinite(value)).sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
};

const servers = await startBuildServers(builds, Number(process.env.BENCH_PORT ?? 3285));
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
          `${row.build.padEnd(8)} ${pagePath.padEnd(15)} run ${row.run}: ${row.latencyMs ?? "no answer"} ms to the answer (${row.answer ?? "-"}, by ${row.stamp ?? "-"}, handlers done at ${row.handlersMs ?? "-"} ms, ${row.hydratedAtTap ? "hydrated" : "not hydrated"} at the tap), ` +
            `main thread ${row.cpuMs} ms CPU in ${row.tasks.length} tasks over 1 ms, longest ${row.longestCpuMs} ms`,
        );
        for (const task of row.tasks) console.log(`    +${task.atMs} ms: ${task.cpuMs} ms CPU (${task.wallMs} wall): ${task.what}`);
        for (const fn of row.functions) console.log(`      ${fn.ms} ms self: ${fn.name}`);
      }
    }
  }
} finally {
  await browser.close();
  await Promise.all(servers.map((server) => server.stop()));
}

const summary = [];
console.log(`\n| build | page | tap to answer (ms) | main-thread CPU tap→answer (ms) | longest task (CPU ms) |\n|---|---|---|---|---|`);
for (const pagePath of pages) {
  for (const server of servers) {
    const rows = results.filter((row) => row.build === server.label && row.page === pagePath);
    const row = {
      build: server.label,
      page: pagePath,
      latencyMs: median(rows.map((one) => one.latencyMs)),
      cpuMs: median(rows.map((one) => one.cpuMs)),
      longestCpuMs: median(rows.map((one) => one.longestCpuMs)),
      runs: rows.map((one) => [one.latencyMs, one.cpuMs]),
    };
    summary.push(row);
    console.log(
      `| ${row.build} | ${pagePath} | ${row.latencyMs} (${rows.map((one) => one.latencyMs).join(", ")}) | ${row.cpuMs} (${rows.map((one) => one.cpuMs).join(", ")}) | ${row.longestCpuMs} |`,
    );
  }
}
const outDir = path.resolve("bench/results");
fs.mkdirSync(outDir, { recursive: true });
const outFile = path.join(outDir, `first-tap-trace${label ? `-${label}` : ""}.json`);
fs.writeFileSync(outFile, JSON.stringify({ date: new Date().toISOString(), runs, delayMs, builds, summary, results }, null, 2));
console.log(`\nMedians of ${runs} runs. Wrote ${path.relative(process.cwd(), outFile)}`);
