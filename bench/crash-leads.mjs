// Crash bench for the job queue's notifications (ADR 050): streams valid popup
// leads at a production build, kills the server with SIGKILL mid-stream 3
// times, restarting it each time, then checks that every acknowledged (201)
// lead is stored and that every stored lead was e-mailed to a local in-process
// SMTP server, and counts repeats. Traffic goes to 127.0.0.1 only, and is bounded.
//
//   npm run build && node bench/crash-leads.mjs
//   BENCH_PORT=3131 CRASH_CONCURRENCY=8 CRASH_KILLS=3 node bench/crash-leads.mjs
//   BENCH_DATABASE_URL=postgres://… node bench/crash-leads.mjs   (PostgreSQL; the database is emptied first)
//   CRASH_KILLS=10 CRASH_DRAIN_MS=900000 node bench/crash-leads.mjs   (more kills, more leads to mail at the end)
//   CRASH_KILL_AFTER_MS=5000 node bench/crash-leads.mjs   (kill 5–7 s into each stream: on a slow machine the first seconds store few leads)
//
// Writes bench/results/crash-leads-<engine>.json. Exits 1 when a lead is lost,
// a stored lead was not notified, a repeat carries another Message-ID, or a
// kill repeated more than one e-mail (ADR 050: at least once; a kill between
// the relay's 250 and the job's mark repeats that message, with its Message-ID).
// The servers' logs go to CRASH_SERVER_LOG (default .cache/crash-bench-server.log).
import { spawn } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { Worker } from "node:worker_threads";
import { waitUntilUp } from "./lib/server.mjs";

const PORT = Number(process.env.BENCH_PORT ?? 3131);
const KILLS = Number(process.env.CRASH_KILLS ?? 3);
const CONCURRENCY = Number(process.env.CRASH_CONCURRENCY ?? 8);
/** Upper bounds: leads per phase and for the final, uninterrupted phase. */
const MAX_LEADS_PER_PHASE = 3_000;
const FINAL_PHASE_LEADS = 300;
/** How long the last phase may take to mail everything ; more kills stream more leads. */
const DRAIN_MS = Number(process.env.CRASH_DRAIN_MS ?? 300_000);
const DATABASE_URL = process.env.BENCH_DATABASE_URL;
const ENGINE = DATABASE_URL ? "postgres" : "pglite";
const DATA_DIR = path.resolve(".cache/crash-bench-data");
const BASE_URL = `http://127.0.0.1:${PORT}`;
const RUN = Date.now().toString(36);

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

// The team's mailbox: counts the notifications per lead, by the lead's unique
// name, and the distinct Message-IDs among them.
const mailsPerLead = new Map();
const messageIdsPerLead = new Map();
/** Lead name -> epoch ms of every acceptance, to place a repeat's first send against the kill. */
const acceptancesPerLead = new Map();
let mailsReceived = 0;
let lastMailAt = Date.now();
// The relay runs in its own thread (tests/support/smtp-relay-thread.mjs).
const relay = new Worker(new URL("../tests/support/smtp-relay-thread.mjs", import.meta.url));
const relayPort = await new Promise((resolve, reject) => {
  relay.once("error", reject);
  relay.on("message", (message) => {
    if (message.port) return resolve(message.port);
    const { raw, acceptedAt } = message;
    const name = /^Name: (Crash \S+)$/m.exec(raw)?.[1] ?? "(unknown)";
    const messageId = /^Message-ID: (.+)$/im.exec(raw)?.[1]?.trim();
    mailsPerLead.set(name, (mailsPerLead.get(name) ?? 0) + 1);
    messageIdsPerLead.set(name, new Set([...(messageIdsPerLead.get(name) ?? []), messageId]));
    acceptancesPerLead.set(name, [...(acceptancesPerLead.get(name) ?? []), acceptedAt]);
    mailsReceived++;
    lastMailAt = Date.now();
  });
});
const smtpUrl = `smtp://127.0.0.1:${relayPort}`;

if (DATABASE_URL) {
  const pg = (await import("pg")).default;
  const client = new pg.Client({ connectionString: DATABASE_URL });
  await client.connect();
  await client.query("drop schema if exists public cascade; drop schema if exists drizzle cascade; create schema public;");
  await client.end();
}
fs.rmSync(DATA_DIR, { recursive: true, force: true });
const SERVER_LOG = path.resolve(process.env.CRASH_SERVER_LOG ?? ".cache/crash-bench-server.log");
fs.mkdirSync(path.dirname(SERVER_LOG), { recursive: true });
fs.writeFileSync(SERVER_LOG, "");

let current;
// Never leave a server behind, whatever happens to this script.
process.on("exit", () => current?.kill("SIGKILL"));

