/**
 * Sign-in throttling (better-auth's rate limiter covers its HTTP endpoints only,
 * and we call auth.api from the action). Counts over a sliding 15 minutes
 * (ADR 022, 032, 086):
 *
 * - per e-mail and address: 5 failures, then that e-mail from that address waits;
 * - per address: 30 failures (any e-mails), then that address may try only
 *   e-mails that have not failed from it: a correct password for an account
 *   that is not throttled itself still gets in, so a guessing neighbour behind
 *   the same office NAT does not lock everyone out;
 * - per account, from every address together: after 10 failures each further
 *   attempt waits 2, 4, 8 … seconds (at most 15 minutes) after the last one,
 *   so guesses spread over many addresses gain almost nothing. That delay is
 *   the one anyone could aim at a staff member, so it never applies to the
 *   owner's own devices (a browser that signed in to this account before,
 *   known by a signed cookie: 5 failures of its own, then it is just another
 *   browser) nor to an attempt that carries a two-step code with the
 *   password, which must then be right too (ADR 086).
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
 * `addressOverCap`: this address is over its cap, but this e-mail has not
 * failed from it and the account is not throttled: a correct password may
 * still sign in. `accountDelayWaived`: the account's delay would stop this
 * attempt, but it carries a two-step code, so the password and the code
 * together may sign in (and nothing less). `accountDelay` on a refusal: only
 * the account's delay stops it, which a two-step code would lift.
 */
type ThrottleVerdict =
  | { allowed: true; addressOverCap?: false; accountDelayWaived?: true }
  | { allowed: true; addressOverCap: true; retryAfterSeconds: number; accountDelayWaived?: true }
  | { allowed: false; retryAfterSeconds: number; accountDelay?: true };

/**
 * What the throttle knows of an attempt besides its e-mail and address:
 * `device`, the id of a browser that signed in to this account before (its
 * cookie checked by the caller, known-device.server.ts); `secondFactor`,
 * whether a two-step code came with the password.
 */
export type AttemptContext = { device?: string | null; secondFactor?: boolean };

export class LoginThrottle {
  constructor(
    private readonly limits: ThrottleLimits,
    private readonly now: () => number = Date.now,
    /** Where the failures are kept: memory, or PostgreSQL shared by every server (ADR 060). */
    private readonly failures: FailureLog = createFailureLog(LOGIN_WINDOW_MS, { kind: "memory" }),
  ) {}

  /** Whether one more attempt for this e-mail from this IP may be checked. One read of the failure log. */
  async check(email: string, ip: string, attempt: AttemptContext = {}): Promise<ThrottleVerdict> {
    const now = this.now();
    const device = attempt.device ? deviceKey(attempt.device) : null;
    const recent = await this.failures.recent([emailKey(email, ip), accountKey(email), ipKey(ip), ...(device ? [device] : [])], now);
    const times = (key: string) => recent.get(key) ?? [];
    // The owner's own browser: only its own failures count (another browser's guessing cannot stop it).
    if (device && waitFor(times(device), this.limits.maxFailures, now) === null) return { allowed: true };
    const emailWait = waitFor(times(emailKey(email, ip)), this.limits.maxFailures, now);
    if (emailWait !== null) return { allowed: false, retryAfterSeconds: seconds(emailWait) };
    const delay = accountWait(times(accountKey(email)), now);
    if (delay !== null && !attempt.secondFactor) return { allowed: false, retryAfterSeconds: seconds(delay), accountDelay: true };
    const waived = delay !== null ? { accountDelayWaived: true as const } : {};
    const addressWait = waitFor(times(ipKey(ip)), this.limits.maxPerIp, now);
    if (addressWait === null) return { allowed: true, ...waived };
    // Over the address cap: only an e-mail with no failure from here is checked.
    if (times(emailKey(email, ip)).length > 0) return { allowed: false, retryAfterSeconds: seconds(addressWait) };
    return { allowed: true, addressOverCap: true, retryAfterSeconds: seconds(addressWait), ...waived };
  }

  async recordFailure(email: string, ip: string, attempt: AttemptContext = {}): Promise<void> {
    const device = attempt.device ? [deviceKey(attempt.device)] : [];
    await this.failures.record([emailKey(email, ip), ipKey(ip), accountKey(email), ...device], this.now());
  }

  /** A success forgets that e-mail's failures from that IP, the account's and the browser's (the per-IP count stays). */
  async recordSuccess(email: string, ip: string, attempt: AttemptContext = {}): Promise<void> {
    const device = attempt.device ? [deviceKey(attempt.device)] : [];
    await this.failures.forget([emailKey(email, ip), accountKey(email), ...device]);
  }

  /** Failures of one account (every address) in the window: what the owner's alert e-mail says (ADR 086). */
  async accountFailures(email: string): Promise<number> {
    const recent = await this.failures.recent([accountKey(email)], this.now());
    return recent.get(accountKey(email))?.length ?? 0;
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
function deviceKey(device: string) {
  return `d:${device}`;
}

const minutesText = (retryAfterSeconds: number) => {
  const minutes = Math.max(1, Math.ceil(retryAfterSeconds / 60));
  return `${minutes} ${minutes === 1 ? "minute" : "minutes"}`;
};

export function throttleMessage(retryAfterSeconds: number): string {
  return `Too many attempts. Try again in ${minutesText(retryAfterSeconds)}.`;
}

/** When only the account's delay stops a sign-in: what still gets the owner in (ADR 086). The same for any e-mail typed. */
export function accountDelayMessage(retryAfterSeconds: number): string {
  return (
    `This account has had many failed sign-ins, so a new browser waits between tries (next in ${minutesText(retryAfterSeconds)}). ` +
    "If you use two-step sign-in, enter a code from your app with your password to sign in now. A browser you have signed in from before is not held back."
  );
}
