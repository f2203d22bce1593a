import { execFile } from "node:child_process";
import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { PutObjectCommand } from "@aws-sdk/client-s3";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { migrateMedia } from "./media-migrate.server";
import { S3MediaStorage } from "./s3-storage.server";
import { startS3rver } from "../../../tests/support/s3rver-for-tests";
import { LocalDiskStorage } from "./storage.server";
import { localPrivateStore } from "./private-store.server";
import { S3PrivateStore } from "./s3-private-store.server";

/** npm run media:migrate -- --to s3: a local media directory into an S3 bucket (s3rver), every object checked (ADR 053). */
let s3: Awaited<ReturnType<typeof startS3rver>>;
let mediaDir: string;
const files: Record<string, Buffer> = {
  "bali-0123456789-400.avif": Buffer.from("avif 400"),
  "bali-0123456789-400.webp": Buffer.from("webp 400"),
  "brochures/kerala-abcdef0123.pdf": Buffer.from("%PDF-1.7 kerala"),
  "upload-xyz-0123456789-2000.avif": Buffer.alloc(200_000, 3),
};

beforeAll(async () => {
  s3 = await startS3rver();
  mediaDir = await fs.mkdtemp(path.join(os.tmpdir(), "media-migrate-"));
  const local = new LocalDiskStorage(mediaDir);
  for (const [key, data] of Object.entries(files)) await local.put(key, data);
  await fs.writeFile(path.join(mediaDir, "half-written.avif.tmp"), "not a file yet");
});
afterAll(async () => {
  await s3?.close();
  await fs.rm(mediaDir, { recursive: true, force: true });
});

describe("migrateMedia", () => {
  it("copies every file to the bucket with its type, checks each, and a second run copies nothing", async () => {
    const bucket = new S3MediaStorage({ client: s3.client, bucket: s3.settings.bucket });
    const first = await migrateMedia(new LocalDiskStorage(mediaDir), bucket);
    expect(first).toMatchObject({ copied: 4, alreadyThere: 0, failed: [] });
    for (const [key, data] of Object.entries(files)) expect((await bucket.read(key)).equals(data), key).toBe(true);
    expect(await bucket.exists("half-written.avif.tmp")).toBe(false);
    expect((await bucket.head("bali-0123456789-400.avif"))?.contentType).toBe("image/avif");

    // An object that differs in the bucket (a broken earlier copy) is copied again.
    await s3.client.send(new PutObjectCommand({ Bucket: s3.settings.bucket, Key: "bali-0123456789-400.webp", Body: "broken" }));
    const second = await migrateMedia(new LocalDiskStorage(mediaDir), bucket);
    expect(second).toMatchObject({ copied: 1, alreadyThere: 3, failed: [] });
    expect((await bucket.read("bali-0123456789-400.webp")).toString()).toBe("webp 400");
  });

  it("moves payment proofs from DATA_DIR/private to the bucket's private/, which the media store neither lists nor serves (ADR 114)", async () => {
    const proofs = localPrivateStore(await fs.mkdtemp(path.join(os.tmpdir(), "proofs-migrate-")));
    await proofs.put("proofs/abc.jpg", Buffer.from("a bank slip"));
    const bucketProofs = new S3PrivateStore(s3.client, s3.settings.bucket, "private/");
    expect(await migrateMedia(proofs, bucketProofs)).toMatchObject({ copied: 1, failed: [] });
    expect((await bucketProofs.read("proofs/abc.jpg")).toString()).toBe("a bank slip");
    const media: string[] = [];
    for await (const file of new S3MediaStorage({ client: s3.client, bucket: s3.settings.bucket }).list()) media.push(file.key);
    expect(media.some((key) => key.includes("abc.jpg"))).toBe(false);
  });

  it("runs as npm run media:migrate -- --to s3 with the S3_* settings", async () => {
    const { stdout } = await promisify(execFile)(path.resolve("node_modules/.bin/tsx"), ["scripts/media-migrate.ts", "--to", "s3", "--quiet"], {
      env: {
        ...process.env,
        MEDIA_DIR: mediaDir,
        S3_ENDPOINT: s3.settings.endpoint,
        S3_BUCKET: s3.settings.bucket,
        S3_ACCESS_KEY_ID: s3.settings.accessKeyId,
        S3_SECRET_ACCESS_KEY: s3.settings.secretAccessKey,
        S3_FORCE_PATH_STYLE: "true",
      },
    });
    expect(stdout).toContain("0 copied (0.0 MB), 4 already there, 0 failed");
    expect(stdout).toContain("Every file is in the bucket and checked.");
  }, 30_000); // a process of its own: tsx and the AWS SDK load in 1-2 s, more on a busy machine
});
