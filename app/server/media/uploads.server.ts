import crypto from "node:crypto";
import fs from "node:fs/promises";
import { eq } from "drizzle-orm";
import { largestUrl } from "~/lib/media";
import { altTextSchema } from "~/lib/media-library";
import type { UploadKind, UploadResult } from "~/lib/upload";
import { getDb } from "~/server/db/db.server";
import { media, type MediaRow } from "~/server/db/schema.server";
import { processImage } from "./process-image.server";
import { finishedProofKey, storeProofUpload } from "./proof-uploads.server";
import { imageQueue } from "./serial-queue.server";
import { deleteStoredFilesIfUnclaimed } from "./media-files.server";
import { getMediaStorage } from "./storage.server";
import { verifyUploadedFile } from "./upload-kinds.server";

/** The media key of a finished upload: stable, so a client that lost the answer can ask again. */
export function uploadMediaKey(uploadId: string): string {
  return `upload-${uploadId}`;
}

type ReceivedUpload = {
  uploadId: string;
  kind: UploadKind;
  /** Where tus wrote the bytes; removed by the caller afterwards. */
  file: string;
  name: string;
  bytes: number;
  uploadedBy: string;
  /** Alt text typed with the upload (an image's; too long or missing: none). */
  alt?: string;
};

/** A file name safe for a storage key: "Kerala Beach (1).JPG" → "kerala-beach-1". */
function safeBaseName(name: string): string {
  const withoutExtension = name.replace(/\.[^.]*$/, "");
  return (
    withoutExtension
      .normalize("NFKD")
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, "-")
      .replace(/^-+|-+$/g, "")
      .slice(0, 60) || "upload"
  );
}

/**
 * Checks a received file by its bytes, stores it (an image as AVIF/WebP
 * variants and a blur placeholder, made one image at a time; a brochure as
 * the PDF itself) and records its media row. Throws UploadRefused for a file
 * that is not what it claims.
 */
export async function storeUploadedFile(upload: ReceivedUpload): Promise<UploadResult> {
  // A payment's proof is private (ADR 114): no media row, no /media address.
  if (upload.kind === "proof") {
    const proof = await storeProofUpload(upload);
    return proofResult(proof.key, storableName(upload.name), proof.bytes);
  }
  const storage = getMediaStorage();
  const key = uploadMediaKey(upload.uploadId);
  const base = safeBaseName(upload.name);
  let row: Omit<typeof media.$inferInsert, "key" | "originalName">;
  if (upload.kind === "image") {
    const processed = await imageQueue.run(async () => {
      await verifyUploadedFile("image", upload.file);
      return processImage(await fs.readFile(upload.file), base, storage, undefined, "upload");
    });
    row = { ...processed, kind: "image" };
  } else {
    await verifyUploadedFile("brochure", upload.file);
    const pdf = await fs.readFile(upload.file);
    const hash = crypto.createHash("sha256").update(pdf).digest("hex").slice(0, 10);
    const storageKey = `brochures/${base}-${hash}.pdf`;
    await storage.put(storageKey, pdf);
    row = { kind: "brochure", url: storage.urlOf(storageKey), width: 0, height: 0, placeholder: "", variants: [] };
  }
  let inserted: MediaRow | undefined;
  try {
    [inserted] = await getDb()
      .insert(media)
      .values({ ...row, key, originalName: storableName(upload.name), bytes: upload.bytes, uploadedBy: upload.uploadedBy, alt: uploadAlt(upload) })
      .returning();
  } catch (error) {
    // No row, no files: what was written for it would be nobody's (issue 44 finding 6).
    await deleteStoredFilesIfUnclaimed([...(row.url ? [row.url] : []), ...(row.variants ?? []).map((variant) => variant.url)]);
    throw error;
  }
  return toUploadResult(inserted!);
}

/** A file name as it can be stored: no control characters (the upload endpoint refuses them already). */
const storableName = (name: string) =>
  name
    // eslint-disable-next-line no-control-regex
    .replace(/[\u0000-\u001f\u007f]/g, "")
    .toWellFormed()
    .slice(0, 255) || "upload";

/** The alt text sent with an image upload, checked by the library's schema; refused text is dropped (it is editable later). */
function uploadAlt(upload: ReceivedUpload): string {
  if (upload.kind !== "image" || !upload.alt) return "";
  const parsed = altTextSchema.safeParse(upload.alt.replaceAll("\0", "").toWellFormed());
  return parsed.success ? parsed.data : "";
}

/** The result of a finished upload, or null when it is unknown (never finished, or refused). */
export async function getUploadResult(uploadId: string): Promise<UploadResult | null> {
  const [row] = await getDb()
    .select()
    .from(media)
    .where(eq(media.key, uploadMediaKey(uploadId)));
  if (row) return toUploadResult(row);
  const proofKey = await finishedProofKey(uploadId);
  return proofKey ? proofResult(proofKey, proofKey.split("/").pop()!, 0) : null;
}

/** A stored proof as the upload API answers it: a key for the form, no address to show. */
function proofResult(key: string, name: string, bytes: number): UploadResult {
  return { key, kind: "proof", url: "", name, bytes, alt: "", width: 0, height: 0, placeholder: "", variants: [] };
}

function toUploadResult(row: MediaRow): UploadResult {
  return {
    key: row.key,
    kind: row.kind,
    url: row.kind === "brochure" ? (row.url ?? "") : largestUrl(row),
    name: row.originalName,
    bytes: row.bytes ?? 0,
    alt: row.alt,
    width: row.width,
    height: row.height,
    placeholder: row.placeholder,
    variants: row.variants,
  };
}
