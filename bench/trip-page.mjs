#!/usr/bin/env node
// The trip page's server answer (issue 48: under 150 ms p95): GET /trip/{token} N times, one at a time,
// and prints p50/p95/max of the time to the whole answer; then the same for a wrong token (the 404).
// Usage: node bench/trip-page.mjs http://127.0.0.1:3000/trip/<token> [N=200]
const [url, n = "200"] = process.argv.slice(2);
if (!url || !/\/trip\/[^/]+$/.test(url)) {
  console.error("usage: node bench/trip-page.mjs <origin>/trip/<token> [N]");
  process.exit(2);
}
const count = Number(n);
const wrong = url.replace(/\/trip\/[^/]+$/, `/trip/${"q".repeat(43)}`);
async function measure(target, expected) {
  const times = [];
  for (let i = 0; i < count + 10; i += 1) {
    const started = process.hrtime.bigint();
    const response = await fetch(target, { redirect: "manual" });
    await response.arrayBuffer();
    const ms = Number(process.hrtime.bigint() - started) / 1e6;
    if (response.status !== expected) throw new Error(`${target}: ${response.status}, expected ${expected}`);
    if (i >= 10) times.push(ms); // the first 10 warm up
  }
  times.sort((a, b) => a - b);
  const at = (q) => times[Math.min(times.length - 1, Math.floor(q * times.length))].toFixed(1);
  return `p50 ${at(0.5)} ms, p95 ${at(0.95)} ms, max ${times.at(-1).toFixed(1)} ms over ${count}`;
}
console.log(`trip page (200): ${await measure(url, 200)}`);
console.log(`wrong token (404): ${await measure(wrong, 404)}`);
