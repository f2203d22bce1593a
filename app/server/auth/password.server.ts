import crypto from "node:crypto";
import { promisify } from "node:util";
import { hashPassword as betterAuthHash, verifyPassword as betterAuthVerify } from "better-auth/crypto";

const scrypt = promisify(crypto.scrypt) as (password: string, salt: Buffer, keylen: number) => Promise<Buffer>;

const LEGACY_PREFIX = "scrypt$";

/** How better-auth hashes and checks passwords: production's is `passwordHasher` below. */
export interface PasswordHasher {
  hash(password: string): Promise<string>;
  verify(input: { hash: string; password: string }): Promise<boolean>;
}

/** New hashes use better-auth's own scrypt format ("salt:key", hex). */
export function hashPassword(password: string): Promise<string> {
  return betterAuthHash(password);
}

/**
 * Verifies better-auth's hashes and, for accounts moved from the first schema
 * (drizzle/0001), our older "scrypt$salt$hash" ones. Never throws on a malformed hash.
 */
export async function verifyPassword({ hash, password }: { hash: string; password: string }): Promise<boolean> {
  try {
    if (hash.startsWith(LEGACY_PREFIX)) return await verifyLegacyPassword(password, hash);
    return await betterAuthVerify({ hash, password });
  } catch {
    return false;
  }
}

/** Production's hasher (better-auth's scrypt, our legacy hashes still verified). */
export const passwordHasher: PasswordHasher = { hash: hashPassword, verify: verifyPassword };

async function verifyLegacyPassword(password: string, stored: string): Promise<boolean> {
  const [, saltB64, hashB64] = stored.split("$");
  if (!saltB64 || !hashB64) return false;
  const expected = Buffer.from(hashB64, "base64");
  if (expected.length === 0) return false;
  const actual = await scrypt(password, Buffer.from(saltB64, "base64"), expected.length);
  return crypto.timingSafeEqual(actual, expected);
}

/** A readable random password for the first admin when ADMIN_PASSWORD is unset. */
export function generatePassword(): string {
  return crypto.randomBytes(12).toString("base64url");
}

/** For tests of the migration: a hash in the format the first schema stored. */
export async function hashLegacyPassword(password: string): Promise<string> {
  const salt = crypto.randomBytes(16);
  const hash = await scrypt(password, salt, 64);
  return `${LEGACY_PREFIX}${salt.toString("base64")}$${hash.toString("base64")}`;
}
