import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import compression from "compression";
import express from "express";
import expressStaticGzip from "express-static-gzip";
import helmet from "helmet";
import type { Logger } from "pino";
import { pinoHttp } from "pino-http";
import type { ServerBuild } from "react-router";
import type { ViteDevServer } from "vite";
import { SESSION_COOKIE } from "~/server/auth/auth.server";
import { getViewer } from "~/server/auth/guard.server";
import { BrochureService } from "~/server/brochure/brochure.server";
import { currentContentVersion } from "~/server/cache/content-version.server";
import { recordCachedViews, type PageCacheHints } from "~/server/cache/page-cache-hints.server";
import type { TrustProxy } from "~/server/env.server";
import { redactUrlForLog } from "~/server/http/redact-url.server";
import type { S3Settings } from "~/server/media/s3-storage.server";
import { LocalDiskStorage, setMediaStorage, type MediaStorage } from "~/server/media/storage.server";
import { localPrivateStore, setPrivateStore, type PrivateFileStore } from "~/server/media/private-store.server";
import { systemClock, type Clock } from "~/server/content/clock.server";
import { publicBodyLimit } from "./body-limit";
import { brochureHits } from "./brochure-hits";
import { crossSiteGuard } from "./cross-site";
import { e2eFixtureRouter, type E2eFixtureOptions } from "./e2e-fixtures";
import { sendError } from "./http-errors";
import { mediaOrigin, serveMedia } from "./media-serving";
import { hasCookieNamed } from "./page-cache/cache-rules";
import { PageCache } from "./page-cache/page-cache";
import { RenderLimit } from "./page-cache/render-limit";
import { createRequestHandler } from "./request-handler";
import { countRequestsInFlight } from "./requests-in-flight";
import { allowOnlyServedMethods, canonicalAdminPath, rejectUndecodablePaths } from "./request-guards";
import { balancerRequestId } from "./request-id";
import { createUploadService, isUploadPath } from "./tus-uploads";

declare module "react-router" {
  interface AppLoadContext {
    /** Per-request CSP nonce for React Router's inline scripts. */
    nonce: string;
    /** Client IP as Express resolved it under TRUST_PROXY (form limit, view counting). */
    clientIp: string;
    /**
     * The load balancer's id of this request (X-Request-Id from a trusted proxy), the same
     * on its retry on another server; null without one. Public form posts store it (ADR 093).
     */
    requestId?: string | null;
    /** What a page tells the page cache (views to count again on a hit); see ADR 003. */
    pageCache: PageCacheHints;
    /** Brochures made from the live package, kept per content version (ADR 042). */
    brochures: BrochureService;
    /** The server's clock (a test run's can be moved on through /__e2e): follow-up dates (ADR 045). */
    clock: Clock;
  }
}

type AppOptions = {
  logger: Logger;
  mediaDir: string;
  /** Where media lives (MEDIA_STORE, ADR 053); unset: local disk under mediaDir. */
  mediaStorage?: MediaStorage;
  /** Payment proofs (ADR 114), never served at /media; unset: local disk beside mediaDir, in "private". */
  privateStore?: PrivateFileStore;
  /** Partial tus uploads (unset: beside mediaDir, in "uploads"). */
  uploadsDir?: string;
  /** MEDIA_STORE=s3: partial tus uploads go to this bucket instead, shared by every server. */
  uploadsS3?: S3Settings;
  /** Which proxies may name the client (TRUST_PROXY); false: the socket's address is the client. */
  trustProxy?: TrustProxy;
  /** The server's clock, for pages that show what is due (unset: the system's). */
  clock?: Clock;
  /** Test runs only (E2E_FIXTURES=on and a token): mounts the Playwright fixture route. */
  e2eFixtures?: E2eFixtureOptions;
  /** Memory for the page cache in MiB (PAGE_CACHE_MB); 0 or unset: off. Never with Vite. */
  pageCacheMb?: number;
  /** Page renders per client per minute (PAGE_RENDER_LIMIT); unset: no cap. Never with Vite. */
  pageRenderLimit?: number;
  /** Production: the built browser assets. */
  clientDir?: string;
  /**
   * Production: the built app, as the module itself (not a function: React
   * Router re-derives its route tables from a function's result on every
   * request, a tenth of a lead's CPU; ADR 031). Development: Vite serves and reloads it.
   */
  build?: ServerBuild;
  vite?: ViteDevServer;
};

const YEAR_IN_SECONDS = 60 * 60 * 24 * 365;
const SESSION_COOKIE_NAMES = [SESSION_COOKIE, `__Secure-${SESSION_COOKIE}`];

/** Only features Chromium recognises: an unknown one is logged as a console error on every page. */
const PERMISSIONS_POLICY = [
  "accelerometer=()",
  "browsing-topics=()",
  "camera=()",
  "display-capture=()",
  "geolocation=()",
  "gyroscope=()",
  "hid=()",
  "magnetometer=()",
  "microphone=()",
  "payment=()",
  "serial=()",
  "usb=()",
].join(", ");

