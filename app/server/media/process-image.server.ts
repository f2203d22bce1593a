import crypto from "node:crypto";
import sharp from "sharp";
import type { MediaVariant } from "~/lib/media";
import { LocalDiskStorage, type MediaStorage } from "./storage.server";

/** Widths the pipeline renders; capped at the original's width. */
const VARIANT_WIDTHS = [400, 800, 1200, 1600, 2000] as const;
const MAX_WIDTH = 2000;
/**
 * The portrait cut: the middle of the photo at 9:16, 450 and 720 pixels wide,
 * for a full-screen photo on a phone held upright (the home hero). Covering an
 * upright screen, a landscape file shows only its middle third, so a phone
 * decoded three times the pixels it drew and still drew them soft (ADR 075).
 */
const PORTRAIT = { widths: [450, 720], aspect: 9 / 16 } as const;
/**
 * Encoder settings. AVIF at quality 42 with 4:2:0 chroma is visually the same
 * as quality 50 at 4:4:4 on our photos and about 40% smaller, which is what a
 * phone on 4G waits for. Bump ENCODER_VERSION when these change: it is part of
 * the file names, so new settings never reuse old files.
 */
const AVIF = { quality: 42, effort: 2, chromaSubsampling: "4:2:0" } as const;
const WEBP = { quality: 72, effort: 4 } as const;
const ENCODER_VERSION = "2";

/**
 * How hard the encoders work. `seed`: once, offline, for the site's own
 * photos. `upload`: while staff wait for the answer (ADR 024). On a 5 MB
 * photo AVIF effort 0 costs about a third of the CPU of effort 2 for the same
 * bytes (within 5%) and near the same fidelity; WebP effort 2 about half of
 * effort 4 for 3-6% more bytes (WebP is only the fallback for browsers
 * without AVIF). Uploads name their files with their own version, so a
 * seed-made file is never taken for an upload-made one or the reverse.
 */
const ENCODERS = {
  seed: { avif: AVIF, webp: WEBP, version: ENCODER_VERSION },
  upload: { avif: { ...AVIF, effort: 0 }, webp: { ...WEBP, effort: 2 }, version: `${ENCODER_VERSION}-upload` },
} as const;
type EncoderPreset = keyof typeof ENCODERS;

/** Encodes resized pixels in one format with a preset's settings. */
const encoderFor =
  (preset: EncoderPreset) =>
  (format: MediaVariant["format"], resized: sharp.Sharp): Promise<Buffer> =>
    (format === "avif" ? resized.avif(ENCODERS[preset].avif) : resized.webp(ENCODERS[preset].webp)).toBuffer();
/**
 * Largest image we decode: 100 megapixels (a 12000 x 8000 photo). A decoded
 * pixel costs 3-4 bytes, so this bounds one decode to about 400 MB, and a
 * "decompression bomb" (a tiny file declaring a huge canvas) is refused.
 */
export const MAX_INPUT_PIXELS = 100_000_000;

type ProcessedImage = {
  width: number;
  height: number;
  placeholder: string;
  variants: MediaVariant[];
};

/**
 * Makes AVIF and WebP variants of an image once (at seed or upload time).
 * File names carry a hash of the source, so an existing file is reused as is.
 */
