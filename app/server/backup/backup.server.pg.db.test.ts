// On both engines, PGlite and PostgreSQL (*.pg.db.test.ts, ADR 084): a backup reads the database in one repeatable-read snapshot and restores into
// either engine (PostgreSQL → PGlite → PostgreSQL).
import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import zlib from "node:zlib";
import { sql } from "drizzle-orm";
import { migrate } from "drizzle-orm/node-postgres/migrator";
import tar from "tar-stream";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getDatabaseKind, type Db } from "~/server/db/db.server";
import { leads, users } from "~/server/db/schema.server";
import { closeTestDatabase, migratedPgliteDump, openTestDatabase } from "../../../tests/support/test-db";
import { LocalDiskStorage } from "~/server/media/storage.server";
import { localPrivateStore } from "~/server/media/private-store.server";
import { extractArchive, parseEncryptionKey } from "./archive.server";
import { backupForDownload, BackupUnderWayError } from "./backup-download.server";
import { listActivity } from "~/server/activity/activity.server";
import { createBackup, mediaKeysOf, RestoreRefusedError, restoreBackup, type BackupTarget } from "./backup.server";
import { countRows } from "./dump.server";
import { openForBackup } from "./open.server";

let db: Db;
let source: BackupTarget;
let work: string;
let storage: LocalDiskStorage;
const key = parseEncryptionKey("a".repeat(64));

/**
 * A PGlite with no tables, as a new cluster is: a copy of the run's migrated
 * template with its schemas dropped, which costs a third of a new cluster's
 * initdb (a restore drops and re-creates the schemas of any target anyway).
 */
async function emptyMemoryTarget() {
  const target = await openForBackup({ kind: "pglite-memory", loadDataDir: migratedPgliteDump() });
  for (const statement of ["drop schema if exists drizzle cascade", "drop schema public cascade", "create schema public"])
    await target.db.execute(sql.raw(statement));
  expect(await target.db.execute(sql`select count(*)::int as n from information_schema.tables where table_schema in ('public', 'drizzle')`)).toMatchObject({
    rows: [{ n: 0 }],
  });
  return target;
}
const newStorage = async () => new LocalDiskStorage(await fs.mkdtemp(path.join(work, "media-")));

beforeAll(async () => {
  db = await openTestDatabase({ seeded: true });
  source = { db, kind: getDatabaseKind()! };
  await db.insert(leads).values([
    { name: "Asha Rao", phone: "9876543210", email: "asha@example.com", source: "popup", message: 'Kerala in May, "two" adults\nand a child' },
    { name: "Ravi", phone: "9876500000", source: "popup" },
  ]);
  work = await fs.mkdtemp(path.join(os.tmpdir(), "pravas-backup-test-"));
  storage = new LocalDiskStorage(path.join(work, "media"));
  await storage.put("bali-1234-800.avif", Buffer.from("an image"));
  await storage.put("brochures/kerala-1a2b.pdf", Buffer.from("%PDF-1.7 a brochure"));
});
afterAll(async () => {
  await closeTestDatabase();
  await fs.rm(work, { recursive: true, force: true });
});

