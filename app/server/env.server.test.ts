import { describe, expect, it, vi } from "vitest";
import { parseTrustProxy } from "./env.server";

/**
 * getEnv() from a fresh module, so it reads the variables given instead of its
 * cache; undefined removes a variable. process.env is restored afterwards.
 */
async function envWith(vars: Record<string, string | undefined>) {
  const saved = { ...process.env };
  for (const [name, value] of Object.entries(vars)) {
    if (value === undefined) delete process.env[name];
    else process.env[name] = value;
  }
  try {
    vi.resetModules();
    const { getEnv } = await import("./env.server");
    return getEnv();
  } finally {
    process.env = saved;
  }
}

describe("TRUST_PROXY", () => {
  it("is off unless set", () => {
    for (const value of [undefined, "", "off", "false", "0"]) expect(parseTrustProxy(value)).toBe(false);
  });

  it("takes a hop count, or a list of addresses and CIDR ranges", () => {
    expect(parseTrustProxy("1")).toBe(1);
    expect(parseTrustProxy("10.0.0.0/8, 127.0.0.1,fd00::/8")).toEqual(["10.0.0.0/8", "127.0.0.1", "fd00::/8"]);
    expect(parseTrustProxy("loopback")).toEqual(["loopback"]);
  });

  it("refuses anything else, including `true` (anyone could name their own address)", () => {
    for (const value of ["true", "yes", "10.0.0.0/33", "10.0.0/8", "proxy.example.com"]) {
      expect(() => parseTrustProxy(value)).toThrow(/TRUST_PROXY/);
    }
  });
});

describe("WEBHOOK_URL and WEBHOOK_FORMAT", () => {
  it("are optional: no webhook, JSON by default", async () => {
    const env = await envWith({ WEBHOOK_URL: "", WEBHOOK_FORMAT: "" });
    expect(env.WEBHOOK_URL).toBeUndefined();
    expect(env.WEBHOOK_FORMAT).toBe("json");
  });

  it("take an http(s) URL and a known format", async () => {
    const env = await envWith({ WEBHOOK_URL: "https://script.google.com/macros/s/abc/exec", WEBHOOK_FORMAT: "sheet" });
    expect(env).toMatchObject({ WEBHOOK_URL: "https://script.google.com/macros/s/abc/exec", WEBHOOK_FORMAT: "sheet" });
  });

  it("refuse another scheme or an unknown format at start", async () => {
    await expect(envWith({ WEBHOOK_URL: "file:///etc/passwd" })).rejects.toThrow(/WEBHOOK_URL must be an http/);
    await expect(envWith({ WEBHOOK_URL: "https://example.com/hook", WEBHOOK_FORMAT: "xml" })).rejects.toThrow(/WEBHOOK_FORMAT/);
  });
});

describe("ENQUIRY_RETENTION_MONTHS", () => {
  const readWith = async (value: string | undefined) => (await envWith({ ENQUIRY_RETENTION_MONTHS: value })).ENQUIRY_RETENTION_MONTHS;

  it("is off unless set", async () => {
    expect(await readWith(undefined)).toBeUndefined();
    expect(await readWith("")).toBeUndefined();
  });

  it("takes a whole number of months from 1 to 120, and refuses anything else at start", async () => {
    expect(await readWith("18")).toBe(18);
    for (const bad of ["0", "121", "1.5", "six", "-3"]) {
      await expect(readWith(bad), bad).rejects.toThrow(/ENQUIRY_RETENTION_MONTHS/);
    }
  });
});
