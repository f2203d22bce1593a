import crypto from "node:crypto";
import { getEnv } from "~/server/env.server";

/**
 * Passport numbers and PANs at rest (issue 48, ADR 108): AES-256-GCM with
 * TRAVELLER_DATA_KEY, a fresh 96-bit IV per value, the 128-bit tag checked on
 * every read. Stored as "v1.<iv>.<tag>.<ciphertext>" in base64url, so a future
 * key or cipher can be told apart by its prefix. Without the key nothing is
 * sealed: the caller refuses the field (never stores it in clear).
 */

const VERSION = "v1";

/** The key from TRAVELLER_DATA_KEY (validated at start by env.server.ts), or null when unset. */
export function travellerDataKey(): Buffer | null {
  const text = getEnv().TRAVELLER_DATA_KEY?.trim();
  if (!text) return null;
  const key = /^[0-9a-f]{64}$/i.test(text) ? Buffer.from(text, "hex") : Buffer.from(text, "base64");
  return key.length === 32 ? key : null;
}

export function sealField(plain: string, key: Buffer): string {
  const iv = crypto.randomBytes(12);
  const cipher = crypto.createCipheriv("aes-256-gcm", key, iv);
  const body = Buffer.concat([cipher.update(plain, "utf8"), cipher.final()]);
  return [VERSION, iv.toString("base64url"), cipher.getAuthTag().toString("base64url"), body.toString("base64url")].join(".");
}

/** The value in clear; throws when the key is wrong or the value was altered (the tag fails). */
export function openField(sealed: string, key: Buffer): string {
  const [version, iv, tag, body] = sealed.split(".");
  if (version !== VERSION || !iv || !tag || body === undefined) throw new Error("not a sealed field");
  const decipher = crypto.createDecipheriv("aes-256-gcm", key, Buffer.from(iv, "base64url"));
  decipher.setAuthTag(Buffer.from(tag, "base64url"));
  return Buffer.concat([decipher.update(Buffer.from(body, "base64url")), decipher.final()]).toString("utf8");
}

/** "XXXX1234": what the team sees, from the last four characters kept beside the sealed value. */
export const maskedField = (last4: string | null) => (last4 ? `XXXX${last4}` : null);
