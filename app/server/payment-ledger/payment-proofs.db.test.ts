// Payment proofs are private (ADR 114): a proof upload is stored outside the media store, with no media row, so no
// /media address reaches its bytes; it is read only through the proof route's function, with no-store headers; it
// goes with the traveller's personal data; proofs recorded before this are moved out of the public store, once.
import fs from "node:fs/promises";
import type { Server } from "node:http";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import { PDFDocument, StandardFonts } from "@cantoo/pdf-lib";
import express from "express";
import { eq, sql } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { newBookingSchema } from "~/lib/booking-schema";
import type { GroupDate } from "~/lib/content-types";
import { recordPaymentSchema } from "~/lib/payment-ledger";
import type { Db } from "~/server/db/db.server";
import { media, paymentLedger } from "~/server/db/schema.server";
import { createBooking } from "~/server/booking/booking-create.server";
import { transitionBooking } from "~/server/booking/booking-transitions.server";
import { deletePersonalData, parsePersonKey, type PersonKey } from "~/server/enquiry/personal-data.server";
import { localPrivateStore, setPrivateStore, type PrivateFileStore } from "~/server/media/private-store.server";
import { LocalDiskStorage, setMediaStorage } from "~/server/media/storage.server";
import { getUploadResult, storeUploadedFile } from "~/server/media/uploads.server";
import { UploadRefused } from "~/server/media/upload-kinds.server";
import { serveMedia } from "../../../server/media-serving";
import { bookablePackages } from "../../../tests/support/booking-fixtures";
import { insertStaff } from "../../../tests/support/enquiry-fixtures";
import { closeTestDatabase, openTestDatabase } from "../../../tests/support/test-db";
import { recordPayment } from "./ledger-write.server";
import { moveLegacyProofs, paymentProofFile, proofKeyProblem, sweepOrphanProofs } from "./payment-proofs.server";

let db: Db;
let packageId: number;
let root: string;
let mediaDir: string;
let mediaStore: LocalDiskStorage;
let privateStore: PrivateFileStore;
let server: Server;
let base: string;
const NOW = new Date("2027-01-10T06:00:00Z");
const asha = { id: null, email: "asha@agency.example", name: "Asha Staff" };
const DATES: GroupDate[] = [{ id: "dOpen", name: "Open Batch", start: "2027-04-01", end: "2027-04-07", capacity: 20 }];

async function book(leadPhone = "98450 12345") {
  const input = newBookingSchema.parse({ packageId, departureId: "dOpen", leadName: "Meera Iyer", leadPhone, adults: "1", room: "twin", state: "confirmed" });
  const result = await createBooking(input, { actor: asha, now: NOW });
  if (!result.ok) throw new Error(result.message);
  return result.booking;
}

/** A received upload as tus leaves it on disk. */
async function received(name: string, bytes: Uint8Array | Buffer) {
  const file = path.join(root, `tus-${name}`);
  await fs.writeFile(file, bytes);
  return file;
}

/** A screenshot with an EXIF note, as a phone writes one. */
const screenshot = () =>
  sharp({ create: { width: 120, height: 80, channels: 3, background: { r: 20, g: 120, b: 60 } } })
    .withMetadata({ exif: { IFD0: { ImageDescription: "GPS 18.5204N 73.8567E" } } })
    .png()
    .toBuffer();

async function receiptPdf() {
  const document = await PDFDocument.create();
  document.addPage([595, 842]).drawText("UTR 412356789012", { x: 50, y: 780, size: 20, font: await document.embedFont(StandardFonts.Helvetica) });
  return document.save();
}

/** Every file under a directory, recursively, as bytes. */
async function allFiles(dir: string): Promise<Buffer[]> {
  const entries = await fs.readdir(dir, { recursive: true, withFileTypes: true }).catch(() => []);
  return Promise.all(entries.filter((entry) => entry.isFile()).map((entry) => fs.readFile(path.join(entry.parentPath, entry.name))));
}

