// JavaScript a visitor downloads per page to hydrate it: every script the
// server HTML names (tags and the bootstrap's imports) and every module those
// import statically, fetched and gzipped, and as the server sends them to a
// browser that takes brotli (ADR 074). Writes bench/results/bundle-size.json.
//
//   node bench/bundle-size.mjs [--only /,/packages] [--signed-in]
//   node bench/bundle-size.mjs --build before=.cache/build-before --build after=build
//
// It also counts the page's own inline scripts (the bootstrap, the first-tap
// script; not the JSON of its data or its structured data), which every visit
// downloads with the HTML: a byte moved from a module into the page is no saving.
//
// --signed-in measures as the first admin (ADMIN_EMAIL / ADMIN_PASSWORD of the
// bench server), for back-office pages, e.g. --signed-in --only /admin/blogs/new.
import fs from "node:fs";
import http from "node:http";
import path from "node:path";
import zlib from "node:zlib";
import { buildsFromArgs, startBuildServers } from "./lib/server.mjs";

const PAGES = ["/", "/packages", "/packages/dubai", "/gallery", "/blogs", "/blogs/1", "/contact", "/legal/privacy-policy"];
const args = process.argv.slice(2);
const onlyIndex = args.indexOf("--only");
const pages = onlyIndex >= 0 ? args[onlyIndex + 1].split(",") : PAGES;
const signedIn = args.includes("--signed-in");

/** The session cookie of the first admin, from the sign-in form's answer. */
async function signIn(baseUrl) {
  const body = new URLSearchParams({
    email: process.env.ADMIN_EMAIL ?? "admin@pravas.travel",
    password: process.env.ADMIN_PASSWORD ?? "lotus-temple-at-dawn-42",
  });
  const response = await fetch(`${baseUrl}/admin`, { method: "POST", body, redirect: "manual" });
  const cookies = response.headers.getSetCookie().map((cookie) => cookie.split(";")[0]);
  if (response.status !== 302 || cookies.length === 0) throw new Error(`sign-in failed: ${response.status}`);
  return cookies.join("; ");
}

/**
 * One module as a browser that accepts brotli and gzip gets it: the bytes on
 * the wire and the script they decode to (fetch would only give the latter).
 */
function fetchAsSent(url) {
  return new Promise((resolve, reject) => {
    http
      .get(url, { headers: { "accept-encoding": "gzip, deflate, br" } }, (response) => {
        const chunks = [];
        response.on("data", (chunk) => chunks.push(chunk));
        response.on("end", () => {
          const sent = Buffer.concat(chunks);
          const encoding = response.headers["content-encoding"];
          const body = encoding === "br" ? zlib.brotliDecompressSync(sent) : encoding === "gzip" ? zlib.gunzipSync(sent) : sent;
          resolve({ sent: sent.length, body });
        });
      })
      .on("error", reject);
  });
}

const servers = await startBuildServers(buildsFromArgs(args), Number(process.env.BENCH_PORT ?? 3250));
const results = [];
try {
  for (const { baseUrl, label } of servers) {
    if (servers.length > 1) console.log(`\n${label}`);
    const headers = signedIn ? { cookie: await signIn(baseUrl) } : {};
    for (const page of pages) {
      const html = await (await fetch(`${baseUrl}${page}`, { headers })).text();
      const urls = new Set();
      for (const match of html.matchAll(/<(?:script|link)[^>]+(?:src|href)="([^"]+\.js)"/g)) urls.add(match[1]);
      // Inline module imports of the route's entry (React Router lists them in an inline script).
      for (const match of html.matchAll(/import\(?\s*"([^"]+\.js)"/g)) urls.add(match[1]);
      let raw = 0;
      let gzip = 0;
      let sent = 0;
      const seen = new Set();
      const queue = [...urls].map((url) => new URL(url, baseUrl).href);
      while (queue.length > 0) {
        const url = queue.shift();
        if (seen.has(url)) continue;
        seen.add(url);
        const { sent: sentBytes, body } = await fetchAsSent(url);
        raw += body.length;
        gzip += zlib.gzipSync(body, { level: 9 }).length;
        sent += sentBytes;
        // Static imports only: code split behind import() loads when it is used.
        for (const match of body.toString("utf8").matchAll(/(?:\bfrom|\bimport)\s*"(\.{1,2}\/[^"]+\.js)"/g)) {
          queue.push(new URL(match[1], url).href);
        }
      }
      const inlineScripts = [...html.matchAll(/<script[^>]*>([\s\S]*?)<\/script>/g)].reduce((sum, m) => sum + m[1].length, 0);
      // The page's own code in inline scripts: not JSON-LD, nor React Router's data (the enqueued stream).
      const inlineCode = [...html.matchAll(/<script(?![^>]*application\/ld\+json)[^>]*>([\s\S]*?)<\/script>/g)]
        .map((m) => m[1])
        .filter((code) => !code.startsWith("window.__reactRouterContext.streamController"))
        .join("\n");
      const row = {
        build: label,
        page,
        files: seen.size,
        jsKiB: Number((raw / 1024).toFixed(1)),
        jsGzipKiB: Number((gzip / 1024).toFixed(1)),
        // Exact, for comparing two builds: a rounded KiB hides a few bytes either way.
        jsBytes: raw,
        jsGzipBytes: gzip,
        jsSentKiB: Number((sent / 1024).toFixed(1)),
        jsSentBytes: sent,
        htmlKiB: Number((Buffer.byteLength(html) / 1024).toFixed(1)),
        inlineScriptKiB: Number((inlineScripts / 1024).toFixed(1)),
        inlineCodeBytes: Buffer.byteLength(inlineCode),
        inlineCodeGzipBytes: zlib.gzipSync(inlineCode, { level: 9 }).length,
      };
      results.push(row);
      console.log(
        `${page.padEnd(24)} ${row.files} files, ${row.jsKiB} KiB JS (${row.jsGzipKiB} KiB gzipped, ${row.jsSentKiB} KiB as sent), ` +
          `inline code ${(row.inlineCodeBytes / 1024).toFixed(1)} KiB (${(row.inlineCodeGzipBytes / 1024).toFixed(1)} KiB gzipped), ` +
          `modules and inline code ${((row.jsGzipBytes + row.inlineCodeGzipBytes) / 1024).toFixed(1)} KiB gzipped, HTML ${row.htmlKiB} KiB`,
      );
    }
  }
} finally {
  await Promise.all(servers.map((server) => server.stop()));
}
fs.mkdirSync(path.resolve("bench/results"), { recursive: true });
const output = signedIn ? "bench/results/bundle-size-admin.json" : "bench/results/bundle-size.json";
fs.writeFileSync(output, JSON.stringify({ date: new Date().toISOString(), signedIn, results }, null, 2));
console.log(`wrote ${output}`);