export async function processImage(
  source: Buffer,
  baseName: string,
  target: string | MediaStorage,
  urlPrefix = "/media",
  preset: EncoderPreset = "seed",
): Promise<ProcessedImage> {
  const encoder = ENCODERS[preset];
  const storage = typeof target === "string" ? new LocalDiskStorage(target, urlPrefix) : target;
  const image = sharp(source, { failOn: "error", limitInputPixels: MAX_INPUT_PIXELS }).rotate();
  const meta = await image.metadata();
  if (!meta.width || !meta.height) throw new Error(`${baseName}: not a readable image`);
  const orientedWidth = meta.autoOrient?.width ?? meta.width;
  const orientedHeight = meta.autoOrient?.height ?? meta.height;

  const hash = crypto.createHash("sha256").update(encoder.version).update(source).digest("hex").slice(0, 10);
  const safeName =
    baseName
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, "-")
      .replace(/^-|-$/g, "") || "image";
  const widths: number[] = VARIANT_WIDTHS.filter((w) => w < orientedWidth);
  widths.push(Math.min(orientedWidth, MAX_WIDTH));

  // Decode the original once, at the largest width we render; every variant
  // is made from these pixels (decoding a 20 MP JPEG per variant cost seconds).
  // Decoded on first need: a re-seed whose files all exist decodes nothing but the placeholder.
  const largest = Math.min(orientedWidth, MAX_WIDTH);
  let decoded: Promise<{ data: Buffer; info: sharp.OutputInfo }> | undefined;
  const decode = () => (decoded ??= image.clone().resize({ width: largest, withoutEnlargement: true }).raw().toBuffer({ resolveWithObject: true }));
  const pixels = async () => {
    const { data, info } = await decode();
    return sharp(data, { raw: { width: info.width, height: info.height, channels: info.channels } });
  };
  const encodeAs = encoderFor(preset);

  const variants: MediaVariant[] = [];
  for (const width of [...new Set(widths)]) {
    const height = Math.round((orientedHeight * width) / orientedWidth);
    // AVIF and WebP of one width encode side by side (two cores).
    await Promise.all(
      (["avif", "webp"] as const).map(async (format) => {
        const file = `${safeName}-${hash}-${width}.${format}`;
        if (await storage.exists(file)) return;
        await storage.put(file, await encodeAs(format, width === largest ? await pixels() : (await pixels()).resize({ width })));
      }),
    );
    for (const format of ["avif", "webp"] as const) {
      variants.push({ format, width, height, url: storage.urlOf(`${safeName}-${hash}-${width}.${format}`) });
    }
  }

  // The portrait cut, from the same pixels.
  const framed = async () => {
    const { info } = await decode();
    return { image: await pixels(), width: info.width, height: info.height };
  };
  variants.push(...(await makePortraitCut({ pixels: framed, width: orientedWidth, height: orientedHeight, stem: `${safeName}-${hash}`, storage, encodeAs })));

  const tiny = await image.clone().resize({ width: 16 }).blur(1).webp({ quality: 40 }).toBuffer();
  return {
    width: orientedWidth,
    height: orientedHeight,
    placeholder: `data:image/webp;base64,${tiny.toString("base64")}`,
    variants,
  };
}

type Framed = { image: sharp.Sharp; width: number; height: number };

/**
 * The portrait cut's files, AVIF and WebP, named `<stem>-p<width>.<format>`,
 * from `pixels` (the whole photo, `width` × `height` or smaller); a photo
 * already as narrow as 9:16 has none. A file already stored is kept.
 */
async function makePortraitCut({
  pixels,
  width,
  height,
  stem,
  storage,
  encodeAs,
}: {
  pixels: () => Promise<Framed>;
  width: number;
  height: number;
  stem: string;
  storage: MediaStorage;
  encodeAs: (format: MediaVariant["format"], resized: sharp.Sharp) => Promise<Buffer>;
}): Promise<MediaVariant[]> {
  const cutWidth = Math.round(height * PORTRAIT.aspect);
  if (cutWidth >= width) return [];
  const cutPixels = async (targetWidth: number, targetHeight: number) => {
    const frame = await pixels();
    const cut = Math.min(frame.width, Math.round(frame.height * PORTRAIT.aspect));
    return frame.image
      .extract({ left: Math.floor((frame.width - cut) / 2), top: 0, width: cut, height: frame.height })
      .resize({ width: targetWidth, height: targetHeight });
  };
  const variants: MediaVariant[] = [];
  for (const cutTo of [...new Set(PORTRAIT.widths.map((w) => Math.min(w, cutWidth)))]) {
    const cutHeight = Math.min(height, Math.round(cutTo / PORTRAIT.aspect));
    await Promise.all(
      (["avif", "webp"] as const).map(async (format) => {
        const file = `${stem}-p${cutTo}.${format}`;
        if (!(await storage.exists(file))) await storage.put(file, await encodeAs(format, await cutPixels(cutTo, cutHeight)));
      }),
    );
    for (const format of ["avif", "webp"] as const) {
      variants.push({ format, width: cutTo, height: cutHeight, url: storage.urlOf(`${stem}-p${cutTo}.${format}`), crop: "portrait" });
    }
  }
  return variants;
}

/**
 * The portrait cut of an image processed before there was one (ADR 076),
 * made from `source`, one of its own files (its widest), and named after it
 * (`stem`, the file's name without its width). Returns the cut's variants,
 * none for a photo already as narrow as 9:16.
 */
export async function cutPortraitFrom(source: Buffer, stem: string, storage: MediaStorage): Promise<MediaVariant[]> {
  const decoded = await sharp(source, { failOn: "error", limitInputPixels: MAX_INPUT_PIXELS }).raw().toBuffer({ resolveWithObject: true });
  const { width, height, channels } = decoded.info;
  const pixels = async () => ({ image: sharp(decoded.data, { raw: { width, height, channels } }), width, height });
  const encodeAs = encoderFor("upload");
  return makePortraitCut({ pixels, width, height, stem, storage, encodeAs });
}
