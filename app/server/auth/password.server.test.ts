import { describe, expect, it } from "vitest";
import { generatePassword, hashLegacyPassword, hashPassword, verifyPassword } from "./password.server";

describe("password hashing", () => {
  it("verifies the right password and rejects a wrong one", async () => {
    const hash = await hashPassword("correct horse battery");
    expect(hash).not.toContain("correct horse battery");
    expect(await verifyPassword({ hash, password: "correct horse battery" })).toBe(true);
    expect(await verifyPassword({ hash, password: "correct horse batterz" })).toBe(false);
  });

  it("still verifies the hashes of the first schema (scrypt$salt$hash)", async () => {
    const hash = await hashLegacyPassword("old admin password");
    expect(hash.startsWith("scrypt$")).toBe(true);
    expect(await verifyPassword({ hash, password: "old admin password" })).toBe(true);
    expect(await verifyPassword({ hash, password: "old admin passwore" })).toBe(false);
  });

  it("salts every hash", async () => {
    expect(await hashPassword("same")).not.toBe(await hashPassword("same"));
  });

  it("rejects a malformed stored hash instead of throwing", async () => {
    expect(await verifyPassword({ hash: "plain-text", password: "x" })).toBe(false);
    expect(await verifyPassword({ hash: "scrypt$$", password: "x" })).toBe(false);
    expect(await verifyPassword({ hash: "zz:zz", password: "x" })).toBe(false);
  });

  it("generates long distinct passwords", () => {
    const a = generatePassword();
    expect(a.length).toBeGreaterThanOrEqual(16);
    expect(generatePassword()).not.toBe(a);
  });
});
