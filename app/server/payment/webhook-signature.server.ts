import { createHmac, timingSafeEqual } from "node:crypto";

/**
 * The checks every payment webhook passes before anything in it is read
 * (issue 46, ADR 090): an HMAC-SHA256 over the raw body, compared in constant
 * time, and a signed time within a window.
 */

export function hmacSha256Hex(secret: string, payload: Buffer | string): string {
  return createHmac("sha256", secret).update(payload).digest("hex");
}

const HEX_SHA256 = /^[0-9a-f]{64}$/;

/**
 * Whether `received` (hex, as a header carries it) is the HMAC of `payload`.
 * Constant time over the digest: how much of a guess matched never shows in
 * the answer's timing. A header of the wrong shape is refused before any
 * comparison (its shape is no secret).
 */
export function signatureMatches(secret: string, payload: Buffer | string, received: string | null | undefined): boolean {
  if (!received || !HEX_SHA256.test(received)) return false;
  const expected = Buffer.from(hmacSha256Hex(secret, payload), "hex");
  return timingSafeEqual(expected, Buffer.from(received, "hex"));
}

/**
 * Whether an event signed at `signedAt` may still be taken at `now`: not older
 * than `maxAgeMs` (the provider's retries included) and not more than five
 * minutes ahead (clocks drift; further ahead is forged or broken).
 */
export function isFresh(signedAt: Date, now: Date, maxAgeMs: number): boolean {
  const age = now.getTime() - signedAt.getTime();
  return Number.isFinite(age) && age <= maxAgeMs && age >= -CLOCK_SKEW_MS;
}

export const CLOCK_SKEW_MS = 5 * 60_000;

/** A signed body's JSON, or null when it is none (a signed body can still be broken). */
export function parseJsonBody(rawBody: Buffer): unknown {
  try {
    return JSON.parse(rawBody.toString("utf8"));
  } catch {
    return null;
  }
}
