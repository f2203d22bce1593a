import { Transform, type Readable } from "node:stream";
import type express from "express";
import { jsonErrorBody } from "./http-errors";

/** Public JSON and form bodies: an enquiry is a few hundred bytes, so 64 KiB is ample. */
export const PUBLIC_BODY_LIMIT_BYTES = 64 * 1024;

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
export const BODY_LIMIT_EXEMPT_PREFIXES: readonly string[] = ["/api/uploads"];

const METHODS_WITHOUT_BODY = new Set(["GET", "HEAD"]);

function isExempt(path: string) {
  return BODY_LIMIT_EXEMPT_PREFIXES.some((prefix) => path === prefix || path.startsWith(`${prefix}/`));
}

/** The body limit of this request, or null when it has none (no body, or an exempt route). */
export function bodyLimitOf(res: express.Response): number | null {
  return (res.locals.bodyLimit as number | undefined) ?? null;
}

/**
 * Caps request bodies before anything reads them. A declared Content-Length
 * over the cap is answered 413 at once; a chunked body is counted as it streams
 * (see `limitedBodyStream`), so nothing ever buffers more than the cap.
 */
export function publicBodyLimit(limit = PUBLIC_BODY_LIMIT_BYTES): express.RequestHandler {
  return (req, res, next) => {
    if (METHODS_WITHOUT_BODY.has(req.method) || isExempt(req.path)) return next();
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
  res
    .status(413)
    .json(jsonErrorBody(`The request body is too large: send at most ${Math.floor(limit / 1024)} KiB.`));
  if (discard) req.resume();
}

/** The request's body as a stream that fails (after answering 413) once it passes the limit. */
export function limitedBodyStream(req: express.Request, res: express.Response, limit: number): Readable {
  let received = 0;
  const counter = new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      received += chunk.length;
      if (received <= limit) {
        callback(null, chunk);
        return;
      }
      // Answer first, then stop reading: the action sees a failed body and stores nothing.
      req.unpipe(counter);
      req.pause();
      sendTooLarge(req, res, limit);
      callback(new Error("request body over the limit"));
    },
  });
  req.on("error", (error) => counter.destroy(error));
  return req.pipe(counter);
}
