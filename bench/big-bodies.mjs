// Big-body benchmark (issue 9 §3): four 200 MB posts at once, first with a
// declared Content-Length, then chunked. The server must refuse them (413)
// without reading them into memory: its peak RSS may grow by less than 50 MB.
// Prints the numbers; writes bench/results/big-bodies.json. 127.0.0.1 only.
//
//   npm run build && node bench/big-bodies.mjs      (BENCH_PORT, default 3122)
import fs from "node:fs";
import http from "node:http";
import { Readable } from "node:stream";
import { startBenchServer } from "./lib/server.mjs";

const BODY_BYTES = 200 * 1024 * 1024;
const CHUNK = Buffer.alloc(64 * 1024, "a");
const server = await startBenchServer(3122);
if (!server.pid) throw new Error("big-bodies needs its own server (no BENCH_URL): it reads the server's memory");

const rssKiB = (field) => Number(new RegExp(`${field}:\\s+(\\d+)`).exec(fs.readFileSync(`/proc/${server.pid}/status`, "utf8"))[1]);

/** 200 MB of "a", produced as it is sent (the client holds 64 KiB at a time). */
function bigBody() {
  let sent = 0;
  return new Readable({
    read() {
      if (sent >= BODY_BYTES) return this.push(null);
      sent += CHUNK.length;
      this.push(CHUNK);
    },
  });
}

function post(chunked) {
  const started = performance.now();
  return new Promise((resolve) => {
    const headers = { "content-type": "application/json", ...(chunked ? {} : { "content-length": String(BODY_BYTES) }) };
    const request = http.request(`${server.baseUrl}/api/leads`, { method: "POST", headers }, (response) => {
      response.resume();
      response.on("end", () => resolve({ status: response.statusCode, ms: Math.round(performance.now() - started) }));
    });
    // The server closes the connection after its 413: the rest of the upload fails, as it should.
    request.on("error", (error) => resolve({ status: 0, error: error.code ?? String(error), ms: Math.round(performance.now() - started) }));
    bigBody().pipe(request);
  });
}

async function round(label, chunked) {
  await new Promise((resolve) => setTimeout(resolve, 500));
  const baselineKiB = rssKiB("VmRSS");
  fs.writeFileSync(`/proc/${server.pid}/clear_refs`, "5"); // resets the peak (VmHWM) to now
  let sampledPeakKiB = baselineKiB;
  const sampler = setInterval(() => (sampledPeakKiB = Math.max(sampledPeakKiB, rssKiB("VmRSS"))), 10);
  const started = performance.now();
  const answers = await Promise.all([1, 2, 3, 4].map(() => post(chunked)));
  clearInterval(sampler);
  const peakKiB = Math.max(sampledPeakKiB, rssKiB("VmHWM"));
  return {
    label,
    posts: 4,
    bodyMB: BODY_BYTES / 1024 / 1024,
    answers,
    seconds: Number(((performance.now() - started) / 1000).toFixed(2)),
    baselineRssMB: Number((baselineKiB / 1024).toFixed(1)),
    peakRssMB: Number((peakKiB / 1024).toFixed(1)),
    growthMB: Number(((peakKiB - baselineKiB) / 1024).toFixed(1)),
  };
}

let rounds;
try {
  rounds = [await round("Content-Length: 200 MB", false), await round("chunked, 200 MB", true)];
} finally {
  await server.stop();
}
for (const r of rounds) {
  console.log(
    `${r.label.padEnd(24)} RSS ${r.baselineRssMB} → peak ${r.peakRssMB} MB (+${r.growthMB} MB) in ${r.seconds} s; answers ${r.answers.map((a) => a.status || a.error).join(", ")}`,
  );
}
const ok = rounds.every((r) => r.growthMB < 50 && r.answers.every((a) => a.status === 413 || a.status === 0));
console.log(ok ? "OK: every body refused, peak RSS grew by less than 50 MB" : "FAILED: see above");
fs.mkdirSync("bench/results", { recursive: true });
fs.writeFileSync("bench/results/big-bodies.json", `${JSON.stringify({ date: new Date().toISOString(), rounds, ok }, null, 2)}\n`);
console.log("wrote bench/results/big-bodies.json");
if (!ok) process.exitCode = 1;
