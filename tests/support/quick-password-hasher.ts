import crypto from "node:crypto";
import type { PasswordHasher } from "~/server/auth/password.server";

/**
 * A real salted scrypt check at a test's cost (N = 2^10, native), for tests
 * about what happens around a password check (lock-out, throttling), not about
 * hashing: production's (better-auth's node:crypto scrypt, N = 2^14, r = 16,
 * 32 MiB a check) costs about a tenth of a second of CPU per check, 32 times
 * this one's. A wrong password is still refused. The timing test and password.server.test.ts use
 * production's hasher.
 */
export const quickPasswordHasher: PasswordHasher = {
  async hash(password) {
    const salt = crypto.randomBytes(16);
    return `quick$${salt.toString("hex")}$${crypto.scryptSync(password, salt, 32, { N: 1024 }).toString("hex")}`;
  },
  async verify({ hash, password }) {
    const [prefix, salt, key] = hash.split("$");
    if (prefix !== "quick" || !salt || !key) return false;
    const expected = Buffer.from(key, "hex");
    const actual = crypto.scryptSync(password, Buffer.from(salt, "hex"), expected.length, { N: 1024 });
    return expected.length > 0 && crypto.timingSafeEqual(actual, expected);
  },
};
