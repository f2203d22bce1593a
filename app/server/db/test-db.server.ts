import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import type { PGlite } from "@electric-sql/pglite";
import pg from "pg";
import { closeDatabase, getDb, openDatabase, type Db } from "./db.server";
import { seedDatabase, type SeedResult } from "~/server/seed/seed.server";

/**
 * Processed seed photos are content-hashed, so test runs share them with the
 * e2e servers' cache (scripts/e2e-server.mjs): they are processed once.
 */
export const TEST_MEDIA_DIR = path.resolve(".cache/media");

/**
 * Opens a fresh, migrated database for one test file: PGlite in memory, or
 * the PostgreSQL server in TEST_DATABASE_URL, emptied first.
 */
export async function openTestDatabase(): Promise<Db> {
  const url = process.env.TEST_DATABASE_URL;
  if (url) {
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    await client.query("drop schema if exists public cascade; drop schema if exists drizzle cascade; create schema public;");
    await client.end();
    await openDatabase({ kind: "postgres", url });
  } else {
    // A new PGlite cluster costs about 2 s (initdb) before the migrations;
    // loading a dump of a migrated one costs a third of that (ADR 036).
    const template = readPgliteTemplate();
    await openDatabase({ kind: "pglite-memory", loadDataDir: template });
    if (!template) await writePgliteTemplate(await (getDb() as unknown as { $client: PGlite }).$client.dumpDataDir("none"));
  }
  return getDb();
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

function readPgliteTemplate(): Blob | undefined {
  try {
    return new Blob([fs.readFileSync(pgliteTemplatePath())]);
  } catch {
    return undefined;
  }
}

async function writePgliteTemplate(dump: Blob) {
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
