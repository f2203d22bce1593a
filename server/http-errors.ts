import type express from "express";

/** The API's one error shape (see app/server/http.server.ts): `{ error, fields? }`. */
export function jsonErrorBody(error: string, fields?: Record<string, string>) {
  return { error, ...(fields ? { fields } : {}) };
}

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);

/** Is this an API request? Judged on the decoded path, so /%61pi/... is one too. */
export function isApiPath(path: string) {
  return path === "/api" || path.startsWith("/api/");
}

/**
 * An error answer written by Express itself (before React Router runs): the
 * JSON error shape under /api, a small readable page elsewhere.
 */
export function sendError(req: express.Request, res: express.Response, status: number, message: string) {
  res.status(status).set("Cache-Control", "no-store");
  const path = (res.locals.decodedPath as string | undefined) ?? req.path;
  if (isApiPath(path) || !req.accepts("html")) {
    res.json(jsonErrorBody(message));
    return;
  }
  res
    .type("html")
    .send(
      `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${status} | Pravas</title></head>` +
        `<body style="font-family:system-ui,sans-serif;max-width:36rem;margin:4rem auto;padding:0 1rem;line-height:1.6">` +
        `<h1>${escapeHtml(message)}</h1><p><a href="/">Go to the home page</a></p></body></html>`,
    );
}
