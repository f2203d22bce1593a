// Lighthouse, mobile and desktop, against a production build on a fresh
// database. Prints a Markdown table of the four scores plus LCP, TBT, CLS and
// transfer bytes, and writes bench/results/lighthouse.json and lighthouse-last.md (not kept: the kept tables are in lighthouse.md, per decision).
//
//   npm run bench:lighthouse                      # every page below
//   npm run bench:lighthouse -- --only /,/packages  # some of them
//   BENCH_URL=http://127.0.0.1:3000 npm run bench:lighthouse  # an already running server
//   npm run bench:lighthouse -- --calibrate       # mobile CPU slowdown calibrated to this host
//   npm run bench:lighthouse -- --full-browser    # the full browser instead of chromium-headless-shell
//   npm run bench:lighthouse -- --runs 5          # each page 5 times; the median run is reported
//   npm run bench:lighthouse -- --build before=.cache/build-before --build after=build --runs 5 --mobile-only
//                                                 # two builds side by side, taking turns page by page
//
// One run swings by 10-15 points on this shared 2-core host (TBT 299-773 ms for
// the same build of / in three runs in a row), so --runs N reports the median
// run, as Lighthouse's variability guide recommends (computeMedianRun), with
// the lowest and highest performance score beside it. The runs go in rounds
// (every page once, then every page again), not one page N times in a row:
// the host's speed drifts for minutes at a time (its benchmarkIndex 1,600-2,800
// within one bench), and a slow spell then lowers one run of many pages
// instead of every run of one page (/gallery, the same build, the same
// morning: 91 (81-99) in one bench, 99 (93-99) in the next).
//
// Every row records the host's Lighthouse benchmarkIndex. Lighthouse's 4x CPU
// slowdown assumes a high-end desktop host (benchmarkIndex 1500-2000); on a
// slower host it emulates a far slower phone than intended. `--calibrate`
// measures the host first and sets the multiplier the way Lighthouse's
// throttling guide and its CPU throttling calculator describe (docs/throttling.md,
// "Calibrating the CPU slowdown"), as PageSpeed Insights does for its own hosts.
import fs from "node:fs";
import path from "node:path";
import * as chromeLauncher from "chrome-launcher";
import lighthouse from "lighthouse";
import desktopConfig from "lighthouse/core/config/desktop-config.js";
import { computeMedianRun } from "lighthouse/core/lib/median-run.js";
import { PUBLIC_PAGES } from "./lib/browser.mjs";
import { buildsFromArgs, startBuildServers } from "./lib/server.mjs";

export const PAGES = PUBLIC_PAGES;

const args = process.argv.slice(2);
const onlyIndex = args.indexOf("--only");
const pages = onlyIndex >= 0 ? args[onlyIndex + 1].split(",") : PAGES;
const formFactors = args.includes("--mobile-only") ? ["mobile"] : ["mobile", "desktop"];
const calibrate = args.includes("--calibrate");
const runsIndex = args.indexOf("--runs");
const runs = runsIndex >= 0 ? Math.max(1, Number(args[runsIndex + 1])) : 1;
const port = Number(process.env.BENCH_PORT ?? 3200);

/**
 * The CPU slowdown that brings a host of this benchmarkIndex to Lighthouse's
 * mid-tier phone: 4x at 1533, 3x at 1300, 2x at 800 and 1x at 150, linear in
 * between (the calculator linked from Lighthouse's throttling guide).
 */
function calibratedMultiplier(benchmarkIndex) {
  if (benchmarkIndex >= 1300) return 3 + (benchmarkIndex - 1300) / 233;
  if (benchmarkIndex >= 800) return 2 + (benchmarkIndex - 800) / 500;
  if (benchmarkIndex >= 150) return 1 + (benchmarkIndex - 150) / 650;
  throw new Error(`benchmarkIndex ${benchmarkIndex}: this host is too slow to emulate Lighthouse's phone`);
}

// Several --build options: every build's server runs at once (BENCH_PORT, +1…) and each
// page's runs take turns between them, so a slow spell of the host lowers them alike.
const builds = buildsFromArgs(args);
const servers = await startBuildServers(builds, port);
const stop = () => Promise.all(servers.map((server) => server.stop()));

/**
 * The browser: chromium-headless-shell (Debian's package) when installed, the
 * page alone; `--full-browser` (or CHROMIUM_PATH) for the full browser in its
 * new headless mode. On this 2-core host the full browser also runs its own
 * new-tab WebUI in a second renderer during the run (as many JavaScript samples
 * as the page's own in one trace), which lengthens the page's tasks that
 * Lighthouse's simulation then multiplies (ADR 064).
 */
const SHELL = "/usr/bin/chromium-headless-shell";
const fullBrowser = args.includes("--full-browser") || Boolean(process.env.CHROMIUM_PATH) || !fs.existsSync(SHELL);
const browser = fullBrowser ? (process.env.CHROMIUM_PATH ?? "/usr/bin/chromium") : SHELL;
console.log(`browser: ${browser}${fullBrowser ? " --headless=new" : ""}`);

const chrome = await chromeLauncher.launch({
  chromePath: browser,
  chromeFlags: [
    ...(fullBrowser ? ["--headless=new"] : []),
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
  ],
});

