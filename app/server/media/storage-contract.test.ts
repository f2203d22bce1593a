import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { PutObjectCommand } from "@aws-sdk/client-s3";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { S3MediaStorage, TUS_UPLOADS_PREFIX } from "./s3-storage.server";
import { startS3rver } from "../../../tests/support/s3rver-for-tests";
import { LocalDiskStorage, type MediaStorage } from "./storage.server";

/** The same cases against local disk and an S3-compatible server (s3rver on localhost): ADR 053. */
let s3: Awaited<ReturnType<typeof startS3rver>>;
let localDir: string;
const stores: Record<string, () => MediaStorage> = {
  local: () => new LocalDiskStorage(localDir),
  s3: () => new S3MediaStorage({ client: s3.client, bucket: s3.settings.bucket }),
};

beforeAll(async () => {
  s3 = await startS3rver();
  localDir = await fs.mkdtemp(path.join(os.tmpdir(), "media-contract-"));
});
afterAll(async () => {
  await s3?.close();
  await fs.rm(localDir, { recursive: true, force: true });
});

const avif = Buffer.from("\0\0\0\x1cftypavif-not-really-an-image");

describe.each(Object.keys(stores))("MediaStorage contract: %s", (name) => {
  const storage = () => stores[name]!();

  it("stores, reads, lists and deletes files, nested keys too", async () => {
    const store = storage();
    await store.put("bali-0123456789-800.avif", avif);
    await store.put("brochures/kerala-abcdef0123.pdf", Buffer.from("%PDF-1.7 brochure"));
    expect(await store.exists("bali-0123456789-800.avif")).toBe(true);
    expect(await store.read("bali-0123456789-800.avif")).toEqual(avif);
    expect((await store.read("brochures/kerala-abcdef0123.pdf")).toString()).toBe("%PDF-1.7 brochure");

    const listed = [];
    for await (const file of store.list()) listed.push(file);
    expect(listed.sort((a, b) => a.key.localeCompare(b.key))).toEqual([
      { key: "bali-0123456789-800.avif", bytes: avif.length, modifiedAt: expect.any(Date) },
      { key: "brochures/kerala-abcdef0123.pdf", bytes: 17, modifiedAt: expect.any(Date) },
    ]);

    await store.delete("bali-0123456789-800.avif");
    expect(await store.exists("bali-0123456789-800.avif")).toBe(false);
    await expect(store.read("bali-0123456789-800.avif")).rejects.toThrow();
    await store.delete("never-stored.avif"); // not an error
    await store.delete("brochures/kerala-abcdef0123.pdf");
  });

  it("replaces a file put again under its key", async () => {
    const store = storage();
    await store.put("again.webp", Buffer.from("one"));
    await store.put("again.webp", Buffer.from("two"));
    expect((await store.read("again.webp")).toString()).toBe("two");
    await store.delete("again.webp");
  });

  it("refuses keys that leave the store", async () => {
    const store = storage();
    for (const key of ["../escape.avif", "/etc/passwd", "a//b.avif", "a/../../b.avif", ""]) {
      await expect(store.put(key, avif), key).rejects.toThrow(/invalid media key/);
    }
  });

  it("links /media/<key> and knows its own addresses only", () => {
    const store = storage();
    expect(store.urlOf("brochures/kerala-abcdef0123.pdf")).toBe("/media/brochures/kerala-abcdef0123.pdf");
    expect(store.keyOf("/media/bali-0123456789-800.avif")).toBe("bali-0123456789-800.avif");
    expect(store.keyOf("https://elsewhere.example/bali.avif")).toBeNull();
  });
});

describe("S3MediaStorage", () => {
  it("stores each object with its Content-Type and caching, AVIF as image/avif", async () => {
    const store = stores.s3!() as S3MediaStorage;
    await store.put("beach-0123456789-400.avif", avif);
    await store.put("brochures/goa-0123456789.pdf", Buffer.from("%PDF-"));
    await store.put("hand-named.webp", Buffer.from("webp"));
    expect(await store.head("beach-0123456789-400.avif")).toMatchObject({ contentType: "image/avif", cacheControl: "public, max-age=31536000, immutable" });
    expect(await store.head("brochures/goa-0123456789.pdf")).toMatchObject({ contentType: "application/pdf" });
    expect(await store.head("hand-named.webp")).toMatchObject({ contentType: "image/webp", cacheControl: "public, max-age=86400" });
    expect(await store.head("missing.avif")).toBeNull();
  });

  it("sends a large file in parts (lib-storage multipart) and reads it back whole", async () => {
    const store = stores.s3!();
    const big = Buffer.alloc(6 * 1024 * 1024 + 123, 7);
    big.write("start", 0);
    big.write("end", big.length - 3);
    await store.put("big-0123456789-2000.avif", big);
    expect((await store.read("big-0123456789-2000.avif")).equals(big)).toBe(true);
    await store.delete("big-0123456789-2000.avif");
  });

  it("does not list partial tus uploads kept in the same bucket", async () => {
    await s3.client.send(new PutObjectCommand({ Bucket: s3.settings.bucket, Key: `${TUS_UPLOADS_PREFIX}abc.info`, Body: "{}" }));
    const keys = [];
    for await (const file of stores.s3!().list()) keys.push(file.key);
    expect(keys.some((key) => key.startsWith(TUS_UPLOADS_PREFIX))).toBe(false);
  });
});
