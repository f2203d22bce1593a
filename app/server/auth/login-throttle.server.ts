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
 * An IPv6 client counts by its /64, as the form limit does. With DATABASE_URL
 * the failures are kept in PostgreSQL, so every server counts them all; with
 * the embedded database in memory (ADR 060).
 */
import { clientKey } from "~/server/forms/form-rate-limit.server";
import { createFailureLog, type FailureLog } from "~/server/limits/limits.server";

export const LOGIN_WINDOW_MS = 15 * 60 * 1000;
/** Failures of one account (all addresses) before each attempt waits. */
export const ACCOUNT_FREE_FAILURES = 10;
const ACCOUNT_MAX_DELAY_MS = LOGIN_WINDOW_MS;

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
  constructor(
    private readonly limits: ThrottleLimits,
    private readonly now: () => number = Date.now,
    /** Where the failures are kept: memory, or PostgreSQL shared by every server (ADR 060). */
    private readonly failures: FailureLog = createFailureLog(LOGIN_WINDOW_MS, { kind: "memory" }),
  ) {}

  /** Whether one more attempt for this e-mail from this IP may be checked. One read of the failure log. */
  async check(email: string, ip: string): Promise<ThrottleVerdict> {
    const now = this.now();
    const recent = await this.failures.recent([emailKey(email, ip), accountKey(email), ipKey(ip)], now);
    const times = (key: string) => recent.get(key) ?? [];
    const waits = [waitFor(times(emailKey(email, ip)), this.limits.maxFailures, now), accountWait(times(accountKey(email)), now)].filter(
      (wait): wait is number => wait !== null,
    );
    if (waits.length) return { allowed: false, retryAfterSeconds: seconds(Math.max(...waits)) };
    const addressWait = waitFor(times(ipKey(ip)), this.limits.maxPerIp, now);
    if (addressWait === null) return { allowed: true };
    // Over the address cap: only an e-mail with no failure from here is checked.
    if (times(emailKey(email, ip)).length > 0) return { allowed: false, retryAfterSeconds: seconds(addressWait) };
    return { allowed: true, addressOverCap: true, retryAfterSeconds: seconds(addressWait) };
  }

  async recordFailure(email: string, ip: string): Promise<void> {
    await this.failures.record([emailKey(email, ip), ipKey(ip), accountKey(email)], this.now());
  }

  /** A success forgets that e-mail's failures from that IP and the account's (the per-IP count stays). */
  async recordSuccess(email: string, ip: string): Promise<void> {
    await this.failures.forget([emailKey(email, ip), accountKey(email)]);
  }
}

/** Milliseconds until one more attempt is allowed under `limit`, given the window's failures, or null if it is now. */
function waitFor(times: number[], limit: number, now: number): number | null {
  if (times.length < limit) return null;
  // The attempt that must leave the window before another is allowed.
  const blocking = times[times.length - limit]!;
  return blocking + LOGIN_WINDOW_MS - now;
}

/** The account's growing delay: 2^(failures - 10) seconds after its last failure, at most 15 minutes. */
function accountWait(times: number[], now: number): number | null {
  if (times.length < ACCOUNT_FREE_FAILURES) return null;
  const delay = Math.min(2 ** (times.length - ACCOUNT_FREE_FAILURES + 1) * 1000, ACCOUNT_MAX_DELAY_MS);
  const wait = times[times.length - 1]! + delay - now;
  return wait > 0 ? wait : null;
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
