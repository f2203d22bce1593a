import { createReadableStreamFromReadable, writeReadableStreamToWritable } from "@react-router/node";
import type express from "express";
import { createRequestHandler as createReactRouterHandler, type AppLoadContext, type ServerBuild } from "react-router";
import { bodyLimitOf, limitedBodyStream } from "./body-limit";

type HandlerOptions = {
  build: ServerBuild | (() => Promise<ServerBuild>);
  mode: "development" | "production";
  getLoadContext: (req: express.Request, res: express.Response) => AppLoadContext;
};

/**
 * React Router's Express adapter (@react-router/express), with one change:
 * the body React Router's actions read is the size-limited stream, so a
 * chunked body cannot grow past the limit set by `publicBodyLimit`.
 */
export function createRequestHandler({ build, mode, getLoadContext }: HandlerOptions): express.RequestHandler {
  const handleRequest = createReactRouterHandler(build, mode);
  return async (req, res, next) => {
    try {
      const request = toFetchRequest(req, res);
      const response = await handleRequest(request, getLoadContext(req, res));
      await sendResponse(res, response);
    } catch (error) {
      next(error);
    }
  };
}

function toFetchRequest(req: express.Request, res: express.Response): Request {
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
    init.body = createReadableStreamFromReadable(limit === null ? req : limitedBodyStream(req, res, limit));
    init.duplex = "half";
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
  if (response.body) {
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
