// On both engines, PGlite and PostgreSQL (*.pg.db.test.ts, ADR 084): whether another connection sees the version before the write commits (PostgreSQL
// only: PGlite has one connection).
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Viewer } from "~/server/auth/guard.server";
import { ContentWriteAbort, writeContent } from "~/server/content/content-write.server";
import type { Db } from "~/server/db/db.server";
import { closeTestDatabase, openTestDatabase } from "../../../tests/support/test-db";
import { currentContentVersion, readContentVersion } from "./content-version.server";

let db: Db;
const viewer: Viewer = { id: "u1", email: "eddie@example.com", name: "Eddie", role: "editor" };

beforeAll(async () => {
  db = await openTestDatabase();
});
afterAll(async () => {
  await closeTestDatabase();
});

describe("the content version", () => {
  it("moves with every content write, in its transaction, and stays when the write rolls back", async () => {
    const before = await readContentVersion(db);
    const local = await currentContentVersion();
    await writeContent({ viewer }, async () => ({ result: null, revisions: [] }));
    expect(await readContentVersion(db)).toBe(before + 1);
    expect(await currentContentVersion()).not.toBe(local);

    // Inside the transaction the bump is there; a failed write takes it back with everything else.
    await expect(
      writeContent({ viewer }, async (tx) => {
        await tx.execute("select 1");
        throw new Error("the database went away");
      }),
    ).rejects.toThrow("went away");
    expect(await readContentVersion(db)).toBe(before + 1);
    await writeContent({ viewer }, async () => {
      throw new ContentWriteAbort("field errors");
    });
    expect(await readContentVersion(db)).toBe(before + 1);
  });

  // PGlite admits one connection, so there is no other reader to ask.
  it.skipIf(!process.env.TEST_DATABASE_URL)("is not visible to other readers before the write commits", async () => {
    const before = await readContentVersion(db);
    let seenDuring = -1;
    await writeContent({ viewer }, async () => {
      const other = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
      await other.connect();
      const { rows } = await other.query<{ version: number }>("select version from content_version where id = 1");
      await other.end();
      seenDuring = rows[0]?.version ?? 0;
      return { result: null, revisions: [] };
    });
    expect(seenDuring).toBe(before);
    expect(await readContentVersion(db)).toBe(before + 1);
  });
});
