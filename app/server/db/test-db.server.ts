import path from "node:path";
import pg from "pg";
import { closeDatabase, getDb, openDatabase, type Db } from "./db.server";
import { seedDatabase, type SeedResult } from "~/server/seed/seed.server";

/** Processed test images are content-hashed, so runs share them. */
export const TEST_MEDIA_DIR = path.resolve(".cache/test-media");

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
    await openDatabase({ kind: "pglite-memory" });
  }
  return getDb();
}

export async function seedTestDatabase(db: Db, today?: Date): Promise<SeedResult> {
  return seedDatabase(db, {
    mediaDir: TEST_MEDIA_DIR,
    admin: { email: "admin@example.com", password: "test-password-123" },
    today,
  });
}

export { closeDatabase as closeTestDatabase };