/**
 * Headers of stored files: the `send` module behind express.static predates
 * AVIF and would say application/octet-stream; a PDF (an uploaded brochure) is
 * a download, and should a browser render it anyway it runs sandboxed: no
 * scripts, no same-origin access, no forms (ADR 035).
 */
function setStoredFileHeaders(res: express.Response, filePath: string) {
  if (filePath.endsWith(".avif")) res.setHeader("Content-Type", "image/avif");
  else if (filePath.endsWith(".pdf")) {
    res.setHeader("Content-Disposition", `attachment; filename="${path.basename(filePath).replace(/[^\w.-]/g, "_")}"`);
    res.setHeader("Content-Security-Policy", "sandbox; default-src 'none'; style-src 'unsafe-inline'; img-src data:");
  }
}

export function createApp({
  logger,
  mediaDir,
  mediaStorage,
  privateStore,
  uploadsDir,
  uploadsS3,
  trustProxy = false,
  clock = systemClock,
  e2eFixtures,
  pageCacheMb = 0,
  pageRenderLimit,
  clientDir = path.resolve("build/client"),
  build,
  vite,
}: AppOptions) {
  const app = express();
  const storage = mediaStorage ?? new LocalDiskStorage(mediaDir);
  setMediaStorage(storage);
  setPrivateStore(privateStore ?? localPrivateStore(path.join(mediaDir, "..", "private")));
  const cdnOrigin = mediaOrigin(storage);
  const brochures = new BrochureService();
  if (!vite) brochures.warmUp();
  const uploads = createUploadService({ directory: uploadsDir ?? path.join(mediaDir, "..", "uploads"), s3: uploadsS3, logger });
  app.disable("x-powered-by");
  // Off unless configured: trusting X-Forwarded-For without a proxy lets anyone pick their address.
  app.set("trust proxy", trustProxy);

  app.use((_req, res, next) => {
    res.locals.cspNonce = crypto.randomBytes(16).toString("base64");
    next();
  });
  app.use(
    helmet({
      contentSecurityPolicy: {
        directives: {
          defaultSrc: ["'self'"],
          scriptSrc: ["'self'", "'strict-dynamic'", (_req, res) => `'nonce-${(res as express.Response).locals.cspNonce}'`],
          styleSrc: ["'self'", "'unsafe-inline'"],
          imgSrc: ["'self'", "data:", "blob:", ...(cdnOrigin ? [cdnOrigin] : [])],
          fontSrc: ["'self'", "data:"],
          connectSrc: vite ? ["'self'", "ws:"] : ["'self'"],
          frameAncestors: ["'none'"],
          formAction: ["'self'"],
          objectSrc: ["'none'"],
          baseUri: ["'self'"],
          upgradeInsecureRequests: null,
        },
      },
      crossOriginEmbedderPolicy: false,
      // Not "no-referrer": with it browsers send `Origin: null` on same-origin form
      // posts, and React Router rejects those actions, so forms without JavaScript broke.
      referrerPolicy: { policy: "strict-origin-when-cross-origin" },
      strictTransportSecurity: process.env.NODE_ENV === "production" ? undefined : false,
    }),
  );
  // Powerful features nothing here uses are off for the site and anything it embeds.
  app.use((_req, res, next) => {
    res.setHeader("Permissions-Policy", PERMISSIONS_POLICY);
    next();
  });
  // Kept brochures, with the headers above: before compression (a PDF is not
  // compressed), the access log (like /assets and /media) and routing (ADR 042, 048).
  // Misses, previews and drafts go on to their route.
  app.use(brochureHits(brochures));
  app.use(
    compression({
      // tus answers are tiny, and srvx's response writer stalls under compression's wrapped res.
      filter: (req, res) => !isUploadPath(req.path) && compression.filter(req, res),
    }),
  );
  app.use(
    pinoHttp({
      logger,
      autoLogging: { ignore: (req) => /^\/(assets|media|fonts)\//.test(req.url ?? "") },
      // The error itself is logged once, with its stack, by handleError or the
      // error handler below; the access line of a failed request is a warning.
      customLogLevel: (_req, res, error) => (error || res.statusCode >= 500 ? "warn" : "info"),
      // The access line names the request, not its every header: serialising
      // those cost a tenth of a cached page's answer time (ADR 003), and they
      // carry cookies that do not belong in a log.
      serializers: {
        // Secrets in addresses (a set-password link's token) never reach the log (ADR 032).
        req: (req: { id: unknown; method: string; url: string }) => ({ id: req.id, method: req.method, url: redactUrlForLog(req.url) }),
        res: (res: { statusCode: number }) => ({ statusCode: res.statusCode }),
      },
    }),
  );
  app.use(rejectUndecodablePaths());
  app.use(canonicalAdminPath());
  // Test runs only: fixtures send larger bodies and are not a public form.
  if (e2eFixtures) app.use("/__e2e", e2eFixtureRouter(e2eFixtures.token, e2eFixtures.scheduling));
  app.use(publicBodyLimit());
  app.use(allowOnlyServedMethods());
  // Cross-site writes with the session cookie (and sign-in posts) are refused (ADR 022).
  app.use(crossSiteGuard());
  // Admin uploads (tus): before React Router; exempt from the public body cap,
  // each upload has its own limit (ADR 024).
  app.use(uploads.middleware);

  // Variants are content-hashed, so they never change under their name (ADR 053).
  app.use("/media", serveMedia(storage, mediaDir));

  // The form limit (FORM_RATE_LIMIT) is taken inside the form actions, whatever URL reached them.

  if (vite) {
    app.use(vite.middlewares);
  } else {
    // Scripts and styles as the build compressed them (brotli, else gzip; ADR 074).
    // What has no compressed copy is compressed by the middleware above, or sent as is.
    app.use(
      "/assets",
      expressStaticGzip(path.join(clientDir, "assets"), {
        enableBrotli: true,
        orderPreference: ["br", "gzip"],
        index: false,
        serveStatic: { immutable: true, maxAge: YEAR_IN_SECONDS * 1000 },
      }),
    );
    // Only what the client build has at its root (favicon, robots' files): a page
    // request does not pay a file-system lookup first.
    const rootEntries = new Set(fs.existsSync(clientDir) ? fs.readdirSync(clientDir) : []);
    const serveRoot = express.static(clientDir, { maxAge: "1h", index: false, setHeaders: setStoredFileHeaders });
    app.use((req, res, next) => {
      const first = ((res.locals.decodedPath as string | undefined) ?? req.path).split("/")[1] ?? "";
      if (rootEntries.has(first)) serveRoot(req, res, next);
      else next();
    });
  }

  const serverBuild: ServerBuild | (() => Promise<ServerBuild>) =
    build ??
    (async () => {
      if (!vite) throw new Error("Either a build or a Vite dev server is required.");
      return (await vite.ssrLoadModule("virtual:react-router/server-build")) as ServerBuild;
    });
  // Pages, forms and the API (not static files): the job worker gives way while any is in flight.
  app.use(countRequestsInFlight());
  app.all(
    "*",
    createRequestHandler({
      build: serverBuild,
      mode: vite ? "development" : "production",
      getLoadContext: (req, res) => ({
        nonce: res.locals.cspNonce as string,
        clientIp: clientIpOf(req),
        requestId: balancerRequestId(req),
        pageCache: { views: [] },
        brochures,
        clock,
      }),
      // Vite reloads code on change: pages rendered by old code must not stay.
      pageCache: !vite && pageCacheMb > 0 ? createPageCache(pageCacheMb) : undefined,
      renderLimit: !vite && pageRenderLimit ? new RenderLimit({ perMinute: pageRenderLimit, clientIp: clientIpOf, isSignedIn }) : undefined,
    }),
  );

  // Client mistakes that Express or its middleware flagged (status 4xx) keep
  // their status; anything else is our fault: logged once, answered 500.
  app.use((error: unknown, req: express.Request, res: express.Response, _next: express.NextFunction) => {
    const status = errorStatus(error);
    if (status >= 500) req.log.error({ err: error }, "unhandled request error");
    if (res.headersSent) return;
    sendError(req, res, status, status >= 500 ? "Something went wrong. Please try again." : clientErrorMessage(status));
  });

  return app;
}

// An IPv4 client on a dual-stack socket shows as ::ffff:a.b.c.d; the log and limits want a.b.c.d.
function clientIpOf(req: express.Request) {
  return (req.ip ?? "").replace(/^::ffff:(?=\d+\.\d+\.\d+\.\d+$)/, "");
}

/** Just what the session check and the view counters read from a request. */
function headersOnlyRequest(req: express.Request): Request {
  const headers = new Headers();
  for (const name of ["cookie", "user-agent", "purpose", "sec-purpose"]) {
    const value = req.get(name);
    if (value) headers.set(name, value);
  }
  return new Request(new URL(req.originalUrl, "http://localhost"), { method: req.method, headers });
}

/** Whether the request comes from signed-in staff (reads the session only when a session cookie is there). */
async function isSignedIn(req: express.Request) {
  if (!hasCookieNamed(req.headers.cookie, SESSION_COOKIE_NAMES)) return false;
  return (await getViewer(headersOnlyRequest(req))) !== null;
}

function createPageCache(megabytes: number) {
  return new PageCache({
    maxBytes: megabytes * 1024 * 1024,
    // Package pages list departures from today, blog pages show their view count:
    // a page is rendered again at least every minute, whatever else happens.
    maxAgeMs: 60_000,
    readVersion: currentContentVersion,
    sessionCookies: SESSION_COOKIE_NAMES,
    isSignedIn,
    recordViews: (views, req) => recordCachedViews(views, headersOnlyRequest(req), clientIpOf(req)),
  });
}

function errorStatus(error: unknown): number {
  const { status, statusCode } = (error ?? {}) as { status?: unknown; statusCode?: unknown };
  const code = typeof status === "number" ? status : statusCode;
  return typeof code === "number" && code >= 400 && code < 500 ? code : 500;
}

function clientErrorMessage(status: number) {
  if (status === 413) return "The request body is too large.";
  if (status === 404) return "Not found.";
  return "Bad request.";
}
