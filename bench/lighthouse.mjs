// Lighthouse, mobile and desktop, against a production build on a fresh
// database. Prints a Markdown table of the four scores plus LCP, TBT, CLS and
// transfer bytes, and writes bench/results/lighthouse.{json,md}.
//
//   npm run bench:lighthouse                      # every page below
//   npm run bench:lighthouse -- --only /,/packages  # some of them
//   BENCH_URL=http://127.0.0.1:3000 npm run bench:lighthouse  # an already running server
import fs from "node:fs";
import path from "node:path";
import * as chromeLauncher from "chrome-launcher";
import lighthouse from "lighthouse";
import desktopConfig from "lighthouse/core/config/desktop-config.js";
import { startBenchServer } from "./lib/server.mjs";

export const PAGES = [
  "/",
  "/packages",
  "/packages/dubai",
  "/packages/bali",
  "/packages/vietnam",
  "/packages/sri-lanka",
  "/packages/golden-triangle",
  "/packages/hampi",
  "/packages/bangalore-mysore",
  "/gallery",
  "/blogs",
  "/blogs/1",
  "/contact",
  "/legal/privacy-policy",
];

const args = process.argv.slice(2);
const onlyIndex = args.indexOf("--only");
const pages = onlyIndex >= 0 ? args[onlyIndex + 1].split(",") : PAGES;
const formFactors = args.includes("--mobile-only") ? ["mobile"] : ["mobile", "desktop"];
const port = Number(process.env.BENCH_PORT ?? 3200);

const { baseUrl, stop } = await startBenchServer(port);

const chrome = await chromeLauncher.launch({
  chromePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
  chromeFlags: [
    "--headless=new",
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
try {
  for (const page of pages) {
    for (const formFactor of formFactors) {
      const url = `${baseUrl}${page}`;
      const runnerResult = await lighthouse(
        url,
        { port: chrome.port, output: "json", logLevel: "error" },
        formFactor === "desktop" ? desktopConfig : undefined,
      );
      const { categories, audits, runtimeError } = runnerResult.lhr;
      if (runtimeError) {
        console.log(`${formFactor.padEnd(7)} ${page.padEnd(30)} Lighthouse error: ${runtimeError.code}`);
        continue;
      }
      const num = (id) => audits[id]?.numericValue ?? NaN;
      const score = (id) => Math.round((categories[id]?.score ?? 0) * 100);
      const row = {
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
        failing: Object.values(audits)
          .filter((audit) => audit.score !== null && audit.score < 0.9 && audit.scoreDisplayMode === "binary")
          .map((audit) => audit.id),
      };
      results.push(row);
      console.log(
        `${formFactor.padEnd(7)} ${page.padEnd(30)} perf ${row.performance} a11y ${row.accessibility} bp ${row.bestPractices} seo ${row.seo} LCP ${row.lcpMs}ms TBT ${row.tbtMs}ms CLS ${row.cls} ${row.transferKiB}KiB${row.failing.length ? ` failing: ${row.failing.join(", ")}` : ""}`,
      );
    }
  }
} finally {
  await chrome.kill();
  stop();
}

const table = [
  "| page | form factor | performance | accessibility | best practices | SEO | LCP (ms) | TBT (ms) | CLS | transfer (KiB) |",
  "|---|---|---|---|---|---|---|---|---|---|",
  ...results.map(
    (r) =>
      `| ${r.page} | ${r.formFactor} | ${r.performance} | ${r.accessibility} | ${r.bestPractices} | ${r.seo} | ${r.lcpMs} | ${r.tbtMs} | ${r.cls} | ${r.transferKiB} |`,
  ),
].join("\n");
const outDir = path.resolve("bench/results");
fs.mkdirSync(outDir, { recursive: true });
fs.writeFileSync(path.join(outDir, "lighthouse.json"), JSON.stringify({ date: new Date().toISOString(), results }, null, 2));
fs.writeFileSync(path.join(outDir, "lighthouse.md"), `${table}\n`);
console.log(`\n${table}\n\nwrote bench/results/lighthouse.json and lighthouse.md`);