function startServer() {
  const child = spawn(process.execPath, ["scripts/start.mjs"], {
    env: {
      ...process.env,
      NODE_ENV: "production",
      PORT: String(PORT),
      SITE_URL: BASE_URL,
      DATA_DIR,
      DATABASE_URL: DATABASE_URL ?? "",
      MEDIA_DIR: process.env.MEDIA_DIR ?? ".cache/media",
      ADMIN_PASSWORD: "crash-bench-password",
      SMTP_URL: smtpUrl,
      NOTIFY_EMAIL: "team@example.com",
      FORM_RATE_LIMIT: "1000000",
      OUTBOX_POLL_MS: "1000",
      LOG_LEVEL: "info",
    },
    // The servers' logs (each job done, with how long it took).
    stdio: ["ignore", fs.openSync(SERVER_LOG, "a"), "inherit"],
  });
  current = child;
  return child;
}

const acknowledged = new Set();
let sentTotal = 0;
let failedTotal = 0;
let sequence = 0;

/** Posts leads until `shouldStop()` or the phase's bound; returns what this phase acknowledged. */
async function stream(limit, shouldStop) {
  let posted = 0;
  let acked = 0;
  const poster = async () => {
    while (posted < limit && !shouldStop()) {
      posted++;
      const name = `Crash ${RUN}-${++sequence}`;
      sentTotal++;
      try {
        const response = await fetch(`${BASE_URL}/api/leads`, {
          method: "POST",
          headers: { "content-type": "application/json" },
          body: JSON.stringify({ name, phone: `+91 9${String(sequence).padStart(9, "0")}` }),
          signal: AbortSignal.timeout(15_000),
        });
        await response.arrayBuffer();
        if (response.status === 201) {
          acknowledged.add(name);
          acked++;
        } else failedTotal++;
      } catch {
        failedTotal++; // the server died under this request
      }
    }
  };
  await Promise.all(Array.from({ length: CONCURRENCY }, poster));
  return { posted, acked };
}

/** Unsent outbox rows, where the database can be read while the server runs (PostgreSQL). */
async function pendingRows() {
  if (!DATABASE_URL) return 0;
  const pg = (await import("pg")).default;
  const client = new pg.Client({ connectionString: DATABASE_URL });
  await client.connect();
  try {
    return (await client.query("select count(*)::int as n from jobs where status = 'pending'")).rows[0].n;
  } finally {
    await client.end();
  }
}

const phases = [];
for (let phase = 0; phase <= KILLS; phase++) {
  const server = startServer();
  const startupMs = await waitUntilUp(server, BASE_URL);
  if (phase < KILLS) {
    // Kill somewhere between 1 and 3 s into the stream (CRASH_KILL_AFTER_MS moves the start), while leads are being stored and mailed.
    const killAfterMs = Number(process.env.CRASH_KILL_AFTER_MS ?? 1_000) + Math.round(Math.random() * 2_000);
    let killed = false;
    let killedAt;
    const timer = setTimeout(() => {
      killedAt = performance.timeOrigin + performance.now();
      server.kill("SIGKILL");
      killed = true;
    }, killAfterMs);
    const result = await stream(MAX_LEADS_PER_PHASE, () => killed);
    clearTimeout(timer);
    if (!killed) server.kill("SIGKILL");
    await new Promise((resolve) => (server.exitCode !== null || server.signalCode ? resolve() : server.once("exit", resolve)));
    phases.push({ phase, startupMs, killAfterMs, killedAt, ...result, mailsSoFar: mailsReceived });
    console.log(`phase ${phase}: killed after ${killAfterMs} ms; ${result.acked}/${result.posted} acknowledged; ${mailsReceived} mails so far`);
    continue;
  }
  const result = await stream(FINAL_PHASE_LEADS, () => false);
  // Let the outbox drain: every acknowledged lead mailed, then 5 s without a new
  // mail. On PostgreSQL also no pending job: the jobs a killed server had
  // claimed wait for their lease (2 min) to end. PGlite releases them at start.
  const drainStarted = Date.now();
  while (Date.now() - drainStarted < DRAIN_MS) {
    const allAckedMailed = [...acknowledged].every((name) => mailsPerLead.has(name));
    if (allAckedMailed && Date.now() - lastMailAt > 5_000 && (await pendingRows()) === 0) break;
    await sleep(500);
  }
  const drainMs = Date.now() - drainStarted;
  phases.push({ phase, startupMs, ...result, drainMs, mailsSoFar: mailsReceived });
  console.log(`phase ${phase}: ${result.acked}/${result.posted} acknowledged, no kill; drained in ${drainMs} ms`);
  server.kill("SIGTERM");
  await new Promise((resolve) => (server.exitCode !== null ? resolve() : server.once("exit", resolve)));
}
relay.postMessage("close");

