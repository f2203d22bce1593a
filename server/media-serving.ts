import path from "node:path";
import { pipeline } from "node:stream/promises";
import express from "express";
import { mediaCacheControl, mediaHeaders } from "~/server/media/media-headers.server";
import type { S3MediaStorage } from "~/server/media/s3-storage.server";
import { LocalDiskStorage, type MediaStorage } from "~/server/media/storage.server";

/**
 * GET /media/<key> for whichever store holds media (ADR 053): files under
 * MEDIA_DIR (express.static), objects of an S3 bucket streamed through, or,
 * with MEDIA_PUBLIC_URL, a permanent redirect to the CDN. Every answer says
 * what the file is (AVIF as image/avif), nosniff, and caches a content-hashed
 * name for a year, immutable. Unknown keys fall through (the app's 404 page).
 */
export function serveMedia(storage: MediaStorage, mediaDir: string): express.RequestHandler {
  if (isBucket(storage)) return serveFromBucket(storage);
  const directory = storage instanceof LocalDiskStorage ? storage.directory : mediaDir;
  return express.static(directory, {
    index: false,
    dotfiles: "ignore",
    setHeaders(res, file) {
      const key = path.relative(directory, file).split(path.sep).join("/");
      for (const [name, value] of Object.entries(mediaHeaders(key))) res.setHeader(name, value);
    },
  });
}

function serveFromBucket(storage: S3MediaStorage): express.RequestHandler {
  return (req, res, next) => {
    if (req.method !== "GET" && req.method !== "HEAD") return next();
    let key: string;
    try {
      key = decodeURIComponent(req.path.slice(1));
    } catch {
      return next();
    }
    const publicUrl = storage.publicUrlOf(key);
    if (publicUrl) {
      // The CDN serves the bytes; the redirect itself is cached like the file.
      res.setHeader("Cache-Control", mediaCacheControl(key));
      return res.redirect(301, publicUrl);
    }
    void (async () => {
      const object = await storage.open(key, req.get("if-none-match") ?? undefined);
      if (!object) return next();
      for (const [name, value] of Object.entries(mediaHeaders(key))) res.setHeader(name, value);
      if (object.etag) res.setHeader("ETag", object.etag);
      if (object.status === 304) return void res.status(304).end();
      if (object.lastModified) res.setHeader("Last-Modified", object.lastModified.toUTCString());
      if (object.bytes !== undefined) res.setHeader("Content-Length", String(object.bytes));
      if (req.method === "HEAD") {
        object.body.destroy();
        return void res.end();
      }
      await pipeline(object.body, res);
    })().catch((error: unknown) => {
      if (res.headersSent) res.destroy(error as Error);
      else next(error);
    });
  };
}

/** The origin CSP's img-src must allow when media comes from a CDN (a redirect is checked too). */
export function mediaOrigin(storage: MediaStorage): string | null {
  return isBucket(storage) && storage.publicUrl ? new URL(storage.publicUrl).origin : null;
}

/** Told apart by shape, not class: the S3 module (and the AWS SDK) is loaded only when media is on S3. */
function isBucket(storage: MediaStorage): storage is S3MediaStorage {
  return typeof (storage as Partial<S3MediaStorage>).open === "function" && typeof (storage as Partial<S3MediaStorage>).publicUrlOf === "function";
}