beforeAll(async () => {
  db = await openTestDatabase({ seeded: true });
  [packageId] = (await bookablePackages(db, DATES)) as [number];
  root = await fs.mkdtemp(path.join(os.tmpdir(), "pravas-proofs-"));
  // As server/app.ts lays them out: the private directory beside the media directory.
  mediaDir = path.join(root, "media");
  mediaStore = new LocalDiskStorage(mediaDir);
  setMediaStorage(mediaStore);
  privateStore = localPrivateStore(path.join(root, "private"));
  setPrivateStore(privateStore);
  const app = express();
  app.use("/media", serveMedia(mediaStore, mediaDir));
  app.use((_req, res) => void res.status(404).send("not found"));
  server = app.listen(0, "127.0.0.1");
  await new Promise((resolve) => server.once("listening", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
  await closeTestDatabase();
  await fs.rm(root, { recursive: true, force: true });
});

describe("a payment's proof", () => {
  it("is stored privately, with no media row, and no /media address reaches its bytes", async () => {
    const image = await storeUploadedFile({
      uploadId: "proofImg1",
      kind: "proof",
      file: await received("a.png", await screenshot()),
      name: "GPay.png",
      bytes: 1,
      uploadedBy: "",
    });
    const pdf = await storeUploadedFile({
      uploadId: "proofPdf1",
      kind: "proof",
      file: await received("b.pdf", await receiptPdf()),
      name: "slip.pdf",
      bytes: 1,
      uploadedBy: "",
    });
    expect(image).toMatchObject({ key: "proofs/proofImg1.jpg", kind: "proof", url: "" });
    expect(pdf).toMatchObject({ key: "proofs/proofPdf1.pdf", kind: "proof", url: "" });
    expect(await getUploadResult("proofPdf1")).toMatchObject({ key: "proofs/proofPdf1.pdf", kind: "proof" });
    expect(
      await db
        .select()
        .from(media)
        .where(sql`${media.key} like 'upload-proof%'`),
    ).toEqual([]);

    // The image is written again as a JPEG: pixels only, the phone's EXIF (a place) gone.
    const stored = await privateStore.read("proofs/proofImg1.jpg");
    const meta = await sharp(stored).metadata();
    expect(meta).toMatchObject({ format: "jpeg", width: 120, height: 80 });
    expect(meta.exif).toBeUndefined();
    expect(stored.includes("18.5204N")).toBe(false);

    // Nothing in the media store holds either file's bytes, and no /media path reaches them, however it is spelled.
    const proofBytes = [stored, await privateStore.read("proofs/proofPdf1.pdf")];
    for (const file of await allFiles(mediaDir)) for (const bytes of proofBytes) expect(file.equals(bytes)).toBe(false);
    for (const key of ["proofs/proofImg1.jpg", "proofs/proofPdf1.pdf"]) {
      for (const attempt of [key, `private/${key}`, `../private/${key}`, `%2e%2e/private/${key}`, `..%2fprivate%2f${key.replace("/", "%2f")}`]) {
        const answer = await fetch(`${base}/media/${attempt}`);
        expect(answer.status, attempt).toBe(404);
      }
    }

    // A file that is neither an image nor a PDF is refused by its bytes.
    await expect(
      storeUploadedFile({
        uploadId: "proofTxt",
        kind: "proof",
        file: await received("c.txt", Buffer.from("UTR 4123, trust me")),
        name: "c.png",
        bytes: 1,
        uploadedBy: "",
      }),
    ).rejects.toBeInstanceOf(UploadRefused);
  });

  it("is recorded by its private key only, read back with no-store headers, and never another booking's", async () => {
    expect(recordPaymentSchema.safeParse({ amount: "500", receivedOn: "2027-01-10", method: "cash", proofKey: "/media/upload-x-1600.webp" }).success).toBe(
      false,
    );
    expect(recordPaymentSchema.safeParse({ amount: "500", receivedOn: "2027-01-10", method: "cash", proofKey: "proofs/proofPdf1.pdf" }).success).toBe(true);
    const mine = await book();
    const other = await book("98450 99999");
    expect(await proofKeyProblem("proofs/neverUploaded.jpg", mine.id)).toMatch(/Upload the proof again/);
    expect(await proofKeyProblem("proofs/proofImg1.jpg", mine.id)).toBeNull();
    const paid = await recordPayment(
      mine.id,
      { amountPaise: 10_000_00, receivedOn: "2027-01-10", method: "upi", reference: "412356789012", proofKey: "proofs/proofImg1.jpg" },
      asha,
      NOW,
    );
    if (!paid.ok) throw new Error("not recorded");
    expect(await proofKeyProblem("proofs/proofImg1.jpg", other.id)).toMatch(/another booking/);

    const image = await paymentProofFile(mine.reference, paid.entry.id);
    expect(image?.bytes.equals(await privateStore.read("proofs/proofImg1.jpg"))).toBe(true);
    expect(image?.headers).toMatchObject({
      "Content-Type": "image/jpeg",
      "Cache-Control": "private, no-store",
      "X-Content-Type-Options": "nosniff",
      "Content-Disposition": `inline; filename="${mine.reference}-payment-${paid.entry.id}-proof.jpg"`,
    });
    // Only under its own booking's reference.
    expect(await paymentProofFile(other.reference, paid.entry.id)).toBeNull();

    const slip = await recordPayment(
      mine.id,
      { amountPaise: 5_000_00, receivedOn: "2027-01-10", method: "cash", reference: null, proofKey: "proofs/proofPdf1.pdf" },
      asha,
      NOW,
    );
    if (!slip.ok) throw new Error("not recorded");
    expect((await paymentProofFile(mine.reference, slip.entry.id))?.headers).toMatchObject({
      "Content-Type": "application/pdf",
      "Content-Disposition": `attachment; filename="${mine.reference}-payment-${slip.entry.id}-proof.pdf"`,
    });
  });

  it("goes with the traveller's personal data: the ledger keeps the payment, the file is deleted", async () => {
    const theirs = await book("91234 56789");
    const file = await received("d.png", await screenshot());
    await storeUploadedFile({ uploadId: "proofErase", kind: "proof", file, name: "x.png", bytes: 1, uploadedBy: "" });
    const paid = await recordPayment(
      theirs.id,
      { amountPaise: 1_000_00, receivedOn: "2027-01-10", method: "upi", reference: "999988887777", proofKey: "proofs/proofErase.jpg" },
      asha,
      NOW,
    );
    if (!paid.ok) throw new Error("not recorded");
    const staff = await insertStaff(db, "Ada Admin", "admin");
    const cancelled = await transitionBooking(theirs.id, "cancel", { actor: asha, now: NOW }, { reason: "Plans changed" });
    expect(cancelled.ok).toBe(true);
    await deletePersonalData(parsePersonKey("091234 56789") as PersonKey, { viewer: { id: staff.id, email: staff.email, name: staff.name, role: "admin" } });
    expect(await privateStore.exists("proofs/proofErase.jpg")).toBe(false);
    expect(await paymentProofFile(theirs.reference, paid.entry.id)).toBeNull();
    const [row] = await db.select().from(paymentLedger).where(eq(paymentLedger.id, paid.entry.id));
    expect(row).toMatchObject({ amountPaise: 1_000_00 });
    // Another person's proof stays.
    expect(await privateStore.exists("proofs/proofImg1.jpg")).toBe(true);
  });

  it("recorded before ADR 114 (a /media address) is moved to the private store at start, its public files and media row deleted; again, nothing changes", async () => {
    const booking = await book("90000 11111");
    // As the old upload left it: a media row, its variants in the public store.
    const variants = (["avif", "webp"] as const).map((format) => ({ format, width: 1600, height: 900, url: `/media/upload-old-0123456789-1600.${format}` }));
    for (const variant of variants) await mediaStore.put(mediaStore.keyOf(variant.url)!, Buffer.from(`old proof ${variant.format}`));
    await db.insert(media).values({ key: "upload-old", originalName: "old.png", width: 1600, height: 900, placeholder: "", variants, bytes: 10 });
    await mediaStore.put("brochures/slip-abcdef0123.pdf", Buffer.from("%PDF-old slip"));
    await db.insert(media).values({
      key: "upload-oldpdf",
      kind: "brochure",
      url: "/media/brochures/slip-abcdef0123.pdf",
      originalName: "slip.pdf",
      width: 0,
      height: 0,
      placeholder: "",
      variants: [],
      bytes: 10,
    });
    const legacy = [];
    for (const [proofKey, reference] of [
      ["/media/upload-old-0123456789-1600.webp", "555566667777"],
      ["/media/brochures/slip-abcdef0123.pdf", "555566668888"],
    ] as const) {
      const paid = await recordPayment(booking.id, { amountPaise: 100_00, receivedOn: "2027-01-10", method: "upi", reference, proofKey }, asha, NOW);
      if (!paid.ok) throw new Error("not recorded");
      legacy.push(paid.entry.id);
    }
    // Before: the bytes are public.
    expect((await fetch(`${base}/media/upload-old-0123456789-1600.webp`)).status).toBe(200);

    expect(await moveLegacyProofs({ db })).toEqual({ moved: 2, already: 0, missing: 0, publicFilesDeleted: 3 });
    for (const url of ["/media/upload-old-0123456789-1600.webp", "/media/upload-old-0123456789-1600.avif", "/media/brochures/slip-abcdef0123.pdf"]) {
      expect((await fetch(`${base}${url}`)).status, url).toBe(404);
    }
    expect(
      await db
        .select()
        .from(media)
        .where(sql`${media.key} in ('upload-old', 'upload-oldpdf')`),
    ).toEqual([]);
    const image = await paymentProofFile(booking.reference, legacy[0]!);
    expect(image?.bytes.toString()).toBe("old proof webp");
    expect(image?.headers["Content-Type"]).toBe("image/webp");
    expect((await paymentProofFile(booking.reference, legacy[1]!))?.headers["Content-Disposition"]).toMatch(/^attachment;/);

    // Idempotent: a second start only checks.
    expect(await moveLegacyProofs({ db })).toEqual({ moved: 0, already: 2, missing: 0, publicFilesDeleted: 0 });
    expect((await paymentProofFile(booking.reference, legacy[0]!))?.bytes.toString()).toBe("old proof webp");
  });

  it("uploaded but never recorded with a payment is swept after a day; recorded ones stay", async () => {
    await storeUploadedFile({
      uploadId: "proofAbandoned",
      kind: "proof",
      file: await received("e.pdf", await receiptPdf()),
      name: "e.pdf",
      bytes: 1,
      uploadedBy: "",
    });
    const now = Date.now();
    expect(await sweepOrphanProofs({ now })).toEqual([]);
    const later = now + 25 * 60 * 60 * 1000;
    expect(await sweepOrphanProofs({ now: later })).toEqual(["proofs/proofAbandoned.pdf"]);
    expect(await privateStore.exists("proofs/proofAbandoned.pdf")).toBe(false);
    expect(await privateStore.exists("proofs/proofImg1.jpg")).toBe(true);
    expect(await privateStore.exists("proofs/proofPdf1.pdf")).toBe(true);
    // Legacy proofs are the ledger's by their old address: never orphans.
    expect(await privateStore.exists("proofs/legacy/upload-old-0123456789-1600.webp")).toBe(true);
  });
});
