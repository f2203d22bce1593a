import type express from "express";
import { brochureEtag, brochureHeaders, currentBrochureVersion, type BrochureService } from "~/server/brochure/brochure.server";
import { isTrackingParam } from "./page-cache/cache-rules";

const BROCHURE_PATH = /^\/packages\/([^/]+)\/brochure\.pdf$/;

/**
 * Answers a kept brochure before routing (ADR 042), as the page cache answers
 * pages: one version read, no package read, no React Router. Anything else
 * (a miss, a preview, any query but tracking tags) goes on to the route,
 * which renders, keeps and answers with the same headers.
 */
export function brochureHits(brochures: BrochureService): express.RequestHandler {
  return (req, res, next) => {
    if (req.method !== "GET" && req.method !== "HEAD") return next();
    const match = BROCHURE_PATH.exec(req.path);
    if (!match) return next();
    if (Object.keys(req.query).some((name) => !isTrackingParam(name))) return next();
    let slug: string;
    try {
      slug = decodeURIComponent(match[1]!);
    } catch {
      return next();
    }
    currentBrochureVersion().then((id) => {
      const brochure = brochures.cache.peek(slug, id);
      if (!brochure) return next();
      const etag = brochureEtag(slug, id);
      res.set(brochureHeaders(brochure, "hit", etag));
      if (req.get("if-none-match") === etag) return void res.status(304).end();
      res.status(200).set("Content-Length", String(brochure.pdf.length));
      if (req.method === "HEAD") res.end();
      else res.end(brochure.pdf);
    }, next);
  };
}
