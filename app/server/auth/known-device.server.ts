import crypto from "node:crypto";
import { getEnv } from "~/server/env.server";
import { sessionSecret } from "./auth.server";

/**
 * A browser that signed in to an account before (OWASP's "device cookie",
 * ADR 086): after every successful sign-in it gets a cookie naming a random id
 * and the account, signed with the server's secret. The sign-in throttle
 * lets such a browser past the account-wide delay that anyone can aim at an
 * account (it has a 5-failure limit of its own instead), so guessing from
 * elsewhere never keeps the owner out of their own laptop or phone.
 *
 * It is not a credential: the password (and the two-step code) are still
 * checked, and a stolen cookie buys its holder 5 guesses per 15 minutes.
 */
export const DEVICE_COOKIE = "pravas_device";
/** Long enough to outlast any holiday; browsers cap a cookie at about 400 days anyway. */
const DEVICE_COOKIE_MAX_AGE_SECONDS = 180 * 24 * 60 * 60;

const normal = (email: string) => email.trim().toLowerCase();
const signatureOf = (id: string, email: string) =>
  crypto
    .createHmac("sha256", sessionSecret())
    .update(`known-device|${normal(email)}|${id}`)
    .digest("base64url");

/** The Set-Cookie line that makes this browser known for `email`: a new id each sign-in. */
export function knownDeviceCookie(email: string): string {
  const id = crypto.randomBytes(16).toString("base64url");
  const secure = getEnv().SITE_URL.startsWith("https://") ? "; Secure" : "";
  return `${DEVICE_COOKIE}=${id}.${signatureOf(id, email)}; Path=/admin; HttpOnly; SameSite=Lax; Max-Age=${DEVICE_COOKIE_MAX_AGE_SECONDS}${secure}`;
}

/** The id of this browser if it signed in to `email` before (its cookie's signature checks out), else null. */
export function knownDeviceOf(request: Request, email: string): string | null {
  if (!email) return null;
  for (const part of (request.headers.get("cookie") ?? "").split(";")) {
    const at = part.indexOf("=");
    if (at < 0 || part.slice(0, at).trim() !== DEVICE_COOKIE) continue;
    const [id, signature] = part
      .slice(at + 1)
      .trim()
      .split(".");
    if (!id || !signature || !/^[\w-]{22}$/.test(id)) return null;
    const expected = Buffer.from(signatureOf(id, email));
    const given = Buffer.from(signature);
    return given.length === expected.length && crypto.timingSafeEqual(given, expected) ? id : null;
  }
  return null;
}
