import type express from "express";
import { currentContentVersion } from "~/server/cache/content-version.server";
import { brochureEtag, brochureHeaders, brochureVersion, type BrochureService } from "~/server/brochure/brochure.server";
import type { RenderedBrochure } from "~/server/brochure/brochure-cache.server";
import { isTrackingParam } from "./page-cache/cache-rules";
import { sharedVersionReader } from "./page-cache/page-store";

const BROCHURE_PATH = /^\/packages\/([^/]+)\/brochure\.pdf$/;

type HitAnswer = { id: string; etag: string; ok: Record<string, string>; notModified: Record<string, string> };

/**
 * Answers a kept brochure early (ADR 042, ADR 048), as the page cache answers
 * pages: the content version read the page cache's way (`sharedVersionReader`:
 * a read that starts after the request came, so a write committed on any
 * server is seen), then a map lookup: no package read, no React Router.
 * Mounted right after the security headers and before compression (a PDF is
 * not compressed), the access log and the rest of the middleware, so a
 * download costs about what the same bytes cost from a bare Node server.
 * Anything else (a miss, a preview, a draft, any query but tracking tags)
 * goes on to the route, which renders, keeps and answers with the same headers.
 */
export function brochureHits(
  brochures: BrochureService,
  readVersion: () => Promise<number> = sharedVersionReader(currentContentVersion),
): express.RequestHandler {
  // The answer's headers, made once per kept brochure (each is kept under one version).
  const answers = new WeakMap<RenderedBrochure, HitAnswer>();
  const answerOf = (brochure: RenderedBrochure, slug: string, id: string): HitAnswer => {
    const made = answers.get(brochure);
    if (made && made.id === id) return made;
    const etag = brochureEtag(slug, id);
    const notModified = brochureHeaders(brochure, "hit", etag);
    const answer = { id, etag, notModified, ok: { ...notModified, "Content-Length": String(brochure.pdf.length) } };
    answers.set(brochure, answer);
    return answer;
  };

  return (req, res, next) => {
    if (req.method !== "GET" && req.method !== "HEAD") return next();
    const match = BROCHURE_PATH.exec(req.path);
    if (!match) return next();
    if (req.url.includes("?") && Object.keys(req.query).some((name) => !isTrackingParam(name))) return next();
    let slug: string;
    try {
      slug = decodeURIComponent(match[1]!);
    } catch {
      return next();
    }
    readVersion().then(
      (version) => {
        const id = brochureVersion(version);
        const brochure = brochures.cache.peek(slug, id);
        if (!brochure) return next();
        const answer = answerOf(brochure, slug, id);
        if (req.headers["if-none-match"] === answer.etag) {
          res.writeHead(304, answer.notModified);
          res.end();
        } else {
          res.writeHead(200, answer.ok);
          if (req.method === "HEAD") res.end();
          else res.end(brochure.pdf);
        }
        // A failed read: the route reads again, and answers and logs its failure as any route does.
      },
      () => next(),
    );
  };
}
