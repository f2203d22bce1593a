import { createReadableStreamFromReadable, writeReadableStreamToWritable } from "@react-router/node";
import type express from "express";
import { createRequestHandler as createReactRouterHandler, type AppLoadContext, type ServerBuild } from "react-router";
import { bodyLimitOf, readCappedBody } from "./body-limit";
import { isShareableResponse } from "./page-cache/cache-rules";
import type { PageCache } from "./page-cache/page-cache";
import type { RenderLimit } from "./page-cache/render-limit";
import { sendError } from "./http-errors";
import { isAdminPath, unreadableFormBody } from "./request-guards";

type HandlerOptions = {
  build: ServerBuild | (() => Promise<ServerBuild>);
  mode: "development" | "production";
  getLoadContext: (req: express.Request, res: express.Response) => AppLoadContext;
  /** Answers anonymous page requests from memory (ADR 003); production only. */
  pageCache?: PageCache;
  /** Caps page renders per client (what the page cache did not answer). */
  renderLimit?: RenderLimit;
};

/**
 * React Router's Express adapter (@react-router/express), with two changes:
 * - a capped body (see `publicBodyLimit`) is read here, counted as it arrives,
 *   and handed to the action as bytes: over the cap the answer is 413 before
 *   any route code runs, and no Web stream is built for a few hundred bytes;
 * - a response is sent as one buffer with its length (pages are rendered whole
 *   anyway, ADR 018), so `compression` skips small answers instead of starting
 *   a zlib stream for each;
 * - the page cache answers what it can before React Router runs, and keeps
 *   what anonymous visitors were given;
 * - a back-office POST that is not a readable form is refused (415/400) before
 *   its action would fail on it.
 */
export function createRequestHandler({ build, mode, getLoadContext, pageCache, renderLimit }: HandlerOptions): express.RequestHandler {
  const handleRequest = createReactRouterHandler(build, mode);
  let routeIds: Set<string> | null = null;
  return async (req, res, next) => {
    try {
      routeIds ??= new Set(Object.keys((typeof build === "function" ? await build() : build).routes));
      const lookup = pageCache ? await pageCache.lookup(req, res, routeIds) : null;
      const context = getLoadContext(req, res);
      if (pageCache && lookup?.kind === "hit") {
        await pageCache.send(req, res, lookup.entry, context.nonce, "hit");
        return;
      }
      if (lookup?.kind !== "hit" && renderLimit && !(await renderLimit.admit(req, res))) return;
      // A miss is rendered as the page it is kept under: a HEAD as the GET it
      // stands for, tracking tags (utm_*, gclid…) left out of the address.
      const request = await toFetchRequest(req, res, lookup?.kind === "miss" ? lookup.key : undefined);
      if (!request) return; // answered already: 413, or the client left mid-body
      const response = await handleRequest(request, context);
      if (pageCache && lookup?.kind === "miss" && !res.headersSent && isShareableResponse(response)) {
        const body = Buffer.from(await response.arrayBuffer());
        const entry = pageCache.keep(lookup, response, body, context.nonce, context.pageCache.views);
        if (entry) await pageCache.send(req, res, entry, context.nonce, "miss");
        else await sendResponse(res, new Response(body, response));
        return;
      }
      await sendResponse(res, response);
    } catch (error) {
      next(error);
    }
  };
}

async function toFetchRequest(req: express.Request, res: express.Response, cacheKey?: string): Promise<Request | null> {
  const [, hostPortText] = req.get("host")?.split(":") ?? [];
  const hostPort = Number.parseInt(hostPortText ?? "", 10);
  const hostname = req.hostname.split(/[\\/?#@]/)[0] || "localhost";
  const url = new URL(`${req.protocol}://${hostname}${Number.isSafeInteger(hostPort) ? `:${hostPort}` : ""}${cacheKey ?? req.originalUrl}`);

  let controller: AbortController | null = new AbortController();
  const init: RequestInit & { duplex?: "half" } = {
    method: cacheKey !== undefined ? "GET" : req.method,
    headers: toHeaders(req.headers),
    signal: controller.signal,
  };
  res.on("finish", () => (controller = null));
  res.on("close", () => controller?.abort());
  if (req.method !== "GET" && req.method !== "HEAD") {
    const limit = bodyLimitOf(res);
    if (limit === null) {
      init.body = createReadableStreamFromReadable(req);
      init.duplex = "half";
    } else {
      const body = await readCappedBody(req, res, limit);
      if (!body) return null;
      // A back-office action reads a form: anything else is a 415 (or 400) here, never a 500 there.
      const problem = isAdminPath((res.locals.decodedPath as string | undefined) ?? req.path) ? await unreadableFormBody(req.get("content-type"), body) : null;
      if (problem) {
        sendError(req, res, problem.status, problem.message);
        return null;
      }
      init.body = new Uint8Array(body.buffer, body.byteOffset, body.length) as Uint8Array<ArrayBuffer>;
    }
  }
  return new Request(url.href, init);
}

function toHeaders(requestHeaders: express.Request["headers"]): Headers {
  const headers = new Headers();
  for (const [key, values] of Object.entries(requestHeaders)) {
    if (!values) continue;
    if (Array.isArray(values)) for (const value of values) headers.append(key, value);
    else headers.set(key, values);
  }
  return headers;
}

async function sendResponse(res: express.Response, response: Response) {
  // Already answered (a 413 while the body streamed, or the client left).
  if (res.headersSent || res.destroyed || res.writableEnded) {
    await response.body?.cancel();
    return;
  }
  res.statusMessage = response.statusText;
  res.status(response.status);
  // The route's own value wins over a default set earlier (helmet's CSP or
  // nosniff): appending would send the header twice.
  for (const [key, value] of response.headers.entries()) {
    if (key === "set-cookie") continue;
    res.setHeader(key, value);
  }
  for (const cookie of response.headers.getSetCookie()) res.append("Set-Cookie", cookie);
  if (response.body && !/text\/event-stream/i.test(response.headers.get("content-type") ?? "")) {
    const body = Buffer.from(await response.arrayBuffer());
    res.setHeader("Content-Length", body.length);
    res.end(body);
    return;
  }
  if (response.body) {
    res.flushHeaders();
    try {
      await writeReadableStreamToWritable(response.body, res);
    } catch (error) {
      if (res.destroyed || res.writableEnded) return;
      throw error;
    }
  } else {
    res.end();
  }
}
