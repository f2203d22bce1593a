import fs from "node:fs";
import fsp from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import { migrate } from "drizzle-orm/node-postgres/migrator";
import type { Db } from "~/server/db/db.server";
import type { PrivateFileStore } from "~/server/media/private-store.server";
import type { MediaStorage } from "~/server/media/storage.server";
import { BackupFileError, extractArchive, sha256, writeArchive } from "./archive.server";
import { countRows, dumpDatabase, hasUserData, loadDatabase } from "./dump.server";

/**
 * Backups and restore (ADR 054). A backup is one archive: the database as an
 * engine-neutral logical dump (db/<table>.jsonl), every media object
 * (media/<key>), every private file (private/<key>: payment proofs, ADR 114),
 * and manifest.json with the app version, the schema migration, the rows per
 * table and a SHA-256 per file.
 */

const BACKUP_FORMAT = "pravas-backup";
const BACKUP_FORMAT_VERSION = 1;

export type Manifest = {
  format: typeof BACKUP_FORMAT;
  formatVersion: number;
  app: { version: string };
  createdAt: string;
  engine: "postgres" | "pglite";
  /** The last migration applied: the journal's `when` and tag. */
  migration: { when: number; tag: string | null };
  /** Rows per table, in load order (parents first). */
  tables: { name: string; rows: number; file: string }[];
  files: Record<string, { sha256: string; size: number }>;
};

type JournalEntry = { idx: number; when: number; tag: string };

function migrationsFolder(): string {
  return path.resolve(process.env.MIGRATIONS_DIR ?? "drizzle");
}

function readJournal(folder: string): JournalEntry[] {
  return (JSON.parse(fs.readFileSync(path.join(folder, "meta/_journal.json"), "utf8")) as { entries: JournalEntry[] }).entries;
}

function appVersion(): string {
  try {
    return (JSON.parse(fs.readFileSync(path.resolve("package.json"), "utf8")) as { version: string }).version;
  } catch {
    return "unknown";
  }
}

export type BackupTarget = { db: Db; kind: "postgres" | "pglite" | "pglite-memory" };

/** `dbMs`: how long the database snapshot was held (on PGlite, how long requests waited). */
export type BackupResult = { file: string; bytes: number; manifest: Manifest; ms: number; dbMs: number };

/**
 * Writes a backup of `source` and `storage` to `file` (0600). The database is
 * read in one snapshot; the site keeps serving (on PGlite, its queries wait
 * while the snapshot is read: one connection). `signal` stops it between two
 * files (the job worker's, ADR 082): nothing is left behind.
 */
export async function createBackup(options: {
  source: BackupTarget;
  storage: MediaStorage;
  /** Payment proofs (ADR 114): archived under private/, never with media. */
  privateStore?: PrivateFileStore;
  file: string;
  key?: Buffer;
  signal?: AbortSignal;
}): Promise<BackupResult> {
  const started = performance.now();
  const { source, storage } = options;
  const files: Manifest["files"] = {};
  const tables: Manifest["tables"] = [];
  let migrationWhen: number | null = null;
  let manifest: Manifest | undefined;
  let dbMs = 0;
  const { bytes } = await writeArchive(
    options.file,
    async (addEntry) => {
      const add: typeof addEntry = (entry) => (options.signal?.throwIfAborted(), addEntry(entry));
      const dbStarted = performance.now();
      const { migration } = await dumpDatabase(source.db, async ({ table, rows, data }) => {
        const name = `db/${table}.jsonl`;
        files[name] = { sha256: sha256(data), size: data.length };
        tables.push({ name: table, rows, file: name });
        await add({ name, data });
      });
      migrationWhen = migration;
      dbMs = Math.round(performance.now() - dbStarted);
      for (const key of await mediaKeysOf(storage)) {
        let data: Buffer;
        try {
          data = await storage.read(key);
        } catch (error) {
          // Deleted since it was listed (a media clean-up): not part of the backup.
          if ((error as NodeJS.ErrnoException).code === "ENOENT" || (error as { name?: string }).name === "NoSuchKey") continue;
          throw error;
        }
        const name = `media/${key}`;
        files[name] = { sha256: sha256(data), size: data.length };
        await add({ name, data });
      }
      if (options.privateStore) {
        for (const key of await mediaKeysOf(options.privateStore)) {
          const data = await readUnlessGone(options.privateStore, key);
          if (!data) continue;
          const name = `private/${key}`;
          files[name] = { sha256: sha256(data), size: data.length };
          await add({ name, data });
        }
      }
      if (migrationWhen === null) throw new Error("The database has no migrations applied: nothing to back up.");
      const journal = readJournal(migrationsFolder());
      manifest = {
        format: BACKUP_FORMAT,
        formatVersion: BACKUP_FORMAT_VERSION,
        app: { version: appVersion() },
        createdAt: new Date().toISOString(),
        engine: source.kind === "postgres" ? "postgres" : "pglite",
        migration: { when: migrationWhen, tag: journal.find((entry) => entry.when === migrationWhen)?.tag ?? null },
        tables,
        files,
      };
      await add({ name: "manifest.json", data: Buffer.from(`${JSON.stringify(manifest, null, 2)}\n`) });
    },
    options.key,
  );
  return { file: options.file, bytes, manifest: manifest!, dbMs, ms: Math.round(performance.now() - started) };
}

