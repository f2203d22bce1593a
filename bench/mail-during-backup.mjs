// Fairness bench for the job queue (ADR 082): is an e-mail queued while a
// long backup runs sent at once, or after the backup? A production server
// backs up to an S3 bucket (s3rver) through a proxy that holds the upload for
// BACKUP_HOLD_MS (60 s), as a slow uplink to the backup bucket would: the
// backup job runs that long. Meanwhile the bench posts a popup lead every few
// seconds and times each one from its 201 to its e-mail at a local SMTP relay
// (tests/support/smtp-relay-thread.mjs). Traffic goes to 127.0.0.1 only.
//
//   npm run build && node bench/mail-during-backup.mjs
//   BENCH_PORT=3131 BACKUP_HOLD_MS=60000 MAIL_LEADS=5 node bench/mail-during-backup.mjs
//   BENCH_DATABASE_URL=postgres://… node bench/mail-during-backup.mjs   (PostgreSQL; the database is emptied first)
//
// Writes bench/results/mail-during-backup-<engine>.json. Exits 1 when an
// e-mail took MAIL_GOAL_MS (5 s) or more, or the backup did not end in the bucket.
import { spawn } from "node:child_process";
import fs from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import { Worker } from "node:worker_threads";
import S3rver from "s3rver";
import { waitUntilUp } from "./lib/server.mjs";

const PORT = Number(process.env.BENCH_PORT ?? 3131);
const HOLD_MS = Number(process.env.BACKUP_HOLD_MS ?? 60_000);
const LEADS = Number(process.env.MAIL_LEADS ?? 5);
const GOAL_MS = Number(process.env.MAIL_GOAL_MS ?? 5_000);
const DATABASE_URL = process.env.BENCH_DATABASE_URL;
const ENGINE = DATABASE_URL ? "postgres" : "pglite";
const DATA_DIR = path.resolve(".cache/mail-during-backup-data");
const BASE_URL = `http://127.0.0.1:${PORT}`;
const BUCKET = "bench-backups";
const RUN = Date.now().toString(36);
const SERVER_LOG = path.resolve(process.env.BENCH_SERVER_LOG ?? ".cache/mail-during-backup-server.log");
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
const now = () => performance.timeOrigin + performance.now();

// The team's mailbox: when each lead's e-mail was accepted.
const mailedAt = new Map();
const relay = new Worker(new URL("../tests/support/smtp-relay-thread.mjs", import.meta.url));
const relayPort = await new Promise((resolve, reject) => {
  relay.once("error", reject);
  relay.on("message", (message) => {
    if (message.port) return resolve(message.port);
    const name = /^Name: (Backup \S+)$/m.exec(message.raw)?.[1];
    if (name && !mailedAt.has(name)) mailedAt.set(name, message.acceptedAt);
  });
});

// The bucket, and a proxy in front of it that holds every upload (PUT) until HOLD_MS after the first arrived.
const s3Dir = fs.mkdtempSync(path.join(os.tmpdir(), "pravas-bench-s3-"));
const s3 = new S3rver({ port: 0, address: "127.0.0.1", silent: true, directory: s3Dir, configureBuckets: [{ name: BUCKET }] });
const s3Port = (await s3.run()).port;
let firstPutAt;
let uploadDoneAt;
let puts = 0;
const proxy = http.createServer((req, res) => {
  const forward = () => {
    const upstream = http.request({ host: "127.0.0.1", port: s3Port, method: req.method, path: req.url, headers: req.headers }, (answer) => {
      res.writeHead(answer.statusCode ?? 502, answer.headers);
      answer.pipe(res);
      // The upload's last request: lib-storage's CompleteMultipartUpload, or the single PutObject of a small archive.
      if ((req.method === "POST" && req.url.includes("uploadId=")) || (req.method === "PUT" && !req.url.includes("uploadId="))) uploadDoneAt ??= now();
    });
    upstream.on("error", () => res.destroy());
    req.pipe(upstream);
  };
  if (req.method !== "PUT") return forward();
  puts++;
  firstPutAt ??= now();
  setTimeout(forward, Math.max(0, firstPutAt + HOLD_MS - now()));
});
await new Promise((resolve) => proxy.listen(0, "127.0.0.1", resolve));
const proxyPort = proxy.address().port;

if (DATABASE_URL) {
  const pg = (await import("pg")).default;
  const client = new pg.Client({ connectionString: DATABASE_URL });
  await client.connect();
  await client.query("drop schema if exists public cascade; drop schema if exists drizzle cascade; create schema public;");
  await client.end();
}
fs.rmSync(DATA_DIR, { recursive: true, force: true });

