import fs from "node:fs/promises";
import http, { type Server } from "node:http";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import express from "express";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { S3MediaStorage } from "~/server/media/s3-storage.server";
import { S3PrivateStore } from "~/server/media/s3-private-store.server";
import { startS3rver } from "../tests/support/s3rver-for-tests";
import { LocalDiskStorage, type MediaStorage } from "~/server/media/storage.server";
import { serveMedia } from "./media-serving";

/** GET /media/<key> over real HTTP, from local disk and from an S3 bucket (s3rver): the headers browsers and CDNs act on. */
let s3: Awaited<ReturnType<typeof startS3rver>>;
let localDir: string;
const servers: Server[] = [];

async function serve(storage: MediaStorage, directory = localDir): Promise<string> {
  const app = express();
  app.use("/media", serveMedia(storage, directory));
  app.use((_req, res) => void res.status(404).send("not found page"));
  const server = await new Promise<Server>((resolve) => {
    const listening = app.listen(0, "127.0.0.1", () => resolve(listening));
  });
  servers.push(server);
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

const avif = Buffer.from("\0\0\0\x1cftypavif-bytes");
const files: Record<string, Buffer> = {
  "bali-0123456789-800.avif": avif,
  "bali-0123456789-800.webp": Buffer.from("RIFF-webp"),
  "brochures/kerala-abcdef0123.pdf": Buffer.from("%PDF-1.7"),
  "hand-named.avif": avif,
};

beforeAll(async () => {
  s3 = await startS3rver();
  localDir = await fs.mkdtemp(path.join(os.tmpdir(), "media-serving-"));
  const local = new LocalDiskStorage(localDir);
  const bucket = new S3MediaStorage({ client: s3.client, bucket: s3.settings.bucket });
  for (const [key, data] of Object.entries(files)) await Promise.all([local.put(key, data), bucket.put(key, data)]);
});
afterAll(async () => {
  for (const server of servers) server.close();
  await s3?.close();
  await fs.rm(localDir, { recursive: true, force: true });
});

const stores: Record<string, () => MediaStorage> = {
  "local disk": () => new LocalDiskStorage(localDir),
  "S3 bucket": () => new S3MediaStorage({ client: s3.client, bucket: s3.settings.bucket }),
};

describe.each(Object.keys(stores))("served media from %s", (name) => {
  let base: string;
  beforeAll(async () => {
    base = await serve(stores[name]!());
  });

  it("answers a hashed AVIF as image/avif, immutable for a year, nosniff", async () => {
    const response = await fetch(`${base}/media/bali-0123456789-800.avif`);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("image/avif");
    expect(response.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    expect(response.headers.get("x-content-type-options")).toBe("nosniff");
    expect(Buffer.from(await response.arrayBuffer())).toEqual(avif);
  });

  it("answers WebP and a brochure PDF (a sandboxed download) with their types", async () => {
    const webp = await fetch(`${base}/media/bali-0123456789-800.webp`);
    expect(webp.headers.get("content-type")).toBe("image/webp");
    const pdf = await fetch(`${base}/media/brochures/kerala-abcdef0123.pdf`);
    expect(pdf.status).toBe(200);
    expect(pdf.headers.get("content-type")).toBe("application/pdf");
    expect(pdf.headers.get("content-disposition")).toBe('attachment; filename="kerala-abcdef0123.pdf"');
    expect(pdf.headers.get("content-security-policy")).toMatch(/^sandbox/);
    expect(pdf.headers.get("x-content-type-options")).toBe("nosniff");
  });

  it("caches a name without a content hash for a day only", async () => {
    const response = await fetch(`${base}/media/hand-named.avif`);
    expect(response.status).toBe(200);
    expect(response.headers.get("cache-control")).toBe("public, max-age=86400");
  });

  it("lets an unknown or escaping key fall through to the 404 page", async () => {
    for (const url of ["/media/missing-0123456789-800.avif", "/media/..%2F..%2Fetc%2Fpasswd"]) {
      const response = await fetch(`${base}${url}`);
      expect(response.status, url).toBe(404);
      expect(await response.text()).toBe("not found page");
    }
  });

  it("answers 304 to a revalidation with the file's ETag", async () => {
    const first = await fetch(`${base}/media/bali-0123456789-800.webp`);
    const etag = first.headers.get("etag");
    expect(etag).toBeTruthy();
    // node:http, not fetch: fetch adds Cache-Control: no-cache to a conditional request (the Fetch standard).
    const status = await new Promise<number | undefined>((resolve, reject) => {
      http
        .get(`${base}/media/bali-0123456789-800.webp`, { headers: { "If-None-Match": etag! } }, (answer) => {
          answer.resume();
          resolve(answer.statusCode);
        })
        .on("error", reject);
    });
    expect(status).toBe(304);
  });
});

describe("served media with MEDIA_PUBLIC_URL", () => {
  it("redirects /media/<key> to the CDN for good, cached like the file", async () => {
    const base = await serve(new S3MediaStorage({ client: s3.client, bucket: s3.settings.bucket, publicUrl: "https://cdn.example.com/pravas/" }));
    const response = await fetch(`${base}/media/brochures/kerala-abcdef0123.pdf`, { redirect: "manual" });
    expect(response.status).toBe(301);
    expect(response.headers.get("location")).toBe("https://cdn.example.com/pravas/brochures/kerala-abcdef0123.pdf");
    expect(response.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
  });
});

describe("private files in the media bucket (ADR 114)", () => {
  it("are neither served at /media, redirected to the CDN, nor listed as media", async () => {
    const bucket = new S3MediaStorage({ client: s3.client, bucket: s3.settings.bucket });
    const proofs = new S3PrivateStore(s3.client, s3.settings.bucket, "private/");
    await proofs.put("proofs/abc123.jpg", Buffer.from("a traveller's UPI screenshot"));
    expect(await proofs.read("proofs/abc123.jpg")).toEqual(Buffer.from("a traveller's UPI screenshot"));
    const keys = async (files: AsyncIterable<{ key: string }>) => {
      const found: string[] = [];
      for await (const file of files) found.push(file.key);
      return found;
    };
    expect(await keys(proofs.list())).toEqual(["proofs/abc123.jpg"]);
    expect(await keys(bucket.list())).not.toContain("private/proofs/abc123.jpg");
    const served = await serve(bucket);
    const cdn = await serve(new S3MediaStorage({ client: s3.client, bucket: s3.settings.bucket, publicUrl: "https://cdn.example.com/pravas" }));
    for (const base of [served, cdn]) {
      // (Without private/, the CDN is sent the key, which the bucket does not hold.)
      for (const url of [
        "/media/private/proofs/abc123.jpg",
        "/media/private%2Fproofs%2Fabc123.jpg",
        ...(base === served ? ["/media/proofs/abc123.jpg"] : []),
      ]) {
        const response = await fetch(`${base}${url}`, { redirect: "manual" });
        expect(response.status, url).toBe(404);
      }
    }
    await proofs.delete("proofs/abc123.jpg");
    expect(await proofs.exists("proofs/abc123.jpg")).toBe(false);
  });
});
