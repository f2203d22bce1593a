/* global window, document, addEventListener, MutationObserver -- RECORDER runs in the page */
// The window in which a visitor sees the page but its scripts have not taken
// over yet (ADR 019): from the first contentful paint to <html data-hydrated>,
// on a simulated slow phone (slow 4G, 4× CPU throttling, cold cache), against
// a production build on a fresh database. Prints a table of medians and writes
// every run to bench/results/hydration-window[-label].json.
//
//   node bench/hydration-window.mjs                       # /, /contact, /packages/bali, 5 runs each
//   node bench/hydration-window.mjs --only /contact --runs 3 --label before
//   BENCH_URL=http://127.0.0.1:3000 node bench/hydration-window.mjs
//
// Public pages run their scripts at the visitor's first action (ADR 067), so
// each run scrolls the page a little right after load, as a visitor would, and
// also reports the delay from that action to hydration (--act-after MS scrolls
// that long after load instead; a page already hydrated reports 0).
import fs from "node:fs";
import path from "node:path";
import { chromium } from "@playwright/test";
import { startBenchServer } from "./lib/server.mjs";

const args = process.argv.slice(2);
const option = (name, fallback) => {
  const at = args.indexOf(name);
  return at >= 0 ? args[at + 1] : fallback;
};
const pages = option("--only", "/,/contact,/packages/bali").split(",");
const runs = Number(option("--runs", "5"));
const label = option("--label", "");
/** How long after load the visitor first scrolls (--act-after ms; default at once). */
const actAfterMs = Number(option("--act-after", "0"));

// Lighthouse's mobile "slow 4G" (150 ms RTT, 1.6 Mbit/s down, 750 kbit/s up) and 4× CPU.
const NETWORK = { offline: false, latency: 150, downloadThroughput: (1.6 * 1024 * 1024) / 8, uploadThroughput: (750 * 1024) / 8 };
const CPU_SLOWDOWN = 4;

// Runs in the page before its own scripts: records the paints, load and the moment the root marks hydration.
const RECORDER = () => {
  const marks = { fcp: null, lcp: null, load: null, action: null, hydrated: null };
  window.__hydrationMarks = marks;
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) if (entry.name === "first-contentful-paint") marks.fcp = entry.startTime;
  }).observe({ type: "paint", buffered: true });
  new PerformanceObserver((list) => {
    // Only candidates before hydration: later ones come from what the scripts changed.
    if (marks.hydrated === null) for (const entry of list.getEntries()) marks.lcp = entry.startTime;
  }).observe({ type: "largest-contentful-paint", buffered: true });
  addEventListener("load", () => (marks.load = performance.now()), { once: true });
  addEventListener("wheel", () => (marks.action ??= performance.now()), { capture: true, passive: true });
  new MutationObserver((_records, observer) => {
    if (!document.documentElement.hasAttribute("data-hydrated")) return;
    marks.hydrated = performance.now();
    observer.disconnect();
    // <html> does not exist yet when this runs, so watch the document's subtree.
  }).observe(document, { attributes: true, subtree: true, attributeFilter: ["data-hydrated"] });
};

const median = (values) => {
  const sorted = values.filter((value) => Number.isFinite(value)).sort((a, b) => a - b);
  if (sorted.length === 0) return NaN;
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
};

const { baseUrl, stop } = await startBenchServer(Number(process.env.BENCH_PORT ?? 3200));
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
  args: ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run", "--disable-background-networking"],
});

const results = [];
try {
  for (const pagePath of pages) {
    for (let run = 0; run < runs; run += 1) {
      const context = await browser.newContext({
        viewport: { width: 390, height: 844 },
        deviceScaleFactor: 2,
        isMobile: true,
        hasTouch: true,
      });
      const page = await context.newPage();
      await page.addInitScript(RECORDER);
      const cdp = await context.newCDPSession(page);
      await cdp.send("Network.enable");
      await cdp.send("Network.setCacheDisabled", { cacheDisabled: true });
      await cdp.send("Network.emulateNetworkConditions", NETWORK);
      await cdp.send("Emulation.setCPUThrottlingRate", { rate: CPU_SLOWDOWN });
      await page.goto(`${baseUrl}${pagePath}`, { waitUntil: "domcontentloaded", timeout: 120_000 });
      await page.waitForFunction(() => window.__hydrationMarks?.load !== null, null, { timeout: 120_000 });
      if (actAfterMs > 0) await page.waitForTimeout(actAfterMs);
      await page.mouse.move(200, 400);
      await page.mouse.wheel(0, 40);
      await page.waitForFunction(() => window.__hydrationMarks?.hydrated !== null, null, { timeout: 120_000 });
      const marks = await page.evaluate(() => window.__hydrationMarks);
      const row = {
        page: pagePath,
        run: run + 1,
        fcpMs: Math.round(marks.fcp),
        lcpMs: Math.round(marks.lcp),
        loadMs: Math.round(marks.load ?? NaN),
        hydratedMs: Math.round(marks.hydrated),
        windowMs: Math.round(marks.hydrated - marks.fcp),
        actionToHydratedMs: Math.max(0, Math.round(marks.hydrated - (marks.action ?? NaN))),
      };
      results.push(row);
      console.log(
        `${pagePath.padEnd(16)} run ${row.run}: FCP ${row.fcpMs} ms, LCP ${row.lcpMs} ms, load ${row.loadMs} ms, hydrated ${row.hydratedMs} ms, window ${row.windowMs} ms, action → hydrated ${row.actionToHydratedMs} ms`,
      );
      await context.close();
    }
  }
} finally {
  await browser.close();
  stop();
}

console.log("\n| Page | FCP | LCP | load | hydrated | FCP → hydrated | action → hydrated |\n|---|---|---|---|---|---|---|");
const summary = pages.map((pagePath) => {
  const rows = results.filter((row) => row.page === pagePath);
  const pick = (key) => Math.round(median(rows.map((row) => row[key])));
  return {
    page: pagePath,
    fcpMs: pick("fcpMs"),
    lcpMs: pick("lcpMs"),
    loadMs: pick("loadMs"),
    hydratedMs: pick("hydratedMs"),
    windowMs: pick("windowMs"),
    actionToHydratedMs: pick("actionToHydratedMs"),
  };
});
for (const row of summary) {
  console.log(
    `| ${row.page} | ${row.fcpMs} ms | ${row.lcpMs} ms | ${row.loadMs} ms | ${row.hydratedMs} ms | ${row.windowMs} ms | ${row.actionToHydratedMs} ms |`,
  );
}

const outDir = path.resolve("bench/results");
fs.mkdirSync(outDir, { recursive: true });
const outFile = path.join(outDir, `hydration-window${label ? `-${label}` : ""}.json`);
fs.writeFileSync(outFile, JSON.stringify({ date: new Date().toISOString(), network: NETWORK, cpuSlowdown: CPU_SLOWDOWN, runs, summary, results }, null, 2));
console.log(`\nWrote ${path.relative(process.cwd(), outFile)}`);