export class RestoreRefusedError extends Error {}

type RestoreResult = { manifest: Manifest; rows: Record<string, number>; mediaFiles: number; ms: number };

/**
 * Restores a backup into `target` and `storage`. Checks every checksum and
 * row count before it changes anything; refuses a database or media store
 * that holds data unless `force`. Then: the schema as of the backup's
 * migration, the rows, the later migrations, the media.
 */
export async function restoreBackup(options: {
  file: string;
  target: BackupTarget;
  storage: MediaStorage;
  /** Where the backup's private files go back to (ADR 114): never the media store. */
  privateStore?: PrivateFileStore;
  key?: Buffer;
  force?: boolean;
  log?: (message: string) => void;
}): Promise<RestoreResult> {
  const started = performance.now();
  const log = options.log ?? (() => {});
  const { target, storage } = options;
  const work = await fsp.mkdtemp(path.join(os.tmpdir(), "pravas-restore-"));
  try {
    const files = await extractArchive(options.file, work, options.key);
    const manifest = await verifyArchive(files);
    log(
      `backup of ${manifest.createdAt}: app ${manifest.app.version}, migration ${manifest.migration.tag ?? manifest.migration.when}, ${manifest.tables.reduce((sum, table) => sum + table.rows, 0)} rows, ${Object.keys(manifest.files).filter((name) => name.startsWith("media/")).length} media files; checksums and row counts verified`,
    );

    const folder = migrationsFolder();
    const journal = readJournal(folder);
    const upTo = journal.filter((entry) => entry.when <= manifest.migration.when);
    if (!journal.some((entry) => entry.when === manifest.migration.when)) {
      throw new BackupFileError(
        `The backup's migration (${manifest.migration.tag ?? manifest.migration.when}) is not one this version of Pravas knows: restore it with the version that made it (${manifest.app.version}) or a later one.`,
      );
    }

    const hasTables = await tablesExist(target.db);
    const counts = hasTables ? await countRows(target.db) : {};
    const mediaKeys = await mediaKeysOf(storage);
    // Media the backup holds byte for byte (a move from PGlite to PostgreSQL keeps DATA_DIR's media) lose nothing.
    const otherMedia = options.force ? mediaKeys : await mediaNotInBackup(storage, mediaKeys, manifest);
    if (!options.force && (hasUserData(counts) || otherMedia.length > 0)) {
      const filled = Object.entries(counts)
        .filter(([, count]) => count > 0)
        .map(([table, count]) => `${table} (${count})`);
      throw new RestoreRefusedError(
        `The target is not empty${filled.length > 0 ? `: ${filled.slice(0, 5).join(", ")}${filled.length > 5 ? ", ..." : ""}` : ""}${otherMedia.length > 0 ? `${filled.length > 0 ? " and" : ":"} ${otherMedia.length} media files the backup does not hold` : ""}. Restore into an empty database and media store, or pass --force to replace what is there.`,
      );
    }

    // A clean schema, migrated as far as the backup was.
    await target.db.execute(sql.raw("drop schema if exists drizzle cascade"));
    await target.db.execute(sql.raw("drop schema if exists public cascade"));
    await target.db.execute(sql.raw("create schema public"));
    const partial = await fsp.mkdtemp(path.join(work, "migrations-"));
    for (const entry of upTo) await fsp.copyFile(path.join(folder, `${entry.tag}.sql`), path.join(partial, `${entry.tag}.sql`));
    await fsp.mkdir(path.join(partial, "meta"));
    await fsp.writeFile(
      path.join(partial, "meta/_journal.json"),
      JSON.stringify({ version: "7", dialect: "postgresql", entries: upTo.map((entry) => ({ ...entry, version: "7", breakpoints: true })) }),
    );
    await migrate(target.db, { migrationsFolder: partial });

    const rows = await loadDatabase(
      target.db,
      manifest.tables.map((table) => ({ table: table.name, read: () => fsp.readFile(files.get(table.file)!.path) })),
    );
    for (const table of manifest.tables) {
      if (rows[table.name] !== table.rows)
        throw new BackupFileError(`Restored ${rows[table.name] ?? 0} rows into ${table.name}, the backup holds ${table.rows}.`);
    }
    const later = journal.length - upTo.length;
    await migrate(target.db, { migrationsFolder: folder });
    if (later > 0) log(`ran ${later} migration${later === 1 ? "" : "s"} newer than the backup`);

    const keep = new Set<string>();
    let mediaFiles = 0;
    for (const [name, file] of files) {
      if (!name.startsWith("media/")) continue;
      const key = name.slice("media/".length);
      keep.add(key);
      await storage.put(key, await fsp.readFile(file.path));
      mediaFiles++;
    }
    for (const key of mediaKeys) if (!keep.has(key)) await storage.delete(key);
    const privateNames = [...files.keys()].filter((name) => name.startsWith("private/"));
    if (privateNames.length > 0 && !options.privateStore)
      log(`${privateNames.length} private files (payment proofs) in the backup were not restored: no private store`);
    for (const name of options.privateStore ? privateNames : []) {
      await options.privateStore!.put(name.slice("private/".length), await fsp.readFile(files.get(name)!.path));
    }
    return { manifest, rows, mediaFiles, ms: Math.round(performance.now() - started) };
  } finally {
    await fsp.rm(work, { recursive: true, force: true });
  }
}