const results = [];
let cpuSlowdownMultiplier = 4;
try {
  if (calibrate) {
    // A throwaway run measures the host (the index is taken before the page loads).
    const probe = await lighthouse(`${servers[0].baseUrl}${pages[0]}`, {
      port: chrome.port,
      output: "json",
      logLevel: "error",
      onlyCategories: ["performance"],
    });
    const index = probe.lhr.environment.benchmarkIndex;
    cpuSlowdownMultiplier = Number(calibratedMultiplier(index).toFixed(2));
    console.log(`host benchmarkIndex ${Math.round(index)}: mobile CPU slowdown ${cpuSlowdownMultiplier}x instead of 4x`);
  }
  const key = (server, formFactor, page) => `${server.label} ${formFactor} ${page}`;
  const runsByPage = new Map();
  for (let run = 0; run < runs; run++) {
    for (const page of pages) {
      for (const formFactor of formFactors) {
        // Builds take turns, starting with a different one each round.
        for (const server of servers.map((_, index) => servers[(index + run) % servers.length])) {
          const runnerResult = await lighthouse(
            `${server.baseUrl}${page}`,
            {
              port: chrome.port,
              output: "json",
              logLevel: "error",
              ...(formFactor === "mobile" && calibrate ? { throttling: { cpuSlowdownMultiplier } } : {}),
            },
            formFactor === "desktop" ? desktopConfig : undefined,
          );
          runsByPage.set(key(server, formFactor, page), [...(runsByPage.get(key(server, formFactor, page)) ?? []), runnerResult.lhr]);
        }
      }
    }
    if (runs > 1) console.log(`round ${run + 1} of ${runs} done`);
  }
  for (const page of pages) {
    for (const formFactor of formFactors) {
      for (const server of servers) {
        const lhrs = runsByPage.get(key(server, formFactor, page));
        const valid = lhrs.filter((lhr) => !lhr.runtimeError);
        const lhr = valid.length > 1 ? computeMedianRun(valid) : (valid[0] ?? lhrs[0]);
        const scores = valid.map((one) => Math.round((one.categories.performance?.score ?? 0) * 100));
        const { categories, audits, runtimeError, environment, configSettings } = lhr;
        if (runtimeError) {
          console.log(`${server.label} ${formFactor.padEnd(7)} ${page.padEnd(30)} Lighthouse error: ${runtimeError.code}`);
          continue;
        }
        const num = (id) => audits[id]?.numericValue ?? NaN;
        const score = (id) => Math.round((categories[id]?.score ?? 0) * 100);
        const row = {
          build: server.label,
          page,
          formFactor,
          performance: score("performance"),
          accessibility: score("accessibility"),
          bestPractices: score("best-practices"),
          seo: score("seo"),
          lcpMs: Math.round(num("largest-contentful-paint")),
          tbtMs: Math.round(num("total-blocking-time")),
          cls: Number(num("cumulative-layout-shift").toFixed(3)),
          transferKiB: Math.round(num("total-byte-weight") / 1024),
          benchmarkIndex: Math.round(environment.benchmarkIndex),
          benchmarkIndexRange: [
            Math.min(...valid.map((one) => Math.round(one.environment.benchmarkIndex))),
            Math.max(...valid.map((one) => Math.round(one.environment.benchmarkIndex))),
          ],
          cpuSlowdownMultiplier: configSettings.throttling.cpuSlowdownMultiplier,
          browser: fullBrowser ? "chromium --headless=new" : "chromium-headless-shell",
          runs: valid.length,
          performanceRange: [Math.min(...scores), Math.max(...scores)],
          failing: Object.values(audits)
            .filter((audit) => audit.score !== null && audit.score < 0.9 && audit.scoreDisplayMode === "binary")
            .map((audit) => audit.id),
          consoleMessages: (audits["errors-in-console"]?.details?.items ?? []).map((item) => item.description),
        };
        results.push(row);
        console.log(
          `${servers.length > 1 ? `${server.label} ` : ""}${formFactor.padEnd(7)} ${page.padEnd(30)} perf ${row.performance}${runs > 1 ? ` (median of ${row.runs}, ${row.performanceRange.join("-")})` : ""} (host ${row.benchmarkIndex}${runs > 1 ? `, ${row.benchmarkIndexRange.join("-")} over the runs` : ""}, cpu ${row.cpuSlowdownMultiplier}x) a11y ${row.accessibility} bp ${row.bestPractices} seo ${row.seo} LCP ${row.lcpMs}ms TBT ${row.tbtMs}ms CLS ${row.cls} ${row.transferKiB}KiB${row.failing.length ? ` failing: ${row.failing.join(", ")}` : ""}`,
        );
      }
    }
  }
} finally {
  await chrome.kill();
  await stop();
}

const table = [
  "| build | page | form factor | performance | range | accessibility | best practices | SEO | LCP (ms) | TBT (ms) | CLS | transfer (KiB) | host benchmarkIndex | CPU slowdown |",
  "|---|---|---|---|---|---|---|---|---|---|---|---|---|---|",
  ...results.map(
    (r) =>
      `| ${r.build} | ${r.page} | ${r.formFactor} | ${r.performance} | ${r.performanceRange.join("-")} | ${r.accessibility} | ${r.bestPractices} | ${r.seo} | ${r.lcpMs} | ${r.tbtMs} | ${r.cls} | ${r.transferKiB} | ${r.benchmarkIndex} | ${r.cpuSlowdownMultiplier}x |`,
  ),
].join("\n");
const outDir = path.resolve("bench/results");
fs.mkdirSync(outDir, { recursive: true });
fs.writeFileSync(path.join(outDir, "lighthouse.json"), JSON.stringify({ date: new Date().toISOString(), results }, null, 2));
// lighthouse.md is the decisions' history (ADR 081): the last table goes to a file of its own.
fs.writeFileSync(path.join(outDir, "lighthouse-last.md"), `${table}\n`);
console.log(`\n${table}\n\nwrote bench/results/lighthouse.json and lighthouse-last.md`);
