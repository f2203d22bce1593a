/**
 * Sign-in throttling (better-auth's rate limiter covers its HTTP endpoints only,
 * and we call auth.api from the action). Failures are counted per e-mail and IP
 * and per IP over a sliding 15 minutes; because every key holds the IP, a brute
 * force from one address never locks the real user out from another. An
 * IPv6 client counts by its /64, as the form limit does: one household or
 * phone gets a whole /64 and could otherwise rotate addresses for free.
 * In memory: with several servers each counts its own share (ADR 022).
 */
import { clientKey } from "~/server/forms/form-rate-limit.server";

export const LOGIN_WINDOW_MS = 15 * 60 * 1000;
const MAX_KEYS = 20_000;

export type ThrottleLimits = { maxFailures: number; maxPerIp: number };
export type ThrottleVerdict = { allowed: true } | { allowed: false; retryAfterSeconds: number };

export class LoginThrottle {
  private readonly failures = new Map<string, number[]>();

  constructor(
    private readonly limits: ThrottleLimits,
    private readonly now: () => number = Date.now,
  ) {}

  /** Whether one more attempt for this e-mail from this IP may be checked. */
  check(email: string, ip: string): ThrottleVerdict {
    const now = this.now();
    const waits = [
      this.waitFor(emailKey(email, ip), this.limits.maxFailures, now),
      this.waitFor(ipKey(ip), this.limits.maxPerIp, now),
    ].filter((wait): wait is number => wait !== null);
    if (!waits.length) return { allowed: true };
    return { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil(Math.max(...waits) / 1000)) };
  }

  recordFailure(email: string, ip: string): void {
    const now = this.now();
    for (const key of [emailKey(email, ip), ipKey(ip)]) {
      const times = this.recent(key, now);
      times.push(now);
      this.failures.set(key, times);
    }
    if (this.failures.size > MAX_KEYS) this.prune(now);
  }

  /** A success forgets that e-mail's failures from that IP (the per-IP count stays). */
  recordSuccess(email: string, ip: string): void {
    this.failures.delete(emailKey(email, ip));
  }

  private recent(key: string, now: number): number[] {
    return (this.failures.get(key) ?? []).filter((time) => now - time < LOGIN_WINDOW_MS);
  }

  /** Milliseconds until one more attempt is allowed under `limit`, or null if it is now. */
  private waitFor(key: string, limit: number, now: number): number | null {
    const times = this.recent(key, now);
    if (times.length < limit) return null;
    // The attempt that must leave the window before another is allowed.
    const blocking = times[times.length - limit]!;
    return blocking + LOGIN_WINDOW_MS - now;
  }

  private prune(now: number): void {
    for (const [key, times] of this.failures) {
      const recent = times.filter((time) => now - time < LOGIN_WINDOW_MS);
      if (recent.length) this.failures.set(key, recent);
      else this.failures.delete(key);
    }
  }
}

function emailKey(email: string, ip: string) {
  return `e:${email.trim().toLowerCase()}|${clientKey(ip)}`;
}
function ipKey(ip: string) {
  return `i:${clientKey(ip)}`;
}

export function throttleMessage(retryAfterSeconds: number): string {
  const minutes = Math.max(1, Math.ceil(retryAfterSeconds / 60));
  return `Too many attempts. Try again in ${minutes} ${minutes === 1 ? "minute" : "minutes"}.`;
}
