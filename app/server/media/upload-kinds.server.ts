import fs from "node:fs/promises";
import sharp from "sharp";
import type { UploadKind } from "~/lib/upload";
import { inspectPdf, pdfRefusalMessage } from "./pdf-safety.server";
import { MAX_INPUT_PIXELS } from "./process-image.server";

const MEGABYTE = 1024 * 1024;

/** What each kind may weigh. The largest is the tus server's maxSize. */
const UPLOAD_LIMITS: Record<UploadKind, number> = {
  image: 25 * MEGABYTE,
  brochure: 10 * MEGABYTE,
  // A payment's proof (ADR 114): a photo or screenshot, or a PDF receipt.
  proof: 25 * MEGABYTE,
};
export const MAX_UPLOAD_BYTES = Math.max(...Object.values(UPLOAD_LIMITS));

/** "an image may be at most 25 MB, a brochure at most 10 MB" */
export function uploadLimitsText(): string {
  return `an image may be at most ${UPLOAD_LIMITS.image / MEGABYTE} MB, a brochure at most ${UPLOAD_LIMITS.brochure / MEGABYTE} MB`;
}

/** Formats sharp decodes that we accept as photos (no SVG: it is a document, not pixels). */
const IMAGE_FORMATS = new Set(["jpeg", "png", "webp", "avif", "heif", "gif", "tiff"]);

export function isUploadKind(value: unknown): value is UploadKind {
  return value === "image" || value === "brochure" || value === "proof";
}

/** A refusal the client is told about: status and a sentence for a person. */
export class UploadRefused extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

/** Checked when the upload is created, before any byte is stored. */
export function checkDeclaredUpload(kind: unknown, size: number | undefined): UploadKind {
  if (!isUploadKind(kind)) throw new UploadRefused(400, "Choose what you are uploading: an image or a brochure (PDF).");
  if (size === undefined) throw new UploadRefused(400, "The upload must declare its size (Upload-Length).");
  if (size <= 0) throw new UploadRefused(400, "The file is empty.");
  if (size > UPLOAD_LIMITS[kind]) {
    throw new UploadRefused(
      413,
      `${{ image: "An image", brochure: "A brochure", proof: "A proof" }[kind]} may be at most ${UPLOAD_LIMITS[kind] / MEGABYTE} MB.`,
    );
  }
  return kind;
}

/** Bytes the early check needs from the start of a file. */
export const SNIFF_BYTES = 16;

/**
 * The first bytes of a partly received file: does it start like the kind it
 * claims? Lets a wrong file be refused after its first chunk, not its last.
 */
export function headLooksLike(kind: UploadKind, head: Buffer): boolean {
  const pdf = head.subarray(0, 5).toString("latin1") === "%PDF-";
  if (kind === "brochure") return pdf;
  if (kind === "proof" && pdf) return true;
  const ascii = head.toString("latin1");
  return (
    (head[0] === 0xff && head[1] === 0xd8 && head[2] === 0xff) || // JPEG
    ascii.startsWith("\x89PNG\r\n\x1a\n") ||
    ascii.startsWith("GIF8") ||
    (ascii.startsWith("RIFF") && ascii.slice(8, 12) === "WEBP") ||
    ascii.slice(4, 8) === "ftyp" || // AVIF, HEIF
    ascii.startsWith("II*\0") ||
    ascii.startsWith("MM\0*") // TIFF
  );
}

export async function readHead(file: string, bytes = SNIFF_BYTES): Promise<Buffer> {
  const handle = await fs.open(file, "r");
  try {
    const buffer = Buffer.alloc(bytes);
    const { bytesRead } = await handle.read(buffer, 0, bytes, 0);
    return buffer.subarray(0, bytesRead);
  } finally {
    await handle.close();
  }
}

const tooManyPixels = () => new UploadRefused(413, `This image is too large: at most ${MAX_INPUT_PIXELS / 1_000_000} megapixels.`);
const NOT_AN_IMAGE = "This file is not an image we can use: upload a JPEG, PNG, WebP, AVIF or HEIC photo.";
const NOT_A_PDF = "This file is not a PDF: upload the brochure as a PDF.";
const NOT_A_PROOF = "This file is neither an image nor a PDF: upload a photo or screenshot (JPEG, PNG, WebP, HEIC) or a PDF receipt.";

/**
 * The whole received file, checked by its bytes (never its name or declared
 * type): a PDF starts with `%PDF-`, opens in a PDF parser and carries no
 * scripts, actions or embedded files; an image is one sharp reads, within
 * MAX_INPUT_PIXELS. Returns the image's dimensions.
 */
export async function verifyUploadedFile(kind: UploadKind, file: string): Promise<{ width?: number; height?: number; format?: string }> {
  const head = await readHead(file);
  // A proof is a PDF when it starts like one (and is then checked as a brochure is), else an image.
  if (kind === "proof" && !headLooksLike("brochure", head) && !headLooksLike("image", head)) throw new UploadRefused(415, NOT_A_PROOF);
  if (kind === "brochure" || (kind === "proof" && headLooksLike("brochure", head))) {
    if (!headLooksLike("brochure", head)) throw new UploadRefused(415, NOT_A_PDF);
    // Opened by a real parser, and nothing in it a reader would run (ADR 035).
    const verdict = await inspectPdf(await fs.readFile(file));
    if (!verdict.ok) throw new UploadRefused(415, pdfRefusalMessage(verdict));
    return { format: "pdf" };
  }
  const header = await readImageHeader(file, IMAGE_FORMATS);
  if (header.refused === "pixels") throw tooManyPixels();
  if (header.refused) throw new UploadRefused(415, NOT_AN_IMAGE);
  return { width: header.meta.width, height: header.meta.height, format: header.meta.format };
}

/**
 * An image's header as sharp reads it, without decoding a pixel: refused as
 * "not-image" when sharp cannot read it or its format is not one of `formats`,
 * and as "pixels" when its size is over MAX_INPUT_PIXELS (a decompression bomb
 * lies big in its header). The media uploads and the review photos check alike.
 */
export async function readImageHeader(
  input: string | Buffer,
  formats: ReadonlySet<string>,
): Promise<{ refused: null; meta: sharp.Metadata & { width: number; height: number; format: string } } | { refused: "pixels" | "not-image" }> {
  let meta: sharp.Metadata;
  try {
    meta = await sharp(input, { limitInputPixels: MAX_INPUT_PIXELS }).metadata();
  } catch (error) {
    return { refused: error instanceof Error && /pixel limit/i.test(error.message) ? "pixels" : "not-image" };
  }
  const { format, width, height } = meta;
  if (!format || !formats.has(format) || !width || !height) return { refused: "not-image" };
  if (width * height > MAX_INPUT_PIXELS) return { refused: "pixels" };
  return { refused: null, meta: { ...meta, format, width, height } };
}
