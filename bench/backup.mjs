// Backup and restore at scale (issue 25 §3, ADR 054): the seeded site plus
// 20,000 enquiries, backed up and restored through the app's own code
// (createBackup, restoreBackup), on PGlite (in memory) and, when a server is
// given, PostgreSQL (a scratch database, created and dropped). Prints the
// times and sizes; writes bench/results/backup.json.
//
//   npm run bench:backup                         (PGlite only; = npx tsx bench/backup.mjs)
//   BENCH_PG_URL=postgres://postgres@127.0.0.1:5432/postgres npm run bench:backup
//   BENCH_ROWS=20000
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { parseEncryptionKey } from "../app/server/backup/archive.server.ts";
import { createBackup, mediaKeysOf, restoreBackup } from "../app/server/backup/backup.server.ts";
import { countRows } from "../app/server/backup/dump.server.ts";
import { openForBackup } from "../app/server/backup/open.server.ts";
import { closeDatabase, getDb, openDatabase } from "../app/server/db/db.server.ts";
import { leads } from "../app/server/db/schema.server.ts";
import { LocalDiskStorage } from "../app/server/media/storage.server.ts";
import { seedDatabase } from "../app/server/seed/seed.server.ts";

const ROWS = Number(process.env.BENCH_ROWS ?? 20_000);
const PG_URL = process.env.BENCH_PG_URL ?? "";
const work = fs.mkdtempSync(path.join(os.tmpdir(), "pravas-bench-backup-"));
const mediaDir = path.resolve(".cache/media");
const mb = (bytes) => Math.round((bytes / 1024 / 1024) * 10) / 10;

await openDatabase({ kind: "pglite-memory" });
const db = getDb();
await seedDatabase(db, { mediaDir, admin: { email: "admin@example.com", password: "bench-password-123" }, log: () => {} });
const MESSAGES = [
  "Two adults and a child, in May.",
  "Honeymoon, December, a sea view please.",
  "Family of 5, vegetarian food, Diwali week.",
  "",
  "Can you call after 6 pm? We want Kerala and Munnar.",
];
for (let start = 0; start < ROWS; start += 1000) {
  const rows = [];
  for (let i = start; i < Math.min(ROWS, start + 1000); i++) {
    rows.push({
      source: i % 3 ? "package-enquiry" : "popup",
      name: `Guest ${i}`,
      phone: `98${String(10_000_000 + i).slice(-8)}`,
      email: `guest${i}@example.com`,
      packageTitle: i % 3 ? "Kerala Backwaters 5D/4N" : null,
      travellers: (i % 6) + 1,
      message: MESSAGES[i % MESSAGES.length],
      status: ["new", "contacted", "converted", "closed"][i % 4],
    });
  }
  await db.insert(leads).values(rows);
}
const storage = new LocalDiskStorage(mediaDir);
const source = { db, kind: "pglite-memory" };
const totalRows = Object.values(await countRows(db)).reduce((a, b) => a + b, 0);
const mediaKeys = await mediaKeysOf(storage);
const mediaFiles = mediaKeys.length;
const results = {
  date: new Date().toISOString(),
  enquiries: ROWS,
  rows: totalRows,
  mediaFiles,
  mediaMB: mb(mediaKeys.reduce((sum, key) => sum + fs.statSync(path.join(mediaDir, key)).size, 0)),
  runs: [],
};

async function run(label, from, to) {
  const file = path.join(work, `${label}.tar.gz`);
  const backup = await createBackup({ source: from, storage, file });
  const key = parseEncryptionKey("c".repeat(64));
  const encrypted = await createBackup({ source: from, storage, file: `${file}.bak`, key });
  const restoreStorage = new LocalDiskStorage(fs.mkdtempSync(path.join(work, "media-")));
  const restore = await restoreBackup({ file, target: to, storage: restoreStorage });
  const row = {
    label,
    backupMs: backup.ms,
    snapshotMs: backup.dbMs,
    archiveMB: mb(backup.bytes),
    encryptedBackupMs: encrypted.ms,
    encryptedMB: mb(encrypted.bytes),
    restoreMs: restore.ms,
  };
  results.runs.push(row);
  console.log(
    `${label}: backup ${backup.ms} ms (database snapshot held ${backup.dbMs} ms; ${row.archiveMB} MB), encrypted ${encrypted.ms} ms (${row.encryptedMB} MB), restore ${restore.ms} ms`,
  );
}

console.log(`${totalRows} rows (${ROWS} enquiries added to the seeded site), ${mediaFiles} media files (${results.mediaMB} MB)`);
const pglite = await openForBackup({ kind: "pglite-memory" });
await run("pglite -> pglite", source, pglite);
if (PG_URL) {
  const admin = new pg.Client({ connectionString: PG_URL });
  await admin.connect();
  await admin.query("drop database if exists pravas_bench_backup");
  await admin.query("create database pravas_bench_backup");
  const url = new URL(PG_URL);
  url.pathname = "/pravas_bench_backup";
  const target = await openForBackup({ kind: "postgres", url: url.toString() });
  try {
    await run("pglite -> postgres", source, target);
    await run("postgres -> pglite", target, await openForBackup({ kind: "pglite-memory" }));
  } finally {
    await target.close();
    if (!process.env.BENCH_KEEP) await admin.query("drop database if exists pravas_bench_backup");
    await admin.end();
  }
}
await pglite.close();
await closeDatabase();
fs.rmSync(work, { recursive: true, force: true });
fs.mkdirSync("bench/results", { recursive: true });
fs.writeFileSync("bench/results/backup.json", `${JSON.stringify(results, null, 2)}\n`);
console.log("wrote bench/results/backup.json");
