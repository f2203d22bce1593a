import fs from "node:fs/promises";
import type { Server } from "node:http";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import { PDFDocument, PDFName, PDFString } from "@cantoo/pdf-lib";
import { eq } from "drizzle-orm";
import express from "express";
import pino from "pino";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import type { UploadResult } from "~/lib/upload";
import { getAuth, resetAuthForTests } from "~/server/auth/auth.server";
import { signOut } from "~/server/auth/sign-in.server";
import type { Db } from "~/server/db/db.server";
import { media } from "~/server/db/schema.server";
import { closeTestDatabase, openTestDatabase } from "../tests/support/test-db";
import { quickPasswordHasher } from "../tests/support/quick-password-hasher";
import { signInStaff } from "../tests/support/staff-sign-in";
import { createUpload, patchUpload, tusMetadata } from "../tests/support/tus-requests";
import { LocalDiskStorage, setMediaStorage } from "~/server/media/storage.server";
import { localPrivateStore, setPrivateStore } from "~/server/media/private-store.server";
import { uploadFile, UploadError } from "~/components/admin/upload/tus-upload";
import { crossSiteGuard } from "./cross-site";
import { createUploadService, PENDING_UPLOAD_BYTES_MAX, PENDING_UPLOADS_MAX, UPLOAD_NAME_MESSAGE, UPLOAD_QUOTA_MESSAGE } from "./tus-uploads";
import { storeUploadedFile } from "~/server/media/uploads.server";
import { sweepOrphanFiles } from "~/server/media/media-files.server";
import { CHANGE_PASSWORD_FIRST } from "~/server/auth/guard.server";
import { users } from "~/server/db/schema.server";

const SITE = "http://localhost:3000";
let db: Db;
let base: string;
let cookie: string;
let server: Server;
let uploadsDir: string;
let mediaDir: string;
let privateDir: string;
let service: ReturnType<typeof createUploadService>;
let photo: Buffer;
const patchSizes: number[] = [];

const create = (size: number, fields: Record<string, string>, headers: Record<string, string> = { cookie }) => createUpload(base, size, fields, headers);
const patch = (location: string, offset: number, body: Buffer, as = cookie) => patchUpload(base, location, offset, body, as);

const sessionCookie = async (email: string, password: string) => (await signInStaff(email, password)).cookie;

/** A real one-page PDF (pdf-lib writes it as a layout program would), with a document script if asked. */
async function onePagePdf({ script }: { script?: string } = {}): Promise<Uint8Array> {
  const document = await PDFDocument.create();
  document.addPage([595, 842]).drawText("Kerala 5 Days / 4 Nights", { x: 50, y: 780, size: 18 });
  if (script) {
    const { context, catalog } = document;
    catalog.set(PDFName.of("OpenAction"), context.obj({ S: "JavaScript", JS: PDFString.of(script) }));
  }
  return document.save();
}

const filesIn = async (dir: string) => (await fs.readdir(dir).catch(() => [] as string[])).filter((name) => !name.startsWith("."));

