import sharp from "sharp";
import { wholeVariants, type MediaView } from "~/lib/media";
import { getMediaStorage } from "~/server/media/storage.server";

/** Print sizes (ADR 042): about 1200 px on the long side, JPEG quality 80. */
const PRINT_LONG_SIDE = 1200;
const PRINT_JPEG_QUALITY = 80;

export type PrintImageSize = { width: number; height: number };

/** The smallest WebP variant at least `width` wide (else the widest): the least to decode. */
function variantFor(view: MediaView, width: number): string | null {
  const webp = wholeVariants(view)
    .filter((variant) => variant.format === "webp")
    .sort((a, b) => a.width - b.width);
  return (webp.find((variant) => variant.width >= width) ?? webp[webp.length - 1])?.url ?? null;
}

/**
 * A photo as a JPEG cropped to `size` (pixels; at most PRINT_LONG_SIDE on the
 * long side), or null when its file cannot be had: a brochure without one
 * photo is still a brochure. Kept per variant and size: variants never change
 * under their name, so a new content version re-renders without re-decoding.
 */
export class PrintImages {
  private readonly kept = new Map<string, Promise<Buffer | null>>();

  constructor(private readonly maxEntries = 48) {}

  get(view: MediaView | null, size: PrintImageSize): Promise<Buffer | null> {
    if (!view) return Promise.resolve(null);
    const scale = Math.min(1, PRINT_LONG_SIDE / Math.max(size.width, size.height));
    const width = Math.round(size.width * scale);
    const height = Math.round(size.height * scale);
    const url = variantFor(view, width);
    if (!url) return Promise.resolve(null);
    const id = `${url} ${width}x${height}`;
    const found = this.kept.get(id);
    if (found) {
      // Most recently used last: the oldest goes first when full.
      this.kept.delete(id);
      this.kept.set(id, found);
      return found;
    }
    const made = convert(url, width, height);
    this.kept.set(id, made);
    made.then((buffer) => {
      if (!buffer) this.kept.delete(id);
    });
    while (this.kept.size > this.maxEntries) this.kept.delete(this.kept.keys().next().value as string);
    return made;
  }
}

async function convert(url: string, width: number, height: number): Promise<Buffer | null> {
  try {
    const storage = getMediaStorage();
    const key = storage.keyOf(url);
    if (!key) return null;
    const source = await storage.read(key);
    return await sharp(source)
      .rotate()
      .resize({ width, height, fit: "cover" })
      .flatten({ background: "#ffffff" })
      .jpeg({ quality: PRINT_JPEG_QUALITY })
      .toBuffer();
  } catch {
    return null;
  }
}
