// HTML validity: serves the production build on a fresh database (like
// bench/lighthouse.mjs), fetches every public page (the sitemap's pages, plus a
// 404 page) and runs the W3C Nu HTML Checker (npm vnu-jar, needs Java) on them.
// Prints each error with its page and line; exits non-zero on any error.
//
//   node scripts/validate-html.mjs                         # fresh production server
//   VALIDATE_URL=http://127.0.0.1:3000 node scripts/validate-html.mjs  # a running server
//   VALIDATE_PORT=3300 node scripts/validate-html.mjs      # port of the fresh server
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { createRequire } from "node:module";
import { startBenchServer } from "../bench/lib/server.mjs";

const require = createRequire(import.meta.url);
const vnuJar = String(require("vnu-jar"));
const port = Number(process.env.VALIDATE_PORT ?? 3300);

/** Pages always checked, whatever the sitemap says; the last one must answer 404. */
const FIXED_PAGES = ["/", "/packages", "/gallery", "/blogs", "/contact", "/credits"];
const NOT_FOUND_PAGE = "/this-page-does-not-exist";

async function sitemapPaths(baseUrl) {
  const response = await fetch(`${baseUrl}/sitemap.xml`);
  if (!response.ok) {
    console.error(`sitemap.xml answered ${response.status}; checking the fixed pages only`);
    return [];
  }
  const xml = await response.text();
  return [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => new URL(match[1]).pathname);
}

// Reuses the benchmarks' server starter: a fresh production server, or VALIDATE_URL.
if (process.env.VALIDATE_URL) process.env.BENCH_URL = process.env.VALIDATE_URL;
process.env.BENCH_PORT ??= String(port);
const { baseUrl, stop } = await startBenchServer(port);

const outDir = fs.mkdtempSync(path.join(os.tmpdir(), "pravas-html-"));
const problems = [];
const files = new Map();
try {
  const pages = [...new Set([...FIXED_PAGES, ...(await sitemapPaths(baseUrl))])];
  pages.push(NOT_FOUND_PAGE);
  for (const page of pages) {
    const response = await fetch(`${baseUrl}${page}`, { headers: { Accept: "text/html" } });
    const expected = page === NOT_FOUND_PAGE ? 404 : 200;
    if (response.status !== expected) problems.push(`${page}: HTTP ${response.status}, expected ${expected}`);
    const file = path.join(outDir, `${page.replace(/[^a-z0-9]+/gi, "_") || "_"}.html`);
    fs.writeFileSync(file, await response.text());
    files.set(file, page);
  }
} finally {
  stop();
}

const checker = spawnSync("java", ["-jar", vnuJar, "--errors-only", "--format", "json", ...files.keys()], {
  encoding: "utf8",
  maxBuffer: 64 * 1024 * 1024,
});
if (checker.error) {
  console.error(`could not run the checker (is Java installed?): ${checker.error.message}`);
  process.exit(2);
}
let messages = [];
try {
  messages = JSON.parse(checker.stderr || "{}").messages ?? [];
} catch {
  console.error(checker.stderr);
  console.error("could not read the checker's answer");
  process.exit(2);
}

const errors = messages.filter((message) => message.type === "error" || message.subType === "fatal");
const byPage = new Map();
for (const message of errors) {
  const file = decodeURIComponent(new URL(message.url).pathname);
  const page = files.get(file) ?? file;
  if (!byPage.has(page)) byPage.set(page, []);
  byPage.get(page).push(message);
}

for (const page of files.values()) {
  const pageErrors = byPage.get(page) ?? [];
  console.log(`${pageErrors.length ? "✗" : "✓"} ${page}${pageErrors.length ? `: ${pageErrors.length} error(s)` : ""}`);
  for (const error of pageErrors) {
    const extract = (error.extract ?? "").replace(/\s+/g, " ").trim().slice(0, 160);
    console.log(`    line ${error.lastLine ?? "?"}: ${error.message}${extract ? `\n      ${extract}` : ""}`);
  }
}
for (const problem of problems) console.log(`✗ ${problem}`);
fs.rmSync(outDir, { recursive: true, force: true });

const failed = errors.length + problems.length;
console.log(
  failed ? `\n${errors.length} HTML error(s) and ${problems.length} HTTP problem(s) on ${files.size} pages` : `\nAll ${files.size} pages are valid HTML.`,
);
process.exit(failed ? 1 : 0);
