import type { Server } from "node:http";
import type { AddressInfo } from "node:net";
import { DeleteObjectsCommand, ListObjectsV2Command } from "@aws-sdk/client-s3";
import { PDFDocument } from "@cantoo/pdf-lib";
import express from "express";
import pino from "pino";
import sharp from "sharp";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { UploadResult } from "~/lib/upload";
import { getAuth, resetAuthForTests } from "~/server/auth/auth.server";
import { closeTestDatabase, openTestDatabase } from "../tests/support/test-db";
import { quickPasswordHasher } from "../tests/support/quick-password-hasher";
import { signInStaff } from "../tests/support/staff-sign-in";
import { createUpload, patchUpload } from "../tests/support/tus-requests";
import { S3MediaStorage, TUS_UPLOADS_PREFIX } from "~/server/media/s3-storage.server";
import { startS3rver } from "../tests/support/s3rver-for-tests";
import { setMediaStorage } from "~/server/media/storage.server";
import { createUploadService, PENDING_UPLOADS_MAX } from "./tus-uploads";

/**
 * MEDIA_STORE=s3 (ADR 053): partial tus uploads live in the bucket
 * (@tus/s3-store), so two servers share them: any chunk can reach either,
 * and one person's quota counts the uploads on both. s3rver plays S3.
 */
let s3: Awaited<ReturnType<typeof startS3rver>>;
let storage: S3MediaStorage;
let cookie: string;
const servers: Server[] = [];
const services: ReturnType<typeof createUploadService>[] = [];
let bases: string[] = [];
let photo: Buffer;

/** What the upload services logged (warnings and errors), printed when a test fails: CI's only view of a 5xx. */
const logged: string[] = [];
const logger = () => pino({ level: process.env.TEST_LOG ?? "warn" }, { write: (line: string) => void logged.push(line) });

const create = (base: string, size: number, fields: Record<string, string>, as = cookie) => createUpload(base, size, fields, { cookie: as });
/** Creates an upload and returns its Location; a refusal fails the test with its status and body. */
async function createdLocation(base: string, size: number, fields: Record<string, string>) {
  const created = await create(base, size, fields);
  expect(created.status, await created.clone().text()).toBe(201);
  return created.headers.get("location")!;
}
const patch = (base: string, location: string, offset: number, body: Buffer) => patchUpload(base, location, offset, body, cookie);

const sessionCookie = async (email: string, password: string) => (await signInStaff(email, password)).cookie;

/** Keys under tus-uploads/ in the bucket. */
async function partialUploadObjects() {
  const page = await s3.client.send(new ListObjectsV2Command({ Bucket: s3.settings.bucket, Prefix: TUS_UPLOADS_PREFIX }));
  return (page.Contents ?? []).map((object) => object.Key);
}

/** Empties tus-uploads/, so that one test's leftovers cannot fail the next one too. */
async function removePartialUploads() {
  const keys = await partialUploadObjects();
  if (keys.length) await s3.client.send(new DeleteObjectsCommand({ Bucket: s3.settings.bucket, Delete: { Objects: keys.map((Key) => ({ Key })) } }));
}

/** Sends a file in chunks (256 KiB, as the admin's uploader does), each to the next server in turn; returns the last answer. */
async function sendAlternating(location: string, data: Buffer, chunk = 256 * 1024) {
  let answer: Response | undefined;
  for (let offset = 0, n = 0; offset < data.length; offset += chunk, n++) {
    answer = await patch(bases[n % bases.length]!, location, offset, data.subarray(offset, offset + chunk));
    if (offset + chunk < data.length) expect(answer.status, `chunk ${n}: ${await answer.clone().text()}`).toBe(204);
  }
  return answer!;
}

beforeAll(async () => {
  // Its users' passwords are checked at a test's cost: what it proves is not the hashing (quick-password-hasher.ts).
  resetAuthForTests({ passwordHasher: quickPasswordHasher });
  await openTestDatabase();
  s3 = await startS3rver();
  storage = new S3MediaStorage({ client: s3.client, bucket: s3.settings.bucket });
  setMediaStorage(storage);
  await getAuth().api.createUser({ body: { email: "s3editor@example.com", password: "pepper-vine-estate-7", name: "Sam Three", role: "editor" } });
  cookie = await sessionCookie("s3editor@example.com", "pepper-vine-estate-7");
  // Two servers, each with its own @tus/s3-store (and its own memory), one bucket.
  for (let n = 0; n < 2; n++) {
    const service = createUploadService({
      directory: "/nonexistent",
      s3: s3.settings,
      logger: logger(),
      sweepEveryMs: false,
    });
    services.push(service);
    const app = express();
    app.use(service.middleware);
    const server = app.listen(0, "127.0.0.1");
    await new Promise((resolve) => server.once("listening", resolve));
    servers.push(server);
  }
  bases = servers.map((server) => `http://127.0.0.1:${(server.address() as AddressInfo).port}`);
  const noise = Buffer.alloc(900 * 600 * 3);
  for (let i = 0; i < noise.length; i++) noise[i] = (i * 2654435761) >>> 24;
  photo = await sharp(noise, { raw: { width: 900, height: 600, channels: 3 } })
    .jpeg({ quality: 95 })
    .toBuffer();
});

