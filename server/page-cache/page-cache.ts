import type express from "express";
import type { CountedView } from "~/server/cache/page-cache-hints.server";
import { hasCookieNamed, isShareableResponse, pageCacheKey } from "./cache-rules";
import { byteLength, createGzipTemplate, gzipWithNonce, identityWithNonce } from "./gzip-template";
import { PageStore, sharedVersionReader, type CachedPage } from "./page-store";

type PageCacheOptions = {
  maxBytes: number;
  /** Pages show dates and view counts that move on without a content write. */
  maxAgeMs: number;
  readVersion: () => Promise<number>;
  /** Session cookie names: a request with one is checked before the cache answers. */
  sessionCookies: readonly string[];
  /** Whether the request's session cookie belongs to a live session (a database read). */
  isSignedIn: (req: express.Request) => Promise<boolean>;
  /** Counts a cached page's views again on a hit. */
  recordViews: (views: readonly CountedView[], req: express.Request) => Promise<void>;
};

/** What the cache said about a request: answer it, render and keep it, or render only. */
type PageLookup = { kind: "bypass" } | { kind: "hit"; entry: CachedPage } | { kind: "miss"; key: string; version: number };

const BYPASS: PageLookup = { kind: "bypass" };
/** Headers of the rendered answer that are not kept: set per response, or by us. */
const UNKEPT_HEADERS = new Set(["set-cookie", "content-length", "content-encoding", "transfer-encoding", "vary"]);

/**
 * The in-memory cache of the pages (documents and `.data`) that anonymous
 * visitors get, gzip bytes ready (ADR 003). Before answering it reads the
 * content version, so a write committed on any server is seen at the next request.
 */
export class PageCache {
  private readonly store: PageStore;
  private readonly currentVersion: () => Promise<number>;

  constructor(private readonly options: PageCacheOptions) {
    this.store = new PageStore(options.maxBytes, options.maxAgeMs);
    this.currentVersion = sharedVersionReader(options.readVersion);
  }

  async lookup(req: express.Request, res: express.Response, routeIds: ReadonlySet<string>): Promise<PageLookup> {
    const search = req.originalUrl.includes("?") ? req.originalUrl.slice(req.originalUrl.indexOf("?")) : "";
    const key = pageCacheKey({ method: req.method, path: req.path, decodedPath: (res.locals.decodedPath as string | undefined) ?? req.path, search }, routeIds);
    if (key === null) return BYPASS;
    // Staff never get or leave a shared page (drafts, previews). Only a live
    // session counts: a made-up cookie is checked (one read) and served as anonymous.
    if (hasCookieNamed(req.headers.cookie, this.options.sessionCookies) && (await this.options.isSignedIn(req))) return BYPASS;
    const version = await this.currentVersion();
    this.store.useVersion(version);
    const entry = this.store.get(key, version);
    if (entry) return { kind: "hit", entry };
    // A HEAD miss is rendered as a GET and kept: HEAD is no way around the cache.
    return { kind: "miss", key, version };
  }

  /** Keeps a rendered answer if it may be shared; returns the entry to answer from. */
  keep(lookup: PageLookup & { kind: "miss" }, response: Response, body: Buffer, nonce: string, views: readonly CountedView[]): CachedPage | null {
    if (!isShareableResponse(response)) return null;
    const headers: [string, string][] = [];
    response.headers.forEach((value, name) => {
      if (!UNKEPT_HEADERS.has(name)) headers.push([name, value]);
    });
    const template = createGzipTemplate(body, body.includes(nonce) ? nonce : null);
    const bytes = byteLength(template.pieces) + byteLength(template.deflated) + 512;
    const entry: CachedPage = { version: lookup.version, storedAt: Date.now(), status: response.status, headers, body: template, views: [...views], bytes };
    this.store.set(lookup.key, entry);
    return entry;
  }

  /** Answers from an entry with this response's own nonce; counts its views on a hit. */
  async send(req: express.Request, res: express.Response, entry: CachedPage, nonce: string, how: "hit" | "miss") {
    if (how === "hit" && entry.views.length > 0) {
      try {
        await this.options.recordViews(entry.views, req);
      } catch (error) {
        // The page is still worth answering; its loader would have failed, the visitor need not.
        req.log.error({ err: error }, "counting a view on a page cache hit failed");
      }
    }
    res.status(entry.status);
    for (const [name, value] of entry.headers) res.setHeader(name, value);
    res.vary("Accept-Encoding");
    res.setHeader("X-Page-Cache", how);
    const gzip = req.acceptsEncodings("gzip", "identity") === "gzip";
    const parts = gzip ? gzipWithNonce(entry.body, nonce) : identityWithNonce(entry.body, nonce);
    // Set before the first write, so `compression` leaves the bytes alone.
    if (gzip) res.setHeader("Content-Encoding", "gzip");
    res.setHeader("Content-Length", byteLength(parts));
    if (req.method === "HEAD") res.end();
    else res.end(parts.length === 1 ? parts[0] : Buffer.concat(parts));
  }
}
