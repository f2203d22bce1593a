import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { text } from "node:stream/consumers";
import zlib from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getMediaStorage, setMediaStorage, LocalDiskStorage } from "~/server/media/storage.server";
import { startS3rver } from "../../../tests/support/s3rver-for-tests";
import { closeTestDatabase, openTestDatabase } from "../../../tests/support/test-db";
import { backupFileName, backupJobHandler, backupStatus, latestBackup } from "./backup-job.server";
import { runJobHandler } from "../../../tests/support/job-workers";
import { DirectoryBackupStore, parseBackupS3Prefix, S3BackupStore, type BackupStore } from "./backup-store.server";

let work: string;
let s3: Awaited<ReturnType<typeof startS3rver>>;

beforeAll(async () => {
  await openTestDatabase({ seeded: true });
  work = await fs.mkdtemp(path.join(os.tmpdir(), "pravas-backup-store-"));
  const media = new LocalDiskStorage(path.join(work, "media"));
  await media.put("bali-1234-800.avif", Buffer.from("an image"));
  setMediaStorage(media);
  s3 = await startS3rver("pravas-backups");
});
afterAll(async () => {
  await s3?.close();
  await closeTestDatabase();
  await fs.rm(work, { recursive: true, force: true });
});

const run = (store: BackupStore) => runJobHandler(backupJobHandler({ store, storage: getMediaStorage() }), { subject: { type: "backup-now", id: 1 } });

/** A year of daily backups already stored (fake, tiny), so the retention has something to prune. */
async function fillWithOldBackups(put: (name: string) => Promise<void>): Promise<string[]> {
  const names = Array.from({ length: 40 }, (_, i) => backupFileName(new Date(Date.now() - (i + 1) * 9 * 86_400_000), false));
  for (const name of names) await put(name);
  return names;
}

async function expectAWorkingBackup(store: BackupStore, before: string[]) {
  const latest = await latestBackup(store);
  expect(latest).not.toBeNull();
  expect(before).not.toContain(latest!.name);
  // What the download route sends is the gzipped archive, manifest included.
  const { body, bytes } = await store.read(latest!.name);
  const chunks: Buffer[] = [];
  for await (const chunk of body) chunks.push(chunk as Buffer);
  const archive = Buffer.concat(chunks);
  expect(archive.length).toBe(bytes);
  expect(zlib.gunzipSync(archive).includes(Buffer.from('"migration"'))).toBe(true);
  const status = await backupStatus(store);
  expect(status).toMatchObject({ configured: true, location: store.location, stale: false });
  // 7 daily, 4 weekly, 6 monthly at most: the year of old ones was pruned.
  const left = (await store.list()).map((backup) => backup.name);
  expect(left.length).toBeLessThanOrEqual(17);
  expect(left.length).toBeLessThan(before.length);
  expect(left).toContain(latest!.name);
}

describe("automatic backups", () => {
  it("go into BACKUP_DIR, newest kept, old ones pruned", { timeout: 120_000 }, async () => {
    const dir = path.join(work, "backups");
    await fs.mkdir(dir);
    const store = new DirectoryBackupStore(dir);
    const before = await fillWithOldBackups((name) => fs.writeFile(path.join(dir, name), "old"));
    await run(store);
    await expectAWorkingBackup(store, before);
    expect((await fs.readdir(dir)).some((name) => name.endsWith(".tmp"))).toBe(false);
  });

  it("go into a bucket under BACKUP_S3_PREFIX, with nothing left in the staging directory", { timeout: 120_000 }, async () => {
    const { bucket, prefix } = parseBackupS3Prefix("s3://pravas-backups/nightly", undefined);
    expect({ bucket, prefix }).toEqual({ bucket: "pravas-backups", prefix: "nightly/" });
    const stagingDir = path.join(work, "staging");
    const store = new S3BackupStore({ client: s3.client, bucket, prefix, stagingDir });
    const { PutObjectCommand } = await import("@aws-sdk/client-s3");
    const before = await fillWithOldBackups(
      async (name) => void (await s3.client.send(new PutObjectCommand({ Bucket: bucket, Key: prefix + name, Body: "old" }))),
    );
    // An object outside the prefix is neither listed nor pruned.
    await s3.client.send(new PutObjectCommand({ Bucket: bucket, Key: "elsewhere/keep-me.txt", Body: "x" }));
    await run(store);
    await expectAWorkingBackup(store, before);
    expect(await fs.readdir(stagingDir)).toEqual([]);
    const { GetObjectCommand } = await import("@aws-sdk/client-s3");
    const kept = await s3.client.send(new GetObjectCommand({ Bucket: bucket, Key: "elsewhere/keep-me.txt" }));
    expect(await text(kept.Body as NodeJS.ReadableStream)).toBe("x");
  });

  it("read BACKUP_S3_PREFIX as a bucket URL or a prefix in S3_BUCKET", () => {
    expect(parseBackupS3Prefix("backups/pravas", "media")).toEqual({ bucket: "media", prefix: "backups/pravas/" });
    expect(parseBackupS3Prefix("s3://other/", "media")).toEqual({ bucket: "other", prefix: "" });
    expect(() => parseBackupS3Prefix("backups/", undefined)).toThrow(/names no bucket/);
  });
});
