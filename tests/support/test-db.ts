// The database of one test file (*.db.test.ts), on PGlite in memory or on the
// PostgreSQL server in TEST_DATABASE_URL. A test helper: it lives outside app/
// so that no production code can import it (issue 24 §5).
//
// Which engine runs a file (ADR 084): every *.db.test.ts runs on PGlite; a file
// named *.pg.db.test.ts runs on PostgreSQL too. Name it so when what it checks
// depends on the engine: locks and racing callers (FOR UPDATE, SKIP LOCKED,
// "exactly once"), more than one connection or server, SQL written by hand whose
// result is read back (aggregates, casts, time zones: the drivers differ), an
// extension, a migration, a backup or the seed. Plain reads and writes through
// Drizzle's query builder are the same SQL on both engines: PGlite alone.
//
// Migrating a database and seeding it cost a few seconds each, and every file
// needs its own fresh one, so the db project's global setup
// (tests/support/db-global-setup.ts) makes two templates once per run (ADR 055):
// "migrated" and "seeded" (migrated, then the seed with its first admin). A file
// starts from a copy: PGlite loads the template's dump (loadDataDir), PostgreSQL
// re-creates the database with CREATE DATABASE … TEMPLATE.
import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import type { PGlite } from "@electric-sql/pglite";
import pg from "pg";
import { inject } from "vitest";
import { closeDatabase, getDb, openDatabase, type Db } from "~/server/db/db.server";
import { seedDatabase, type SeedResult } from "~/server/seed/seed.server";

/**
 * Processed seed photos are content-hashed, so test runs share them with the
 * e2e servers' cache (scripts/e2e-server.mjs): they are processed once.
 */
export const TEST_MEDIA_DIR = path.resolve(".cache/media");

export type TemplateKind = "migrated" | "seeded";

/** What the global setup made: PGlite dumps (file paths) or PostgreSQL template database names. */
export type TestDatabaseTemplates = { kind: "pglite"; files: Record<TemplateKind, string> } | { kind: "postgres"; databases: Record<TemplateKind, string> };

declare module "vitest" {
  export interface ProvidedContext {
    testDatabaseTemplates: TestDatabaseTemplates | null;
  }
}

function providedTemplates(): TestDatabaseTemplates | null {
  try {
    return inject("testDatabaseTemplates") ?? null;
  } catch {
    return null; // outside a vitest worker
  }
}

/**
 * Opens a fresh, migrated database for one test file: PGlite in memory, or
 * the PostgreSQL server in TEST_DATABASE_URL, emptied first. With `seeded`,
 * it also holds the seed and its first admin (admin@example.com,
 * test-password-123), as after seedTestDatabase.
 */
export async function openTestDatabase(options: { seeded?: boolean } = {}): Promise<Db> {
  const kind: TemplateKind = options.seeded ? "seeded" : "migrated";
  const url = process.env.TEST_DATABASE_URL;
  const templates = providedTemplates();
  if (url) {
    if (templates?.kind === "postgres") {
      await recreateFromTemplate(url, templates.databases[kind]);
      await openDatabase({ kind: "postgres", url });
      return getDb();
    }
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    await client.query("drop schema if exists public cascade; drop schema if exists drizzle cascade; create schema public;");
    await client.end();
    await openDatabase({ kind: "postgres", url });
  } else if (templates?.kind === "pglite") {
    await openDatabase({ kind: "pglite-memory", loadDataDir: new Blob([fs.readFileSync(templates.files[kind])]) });
    return getDb();
  } else {
    // A new PGlite cluster costs about 2 s (initdb) before the migrations;
    // loading a dump of a migrated one costs a third of that (ADR 036).
    const template = readPgliteTemplate();
    await openDatabase({ kind: "pglite-memory", loadDataDir: template });
    if (!template) await writePgliteTemplate(await dumpPglite());
  }
  const db = getDb();
  if (options.seeded) await seedTestDatabase(db);
  return db;
}

/**
 * The dump of this run's migrated PGlite template (or the one cached between
 * runs), for a test that opens a second PGlite beside its own: loading it costs
 * about a third of a new cluster's initdb. Undefined when there is none yet (a
 * PostgreSQL run before any PGlite run): then the caller makes a new cluster.
 */
export function migratedPgliteDump(): Blob | undefined {
  const templates = providedTemplates();
  if (templates?.kind === "pglite") return new Blob([fs.readFileSync(templates.files.migrated)]);
  return readPgliteTemplate();
}

/** The open PGlite database as a dump, for loadDataDir. */
export async function dumpPglite(): Promise<Blob> {
  return (getDb() as unknown as { $client: PGlite }).$client.dumpDataDir("none");
}

/** The server's maintenance database, for creating and dropping the others. */
export function maintenanceUrl(url: string): string {
  const maintenance = new URL(url);
  maintenance.pathname = "/postgres";
  return maintenance.toString();
}

export function databaseName(url: string): string {
  return decodeURIComponent(new URL(url).pathname.slice(1));
}

export const quoteIdentifier = (name: string) => `"${name.replaceAll('"', '""')}"`;

/** Drops the database in `url` (closing what is still connected to it) and makes it again as a copy of `template`. */
async function recreateFromTemplate(url: string, template: string) {
  const client = new pg.Client({ connectionString: maintenanceUrl(url) });
  await client.connect();
  try {
    await client.query(`drop database if exists ${quoteIdentifier(databaseName(url))} with (force)`);
    await client.query(`create database ${quoteIdentifier(databaseName(url))} template ${quoteIdentifier(template)}`);
  } finally {
    await client.end();
  }
}

/** The dump of a freshly migrated PGlite, named by the migrations and the PGlite version it was made with. */
function pgliteTemplatePath(): string {
  const hash = crypto.createHash("sha256");
  const pgliteManifest = path.resolve("node_modules/@electric-sql/pglite/package.json");
  hash.update(fs.existsSync(pgliteManifest) ? fs.readFileSync(pgliteManifest) : "");
  const migrations = path.resolve(process.env.MIGRATIONS_DIR ?? "drizzle");
  for (const file of fs.readdirSync(migrations, { recursive: true, encoding: "utf8" }).sort()) {
    const full = path.join(migrations, file);
    if (fs.statSync(full).isFile()) hash.update(file).update(fs.readFileSync(full));
  }
  return path.resolve(`.cache/pglite-template-${hash.digest("hex").slice(0, 16)}.tar`);
}

export function readPgliteTemplate(): Blob | undefined {
  try {
    return new Blob([fs.readFileSync(pgliteTemplatePath())]);
  } catch {
    return undefined;
  }
}

export async function writePgliteTemplate(dump: Blob) {
  const file = pgliteTemplatePath();
  const directory = path.dirname(file);
  try {
    fs.mkdirSync(directory, { recursive: true });
    for (const old of fs.readdirSync(directory)) {
      if (old.startsWith("pglite-template-") && !old.startsWith(path.basename(file))) fs.rmSync(path.join(directory, old), { force: true });
    }
    // Under a name of its own first: another test process may be writing it too.
    const temporary = `${file}.${process.pid}.tmp`;
    fs.writeFileSync(temporary, Buffer.from(await dump.arrayBuffer()));
    fs.renameSync(temporary, file);
  } catch {
    // No template this time: the next test file makes one.
  }
}

export async function seedTestDatabase(db: Db, today?: Date): Promise<SeedResult> {
  return seedDatabase(db, {
    mediaDir: TEST_MEDIA_DIR,
    admin: { email: "admin@example.com", password: "test-password-123" },
    today,
  });
}

export { closeDatabase as closeTestDatabase };
