import type express from "express";
import { jsonErrorBody } from "./http-errors";

/** Public JSON and form bodies: an enquiry is a few hundred bytes, so 64 KiB is ample. */
export const PUBLIC_BODY_LIMIT_BYTES = 64 * 1024;

/**
 * Staff writes (the back office's forms under /admin and the content API) carry
 * whole packages and blog posts, which can pass 64 KiB; they get a larger cap.
 * Anonymous callers of these routes are refused by the guard all the same.
 */
export const STAFF_BODY_LIMIT_BYTES = 2 * 1024 * 1024;
const STAFF_PREFIXES: readonly string[] = ["/admin", "/api/packages", "/api/blogs"];

/**
 * Bodies of this size or less are read and thrown away after a 413, so the
 * client reliably gets the answer on a kept-alive connection; larger ones get
 * the connection closed instead of being read.
 */
const DISCARD_AT_MOST_BYTES = 16 * 1024 * 1024;

/**
 * Routes with their own, larger limit. The admin upload route (tus, under
 * /api/uploads) enforces its own size per upload: add its prefix here (or
 * mount it before `publicBodyLimit`) and give it its limit there.
 */
const BODY_LIMIT_EXEMPT_PREFIXES: readonly string[] = ["/api/uploads"];

const METHODS_WITHOUT_BODY = new Set(["GET", "HEAD"]);

const underPrefix = (path: string, prefix: string) => path === prefix || path.startsWith(`${prefix}/`) || path.startsWith(`${prefix}.`);

/**
 * The review form (ADR 118) carries up to 3 photos: its action caps the body
 * itself (REVIEW_POST_MAX_BYTES, by the declared length and as it streams) once the link is
 * known to be live, so a wrong token never has a byte read. Only the plain
 * spelling is exempt (no dots, no escapes), so no other route can be reached
 * through it without the public cap.
 */
const REVIEW_FORM_PATH = /^\/review\/[A-Za-z0-9_-]{1,128}(\.data)?$/;

export function isExempt(path: string) {
  return BODY_LIMIT_EXEMPT_PREFIXES.some((prefix) => underPrefix(path, prefix)) || REVIEW_FORM_PATH.test(path);
}

/** The cap for a path: public forms get `publicLimit`, staff routes the larger staff cap. */
export function bodyLimitForPath(path: string, publicLimit = PUBLIC_BODY_LIMIT_BYTES): number {
  const lower = path.toLowerCase();
  return STAFF_PREFIXES.some((prefix) => underPrefix(lower, prefix)) ? Math.max(publicLimit, STAFF_BODY_LIMIT_BYTES) : publicLimit;
}

/** The body limit of this request, or null when it has none (no body, or an exempt route). */
export function bodyLimitOf(res: express.Response): number | null {
  return (res.locals.bodyLimit as number | undefined) ?? null;
}

/**
 * Caps request bodies before anything reads them. A declared Content-Length
 * over the cap is answered 413 at once; a chunked body is counted as it streams
 * (see `readCappedBody`), so nothing ever buffers more than the cap.
 */
export function publicBodyLimit(publicLimit = PUBLIC_BODY_LIMIT_BYTES): express.RequestHandler {
  return (req, res, next) => {
    if (METHODS_WITHOUT_BODY.has(req.method) || isExempt(req.path)) return next();
    const limit = bodyLimitForPath(req.path, publicLimit);
    const declared = Number(req.get("content-length") ?? "");
    if (Number.isFinite(declared) && declared > limit) {
      sendTooLarge(req, res, limit, declared);
      return;
    }
    res.locals.bodyLimit = limit;
    next();
  };
}

function sendTooLarge(req: express.Request, res: express.Response, limit: number, declared?: number) {
  if (res.headersSent) return;
  const discard = declared !== undefined && declared <= DISCARD_AT_MOST_BYTES;
  if (!discard) res.set("Connection", "close");
  res.status(413).json(jsonErrorBody(`The request body is too large: send at most ${Math.floor(limit / 1024)} KiB.`));
  if (discard) req.resume();
}

/**
 * Reads a capped body into memory (at most `limit` bytes, so a few KiB per
 * enquiry), counting as it streams: past the limit it answers 413, stops
 * reading and resolves null. Also null when the client goes away mid-body.
 */
export function readCappedBody(req: express.Request, res: express.Response, limit: number): Promise<Buffer | null> {
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    let received = 0;
    const finish = (body: Buffer | null) => {
      req.off("data", onData);
      req.off("end", onEnd);
      req.off("error", onFail);
      req.off("close", onClose);
      resolve(body);
    };
    const onData = (chunk: Buffer) => {
      received += chunk.length;
      if (received <= limit) {
        chunks.push(chunk);
        return;
      }
      req.pause();
      sendTooLarge(req, res, limit);
      finish(null);
    };
    const onEnd = () => finish(Buffer.concat(chunks, received));
    const onFail = () => finish(null);
    const onClose = () => {
      if (!req.complete) finish(null);
    };
    req.on("data", onData);
    req.on("end", onEnd);
    req.on("error", onFail);
    req.on("close", onClose);
  });
}
