import type express from "express";
import { isApiPath, sendError } from "./http-errors";

/**
 * Refuses a path that does not decode (`/%ff`, overlong `/%c0%ae`) or that
 * decodes to control characters (a NUL cannot reach the database): 400.
 * Keeps the decoded path for the checks after it.
 */
export function rejectUndecodablePaths(): express.RequestHandler {
  return (req, res, next) => {
    let decoded: string;
    try {
      decoded = decodeURIComponent(req.path);
    } catch {
      sendError(req, res, 400, "Bad request: the address is not valid UTF-8.");
      return;
    }
    // eslint-disable-next-line no-control-regex
    if (/[\u0000-\u001f\u007f]/.test(decoded)) {
      sendError(req, res, 400, "Bad request: the address contains control characters.");
      return;
    }
    res.locals.decodedPath = decoded;
    next();
  };
}

/** Pages are read, and their forms posted: only POST runs a form action. */
const PAGE_METHODS = ["GET", "HEAD", "POST"] as const;
/** The API's resource routes answer the methods each documents; anything else gets their 405. */
const API_METHODS = new Set(["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE"]);

/**
 * 405 for methods nothing here serves (TRACE, CONNECT, PROPFIND, OPTIONS ...),
 * and for anything but GET, HEAD and POST on pages, before any route code runs.
 */
export function allowOnlyServedMethods(): express.RequestHandler {
  return (req, res, next) => {
    const api = isApiPath((res.locals.decodedPath as string | undefined) ?? req.path);
    const allowed = api ? API_METHODS.has(req.method) : (PAGE_METHODS as readonly string[]).includes(req.method);
    if (allowed) return next();
    res.set("Allow", api ? [...API_METHODS].join(", ") : PAGE_METHODS.join(", "));
    sendError(req, res, 405, "Method not allowed.");
  };
}

/** `/admin`, `/admin/…` and `/admin.data` in any letter case or percent-encoding (judged on the decoded path). */
const ADMIN_PREFIX = /^\/admin(?=$|[/.])/i;

/**
 * The back office has one address: `/Admin/users`, `/ADMIN` or `/%61dmin` are
 * redirected to the lower-case `/admin…` before anything else looks at them, so
 * every later check (no-store, noindex, the page cache, body limits, the
 * cross-site guard) sees the one canonical path. 308 keeps the method and body.
 */
export function canonicalAdminPath(): express.RequestHandler {
  return (req, res, next) => {
    const decoded = (res.locals.decodedPath as string | undefined) ?? req.path;
    if (!ADMIN_PREFIX.test(decoded) || req.path.startsWith("/admin")) return next();
    const rest = decoded.slice("/admin".length).split("/").map(encodeURIComponent).join("/");
    const query = req.originalUrl.includes("?") ? req.originalUrl.slice(req.originalUrl.indexOf("?")) : "";
    res.set("Cache-Control", "no-store").redirect(308, `/admin${rest}${query}`);
  };
}

const FORM_TYPES = ["application/x-www-form-urlencoded", "multipart/form-data"];

/** The back office's paths (canonical by now: `canonicalAdminPath` ran first). */
export const isAdminPath = (decodedPath: string) => /^\/admin(?=$|[/.])/.test(decodedPath);

/**
 * Why a back-office POST body cannot be read as the form its action reads, or
 * null when it can. Every action under /admin (the sign-in, the two-step and
 * set-password pages, every back-office form, the presence and reply-sent
 * posts) reads a form, and `request.formData()` throws on a `text/plain`,
 * JSON or broken multipart body: that was a 500 with a stack trace in the log
 * per request (issue 44 finding 9). The public pages' forms read any body
 * themselves (`readBody`, a 400 when it makes no sense) and the API reads
 * JSON, so neither is judged here. A POST without a body (sign-out) passes.
 */
export async function unreadableFormBody(contentType: string | undefined, body: Buffer): Promise<{ status: 400 | 415; message: string } | null> {
  const type = (contentType ?? "").split(";", 1)[0]!.trim().toLowerCase();
  if (!type) return body.length === 0 ? null : { status: 415, message: "Send this form as application/x-www-form-urlencoded or multipart/form-data." };
  if (!FORM_TYPES.includes(type)) return { status: 415, message: "Send this form as application/x-www-form-urlencoded or multipart/form-data." };
  if (type === "multipart/form-data") {
    try {
      await new Response(new Uint8Array(body), { headers: { "Content-Type": contentType! } }).formData();
    } catch {
      return { status: 400, message: "Bad request: the form could not be read." };
    }
  }
  return null;
}
