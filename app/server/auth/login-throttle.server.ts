/**
 * Sign-in throttling (better-auth's rate limiter covers its HTTP endpoints only,
 * and we call auth.api from the action). Three counts over a sliding 15 minutes
 * (ADR 022, 032):
 *
 * - per e-mail and address: 5 failures, then that e-mail from that address waits;
 * - per address: 30 failures (any e-mails), then that address may try only
 *   e-mails that have not failed from it: a correct password for an account
 *   that is not throttled itself still gets in, so a guessing neighbour behind
 *   the same office NAT does not lock everyone out;
 * - per account, from every address together: after 10 failures each further
 *   attempt waits 2, 4, 8 … seconds (at most 15 minutes) after the last one.
 *   A delay that grows, never a lock-out, so spreading guesses over many
 *   addresses gains almost nothing.
 *
 * An IPv6 client counts by its /64, as the form limit does. In memory: with
 * several servers each counts its own share.
 */
import { clientKey } from "~/server/forms/form-rate-limit.server";

export const LOGIN_WINDOW_MS = 15 * 60 * 1000;
/** Failures of one account (all addresses) before each attempt waits. */
export const ACCOUNT_FREE_FAILURES = 10;
const ACCOUNT_MAX_DELAY_MS = LOGIN_WINDOW_MS;
const MAX_KEYS = 20_000;

type ThrottleLimits = { maxFailures: number; maxPerIp: number };
/**
 * `address`: this address is over its cap, but this e-mail has not failed from
 * it and the account is not throttled: a correct password may still sign in.
 */
type ThrottleVerdict =
  | { allowed: true; addressOverCap?: false }
  | { allowed: true; addressOverCap: true; retryAfterSeconds: number }
  | { allowed: false; retryAfterSeconds: number };

export class LoginThrottle {
  private readonly failures = new Map<string, number[]>();

  constructor(
    private readonly limits: ThrottleLimits,
    private readonly now: () => number = Date.now,
  ) {}

  /** Whether one more attempt for this e-mail from this IP may be checked. */
  check(email: string, ip: string): ThrottleVerdict {
    const now = this.now();
    const waits = [this.waitFor(emailKey(email, ip), this.limits.maxFailures, now), this.accountWait(email, now)].filter(
      (wait): wait is number => wait !== null,
    );
    if (waits.length) return { allowed: false, retryAfterSeconds: seconds(Math.max(...waits)) };
    const addressWait = this.waitFor(ipKey(ip), this.limits.maxPerIp, now);
    if (addressWait === null) return { allowed: true };
    // Over the address cap: only an e-mail with no failure from here is checked.
    if (this.recent(emailKey(email, ip), now).length > 0) return { allowed: false, retryAfterSeconds: seconds(addressWait) };
    return { allowed: true, addressOverCap: true, retryAfterSeconds: seconds(addressWait) };
  }

  recordFailure(email: string, ip: string): void {
    const now = this.now();
    for (const key of [emailKey(email, ip), ipKey(ip), accountKey(email)]) {
      const times = this.recent(key, now);
      times.push(now);
      this.failures.set(key, times);
    }
    if (this.failures.size > MAX_KEYS) this.prune(now);
  }

  /** A success forgets that e-mail's failures from that IP and the account's (the per-IP count stays). */
  recordSuccess(email: string, ip: string): void {
    this.failures.delete(emailKey(email, ip));
    this.failures.delete(accountKey(email));
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

  /** The account's growing delay: 2^(failures - 10) seconds after its last failure, at most 15 minutes. */
  private accountWait(email: string, now: number): number | null {
    const times = this.recent(accountKey(email), now);
    if (times.length < ACCOUNT_FREE_FAILURES) return null;
    const delay = Math.min(2 ** (times.length - ACCOUNT_FREE_FAILURES + 1) * 1000, ACCOUNT_MAX_DELAY_MS);
    const wait = times[times.length - 1]! + delay - now;
    return wait > 0 ? wait : null;
  }

  private prune(now: number): void {
    for (const [key, times] of this.failures) {
      const recent = times.filter((time) => now - time < LOGIN_WINDOW_MS);
      if (recent.length) this.failures.set(key, recent);
      else this.failures.delete(key);
    }
  }
}

const seconds = (ms: number) => Math.max(1, Math.ceil(ms / 1000));
const normalEmail = (email: string) => email.trim().toLowerCase();

function emailKey(email: string, ip: string) {
  return `e:${normalEmail(email)}|${clientKey(ip)}`;
}
function ipKey(ip: string) {
  return `i:${clientKey(ip)}`;
}
function accountKey(email: string) {
  return `a:${normalEmail(email)}`;
}

export function throttleMessage(retryAfterSeconds: number): string {
  const minutes = Math.max(1, Math.ceil(retryAfterSeconds / 60));
  return `Too many attempts. Try again in ${minutes} ${minutes === 1 ? "minute" : "minutes"}.`;
}
