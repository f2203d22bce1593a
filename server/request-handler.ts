import { createReadableStreamFromReadable, writeReadableStreamToWritable } from "@react-router/node";
import type express from "express";
import { createRequestHandler as createReactRouterHandler, type AppLoadContext, type ServerBuild } from "react-router";
import { bodyLimitOf, readCappedBody } from "./body-limit";

type HandlerOptions = {
  build: ServerBuild | (() => Promise<ServerBuild>);
  mode: "development" | "production";
  getLoadContext: (req: express.Request, res: express.Response) => AppLoadContext;
};

/**
 * React Router's Express adapter (@react-router/express), with two changes:
 * - a capped body (see `publicBodyLimit`) is read here, counted as it arrives,
 *   and handed to the action as bytes: over the cap the answer is 413 before
 *   any route code runs, and no Web stream is built for a few hundred bytes;
 * - a response is sent as one buffer with its length (pages are rendered whole
 *   anyway, ADR 018), so `compression` skips small answers instead of starting
 *   a zlib stream for each.
 */
export function createRequestHandler({ build, mode, getLoadContext }: HandlerOptions): express.RequestHandler {
  const handleRequest = createReactRouterHandler(build, mode);
  return async (req, res, next) => {
    try {
      const request = await toFetchRequest(req, res);
      if (!request) return; // answered already: 413, or the client left mid-body
      const response = await handleRequest(request, getLoadContext(req, res));
      await sendResponse(res, response);
    } catch (error) {
      next(error);
    }
  };
}

async function toFetchRequest(req: express.Request, res: express.Response): Promise<Request | null> {
  const [, hostPortText] = req.get("host")?.split(":") ?? [];
  const hostPort = Number.parseInt(hostPortText ?? "", 10);
  const hostname = req.hostname.split(/[\\/?#@]/)[0] || "localhost";
  const url = new URL(`${req.protocol}://${hostname}${Number.isSafeInteger(hostPort) ? `:${hostPort}` : ""}${req.originalUrl}`);

  let controller: AbortController | null = new AbortController();
  const init: RequestInit & { duplex?: "half" } = {
    method: req.method,
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
  for (const [key, value] of response.headers.entries()) res.append(key, value);
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
