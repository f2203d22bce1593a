import crypto from "node:crypto";
import { symmetricDecrypt } from "better-auth/crypto";
import { and, eq, isNull, lt, or, sql } from "drizzle-orm";
import { getDb } from "~/server/db/db.server";
import { twoFactors } from "~/server/db/schema.server";
import { getAuth } from "./auth.server";

/**
 * A two-step code works once (ASVS 2.8.4; ADR 087). better-auth's verifyTOTP
 * accepts a code of the current 30-second step and the one before and after
 * (clock drift), as often as it is sent. After it accepts one we find which
 * step the code was for and claim it in one conditional update: that step and
 * every earlier one are refused from then on, on every server and however
 * many requests race (the row lock lets one claim win).
 *
 * The secret is better-auth's own row, decrypted with its own key through its
 * public `better-auth/crypto` (a contract test enrols through the real plugin
 * and checks we read the same secret, `two-factor.server.pg.db.test.ts`).
 */
const PERIOD_SECONDS = 30;
const DIGITS = 6;
const BASE32_PREFIX = "base32:";

/** The 30-second step a moment falls in. */
export const totpStepAt = (ms: number) => Math.floor(ms / 1000 / PERIOD_SECONDS);

/** RFC 4226 HOTP (SHA-1, 6 digits) for one step: what an authenticator app shows. */
export function totpCode(key: Buffer, step: number): string {
  const counter = Buffer.alloc(8);
  counter.writeBigUInt64BE(BigInt(step));
  const mac = crypto.createHmac("sha1", key).update(counter).digest();
  const offset = mac[mac.length - 1]! & 15;
  const value = ((mac[offset]! & 127) << 24) | (mac[offset + 1]! << 16) | (mac[offset + 2]! << 8) | mac[offset + 3]!;
  return String(value % 10 ** DIGITS).padStart(DIGITS, "0");
}

/** RFC 4648 base32 (no padding), as otpauth:// URIs carry a secret. */
function base32Decode(text: string): Buffer {
  const alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZ234567";
  let bits = 0;
  let value = 0;
  const out: number[] = [];
  for (const char of text.replace(/=+$/, "").toUpperCase()) {
    const index = alphabet.indexOf(char);
    if (index < 0) throw new Error("not base32");
    value = (value << 5) | index;
    bits += 5;
    if (bits >= 8) {
      out.push((value >>> (bits - 8)) & 255);
      bits -= 8;
    }
  }
  return Buffer.from(out);
}

/** The key bytes of a stored secret as better-auth uses them: the string's UTF-8, or base32 for an imported one. */
function keyOf(secret: string): Buffer {
  return secret.startsWith(BASE32_PREFIX) ? base32Decode(secret.slice(BASE32_PREFIX.length)) : Buffer.from(secret, "utf8");
}

/** Thrown when the stored secret cannot be decrypted: this server's key is not the one it was set up with (ADR 087). */
export class UnreadableTwoFactorSecret extends Error {
  constructor(cause: unknown) {
    super("the two-step secret cannot be decrypted with this server's SESSION_SECRET", { cause });
  }
}

/** A user's decrypted two-step secret (its key bytes), or null when they have none. */
export async function twoFactorKeyOf(userId: string): Promise<Buffer | null> {
  const [row] = await getDb().select({ secret: twoFactors.secret }).from(twoFactors).where(eq(twoFactors.userId, userId));
  if (!row) return null;
  const context = await getAuth().$context;
  try {
    return keyOf(await symmetricDecrypt({ key: context.secretConfig, data: row.secret }));
  } catch (error) {
    throw new UnreadableTwoFactorSecret(error);
  }
}

/**
 * The step a code that better-auth just accepted was for: it checked now-1 …
 * now+1 a moment ago, so one step earlier is looked at too (a step may have
 * ended in between). The latest matching step, or null.
 */
export function stepOfCode(key: Buffer, code: string, now = Date.now()): number | null {
  const current = totpStepAt(now);
  for (let step = current + 1; step >= current - 2; step--) {
    if (crypto.timingSafeEqual(Buffer.from(totpCode(key, step)), Buffer.from(code.padEnd(DIGITS).slice(0, DIGITS)))) return step;
  }
  return null;
}

/**
 * Claims the step of an accepted code for this user: true the first time,
 * false when that step (or a later one) was accepted before, i.e. a replay.
 * One conditional update, atomic across requests and servers.
 */
export async function claimTotpStep(userId: string, code: string, now = Date.now()): Promise<boolean> {
  const key = await twoFactorKeyOf(userId);
  if (!key) return false;
  const step = stepOfCode(key, code, now);
  if (step === null) return false;
  const claimed = await getDb()
    .update(twoFactors)
    .set({ lastAcceptedStep: step })
    .where(and(eq(twoFactors.userId, userId), or(isNull(twoFactors.lastAcceptedStep), lt(twoFactors.lastAcceptedStep, step))))
    .returning({ id: twoFactors.id });
  return claimed.length > 0;
}

/** At enrolment the first code turns it on: its step is spent too, so it cannot sign anyone in afterwards. */
export async function spendEnrolmentStep(userId: string, code: string, now = Date.now()): Promise<void> {
  const key = await twoFactorKeyOf(userId);
  const step = key ? stepOfCode(key, code, now) : null;
  if (step === null) return;
  await getDb()
    .update(twoFactors)
    .set({ lastAcceptedStep: sql`greatest(coalesce(${twoFactors.lastAcceptedStep}, 0), ${step})` })
    .where(eq(twoFactors.userId, userId));
}
