// On both engines, PGlite and PostgreSQL (*.pg.db.test.ts, ADR 084): a migration that moves data, run on each engine's own DDL and driver.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { applyMigrations, migrationTags, openMigrationDatabase, type Query } from "../../../tests/support/migration-db";
import { hashLegacyPassword, verifyPassword } from "./password.server";

/**
 * drizzle/0003_better-auth moves the staff of the first schema's "users" table
 * onto better-auth's tables. This applies 0000, inserts users as an existing
 * deployment has them, applies the later ones up to 0003 and checks what sign-in will read.
 */
const BETTER_AUTH_MIGRATION = "0003_better-auth";

let query: Query;
let close: () => Promise<void>;

beforeAll(async () => {
  ({ query, close } = await openMigrationDatabase());
  const tags = migrationTags();
  await applyMigrations(query, tags.slice(0, 1));
  await query(
    `insert into users (email, name, password_hash, role, active) values
     ('Boss@Agency.example', 'The Boss', $1, 'admin', true),
     ('gone@agency.example', '', $2, 'editor', false)`,
    [await hashLegacyPassword("boss-password-1"), await hashLegacyPassword("gone-password-1")],
  );
  // The migrations between the first one and better-auth's, then better-auth's.
  await applyMigrations(query, tags.slice(1, tags.indexOf(BETTER_AUTH_MIGRATION) + 1));
});
afterAll(() => close());

describe("migration 0003 (better-auth)", () => {
  it("moves every user with role and status, e-mail lower-cased", async () => {
    const rows = await query(`select id, name, email, role, banned from "user" order by email`);
    expect(rows).toEqual([
      { id: expect.any(String), name: "The Boss", email: "boss@agency.example", role: "admin", banned: false },
      { id: expect.any(String), name: "gone", email: "gone@agency.example", role: "editor", banned: true },
    ]);
  });

  it("keeps each password as a credential account that still verifies", async () => {
    const [row] = await query(
      `select a.provider_id, a.account_id, a.password, u.id as user_id from account a join "user" u on u.id = a.user_id where u.email = 'boss@agency.example'`,
    );
    expect(row!.provider_id).toBe("credential");
    expect(row!.account_id).toBe(row!.user_id);
    expect(await verifyPassword({ hash: String(row!.password), password: "boss-password-1" })).toBe(true);
    expect(await verifyPassword({ hash: String(row!.password), password: "wrong-password" })).toBe(false);
  });

  it("drops the old tables", async () => {
    const rows = await query(`select table_name from information_schema.tables where table_schema = 'public' and table_name in ('users', 'sessions')`);
    expect(rows).toEqual([]);
  });
});
