// The db project's global setup (vitest.config.ts): once per run, before any
// *.db.test.ts file, it makes the two databases every file starts from a copy
// of (tests/support/test-db.ts, ADR 055): one migrated, one migrated and seeded.
// Made fresh each run from the code under test (only the migrated PGlite dump
// is kept between runs, named by a hash of the migrations), so a change to the
// seed or the schema is always seen.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import type { TestProject } from "vitest/node";
import { resetAuthForTests } from "~/server/auth/auth.server";
import { closeDatabase, getDb, openDatabase } from "~/server/db/db.server";
import {
  databaseName,
  dumpPglite,
  maintenanceUrl,
  quoteIdentifier,
  readPgliteTemplate,
  seedTestDatabase,
  writePgliteTemplate,
  type TestDatabaseTemplates,
} from "./test-db";

export default async function setup(project: TestProject) {
  const started = performance.now();
  const url = process.env.TEST_DATABASE_URL;
  let templates: TestDatabaseTemplates | null;
  let teardown = async () => {};
  if (url) {
    templates = await postgresTemplates(url);
    if (templates?.kind === "postgres") {
      const { databases } = templates;
      teardown = () => dropDatabases(url, Object.values(databases));
    }
  } else {
    const directory = fs.mkdtempSync(path.join(os.tmpdir(), "pravas-db-templates-"));
    templates = { kind: "pglite", files: await pgliteTemplates(directory) };
    teardown = async () => fs.rmSync(directory, { recursive: true, force: true });
  }
  project.provide("testDatabaseTemplates", templates);
  if (templates) console.log(`db tests: ${templates.kind} templates ready in ${((performance.now() - started) / 1000).toFixed(1)} s`);
  return teardown;
}

async function pgliteTemplates(directory: string) {
  const files = { migrated: path.join(directory, "migrated.tar"), seeded: path.join(directory, "seeded.tar") };
  const cached = readPgliteTemplate();
  await openDatabase({ kind: "pglite-memory", loadDataDir: cached });
  const migrated = await dumpPglite();
  if (!cached) await writePgliteTemplate(migrated);
  fs.writeFileSync(files.migrated, Buffer.from(await migrated.arrayBuffer()));
  await seedInto();
  fs.writeFileSync(files.seeded, Buffer.from(await (await dumpPglite()).arrayBuffer()));
  await closeDatabase();
  return files;
}

/**
 * Two template databases beside the one in TEST_DATABASE_URL (its name with
 * _migrated and _seeded), or null when this role may not create databases: then
 * each file empties and migrates that database itself, as before.
 */
async function postgresTemplates(url: string): Promise<TestDatabaseTemplates | null> {
  const name = databaseName(url);
  const databases = { migrated: `${name}_migrated`, seeded: `${name}_seeded` };
  const client = new pg.Client({ connectionString: maintenanceUrl(url) });
  try {
    await client.connect();
    for (const database of Object.values(databases)) await client.query(`drop database if exists ${quoteIdentifier(database)} with (force)`);
    await client.query(`create database ${quoteIdentifier(databases.migrated)}`);
  } catch (error) {
    console.warn(`db tests: no template databases (${(error as Error).message}); each file migrates its own`);
    return null;
  } finally {
    await client.end().catch(() => {});
  }
  const templateUrl = (database: string) => {
    const address = new URL(url);
    address.pathname = `/${encodeURIComponent(database)}`;
    return address.toString();
  };
  await openDatabase({ kind: "postgres", url: templateUrl(databases.migrated) });
  await closeDatabase();
  const admin = new pg.Client({ connectionString: maintenanceUrl(url) });
  await admin.connect();
  await admin.query(`create database ${quoteIdentifier(databases.seeded)} template ${quoteIdentifier(databases.migrated)}`);
  await admin.end();
  await openDatabase({ kind: "postgres", url: templateUrl(databases.seeded) });
  await seedInto();
  await closeDatabase();
  return { kind: "postgres", databases };
}

/** The seed of seedTestDatabase, with its first admin, into the open database. */
async function seedInto() {
  resetAuthForTests();
  await seedTestDatabase(getDb());
  resetAuthForTests();
}

async function dropDatabases(url: string, databases: string[]) {
  const client = new pg.Client({ connectionString: maintenanceUrl(url) });
  await client.connect();
  for (const database of databases) await client.query(`drop database if exists ${quoteIdentifier(database)} with (force)`);
  await client.end();
}
