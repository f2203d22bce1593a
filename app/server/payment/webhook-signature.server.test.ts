import fc from "fast-check";
import Razorpay from "razorpay";
import { describe, expect, it } from "vitest";
import { hmacSha256Hex, isFresh, signatureMatches } from "./webhook-signature.server";

describe("signatureMatches", () => {
  it("agrees with the Razorpay SDK's own check on any body and secret", () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 300 }), fc.string({ minLength: 1, maxLength: 40 }), fc.boolean(), (body, secret, tamper) => {
        const signature = hmacSha256Hex(secret, tamper ? `${body}x` : body);
        expect(signatureMatches(secret, body, signature)).toBe(Razorpay.validateWebhookSignature(body, signature, secret));
        expect(signatureMatches(secret, body, signature)).toBe(!tamper);
      }),
      { seed: 46, numRuns: 300 },
    );
  });

  it("refuses a header that is not 64 lower-case hex digits, before comparing", () => {
    const signature = hmacSha256Hex("secret", "body");
    for (const wrong of [null, undefined, "", signature.toUpperCase(), signature.slice(2), `${signature}00`, `sha256=${signature}`]) {
      expect(signatureMatches("secret", "body", wrong)).toBe(false);
    }
  });
});

describe("isFresh", () => {
  const now = new Date("2026-11-02T06:30:00Z");
  it("takes what is up to maxAge old or 5 minutes ahead, to the millisecond", () => {
    const at = (offsetMs: number) => isFresh(new Date(now.getTime() + offsetMs), now, 60_000);
    expect([at(-60_000), at(-60_001), at(300_000), at(300_001), at(0)]).toEqual([true, false, true, false, true]);
    expect(isFresh(new Date(Number.NaN), now, 60_000)).toBe(false);
  });
});