beforeAll(async () => {
  // Its users' passwords are checked at a test's cost: what it proves is not the hashing (quick-password-hasher.ts).
  resetAuthForTests({ passwordHasher: quickPasswordHasher });
  db = await openTestDatabase();
  await getAuth().api.createUser({
    body: { email: "editor@example.com", password: "pepper-vine-estate-7", name: "Eddie Editor", role: "editor" },
  });
  await getAuth().api.createUser({
    body: { email: "other@example.com", password: "ferry-to-elephanta-2", name: "Olive Other", role: "editor" },
  });
  cookie = await sessionCookie("editor@example.com", "pepper-vine-estate-7");

  const root = await fs.mkdtemp(path.join(os.tmpdir(), "pravas-uploads-"));
  uploadsDir = path.join(root, "uploads");
  mediaDir = path.join(root, "media");
  setMediaStorage(new LocalDiskStorage(mediaDir));
  privateDir = path.join(root, "private");
  setPrivateStore(localPrivateStore(privateDir));
  service = createUploadService({ directory: uploadsDir, logger: pino({ level: process.env.TEST_LOG ?? "silent" }), sweepEveryMs: false });
  const app = express();
  app.use((req, _res, next) => {
    if (req.method === "PATCH") patchSizes.push(Number(req.get("content-length")));
    next();
  });
  app.use(crossSiteGuard(SITE));
  app.use(service.middleware);
  server = app.listen(0, "127.0.0.1");
  await new Promise((resolve) => server.once("listening", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  // A noisy photo compresses badly: about 1 MB, so it takes several 256 KiB chunks.
  const noise = Buffer.alloc(900 * 600 * 3);
  for (let i = 0; i < noise.length; i++) noise[i] = (i * 2654435761) >>> 24;
  photo = await sharp(noise, { raw: { width: 900, height: 600, channels: 3 } })
    .jpeg({ quality: 95 })
    .toBuffer();
});

afterAll(async () => {
  service.close();
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
  resetAuthForTests();
  await closeTestDatabase();
});

describe("tus uploads at /api/uploads", () => {
  it("takes an image in two halves, resumes from the offset HEAD reports, and answers with its processed variants", async () => {
    const created = await create(photo.length, { kind: "image", filename: "Kerala Backwaters.jpg", filetype: "image/jpeg" });
    expect(created.status).toBe(201);
    const location = created.headers.get("location")!;
    expect(location).toMatch(/^\/api\/uploads\/[A-Za-z0-9_-]+$/);

    const half = Math.floor(photo.length / 2);
    const first = await patch(location, 0, photo.subarray(0, half));
    expect(first.status).toBe(204);
    expect(first.headers.get("upload-offset")).toBe(String(half));

    // As after a dropped connection: ask where the server got to, then go on from there.
    const head = await fetch(`${base}${location}`, { method: "HEAD", headers: { cookie, "Tus-Resumable": "1.0.0" } });
    expect(head.status).toBe(200);
    const offset = Number(head.headers.get("upload-offset"));
    expect(offset).toBe(half);
    expect(Number(head.headers.get("upload-length"))).toBe(photo.length);

    const last = await patch(location, offset, photo.subarray(offset));
    expect(last.status).toBe(200);
    const result = (await last.json()) as UploadResult;
    expect(result).toMatchObject({ kind: "image", width: 900, height: 600, name: "Kerala Backwaters.jpg", bytes: photo.length });
    expect(result.key).toBe(`upload-${location.split("/").pop()}`);
    expect(last.headers.get("upload-media-key")).toBe(result.key);
    expect(result.placeholder).toMatch(/^data:image\/webp;base64,/);
    // The whole photo's widths, then its portrait cut (900 × 600: the cut is 338 px wide).
    expect(result.variants.map((v) => `${v.format} ${v.width}${v.crop ? " portrait" : ""}`)).toEqual([
      "avif 400",
      "webp 400",
      "avif 800",
      "webp 800",
      "avif 900",
      "webp 900",
      "avif 338 portrait",
      "webp 338 portrait",
    ]);
    for (const variant of result.variants) {
      const file = path.join(mediaDir, variant.url.replace(/^\/media\//, ""));
      const meta = await sharp(file).metadata();
      expect(meta.width).toBe(variant.width);
      expect(meta.format).toBe(variant.format === "avif" ? "heif" : "webp");
    }

    const [row] = await db.select().from(media).where(eq(media.key, result.key));
    expect(row).toMatchObject({ kind: "image", bytes: photo.length, width: 900, height: 600 });
    expect(row!.uploadedBy).toBeTruthy();
    // Nothing of the finished upload stays in the upload directory.
    expect(await filesIn(uploadsDir)).toEqual([]);

    const again = await fetch(`${base}${location}/result`, { headers: { cookie } });
    expect(again.status).toBe(200);
    expect(((await again.json()) as UploadResult).key).toBe(result.key);
  });

  it("refuses a file that is not an image, and keeps nothing of it", async () => {
    const mediaBefore = await filesIn(mediaDir);
    const rowsBefore = (await db.select().from(media)).length;
    const text = Buffer.from("<svg xmlns='http://www.w3.org/2000/svg'/> definitely not a photo");
    const created = await create(text.length, { kind: "image", filename: "photo.jpg", filetype: "image/jpeg" });
    expect(created.status).toBe(201);
    const finished = await patch(created.headers.get("location")!, 0, text);
    expect(finished.status).toBe(415);
    expect(await finished.json()).toEqual({ error: expect.stringContaining("not an image") });
    expect(await filesIn(uploadsDir)).toEqual([]);
    expect(await filesIn(mediaDir)).toEqual(mediaBefore);
    expect((await db.select().from(media)).length).toBe(rowsBefore);
  });

  it("refuses a wrong file after its first chunk, before the rest is sent", async () => {
    const fake = Buffer.alloc(300 * 1024, "x");
    const created = await create(fake.length, { kind: "image", filename: "big.jpg" });
    const location = created.headers.get("location")!;
    expect((await patch(location, 0, fake.subarray(0, 256 * 1024))).status).toBe(204);
    const second = await patch(location, 256 * 1024, fake.subarray(256 * 1024));
    expect(second.status).toBe(415);
    expect(await filesIn(uploadsDir)).toEqual([]);
  });

  it("takes a PDF brochure, and refuses a brochure that is not a PDF", async () => {
    const pdf = Buffer.from(await onePagePdf());
    const created = await create(pdf.length, { kind: "brochure", filename: "Kerala Brochure.pdf" });
    const done = await patch(created.headers.get("location")!, 0, pdf);
    expect(done.status).toBe(200);
    const result = (await done.json()) as UploadResult;
    expect(result.kind).toBe("brochure");
    expect(result.url).toMatch(/^\/media\/brochures\/kerala-brochure-[0-9a-f]{10}\.pdf$/);
    expect(await fs.readFile(path.join(mediaDir, result.url.replace(/^\/media\//, "")))).toEqual(pdf);

    // A payment's proof (ADR 114): stored privately, no media row, no /media address; its result found again.
    const proof = await create(pdf.length, { kind: "proof", filename: "Bank slip.pdf" });
    const proofId = proof.headers.get("location")!.split("/").pop()!;
    const proofDone = await patch(proof.headers.get("location")!, 0, pdf);
    expect(await proofDone.json()).toMatchObject({ kind: "proof", key: `proofs/${proofId}.pdf`, url: "" });
    expect(await fs.readFile(path.join(privateDir, "proofs", `${proofId}.pdf`))).toEqual(pdf);
    expect(await (await fetch(`${base}/api/uploads/${proofId}/result`, { headers: { cookie } })).json()).toMatchObject({ key: `proofs/${proofId}.pdf` });

    const fake = Buffer.from("<html>not a pdf</html>");
    const refused = await create(fake.length, { kind: "brochure", filename: "brochure.pdf" });
    const answer = await patch(refused.headers.get("location")!, 0, fake);
    expect(answer.status).toBe(415);
    expect(await filesIn(uploadsDir)).toEqual([]);
  });

  it("refuses a brochure a PDF parser cannot open, and one carrying JavaScript, with a message that says why", async () => {
    const whole = Buffer.from(await onePagePdf());
    const cases: [Buffer, RegExp][] = [
      [whole.subarray(0, Math.floor(whole.length / 2)), /cannot be opened/],
      [Buffer.from(await onePagePdf({ script: "app.launchURL('http://evil.example')" })), /scripts, actions or embedded files/],
    ];
    for (const [bytes, message] of cases) {
      const created = await create(bytes.length, { kind: "brochure", filename: "brochure.pdf" });
      const answer = await patch(created.headers.get("location")!, 0, bytes);
      expect(answer.status).toBe(415);
      expect(((await answer.json()) as { error: string }).error).toMatch(message);
    }
    expect(await filesIn(uploadsDir)).toEqual([]);
    expect(await filesIn(path.join(mediaDir, "brochures")).then((names) => names.filter((name) => name.startsWith("brochure-")))).toEqual([]);
  });

  it("refuses an oversize upload, an unknown kind and an undeclared size before any byte is stored", async () => {
    const oversize = await create(25 * 1024 * 1024 + 1, { kind: "image", filename: "huge.jpg" });
    expect(oversize.status).toBe(413);
    expect(await oversize.json()).toEqual({ error: expect.stringMatching(/at most 25 MB/) });
    const bigPdf = await create(10 * 1024 * 1024 + 1, { kind: "brochure", filename: "huge.pdf" });
    expect(bigPdf.status).toBe(413);
    const other = await create(100, { kind: "video", filename: "clip.mp4" });
    expect(other.status).toBe(400);
    expect(await other.json()).toEqual({ error: expect.stringContaining("image or a brochure") });
    const deferred = await fetch(`${base}/api/uploads`, {
      method: "POST",
      headers: { cookie, "Tus-Resumable": "1.0.0", "Upload-Defer-Length": "1", "Upload-Metadata": tusMetadata({ kind: "image" }) },
    });
    expect(deferred.status).toBe(400);
    expect(await filesIn(uploadsDir)).toEqual([]);
  });

  it("refuses anonymous and cross-site requests with the JSON error shape", async () => {
    const anonymous = await create(100, { kind: "image" }, {});
    expect(anonymous.status).toBe(401);
    expect(await anonymous.json()).toEqual({ error: "Sign in to do this." });
    const forged = await create(100, { kind: "image" }, { cookie: "pravas_session=forged" });
    expect(forged.status).toBe(401);
    const crossSite = await create(100, { kind: "image" }, { cookie, origin: "https://evil.example" });
    expect(crossSite.status).toBe(403);
    const unknown = await fetch(`${base}/api/uploads/nope/result`, { headers: { cookie } });
    expect(unknown.status).toBe(404);
    expect(await filesIn(uploadsDir)).toEqual([]);
  });

  it("sweeps abandoned partial uploads once they expire", async () => {
    const shortLived = createUploadService({ directory: uploadsDir, logger: pino({ level: "silent" }), expiryMs: 1, sweepEveryMs: false });
    const created = await create(photo.length, { kind: "image", filename: "abandoned.jpg" });
    await patch(created.headers.get("location")!, 0, photo.subarray(0, 1000));
    expect((await filesIn(uploadsDir)).length).toBeGreaterThan(0);
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(await shortLived.sweep()).toBe(1);
    expect(await filesIn(uploadsDir)).toEqual([]);
    shortLived.close();
  });

  it("the browser helper sends a large file in 256 KiB chunks, reports progress to 100 and returns the result", async () => {
    patchSizes.length = 0;
    const progress: number[] = [];
    const result = await uploadFile(
      { name: "Munnar tea.jpg", type: "image/jpeg", size: photo.length, data: photo },
      {
        kind: "image",
        endpoint: `${base}/api/uploads`,
        headers: { cookie },
        onProgress: (percent) => progress.push(percent),
      },
    );
    expect(result).toMatchObject({ kind: "image", name: "Munnar tea.jpg", width: 900 });
    expect(result.key).toMatch(/^upload-/);
    expect(patchSizes.length).toBe(Math.ceil(photo.length / (256 * 1024)));
    expect(patchSizes.slice(0, -1).every((size) => size === 256 * 1024)).toBe(true);
    expect(progress.at(-1)).toBe(100);
    expect(progress).toEqual([...progress].sort((a, b) => a - b));

    const tiny = await sharp({ create: { width: 40, height: 30, channels: 3, background: "#0a0" } })
      .png()
      .toBuffer();
    const small = await uploadFile(
      { name: "tiny.png", type: "image/png", size: tiny.length, data: tiny },
      {
        kind: "image",
        endpoint: `${base}/api/uploads`,
        headers: { cookie },
      },
    );
    expect(small.width).toBe(40);

    const refused = uploadFile(
      { name: "notes.jpg", type: "image/jpeg", size: 10, data: Buffer.from("plain text") },
      {
        kind: "image",
        endpoint: `${base}/api/uploads`,
        headers: { cookie },
        retryDelays: [],
      },
    );
    await expect(refused).rejects.toBeInstanceOf(UploadError);
    await expect(refused).rejects.toThrow(/not an image/);
  });

  it("reads the session once for an upload's chunks, not per chunk; a signed-out session cannot go on", async () => {
    const ownCookie = await sessionCookie("editor@example.com", "pepper-vine-estate-7");
    const sessionReads = vi.spyOn(getAuth().api, "getSession");
    try {
      // The noisy photo at quality 100 without chroma subsampling: about 1.1 MB, four or more chunks, at
      // 900 × 600 (a 1800 × 1200 copy made as many chunks but cost 4 more CPU s in its processed variants).
      const wide = await sharp(photo).jpeg({ quality: 100, chromaSubsampling: "4:4:4" }).toBuffer();
      expect(Math.ceil(wide.length / (256 * 1024))).toBeGreaterThanOrEqual(4);
      const result = await uploadFile(
        { name: "Alleppey.jpg", type: "image/jpeg", size: wide.length, data: wide },
        {
          kind: "image",
          endpoint: `${base}/api/uploads`,
          headers: { cookie: ownCookie },
        },
      );
      expect(result.key).toMatch(/^upload-/);
      // The creation reads the session row, and the first chunk; the other chunks come from memory.
      expect(sessionReads.mock.calls.length).toBeLessThanOrEqual(2);
    } finally {
      sessionReads.mockRestore();
    }

    const created = await create(photo.length, { kind: "image", filename: "after-sign-out.jpg" }, { cookie: ownCookie });
    const location = created.headers.get("location")!;
    expect((await patch(location, 0, photo.subarray(0, 1000), ownCookie)).status).toBe(204);
    // Sign-out ends the session at once, although its check was remembered a moment ago.
    await signOut(new Request(`${SITE}/admin/logout`, { method: "POST", headers: { cookie: ownCookie } }), "10.0.0.1");
    const after = await patch(location, 1000, photo.subarray(1000, 2000), ownCookie);
    expect(after.status).toBe(401);
    await service.sweep();
  });

  it("an upload is its uploader's: another signed-in person cannot continue, read or delete it", async () => {
    const otherCookie = await sessionCookie("other@example.com", "ferry-to-elephanta-2");
    const created = await create(photo.length, { kind: "image", filename: "mine.jpg" });
    const location = created.headers.get("location")!;
    expect((await patch(location, 0, photo.subarray(0, 1000))).status).toBe(204);
    expect((await patch(location, 1000, photo.subarray(1000, 2000), otherCookie)).status).toBe(404);
    const head = await fetch(`${base}${location}`, { method: "HEAD", headers: { cookie: otherCookie, "Tus-Resumable": "1.0.0" } });
    expect(head.status).toBe(404);
    const removed = await fetch(`${base}${location}`, { method: "DELETE", headers: { cookie: otherCookie, "Tus-Resumable": "1.0.0" } });
    expect(removed.status).toBe(404);
    // Its owner goes on from where they were.
    expect((await patch(location, 1000, photo.subarray(1000))).status).toBe(200);
  });

  it("caps one person's unfinished uploads (count and declared bytes) with a clear 429; finishing or cancelling frees the quota", async () => {
    // A third account, so the other tests' leftovers do not count.
    await getAuth().api.createUser({ body: { email: "quota@example.com", password: "saffron-fields-in-may", name: "Quinn Quota", role: "editor" } });
    const quota = await sessionCookie("quota@example.com", "saffron-fields-in-may");
    const otherCookie = await sessionCookie("other@example.com", "ferry-to-elephanta-2");
    const locations: string[] = [];
    for (let n = 0; n < PENDING_UPLOADS_MAX; n++) {
      const created = await create(1000, { kind: "image", filename: `p${n}.jpg` }, { cookie: quota });
      expect(created.status).toBe(201);
      locations.push(created.headers.get("location")!);
    }
    const refused = await create(1000, { kind: "image", filename: "one-more.jpg" }, { cookie: quota });
    expect(refused.status).toBe(429);
    expect(await refused.json()).toEqual({ error: UPLOAD_QUOTA_MESSAGE });
    // Someone else is not held back by it.
    expect((await create(1000, { kind: "image", filename: "theirs.jpg" }, { cookie: otherCookie })).status).toBe(201);
    // Cancelling one frees a place.
    const cancelled = await fetch(`${base}${locations[0]}`, { method: "DELETE", headers: { cookie: quota, "Tus-Resumable": "1.0.0" } });
    expect(cancelled.status).toBe(204);
    expect((await create(1000, { kind: "image", filename: "now-fits.jpg" }, { cookie: quota })).status).toBe(201);

    // Bytes count too: 300 MB declared in 24 MB files is 12 files, before the count cap.
    await getAuth().api.createUser({ body: { email: "bytes@example.com", password: "tea-estate-at-munnar", name: "Bea Bytes", role: "editor" } });
    const bytes = await sessionCookie("bytes@example.com", "tea-estate-at-munnar");
    const big = 24 * 1024 * 1024;
    let status = 201;
    let made = 0;
    while (status === 201 && made < PENDING_UPLOADS_MAX) {
      status = (await create(big, { kind: "image", filename: `big${made}.jpg` }, { cookie: bytes })).status;
      if (status === 201) made++;
    }
    expect(status).toBe(429);
    expect(made).toBe(Math.floor(PENDING_UPLOAD_BYTES_MAX / big));
  });

  it("reserves the quota atomically: 40 creations at once never pass the byte cap (issue 44 finding 5)", async () => {
    await getAuth().api.createUser({ body: { email: "burst@example.com", password: "monsoon-on-the-konkan", name: "Bela Burst", role: "editor" } });
    const burst = await sessionCookie("burst@example.com", "monsoon-on-the-konkan");
    const big = 25 * 1024 * 1024;
    const answers = await Promise.all(Array.from({ length: 40 }, (_, n) => create(big, { kind: "image", filename: `burst${n}.jpg` }, { cookie: burst })));
    const statuses = answers.map((answer) => answer.status);
    expect(statuses.filter((status) => status === 201)).toHaveLength(Math.floor(PENDING_UPLOAD_BYTES_MAX / big));
    expect(statuses.filter((status) => status === 429)).toHaveLength(40 - Math.floor(PENDING_UPLOAD_BYTES_MAX / big));
  });

  it("refuses a file name with a NUL or a line break before anything is stored, with a 400 (issue 44 finding 6)", async () => {
    const before = await filesIn(mediaDir);
    for (const filename of ["beach\u0000.jpg", "beach\n.jpg", "\u0007.jpg"]) {
      const created = await create(photo.length, { kind: "image", filename }, { cookie });
      expect(created.status, JSON.stringify(filename)).toBe(400);
      expect(await created.json()).toEqual({ error: UPLOAD_NAME_MESSAGE });
    }
    expect(await create(10, { kind: "image", filename: "ok.jpg", alt: "a\u0000b" }, { cookie }).then((answer) => answer.status)).toBe(400);
    expect(await filesIn(mediaDir)).toEqual(before);
  });

  it("deletes the processed files of an upload whose row cannot be stored, and sweeps day-old files no row claims", async () => {
    // A row for this upload exists already: the insert fails after the variants were written.
    const [editor] = await db.select().from(users).where(eq(users.email, "editor@example.com"));
    const uploadedBy = editor!.id;
    const first = await storeUploadedFile({ uploadId: "twice", kind: "image", file: await photoFile(), name: "first.jpg", bytes: photo.length, uploadedBy });
    const other = await sharp({ create: { width: 640, height: 400, channels: 3, background: "#2a6" } })
      .jpeg()
      .toBuffer();
    const otherFile = path.join(os.tmpdir(), `pravas-other-${process.pid}.jpg`);
    await fs.writeFile(otherFile, other);
    const before = new Set(await filesIn(mediaDir));
    await expect(
      storeUploadedFile({ uploadId: "twice", kind: "image", file: otherFile, name: "second.jpg", bytes: other.length, uploadedBy }),
    ).rejects.toThrow();
    expect((await filesIn(mediaDir)).filter((name) => !before.has(name))).toEqual([]);
    expect(first.variants.length).toBeGreaterThan(0);

    // Files left by a crash (no row): swept once a day old; a young one and a claimed one stay.
    await fs.writeFile(path.join(mediaDir, "orphan-abc123-800.webp"), "x");
    await fs.writeFile(path.join(mediaDir, "young-abc123-800.webp"), "x");
    const dayAgo = new Date(Date.now() - 25 * 60 * 60 * 1000);
    await fs.utimes(path.join(mediaDir, "orphan-abc123-800.webp"), dayAgo, dayAgo);
    for (const variant of first.variants) {
      const file = path.join(mediaDir, variant.url.replace(/^\/media\//, ""));
      await fs.utimes(file, dayAgo, dayAgo);
    }
    expect(await sweepOrphanFiles()).toEqual(["/media/orphan-abc123-800.webp"]);
    const left = await filesIn(mediaDir);
    expect(left).toContain("young-abc123-800.webp");
    for (const variant of first.variants) expect(left).toContain(variant.url.replace(/^\/media\//, ""));
  });

  it("refuses uploads from someone who must change their password first (issue 44 finding 7)", async () => {
    await getAuth().api.createUser({ body: { email: "pending@example.com", password: "kathakali-at-night", name: "Pia Pending", role: "editor" } });
    const pending = await sessionCookie("pending@example.com", "kathakali-at-night");
    await db.update(users).set({ mustChangePassword: true }).where(eq(users.email, "pending@example.com"));
    const created = await create(1000, { kind: "image", filename: "p.jpg" }, { cookie: pending });
    expect(created.status).toBe(403);
    expect(await created.json()).toEqual({ error: CHANGE_PASSWORD_FIRST });
  });
});

/** The test photo in a file of its own, as tus leaves an upload's bytes. */
async function photoFile(): Promise<string> {
  const file = path.join(os.tmpdir(), `pravas-photo-${process.pid}.jpg`);
  await fs.writeFile(file, photo);
  return file;
}