// What the database holds, read after the last server stopped.
async function readDatabase() {
  const leadsQuery = "select name from leads where name like 'Crash %'";
  const outboxQuery = "select status, count(*)::int as count from jobs group by status";
  if (DATABASE_URL) {
    const pg = (await import("pg")).default;
    const client = new pg.Client({ connectionString: DATABASE_URL });
    await client.connect();
    const leads = (await client.query(leadsQuery)).rows;
    const outbox = (await client.query(outboxQuery)).rows;
    await client.end();
    return { leads, outbox };
  }
  const { PGlite } = await import("@electric-sql/pglite");
  const { pg_trgm } = await import("@electric-sql/pglite/contrib/pg_trgm");
  const db = await PGlite.create(path.join(DATA_DIR, "pglite"), { extensions: { pg_trgm } });
  const leads = (await db.query(leadsQuery)).rows;
  const outbox = (await db.query(outboxQuery)).rows;
  await db.close();
  return { leads, outbox };
}

const { leads, outbox } = await readDatabase();

const stored = new Set(leads.map((row) => row.name));
const lost = [...acknowledged].filter((name) => !stored.has(name));
const storedUnacknowledged = [...stored].filter((name) => !acknowledged.has(name));
const counts = [...stored].map((name) => mailsPerLead.get(name) ?? 0);
const mailsForUnstored = [...mailsPerLead.keys()].filter((name) => !stored.has(name));
// Each repeat placed against the nearest kill: the relay accepted its first copy
// this many ms after it (negative: before). After the kill means the server had
// handed the whole message over and died before the relay even answered.
const repeats = [...stored]
  .filter((name) => (mailsPerLead.get(name) ?? 0) > 1)
  .map((name) => {
    const first = acceptancesPerLead.get(name)[0];
    const kills = phases.map((p) => p.killedAt).filter((at) => at !== undefined);
    const nearest = kills.sort((a, b) => Math.abs(first - a) - Math.abs(first - b))[0];
    return { name, nearestKill: nearest, firstAcceptedMsFromKill: nearest === undefined ? null : Number((first - nearest).toFixed(1)) };
  });
const repeatsPerKill = phases.filter((p) => p.killedAt !== undefined).map((p) => repeats.filter((repeat) => repeat.nearestKill === p.killedAt).length);
const summary = {
  engine: ENGINE,
  kills: KILLS,
  concurrency: CONCURRENCY,
  posted: sentTotal,
  acknowledged: acknowledged.size,
  failedOrCutOff: failedTotal,
  stored: stored.size,
  lost: lost.length,
  storedButNotAcknowledged: storedUnacknowledged.length,
  notifiedOnce: counts.filter((count) => count === 1).length,
  duplicates: counts.filter((count) => count > 1).length,
  repeatsPerKill,
  /** Repeats whose first copy the relay accepted after the kill: the whole message was handed over before it. */
  repeatsAcceptedAfterKill: repeats.filter((repeat) => repeat.firstAcceptedMsFromKill !== null && repeat.firstAcceptedMsFromKill > 0).length,
  /** Duplicates that carry the first send's Message-ID, so mailboxes can tell they are one message. */
  duplicatesWithSameMessageId: [...stored].filter((name) => (mailsPerLead.get(name) ?? 0) > 1 && messageIdsPerLead.get(name)?.size === 1).length,
  missing: counts.filter((count) => count === 0).length,
  mostCopiesOfOneLead: Math.max(0, ...counts),
  mailsReceived,
  mailsForLeadsNotStored: mailsForUnstored.length,
  outboxByStatus: Object.fromEntries(outbox.map((row) => [row.status, Number(row.count)])),
};
console.log(summary);

fs.mkdirSync("bench/results", { recursive: true });
const file = `bench/results/crash-leads-${ENGINE}.json`;
fs.writeFileSync(
  file,
  `${JSON.stringify(
    {
      date: new Date().toISOString(),
      ...summary,
      phases,
      lostNames: lost,
      duplicateNames: [...stored].filter((name) => (mailsPerLead.get(name) ?? 0) > 1),
      repeats,
    },
    null,
    2,
  )}\n`,
);
console.log(`wrote ${file}`);
const finalPhase = phases.at(-1);
console.log(
  `lost ${summary.lost}, un-notified ${summary.missing}, notified once ${summary.notifiedOnce}/${summary.stored}; ` +
    `repeated ${summary.duplicates} after ${KILLS} kills (per kill: ${repeatsPerKill.join(", ")}; ${summary.duplicatesWithSameMessageId} with the same Message-ID; ` +
    `${summary.repeatsAcceptedAfterKill} accepted by the relay only after the kill${repeats.length ? `: ${repeats.map((repeat) => `${repeat.firstAcceptedMsFromKill > 0 ? "+" : ""}${repeat.firstAcceptedMsFromKill} ms`).join(", ")}` : ""}); ` +
    `last phase: ${finalPhase.acked} leads stored and mailed in ${(finalPhase.drainMs / 1000).toFixed(1)} s`,
);
const ok =
  summary.lost === 0 &&
  summary.missing === 0 &&
  summary.mailsForLeadsNotStored === 0 &&
  summary.duplicatesWithSameMessageId === summary.duplicates &&
  repeatsPerKill.every((count) => count <= 1);
process.exit(ok ? 0 : 1);
