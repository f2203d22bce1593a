import path from "node:path";

/**
 * What a stored media file is served as, whichever store holds it (local
 * disk, an S3 bucket or a CDN in front of one; ADR 053). Express's `send`
 * predates AVIF and would say application/octet-stream.
 */
const CONTENT_TYPES: Record<string, string> = {
  ".avif": "image/avif",
  ".webp": "image/webp",
  ".jpg": "image/jpeg",
  ".jpeg": "image/jpeg",
  ".png": "image/png",
  ".gif": "image/gif",
  ".pdf": "application/pdf",
};

export function mediaContentType(key: string): string {
  return CONTENT_TYPES[path.extname(key).toLowerCase()] ?? "application/octet-stream";
}

/**
 * Names the pipeline gives files carry a hash of their bytes
 * ("bali-3f2a9c01de-800.avif", the portrait cut "bali-3f2a9c01de-p450.avif",
 * "brochures/kerala-1a2b3c4d5e.pdf"): such a name never names other bytes, so
 * it is cached for a year, immutable.
 */
const HASHED_NAME = /-[0-9a-f]{10}(?:-p?\d+)?\.[a-z0-9]+$/;

function isHashedMediaKey(key: string): boolean {
  return HASHED_NAME.test(key);
}

const IMMUTABLE_CACHE_CONTROL = "public, max-age=31536000, immutable";
/** Anything else (a file named by hand): a day, then asked again. */
const SHORT_CACHE_CONTROL = "public, max-age=86400";

export function mediaCacheControl(key: string): string {
  return isHashedMediaKey(key) ? IMMUTABLE_CACHE_CONTROL : SHORT_CACHE_CONTROL;
}

/**
 * Every header a stored file is answered with, besides its length: its type,
 * its caching, and for a PDF (an uploaded brochure) a download that, should a
 * browser render it anyway, runs sandboxed (ADR 035). `nosniff` too: a file
 * is only ever what its name says.
 */
export function mediaHeaders(key: string): Record<string, string> {
  const headers: Record<string, string> = {
    "Content-Type": mediaContentType(key),
    "Cache-Control": mediaCacheControl(key),
    "X-Content-Type-Options": "nosniff",
  };
  if (key.toLowerCase().endsWith(".pdf")) {
    headers["Content-Disposition"] = mediaContentDisposition(key);
    headers["Content-Security-Policy"] = "sandbox; default-src 'none'; style-src 'unsafe-inline'; img-src data:";
  }
  return headers;
}

export function mediaContentDisposition(key: string): string {
  return `attachment; filename="${path.basename(key).replace(/[^\w.-]/g, "_")}"`;
}
