import type { NextFunction, Request, Response } from "express";
import { getEnv } from "~/server/env.server";
import { getLogger } from "~/server/logger.server";

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);
const SESSION_COOKIE_NAMES = new Set(["pravas_session", "__Secure-pravas_session"]);

/**
 * Refuses cross-site state-changing requests (ADR 022): every POST, PUT, PATCH
 * or DELETE that carries the session cookie, and the sign-in POST itself, must
 * come from SITE_URL's origin. The Origin header decides; without one (or
 * "null"), Sec-Fetch-Site must say same-origin. A request with neither header
 * is not from a browser, so it cannot be a forged cross-site one, and passes.
 */
export function crossSiteGuard(siteUrl: string = getEnv().SITE_URL) {
  const allowedOrigin = new URL(siteUrl).origin;
  return (req: Request, res: Response, next: NextFunction) => {
    if (SAFE_METHODS.has(req.method)) return next();
    const isSignIn = SIGN_IN_PATHS.has(normalisedPath(req.path));
    if (!isSignIn && !carriesSessionCookie(req.headers.cookie)) return next();
    if (isSameOrigin(req.get("origin"), req.get("sec-fetch-site"), allowedOrigin)) return next();
    // Not req.log: its bindings would write the cookie header to the log.
    getLogger().warn({ method: req.method, path: req.path, origin: req.get("origin"), secFetchSite: req.get("sec-fetch-site") }, "cross-site request refused");
    res.status(403).set("Cache-Control", "no-store").json({ error: "Cross-site request refused." });
  };
}

export function isSameOrigin(origin: string | undefined, secFetchSite: string | undefined, allowedOrigin: string): boolean {
  if (origin && origin !== "null") return origin === allowedOrigin;
  if (secFetchSite) return secFetchSite === "same-origin";
  return origin === undefined;
}

const SIGN_IN_PATHS = new Set(["/admin", "/admin.data", "/admin/two-factor", "/admin/two-factor.data"]);

/** Decoded, lower-cased, without trailing slashes: `/%61dmin/` is the sign-in page too. */
function normalisedPath(rawPath: string): string {
  let decoded = rawPath;
  try {
    decoded = decodeURIComponent(rawPath);
  } catch {
    // Undecodable paths were answered 400 earlier (request-guards.ts).
  }
  return decoded.toLowerCase().replace(/\/+$/, "") || "/";
}

function carriesSessionCookie(header: string | undefined): boolean {
  if (!header) return false;
  return header.split(";").some((part) => SESSION_COOKIE_NAMES.has(part.split("=", 1)[0]!.trim()));
}