beforeEach(async ({ onTestFailed }) => {
  logged.length = 0;
  await removePartialUploads();
  onTestFailed(() => {
    if (logged.length) process.stderr.write(`upload services logged:\n${logged.join("")}`);
  });
});

afterAll(async () => {
  for (const service of services) service.close();
  for (const server of servers) {
    server.closeAllConnections();
    server.close();
  }
  await s3?.close();
  resetAuthForTests();
  await closeTestDatabase();
});

describe("tus uploads into an S3 bucket, across two servers", () => {
  it("takes an image whose chunks alternate between the servers, stores its variants in the bucket and leaves no partial upload", async () => {
    const location = await createdLocation(bases[0]!, photo.length, { kind: "image", filename: "Alleppey.jpg" });

    const last = await sendAlternating(location, photo);
    expect(last.status, await last.clone().text()).toBe(200);
    const result = (await last.json()) as UploadResult;
    expect(result).toMatchObject({ kind: "image", width: 900, height: 600, name: "Alleppey.jpg", bytes: photo.length });
    for (const variant of result.variants) {
      const key = storage.keyOf(variant.url)!;
      expect((await storage.head(key))?.contentType).toBe(variant.format === "avif" ? "image/avif" : "image/webp");
      expect((await sharp(await storage.read(key)).metadata()).width).toBe(variant.width);
    }
    expect(await partialUploadObjects()).toEqual([]);
    // Either server repeats the result.
    const again = await fetch(`${bases[1]}${location}/result`, { headers: { cookie } });
    expect(((await again.json()) as UploadResult).key).toBe(result.key);
  });

  it("resumes on the other server from the offset it reports", async () => {
    const location = await createdLocation(bases[0]!, photo.length, { kind: "image", filename: "resumed.jpg" });
    const half = 300_000;
    expect((await patch(bases[0]!, location, 0, photo.subarray(0, half))).status).toBe(204);
    const head = await fetch(`${bases[1]}${location}`, { method: "HEAD", headers: { cookie, "Tus-Resumable": "1.0.0" } });
    expect(head.status).toBe(200);
    expect(Number(head.headers.get("upload-offset"))).toBe(half);
    const done = await patch(bases[1]!, location, half, photo.subarray(half));
    expect(done.status).toBe(200);
  });

  it("sends a brochure larger than one S3 part (5 MiB) in parts and stores it whole", async () => {
    const noise = Buffer.alloc(2700 * 1800 * 3);
    for (let i = 0; i < noise.length; i++) noise[i] = (i * 2246822519) >>> 24;
    const jpeg = await sharp(noise, { raw: { width: 2700, height: 1800, channels: 3 } })
      .jpeg({ quality: 100 })
      .toBuffer();
    const document = await PDFDocument.create();
    const image = await document.embedJpg(jpeg);
    document.addPage([595, 842]).drawImage(image, { x: 0, y: 0, width: 595, height: 400 });
    const pdf = Buffer.from(await document.save({ useObjectStreams: false }));
    expect(pdf.length).toBeGreaterThan(5 * 1024 * 1024);

    const location = await createdLocation(bases[0]!, pdf.length, { kind: "brochure", filename: "Big Brochure.pdf" });
    // 1 MiB chunks: fewer requests, the same parts (each server adds to the part the other began).
    const done = await sendAlternating(location, pdf, 1024 * 1024);
    expect(done.status, await done.clone().text()).toBe(200);
    const result = (await done.json()) as UploadResult;
    expect((await storage.read(storage.keyOf(result.url)!)).equals(pdf)).toBe(true);
    expect(await partialUploadObjects()).toEqual([]);
  }, 120_000);

  it("refuses a wrong file after its first chunk, on the other server, and deletes it", async () => {
    const fake = Buffer.alloc(300 * 1024, "x");
    const location = await createdLocation(bases[0]!, fake.length, { kind: "image", filename: "fake.jpg" });
    expect((await patch(bases[0]!, location, 0, fake.subarray(0, 256 * 1024))).status).toBe(204);
    const second = await patch(bases[1]!, location, 256 * 1024, fake.subarray(256 * 1024));
    expect(second.status).toBe(415);
    expect(await partialUploadObjects()).toEqual([]);
  });

  it("counts one person's unfinished uploads on both servers against one quota, and sweeps them when they expire", async () => {
    await getAuth().api.createUser({ body: { email: "s3quota@example.com", password: "saffron-fields-in-may", name: "Quinn S3", role: "editor" } });
    const quota = await sessionCookie("s3quota@example.com", "saffron-fields-in-may");
    for (let n = 0; n < PENDING_UPLOADS_MAX; n++) {
      expect((await create(bases[n % 2]!, 1000, { kind: "image", filename: `p${n}.jpg` }, quota)).status).toBe(201);
    }
    for (const base of bases) expect((await create(base, 1000, { kind: "image", filename: "one-more.jpg" }, quota)).status).toBe(429);

    const sweeper = createUploadService({ directory: "/nonexistent", s3: s3.settings, logger: logger(), expiryMs: 1, sweepEveryMs: false });
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(await sweeper.sweep()).toBe(PENDING_UPLOADS_MAX);
    sweeper.close();
    expect(await partialUploadObjects()).toEqual([]);
    expect((await create(bases[1]!, 1000, { kind: "image", filename: "fits-again.jpg" }, quota)).status).toBe(201);
  });
});
