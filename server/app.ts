import crypto from "node:crypto";
import path from "node:path";
import { createRequestHandler } from "@react-router/express";
import compression from "compression";
import express from "express";
import helmet from "helmet";
import type { Logger } from "pino";
import { pinoHttp } from "pino-http";
import type { ServerBuild } from "react-router";
import type { ViteDevServer } from "vite";
import { crossSiteGuard } from "./cross-site";
import { e2eFixtureRouter } from "./e2e-fixtures";
import { formRateLimiter } from "./rate-limit";

declare module "react-router" {
  interface AppLoadContext {
    /** Per-request CSP nonce for React Router's inline scripts. */
    nonce: string;
    /** Client IP as Express resolved it (rate limits, view counting). */
    clientIp: string;
  }
}

export type AppOptions = {
  logger: Logger;
  mediaDir: string;
  formRateLimit: number;
  /** Set only in test runs: mounts the Playwright fixture route. */
  e2eFixtureToken?: string;
  /** Production: the built browser assets. */
  clientDir?: string;
  /** Production: the built app. Development: Vite serves and reloads it. */
  build?: () => Promise<ServerBuild>;
  vite?: ViteDevServer;
};

const YEAR_IN_SECONDS = 60 * 60 * 24 * 365;

export function createApp({ logger, mediaDir, formRateLimit, e2eFixtureToken, clientDir = path.resolve("build/client"), build, vite }: AppOptions) {
  const app = express();
  app.disable("x-powered-by");
  // One proxy in front (a load balancer) is expected in production; locally none.
  app.set("trust proxy", 1);

  app.use((_req, res, next) => {
    res.locals.cspNonce = crypto.randomBytes(16).toString("base64");
    next();
  });
  app.use(
    helmet({
      contentSecurityPolicy: {
        directives: {
          defaultSrc: ["'self'"],
          scriptSrc: [
            "'self'",
            "'strict-dynamic'",
            (_req, res) => `'nonce-${(res as express.Response).locals.cspNonce}'`,
          ],
          styleSrc: ["'self'", "'unsafe-inline'"],
          imgSrc: ["'self'", "data:", "blob:"],
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
  app.use(compression());
  app.use(
    pinoHttp({
      logger,
      autoLogging: { ignore: (req) => /^\/(assets|media|fonts)\//.test(req.url ?? "") },
    }),
  );

  // Variants are content-hashed, so they never change under their name.
  app.use(
    "/media",
    express.static(mediaDir, { immutable: true, maxAge: YEAR_IN_SECONDS * 1000, index: false }),
  );

  if (e2eFixtureToken) app.use("/__e2e", e2eFixtureRouter(e2eFixtureToken));

  // Cross-site writes with the session cookie (and sign-in posts) are refused (ADR 022).
  app.use(crossSiteGuard());

  app.use(["/api/leads", "/api/contact", "/api/enquiries"], formRateLimiter(formRateLimit));
  app.use("/contact", (req, res, next) =>
    req.method === "POST" ? formRateLimiter(formRateLimit)(req, res, next) : next(),
  );
  // Package enquiries posted without JavaScript go to the package page's action (the limiter counts POSTs only).
  app.use("/packages", formRateLimiter(formRateLimit));

  if (vite) {
    app.use(vite.middlewares);
  } else {
    app.use(
      "/assets",
      express.static(path.join(clientDir, "assets"), {
        immutable: true,
        maxAge: YEAR_IN_SECONDS * 1000,
        index: false,
      }),
    );
    app.use(express.static(clientDir, { maxAge: "1h", index: false }));
  }

  const serverBuild =
    build ??
    (async () => {
      if (!vite) throw new Error("Either a build or a Vite dev server is required.");
      return (await vite.ssrLoadModule("virtual:react-router/server-build")) as ServerBuild;
    });
  app.all(
    "*",
    createRequestHandler({
      build: serverBuild,
      mode: vite ? "development" : "production",
      getLoadContext: (req, res) => ({
        nonce: res.locals.cspNonce as string,
        clientIp: req.ip ?? "",
      }),
    }),
  );

  app.use((error: unknown, req: express.Request, res: express.Response, _next: express.NextFunction) => {
    req.log?.error({ err: error }, "unhandled request error");
    if (res.headersSent) return;
    const wantsJson = req.path.startsWith("/api/");
    res.status(500);
    if (wantsJson) res.json({ error: "Something went wrong. Please try again." });
    else res.type("text/plain").send("Something went wrong. Please try again.");
  });

  return app;
}