let server;
process.on("exit", () => server?.kill("SIGKILL"));
server = spawn(process.execPath, ["scripts/start.mjs"], {
  env: {
    ...process.env,
    NODE_ENV: "production",
    PORT: String(PORT),
    SITE_URL: BASE_URL,
    DATA_DIR,
    DATABASE_URL: DATABASE_URL ?? "",
    MEDIA_DIR: process.env.MEDIA_DIR ?? ".cache/media",
    ADMIN_PASSWORD: "mail-during-backup-password",
    SMTP_URL: `smtp://127.0.0.1:${relayPort}`,
    NOTIFY_EMAIL: "team@example.com",
    FORM_RATE_LIMIT: "1000000",
    // The day's backup is due at once (its time, 00:00 IST, has passed), into the bucket behind the proxy.
    BACKUP_SCHEDULE: "00:00",
    BACKUP_DIR: "",
    BACKUP_S3_PREFIX: `s3://${BUCKET}/backups/`,
    MEDIA_STORE: "local",
    S3_ENDPOINT: `http://127.0.0.1:${proxyPort}`,
    S3_REGION: "us-east-1",
    S3_ACCESS_KEY_ID: "S3RVER",
    S3_SECRET_ACCESS_KEY: "S3RVER",
    S3_FORCE_PATH_STYLE: "true",
    LOG_LEVEL: "info",
  },
  // The server's log (the backup's start and end, each job done).
  stdio: ["ignore", fs.openSync(SERVER_LOG, "w"), "inherit"],
});
const startupMs = await waitUntilUp(server, BASE_URL);
console.log(`server up in ${(startupMs / 1000).toFixed(1)} s; waiting for the day's backup to upload`);

// 1. The backup is under way: its upload has reached the bucket's proxy.
const waitStarted = Date.now();
while (firstPutAt === undefined && Date.now() - waitStarted < 300_000) await sleep(50);
if (firstPutAt === undefined) throw new Error("the backup never started uploading");
console.log(`backup uploading ${((now() - firstPutAt) / 1000).toFixed(1)} s after the proxy saw it; holding it for ${HOLD_MS / 1000} s`);

// 2. Leads spread over the backup's first part; each e-mail timed from its 201.
const leads = [];
const spacing = Math.min(5_000, (HOLD_MS * 0.6) / LEADS);
for (let n = 1; n <= LEADS; n++) {
  const name = `Backup ${RUN}-${n}`;
  const response = await fetch(`${BASE_URL}/api/leads`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ name, phone: `+91 9${String(n).padStart(9, "0")}` }),
  });
  await response.arrayBuffer();
  if (response.status !== 201) throw new Error(`lead refused: ${response.status}`);
  leads.push({ name, acknowledgedAt: now(), backupRunningFor: now() - firstPutAt });
  await sleep(spacing);
}
const mailDeadline = Date.now() + HOLD_MS + 120_000;
while (Date.now() < mailDeadline && !leads.every((lead) => mailedAt.has(lead.name))) await sleep(50);

// 3. The backup ends in the bucket.
while (Date.now() < mailDeadline && uploadDoneAt === undefined) await sleep(100);
await sleep(500);
const stored = fs.existsSync(path.join(s3Dir, BUCKET))
  ? fs.readdirSync(path.join(s3Dir, BUCKET), { recursive: true }).filter((name) => /pravas-.*\.(tar\.gz|bak)\._S3rver_object$/.test(String(name)))
  : [];

server.kill("SIGTERM");
await new Promise((resolve) => (server.exitCode !== null ? resolve() : server.once("exit", resolve)));
relay.postMessage("close");
proxy.close();
await s3.close();
fs.rmSync(s3Dir, { recursive: true, force: true });

const latencies = leads.map((lead) => (mailedAt.has(lead.name) ? Math.round(mailedAt.get(lead.name) - lead.acknowledgedAt) : null));
const sent = latencies.filter((ms) => ms !== null);
const summary = {
  date: new Date().toISOString(),
  engine: ENGINE,
  holdMs: HOLD_MS,
  startupMs,
  leads: leads.length,
  mailed: sent.length,
  mailMs: latencies,
  /** When each lead was posted, ms into the backup's upload. */
  postedIntoBackupMs: leads.map((lead) => Math.round(lead.backupRunningFor)),
  worstMailMs: sent.length ? Math.max(...sent) : null,
  medianMailMs: sent.length ? [...sent].sort((a, b) => a - b)[Math.floor(sent.length / 2)] : null,
  backupUploadMs: uploadDoneAt === undefined ? null : Math.round(uploadDoneAt - firstPutAt),
  uploadRequests: puts,
  backupsInBucket: stored.length,
};
console.log(summary);
fs.mkdirSync("bench/results", { recursive: true });
const file = `bench/results/mail-during-backup-${ENGINE}.json`;
fs.writeFileSync(file, `${JSON.stringify(summary, null, 2)}\n`);
console.log(`wrote ${file}`);
console.log(
  `${ENGINE}: ${sent.length}/${leads.length} e-mails queued during a ${HOLD_MS / 1000} s backup were sent in ${latencies.map((ms) => (ms === null ? "never" : `${(ms / 1000).toFixed(2)} s`)).join(", ")} (goal < ${GOAL_MS / 1000} s); the backup's upload took ${summary.backupUploadMs === null ? "?" : (summary.backupUploadMs / 1000).toFixed(1)} s, ${stored.length} backup in the bucket`,
);
process.exit(sent.length === leads.length && summary.worstMailMs < GOAL_MS && stored.length === 1 ? 0 : 1);