describe("backup and restore", () => {
  it("round-trips the database and media into an empty database, with a manifest of counts and checksums", { timeout: 180_000 }, async () => {
    const file = path.join(work, "plain.tar.gz");
    // Payment proofs (ADR 114) go in as private/, and back to the private store, never to media.
    const proofs = localPrivateStore(path.join(work, "private"));
    await proofs.put("proofs/abc.jpg", Buffer.from("a UPI screenshot"));
    const backup = await createBackup({ source, storage, privateStore: proofs, file });
    expect((await fs.stat(file)).mode & 0o777).toBe(0o600);
    expect(Object.keys(backup.manifest.files)).toContain("private/proofs/abc.jpg");
    const counts = await countRows(db);
    expect(Object.fromEntries(backup.manifest.tables.map((table) => [table.name, table.rows]))).toEqual(counts);
    expect(backup.manifest.migration.tag).toMatch(/^\d{4}_/);
    expect(Object.keys(backup.manifest.files)).toContain("media/brochures/kerala-1a2b.pdf");

    const target = await emptyMemoryTarget();
    const targetStorage = await newStorage();
    try {
      const targetProofs = localPrivateStore(await fs.mkdtemp(path.join(work, "private-")));
      const restored = await restoreBackup({ file, target, storage: targetStorage, privateStore: targetProofs });
      expect(restored.mediaFiles).toBe(2);
      expect((await targetProofs.read("proofs/abc.jpg")).toString()).toBe("a UPI screenshot");
      expect(await mediaKeysOf(targetStorage)).not.toContain("proofs/abc.jpg");
      expect(await countRows(target.db)).toEqual(counts);
      const [asha] = await target.db
        .select()
        .from(leads)
        .where(sql`${leads.email} = 'asha@example.com'`);
      expect(asha?.message).toBe('Kerala in May, "two" adults\nand a child');
      // Sequences follow the restored rows: a new enquiry gets a new id.
      const [added] = await target.db.insert(leads).values({ name: "New", phone: "9000000000", source: "popup" }).returning({ id: leads.id });
      expect(added!.id).toBeGreaterThan(asha!.id);
      expect((await targetStorage.read("brochures/kerala-1a2b.pdf")).toString()).toBe("%PDF-1.7 a brochure");
    } finally {
      await target.close();
    }
  });

  it("'Download a backup now' streams a whole backup, logs who took it, refuses a second at once and leaves no copy behind (issue 49)", async () => {
    const actor = { id: "owner-1", email: "owner@example.com", name: "Omana Owner", role: "admin" as const };
    await db.insert(users).values({ id: actor.id, email: actor.email, name: actor.name, role: "admin" });
    const now = new Date("2026-11-29T06:45:00Z");
    const pending = backupForDownload({ actor, ip: "10.9.8.7", storage, now });
    await expect(backupForDownload({ actor, ip: "10.9.8.7", storage, now })).rejects.toThrow(BackupUnderWayError);
    const download = await pending;
    expect(download.name).toBe("pravas-20261129T064500Z.tar.gz");
    const file = path.join(work, "downloaded.tar.gz");
    const copy = (await fs.open(file, "w")).createWriteStream();
    const copied = new Promise<void>((resolve) => copy.on("finish", () => resolve()));
    download.body.pipe(copy);
    await copied;
    expect((await fs.stat(file)).size).toBe(download.bytes);
    const entries = await extractArchive(file, await fs.mkdtemp(path.join(work, "extract-")));
    expect([...entries.keys()]).toEqual(expect.arrayContaining(["manifest.json", "db/leads.jsonl", "media/bali-1234-800.avif"]));
    // The server's own copy is gone once sent.
    const served = String((download.body as unknown as { path: string }).path);
    await new Promise((resolve) => setImmediate(resolve));
    await expect(fs.stat(path.dirname(served))).rejects.toMatchObject({ code: "ENOENT" });
    const [entry] = await listActivity({ kind: "backup.downloaded" });
    expect(entry).toMatchObject({ actorEmail: "owner@example.com", subjectLabel: "pravas-20261129T064500Z.tar.gz", ip: "10.9.8.7" });
  });

  it("detects a file changed inside the archive before it touches the target", async () => {
    const file = path.join(work, "tampered.tar.gz");
    await createBackup({ source, storage, file });
    // Rewrites the archive with one media file changed and the manifest as it was.
    const pack = tar.pack();
    const extract = tar.extract();
    extract.on("entry", (header, stream, next) => {
      const chunks: Buffer[] = [];
      stream.on("data", (chunk: unknown) => chunks.push(chunk as Buffer));
      stream.on("end", () => {
        const data = header.name === "media/bali-1234-800.avif" ? Buffer.from("another image") : Buffer.concat(chunks);
        pack.entry({ name: header.name, size: data.length }, data, next);
      });
    });
    extract.on("finish", () => pack.finalize());
    const out = fs.open(path.join(work, "tampered2.tar.gz"), "w");
    const handle = await out;
    const done = new Promise<void>((resolve) =>
      pack
        .pipe(zlib.createGzip())
        .pipe(handle.createWriteStream())
        .on("finish", () => resolve()),
    );
    extract.end(zlib.gunzipSync(await fs.readFile(file)));
    await done;
    const before = await countRows(db);
    await expect(restoreBackup({ file: path.join(work, "tampered2.tar.gz"), target: source, storage, force: true })).rejects.toThrow(
      /checksum of media\/bali-1234-800.avif/,
    );
    expect(await countRows(db)).toEqual(before);
    expect((await storage.read("bali-1234-800.avif")).toString()).toBe("an image");
  });

  // One restore for both: a restore re-runs every migration, the most of its cost on PGlite (ADR 100).
  it("encrypts with BACKUP_ENCRYPTION_KEY (AES-256-GCM), needs the key, unchanged, to restore, refuses a database that holds data without force and replaces it with force", async () => {
    const file = path.join(work, "encrypted.bak");
    const before = await countRows(db);
    await createBackup({ source, storage, file, key });
    const bytes = await fs.readFile(file);
    expect(bytes.subarray(0, 8).toString()).toBe("PRAVASB1");
    expect(bytes.includes(Buffer.from("asha@example.com"))).toBe(false);
    const target = { file, target: source, storage, force: true };
    await expect(restoreBackup(target)).rejects.toThrow(/encrypted/);
    await expect(restoreBackup({ ...target, key: parseEncryptionKey("b".repeat(64)) })).rejects.toThrow(/could not be decrypted/);
    const flipped = Buffer.from(bytes);
    flipped[100] = flipped[100]! ^ 1;
    await fs.writeFile(path.join(work, "flipped.bak"), flipped);
    await expect(restoreBackup({ ...target, file: path.join(work, "flipped.bak"), key })).rejects.toThrow(/could not be decrypted/);
    await expect(restoreBackup({ ...target, key, force: false })).rejects.toThrow(RestoreRefusedError);
    await db.insert(leads).values({ name: "After the backup", phone: "9111111111", source: "popup" });
    await storage.put("later.avif", Buffer.from("later"));
    const restored = await restoreBackup({ ...target, key });
    expect(restored.rows.leads).toBeGreaterThanOrEqual(2);
    expect(await countRows(db)).toEqual(before);
    expect(await mediaKeysOf(storage)).toEqual(["bali-1234-800.avif", "brochures/kerala-1a2b.pdf"]);
  });

  it.runIf(process.env.TEST_DATABASE_URL)("moves PostgreSQL → PGlite → PostgreSQL", { timeout: 180_000 }, async () => {
    const counts = await countRows(db);
    const first = path.join(work, "from-postgres.tar.gz");
    await createBackup({ source, storage, file: first });
    const pglite = await emptyMemoryTarget();
    try {
      await restoreBackup({ file: first, target: pglite, storage: await newStorage() });
      expect(await countRows(pglite.db)).toEqual(counts);
      const second = path.join(work, "from-pglite.tar.gz");
      const backup = await createBackup({ source: pglite, storage, file: second });
      expect(backup.manifest.engine).toBe("pglite");
      await restoreBackup({ file: second, target: source, storage, force: true });
      expect(await countRows(db)).toEqual(counts);
    } finally {
      await pglite.close();
    }
  });

  it("runs the migrations that came after the backup's migration", { timeout: 180_000 }, async () => {
    // A database as Pravas left it at 0014, backed up, restored by today's Pravas.
    const journal = JSON.parse(await fs.readFile("drizzle/meta/_journal.json", "utf8")) as { entries: { idx: number; tag: string; when: number }[] };
    const older = path.join(work, "migrations-0014");
    await fs.mkdir(path.join(older, "meta"), { recursive: true });
    const upTo = journal.entries.filter((entry) => entry.idx <= 14);
    for (const entry of upTo) await fs.copyFile(`drizzle/${entry.tag}.sql`, path.join(older, `${entry.tag}.sql`));
    await fs.writeFile(path.join(older, "meta/_journal.json"), JSON.stringify({ ...journal, entries: upTo }));
    const old = await emptyMemoryTarget();
    const file = path.join(work, "old.tar.gz");
    try {
      await migrate(old.db, { migrationsFolder: older });
      await old.db.execute(sql`insert into leads (name, phone, message) values ('Old Enquiry', '9222222222', 'before the inbox search')`);
      const backup = await createBackup({ source: old, storage: await newStorage(), file });
      expect(backup.manifest.migration.tag).toBe("0014_reply-templates");
    } finally {
      await old.close();
    }
    await restoreBackup({ file, target: source, storage, force: true });
    const latest = journal.entries.at(-1)!.when;
    expect(await db.execute(sql`select max(created_at)::text as m from drizzle.__drizzle_migrations`)).toMatchObject({ rows: [{ m: String(latest) }] });
    const found = await db.select({ name: leads.name }).from(leads);
    expect(found).toEqual([{ name: "Old Enquiry" }]);
  });
});
