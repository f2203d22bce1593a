import { Writable } from "node:stream";
import { renderToPipeableStream } from "react-dom/server";
import type { AppLoadContext, EntryContext, HandleErrorFunction } from "react-router";
import { isRouteErrorResponse, ServerRouter } from "react-router";
import { getEnv } from "~/server/env.server";
import { optimiseHead } from "~/server/html/head-order.server";
import { redactUrlForLog } from "~/server/http/redact-url.server";
import { getLogger } from "~/server/logger.server";

const pathAndQuery = (url: string) => {
  const { pathname, search } = new URL(url);
  return pathname + search;
};

/** The back office (/admin and below): never cached or indexed, hydrated at once. */
function isAdminPath(url: string): boolean {
  const { pathname } = new URL(url);
  return pathname === "/admin" || pathname.startsWith("/admin/");
}

/** Client navigations in the back office fetch `/admin/….data`: never cached either. */
export function handleDataRequest(response: Response, { request }: { request: Request }) {
  if (isAdminPath(request.url)) {
    response.headers.set("Cache-Control", "no-store");
    response.headers.set("X-Robots-Tag", "noindex");
  }
  return response;
}

export const streamTimeout = 5_000;

/**
 * React Router's hook for errors thrown by loaders, actions and rendering: each
 * is logged once, through pino. Aborted requests (the visitor left) and
 * thrown responses (404s and the like) are not errors.
 */
export const handleError: HandleErrorFunction = (error, { request }) => {
  if (request.signal.aborted || isRouteErrorResponse(error) || error instanceof Response) return;
  getLogger().error({ err: error, method: request.method, url: redactUrlForLog(pathAndQuery(request.url)) }, "request failed");
};

/**
 * Renders the whole document before sending it (no streaming): pages have no
 * deferred data, and complete HTML is what crawlers and a zero layout shift need.
 */
export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext: AppLoadContext,
) {
  const admin = isAdminPath(request.url);
  if (admin) {
    responseHeaders.set("Cache-Control", "no-store");
    responseHeaders.set("X-Robots-Tag", "noindex");
  }
  if (request.method.toUpperCase() === "HEAD") {
    return new Response(null, { status: responseStatusCode, headers: responseHeaders });
  }
  const nonce = loadContext.nonce;

  return new Promise<Response>((resolve, reject) => {
    let timeoutId: ReturnType<typeof setTimeout> | undefined = setTimeout(() => abort(), streamTimeout + 1000);
    const { pipe, abort } = renderToPipeableStream(<ServerRouter context={routerContext} url={request.url} nonce={nonce} />, {
      nonce,
      onAllReady() {
        // The whole document is buffered (it is complete anyway) so the head
        // can be reordered: stylesheets before script hints.
        const chunks: Buffer[] = [];
        const sink = new Writable({
          write(chunk: Buffer, _encoding, callback) {
            chunks.push(chunk);
            callback();
          },
          final(callback) {
            clearTimeout(timeoutId);
            timeoutId = undefined;
            responseHeaders.set("Content-Type", "text/html; charset=utf-8");
            // Pages read the database on every request, so an admin's change shows at the
            // next request; browsers revalidate rather than reuse a stale copy.
            if (!responseHeaders.has("Cache-Control")) responseHeaders.set("Cache-Control", "no-cache");
            // Admin pages are a tool, not a landing page: they hydrate at once
            // (React Router's own bootstrap) instead of after load and paint.
            const rendered = Buffer.concat(chunks).toString("utf8");
            const html = admin || !getEnv().PERF_HEAD_ORDER ? rendered : optimiseHead(rendered);
            resolve(new Response(html, { headers: responseHeaders, status: responseStatusCode }));
            callback();
          },
        });
        pipe(sink);
      },
      onShellError(error: unknown) {
        reject(error);
      },
      onError(error: unknown) {
        responseStatusCode = 500;
        getLogger().error({ err: error, url: redactUrlForLog(pathAndQuery(request.url)) }, "page render failed");
      },
    });
  });
}
