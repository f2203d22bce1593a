import { isIP } from "node:net";
import { getEnv } from "~/server/env.server";

/** The window of the public forms' limit: FORM_RATE_LIMIT posts per client per window. */
const FORM_RATE_WINDOW_MS = 10 * 60 * 1000;

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
  return `${groups.slice(0, 4).map((group) => group.replace(/^0+(?=.)/, "")).join(":")}::/64`;
}

type Window = { startedAt: number; count: number };

/**
 * Counts form posts per client in memory. Every public form action (API or page,
 * whatever URL reached it) takes from the same budget, so the limit cannot be
 * dodged by another spelling of the address or another method.
 */
export class FormRateLimiter {
  private windows = new Map<string, Window>();
  private lastSweep = 0;

  constructor(
    private readonly limit: () => number,
    private readonly windowMs = FORM_RATE_WINDOW_MS,
  ) {}

  /** Takes one post from the client's budget; `allowed: false` once it is spent. */
  take(clientIp: string, now = Date.now()): { allowed: boolean; retryAfterSeconds: number } {
    this.sweep(now);
    const key = clientKey(clientIp);
    let window = this.windows.get(key);
    if (!window || now - window.startedAt >= this.windowMs) {
      window = { startedAt: now, count: 0 };
      this.windows.set(key, window);
    }
    window.count += 1;
    const retryAfterSeconds = Math.ceil((window.startedAt + this.windowMs - now) / 1000);
    return { allowed: window.count <= this.limit(), retryAfterSeconds };
  }

  /** Drops finished windows now and then, so memory stays bounded by the clients of one window. */
  private sweep(now: number) {
    if (now - this.lastSweep < this.windowMs) return;
    this.lastSweep = now;
    for (const [key, window] of this.windows) {
      if (now - window.startedAt >= this.windowMs) this.windows.delete(key);
    }
  }
}

const formPosts = new FormRateLimiter(() => getEnv().FORM_RATE_LIMIT);

/** Takes one post from this client's form budget (see FormRateLimiter). */
export function takeFormPost(clientIp: string) {
  return formPosts.take(clientIp);
}