/** A file's bytes, or null when it was deleted since it was listed. */
async function readUnlessGone(store: Pick<MediaStorage, "read">, key: string): Promise<Buffer | null> {
  try {
    return await store.read(key);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT" || (error as { name?: string }).name === "NoSuchKey") return null;
    throw error;
  }
}

/** Every media key (or private file's), sorted (the archive's order does not depend on the store's). */
export async function mediaKeysOf(storage: Pick<MediaStorage, "list">): Promise<string[]> {
  const keys: string[] = [];
  for await (const file of storage.list()) keys.push(file.key);
  return keys.sort();
}

async function mediaNotInBackup(storage: MediaStorage, keys: string[], manifest: Manifest): Promise<string[]> {
  const other: string[] = [];
  for (const key of keys) {
    const expected = manifest.files[`media/${key}`];
    if (!expected || sha256(await storage.read(key)) !== expected.sha256) other.push(key);
  }
  return other;
}

async function tablesExist(db: Db): Promise<boolean> {
  const result = (await db.execute(sql`select count(*)::int as n from pg_tables where schemaname = 'public'`)) as unknown as { rows: { n: number }[] };
  return Number(result.rows[0]?.n ?? 0) > 0;
}

/** The manifest, once every file it lists is there with its size and SHA-256, no other file is, and each table's lines match its row count. */
async function verifyArchive(files: Map<string, { path: string; sha256: string; size: number }>): Promise<Manifest> {
  const manifestFile = files.get("manifest.json");
  if (!manifestFile) throw new BackupFileError("The backup has no manifest.json: it is not a Pravas backup, or it is cut short.");
  const manifest = JSON.parse(await fsp.readFile(manifestFile.path, "utf8")) as Manifest;
  if (manifest.format !== BACKUP_FORMAT) throw new BackupFileError("The file is not a Pravas backup.");
  if (manifest.formatVersion > BACKUP_FORMAT_VERSION)
    throw new BackupFileError(`The backup's format (${manifest.formatVersion}) is newer than this version of Pravas reads.`);
  for (const [name, expected] of Object.entries(manifest.files)) {
    const file = files.get(name);
    if (!file) throw new BackupFileError(`The backup is missing ${name}.`);
    if (file.size !== expected.size || file.sha256 !== expected.sha256)
      throw new BackupFileError(`The checksum of ${name} does not match the manifest: the backup is damaged or was changed.`);
  }
  for (const name of files.keys()) {
    if (name !== "manifest.json" && !manifest.files[name]) throw new BackupFileError(`The backup holds ${name}, which its manifest does not list.`);
  }
  for (const table of manifest.tables) {
    const file = files.get(table.file);
    if (!file) throw new BackupFileError(`The backup is missing ${table.file}.`);
    const text = await fsp.readFile(file.path, "utf8");
    let lines = 0;
    for (let index = text.indexOf("\n"); index !== -1; index = text.indexOf("\n", index + 1)) lines++;
    if (lines !== table.rows) throw new BackupFileError(`${table.file} holds ${lines} rows, the manifest says ${table.rows}.`);
  }
  return manifest;
}
