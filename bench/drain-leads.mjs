// Drain bench for the outbox: how long a restarted server takes to e-mail a
// backlog of enquiries. The in-process relay (tests/support/smtp-relay-thread.mjs)
// first hangs, so DRAIN_LEADS popup leads are stored but not mailed; the
// server is killed (kill -9), the relay recovers, a new server starts, and the
// bench times how long it takes until the relay has every lead's e-mail.
//
//   npm run build && node bench/drain-leads.mjs
//   BENCH_PORT=3131 DRAIN_LEADS=1300 node bench/drain-leads.mjs
//
// Writes bench/results/drain-leads.json. Exits 1 when a lead is not mailed within DRAIN_TIMEOUT_MS.
import { spawn } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { Worker } from "node:worker_threads";
import { waitUntilUp } from "./lib/server.mjs";

const PORT = Number(process.env.BENCH_PORT ?? 3131);
const LEADS = Number(process.env.DRAIN_LEADS ?? 1300);
const TIMEOUT_MS = Number(process.env.DRAIN_TIMEOUT_MS ?? 600_000);
const DATA_DIR = path.resolve(".cache/drain-bench-data");
const BASE_URL = `http://127.0.0.1:${PORT}`;
const RUN = Date.now().toString(36);
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

const mailed = new Map();
let mails = 0;
const relay = new Worker(new URL("../tests/support/smtp-relay-thread.mjs", import.meta.url));
const relayPort = await new Promise((resolve, reject) => {
  relay.once("error", reject);
  relay.on("message", (message) => {
    if (message.port) return resolve(message.port);
    mails++;
    const name = /^Name: (Drain \S+)$/m.exec(message.raw)?.[1] ?? "(unknown)";
    mailed.set(name, (mailed.get(name) ?? 0) + 1);
  });
});
fs.rmSync(DATA_DIR, { recursive: true, force: true });

let current;
process.on("exit", () => current?.kill("SIGKILL"));
function startServer() {
  current = spawn(process.execPath, ["scripts/start.mjs"], {
    env: {
      ...process.env,
      NODE_ENV: "production",
      PORT: String(PORT),
      SITE_URL: BASE_URL,
      DATA_DIR,
      DATABASE_URL: "",
      MEDIA_DIR: process.env.MEDIA_DIR ?? ".cache/media",
      ADMIN_PASSWORD: "drain-bench-password",
      SMTP_URL: `smtp://127.0.0.1:${relayPort}`,
      NOTIFY_EMAIL: "team@example.com",
      FORM_RATE_LIMIT: "1000000",
      LOG_LEVEL: "warn",
    },
    stdio: ["ignore", "ignore", "inherit"],
  });
  return current;
}

// 1. The relay hangs; the leads are stored, their e-mails wait.
relay.postMessage("hold");
let server = startServer();
await waitUntilUp(server, BASE_URL, 100);
const names = [];
let next = 0;
await Promise.all(
  Array.from({ length: 8 }, async () => {
    while (next < LEADS) {
      const name = `Drain ${RUN}-${++next}`;
      const response = await fetch(`${BASE_URL}/api/leads`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ name, phone: `+91 9${String(next).padStart(9, "0")}` }),
      });
      await response.arrayBuffer();
      if (response.status !== 201) throw new Error(`lead refused: ${response.status}`);
      names.push(name);
    }
  }),
);
console.log(`stored ${names.length} leads with the relay hung; killing the server`);
server.kill("SIGKILL");
await new Promise((resolve) => (server.exitCode !== null || server.signalCode ? resolve() : server.once("exit", resolve)));
relay.postMessage("release");
const mailsBefore = mails;

// 2. A new server drains the backlog.
const spawnedAt = Date.now();
server = startServer();
const startupMs = await waitUntilUp(server, BASE_URL, 100);
const upAt = Date.now();
while (Date.now() - spawnedAt < TIMEOUT_MS && !names.every((name) => mailed.has(name))) await sleep(50);
const doneAt = Date.now();
const missing = names.filter((name) => !mailed.has(name)).length;
const drained = names.length - missing;
server.kill("SIGTERM");
await new Promise((resolve) => (server.exitCode !== null ? resolve() : server.once("exit", resolve)));
relay.postMessage("close");

const summary = {
  date: new Date().toISOString(),
  leads: names.length,
  drained,
  mailedBeforeRestart: mailsBefore,
  missing,
  repeats: [...mailed.values()].filter((count) => count > 1).length,
  startupMs,
  drainFromUpMs: doneAt - upAt,
  drainFromSpawnMs: doneAt - spawnedAt,
  perSecond: Number((drained / ((doneAt - upAt) / 1000)).toFixed(1)),
};
console.log(summary);
fs.mkdirSync("bench/results", { recursive: true });
fs.writeFileSync("bench/results/drain-leads.json", `${JSON.stringify(summary, null, 2)}\n`);
console.log(
  `drained ${drained}/${names.length} e-mails in ${(summary.drainFromUpMs / 1000).toFixed(1)} s after the restarted server was up (${summary.perSecond}/s; startup ${(startupMs / 1000).toFixed(1)} s); missing ${missing}`,
);
process.exit(missing === 0 ? 0 : 1);
