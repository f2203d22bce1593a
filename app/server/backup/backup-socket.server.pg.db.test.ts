// On both engines, PGlite and PostgreSQL (*.pg.db.test.ts, ADR 084): the archive the server makes from either engine, encrypted with the command's key.
import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { pino } from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getDatabaseKind, type Db } from "~/server/db/db.server";
import { leads } from "~/server/db/schema.server";
import { LocalDiskStorage } from "~/server/media/storage.server";
import { closeTestDatabase, migratedPgliteDump, openTestDatabase } from "../../../tests/support/test-db";
import { parseEncryptionKey } from "./archive.server";
import { encryptionNote } from "./backup-env.server";
import { requestBackupOverSocket, startBackupSocket } from "./backup-socket.server";
import { restoreBackup } from "./backup.server";
import { openForBackup } from "./open.server";

// Issue 44 finding 3, on both engines: `npm run backup` beside a running
// server (PGlite) gets its archive over the server's socket; it must be
// encrypted with the key the command was given, whatever the server has.

let db: Db;
let work: string;
let stop: () => Promise<void>;
let socketPath: string;
const commandKey = parseEncryptionKey("c".repeat(64));
const email = "socket-backup@example.com";

beforeAll(async () => {
  db = await openTestDatabase();
  await db.insert(leads).values({ name: "Meera", phone: "9876512345", email, source: "popup" });
  work = await fs.mkdtemp(path.join(os.tmpdir(), "pravas-sock-"));
  socketPath = path.join(work, "backup.sock");
  const storage = new LocalDiskStorage(path.join(work, "media"));
  await storage.put("goa-1-800.avif", Buffer.from("an image"));
  stop = await startBackupSocket({ socketPath, source: { db, kind: getDatabaseKind()! }, storage: () => storage, logger: pino({ level: "silent" }) });
});
afterAll(async () => {
  await stop?.();
  await closeTestDatabase();
  await fs.rm(work, { recursive: true, force: true });
});

describe("a backup made by the running server for the command", () => {
  it("is encrypted with the command's BACKUP_ENCRYPTION_KEY, restores only with it, and says so", { timeout: 240_000 }, async () => {
    const file = path.join(work, "with-key.bak");
    const answer = await requestBackupOverSocket(socketPath, file, commandKey);
    expect(answer).toMatchObject({ ok: true, encrypted: true });
    const bytes = await fs.readFile(file);
    expect(bytes.subarray(0, 8).toString()).toBe("PRAVASB1");
    expect(bytes.includes(Buffer.from(email))).toBe(false);

    // An empty PGlite: a copy of the migrated template costs a third of a new cluster.
    const target = await openForBackup({ kind: "pglite-memory", loadDataDir: migratedPgliteDump() });
    try {
      const storage = new LocalDiskStorage(path.join(work, "restored-media"));
      await expect(restoreBackup({ file, target, storage })).rejects.toThrow(/encrypted/);
      await restoreBackup({ file, target, storage, key: commandKey });
      expect((await target.db.select().from(leads)).map((lead) => lead.email)).toContain(email);
    } finally {
      await target.close();
    }
    expect(encryptionNote(answer!.encrypted)).toMatch(/^Encrypted with BACKUP_ENCRYPTION_KEY/);
  });

  it("without a key is a plain archive, and the command says NOT encrypted", async () => {
    const file = path.join(work, "plain.bak");
    const answer = await requestBackupOverSocket(socketPath, file, undefined);
    expect(answer).toMatchObject({ ok: true, encrypted: false });
    expect((await fs.readFile(file)).subarray(0, 2)).toEqual(Buffer.from([0x1f, 0x8b])); // gzip
    expect(encryptionNote(answer!.encrypted)).toMatch(/^NOT encrypted: no BACKUP_ENCRYPTION_KEY was given/);
  });
});
