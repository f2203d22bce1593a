import type express from "express";
import { RateLimiterRes, type RateLimiterAbstract } from "rate-limiter-flexible";
import { clientKey } from "~/server/forms/form-rate-limit.server";
import { createLimiter } from "~/server/limits/limits.server";
import { sendError } from "../http-errors";

type RenderLimitOptions = {
  /** Page renders per client per minute (PAGE_RENDER_LIMIT). */
  perMinute: number;
  clientIp: (req: express.Request) => string;
  /** Staff are not limited: their pages are never cached, and they are signed in. */
  isSignedIn: (req: express.Request) => Promise<boolean>;
};

/**
 * Paths whose GETs are not page renders: the back office and the rest of the
 * API have their own guards. The public API's package and blog reads are
 * counted as pages (a query the cache does not key would render each time,
 * issue 44 finding 11).
 */
const NOT_PAGES = /^\/(api|admin|__)(\/|\.|$)/;
const PUBLIC_API_READS = /^\/api\/(packages|blogs)(\/|$)/;

/**
 * A cap on the pages one client (an IPv4 address or an IPv6 /64) can make the
 * server render in a minute: what the page cache answers costs little, but a
 * crafted address (`/?x=1`, `/?x=2`…) or a 404 is rendered each time, and
 * eight connections of them once slowed everyone else tenfold. A person
 * reading the site never comes near the cap (ADR 034). With DATABASE_URL the
 * count is kept in PostgreSQL, shared by every server (ADR 060): one upsert
 * per rendered page, none for what the page cache answers.
 */
export class RenderLimit {
  /** Made at the first render, once the database (which picks the store) is open. */
  private limiter: RateLimiterAbstract | undefined;

  constructor(private readonly options: RenderLimitOptions) {}

  /** Whether this request may be rendered; when not, it has been answered 429. */
  async admit(req: express.Request, res: express.Response): Promise<boolean> {
    if (req.method !== "GET" && req.method !== "HEAD") return true;
    const path = (res.locals.decodedPath as string | undefined) ?? req.path;
    if (NOT_PAGES.test(path) && !PUBLIC_API_READS.test(path)) return true;
    try {
      await (this.limiter ??= createLimiter({ keyPrefix: "render", points: this.options.perMinute, duration: 60 })).consume(
        clientKey(this.options.clientIp(req)),
      );
      return true;
    } catch (rejection) {
      if (!(rejection instanceof RateLimiterRes)) throw rejection;
      if (await this.options.isSignedIn(req)) return true;
      res.set("Retry-After", String(Math.max(1, Math.ceil(rejection.msBeforeNext / 1000))));
      sendError(req, res, 429, "Too many pages in a short time. Please wait a minute and try again.");
      return false;
    }
  }
}
