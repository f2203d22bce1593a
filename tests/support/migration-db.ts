import fs from "node:fs";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import pg from "pg";
import { PGLITE_EXTENSIONS } from "~/server/db/db.server";

/**
 * For tests of a migration that moves data (*.pg.db.test.ts): an empty database
 * on the stage's engine (PostgreSQL with TEST_DATABASE_URL, else PGlite with the
 * app's extensions), the migrations' tags in order, and a migration's statements,
 * so a test applies the ones before, stores rows as a deployment had them, then
 * applies the one under test.
 */
export type Query = (text: string, params?: unknown[]) => Promise<Record<string, unknown>[]>;

export async function openMigrationDatabase(): Promise<{ query: Query; close: () => Promise<void> }> {
  const url = process.env.TEST_DATABASE_URL;
  if (url) {
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    await client.query("drop schema if exists public cascade; drop schema if exists drizzle cascade; create schema public;");
    return { query: async (text, params) => (await client.query(text, params)).rows, close: () => client.end() };
  }
  const db = await PGlite.create({ extensions: PGLITE_EXTENSIONS });
  return { query: async (text, params) => (await db.query<Record<string, unknown>>(text, params)).rows, close: () => db.close() };
}

/** Every migration's tag ("0020_bookings"), in the journal's order. */
export const migrationTags = (): string[] =>
  (JSON.parse(fs.readFileSync(path.resolve("drizzle/meta/_journal.json"), "utf8")) as { entries: { tag: string }[] }).entries.map((entry) => entry.tag);

/** One migration's SQL statements, in order. */
export const migrationStatements = (tag: string): string[] =>
  fs
    .readFileSync(path.resolve("drizzle", `${tag}.sql`), "utf8")
    .split("--> statement-breakpoint")
    .map((statement) => statement.trim())
    .filter(Boolean);

/** Applies the migrations named, in order. */
export async function applyMigrations(query: Query, tags: string[]) {
  for (const tag of tags) for (const statement of migrationStatements(tag)) await query(statement);
}
