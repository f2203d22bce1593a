import fs from "node:fs/promises";
import sharp from "sharp";
import { MAX_INPUT_PIXELS } from "./process-image.server";
import { getPrivateStore } from "./private-store.server";
import { imageQueue } from "./serial-queue.server";
import { verifyUploadedFile } from "./upload-kinds.server";

/**
 * A payment's proof as the private store keeps it (ADR 114): `proofs/<upload id>.jpg`
 * (a photo or screenshot, decoded and written again as JPEG: no EXIF, no GPS,
 * turned upright, and nothing in the file but pixels) or `.pdf` (checked as a
 * brochure is: no scripts, actions or embedded files). No media row: a proof
 * is never in the media library, and no /media address reaches it.
 */
export const NEW_PROOF_KEY = /^proofs\/[A-Za-z0-9_-]{1,64}\.(jpg|pdf)$/;

const proofKeyOf = (uploadId: string, extension: "jpg" | "pdf") => `proofs/${uploadId}.${extension}`;

/** Checks the received file by its bytes and stores it privately; returns its key. Throws UploadRefused. */
export async function storeProofUpload(upload: { uploadId: string; file: string }): Promise<{ key: string; bytes: number }> {
  const store = getPrivateStore();
  const { format } = await verifyUploadedFile("proof", upload.file);
  if (format === "pdf") {
    const pdf = await fs.readFile(upload.file);
    const key = proofKeyOf(upload.uploadId, "pdf");
    await store.put(key, pdf);
    return { key, bytes: pdf.length };
  }
  // One image at a time, as the media pipeline does: sharp's decoding is the heavy part.
  const jpeg = await imageQueue.run(() =>
    sharp(upload.file, { failOn: "error", limitInputPixels: MAX_INPUT_PIXELS })
      .rotate()
      // Screenshots are text: full colour resolution keeps the UTR sharp.
      .jpeg({ quality: 90, chromaSubsampling: "4:4:4", mozjpeg: false })
      .toBuffer(),
  );
  const key = proofKeyOf(upload.uploadId, "jpg");
  await store.put(key, jpeg);
  return { key, bytes: jpeg.length };
}

/** A finished proof upload's key, or null (for a client that lost the last answer). */
export async function finishedProofKey(uploadId: string): Promise<string | null> {
  const store = getPrivateStore();
  for (const extension of ["jpg", "pdf"] as const) {
    const key = proofKeyOf(uploadId, extension);
    if (await store.exists(key)) return key;
  }
  return null;
}
