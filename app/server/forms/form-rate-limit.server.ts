import { isIP } from "node:net";
import { RateLimiterRes, type RateLimiterAbstract } from "rate-limiter-flexible";
import { getEnv } from "~/server/env.server";
import { createLimiter, serverLimit } from "~/server/limits/limits.server";

/** The window of the public forms' limit: FORM_RATE_LIMIT posts per client per window. */
const FORM_RATE_WINDOW_SECONDS = 10 * 60;

export const RATE_LIMITED_MESSAGE = "Too many requests. Please wait a few minutes and try again.";

/**
 * The client a limit counts: an IPv4 address, or an IPv6 address's /64 (one
 * household or phone gets a whole /64, so single IPv6 addresses are free to rotate).
 */
export function clientKey(ip: string): string {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(ip);
  if (mapped) return mapped[1]!;
  if (isIP(ip) !== 6) return ip;
  const [head = "", tail = ""] = ip.toLowerCase().split("::");
  const headParts = head ? head.split(":") : [];
  const tailParts = tail ? tail.split(":") : [];
  // An embedded IPv4 tail (::1.2.3.4) sits in the last 32 bits, never in the first 64.
  const tailCount = tailParts.reduce((count, part) => count + (part.includes(".") ? 2 : 1), 0);
  const zeros = ip.includes("::") ? 8 - headParts.length - tailCount : 0;
  const groups = [...headParts, ...Array<string>(Math.max(zeros, 0)).fill("0"), ...tailParts];
  return `${groups
    .slice(0, 4)
    .map((group) => group.replace(/^0+(?=.)/, ""))
    .join(":")}::/64`;
}

/**
 * Counts form posts per client: FORM_RATE_LIMIT per 10 minutes, a window that
 * starts at the client's first post. Every public form action (API or page,
 * whatever URL reached it) takes from the same budget, so the limit cannot be
 * dodged by another spelling of the address or another method. With
 * DATABASE_URL the count is kept in PostgreSQL, shared by every server; with
 * the embedded database in memory (ADR 060).
 */
export class FormRateLimiter {
  constructor(private readonly limiter: RateLimiterAbstract) {}

  /** Takes one post from the client's budget; `allowed: false` once it is spent. */
  async take(clientIp: string): Promise<{ allowed: boolean; retryAfterSeconds: number }> {
    try {
      const taken = await this.limiter.consume(clientKey(clientIp));
      return { allowed: true, retryAfterSeconds: Math.ceil(taken.msBeforeNext / 1000) };
    } catch (rejection) {
      if (!(rejection instanceof RateLimiterRes)) throw rejection;
      return { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil(rejection.msBeforeNext / 1000)) };
    }
  }
}

/** This server's form limit (made at its first use, once the database is open). */
export function getFormRateLimiter(): FormRateLimiter {
  return serverLimit(
    "form-posts",
    () => new FormRateLimiter(createLimiter({ keyPrefix: "form", points: getEnv().FORM_RATE_LIMIT, duration: FORM_RATE_WINDOW_SECONDS })),
  );
}

/** Takes one post from this client's form budget (see FormRateLimiter). */
export function takeFormPost(clientIp: string) {
  return getFormRateLimiter().take(clientIp);
}
