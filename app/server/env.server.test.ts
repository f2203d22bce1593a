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

describe("PERF_HEAD_ORDER and PERF_EXTRA_ACCEPTORS (ADR 066)", () => {
  it("are on unless set to off", async () => {
    const unset = await envWith({ PERF_HEAD_ORDER: undefined, PERF_EXTRA_ACCEPTORS: "" });
    expect([unset.PERF_HEAD_ORDER, unset.PERF_EXTRA_ACCEPTORS]).toEqual([true, true]);
    const off = await envWith({ PERF_HEAD_ORDER: "off", PERF_EXTRA_ACCEPTORS: "off" });
    expect([off.PERF_HEAD_ORDER, off.PERF_EXTRA_ACCEPTORS]).toEqual([false, false]);
  });

  it("refuse anything but on or off at start", async () => {
    await expect(envWith({ PERF_HEAD_ORDER: "no" })).rejects.toThrow(/PERF_HEAD_ORDER must be on or off/);
    await expect(envWith({ PERF_EXTRA_ACCEPTORS: "1" })).rejects.toThrow(/PERF_EXTRA_ACCEPTORS must be on or off/);
  });
});

describe("MEDIA_STORE and the S3 settings (ADR 053)", () => {
  const none = {
    MEDIA_STORE: undefined,
    S3_ENDPOINT: undefined,
    S3_REGION: undefined,
    S3_BUCKET: undefined,
    S3_ACCESS_KEY_ID: undefined,
    S3_SECRET_ACCESS_KEY: undefined,
    S3_FORCE_PATH_STYLE: undefined,
    MEDIA_PUBLIC_URL: undefined,
  };

  it("keeps media on local disk by default", async () => {
    expect(await envWith(none)).toMatchObject({ MEDIA_STORE: "local", S3_REGION: "us-east-1", S3_FORCE_PATH_STYLE: false });
  });

  it("reads a MinIO or R2 setup", async () => {
    const env = await envWith({
      ...none,
      MEDIA_STORE: "s3",
      S3_ENDPOINT: "http://127.0.0.1:9000",
      S3_BUCKET: "pravas",
      S3_ACCESS_KEY_ID: "key",
      S3_SECRET_ACCESS_KEY: "secret",
      S3_FORCE_PATH_STYLE: "true",
      MEDIA_PUBLIC_URL: "https://media.pravas.travel/",
    });
    expect(env).toMatchObject({ MEDIA_STORE: "s3", S3_BUCKET: "pravas", S3_FORCE_PATH_STYLE: true, MEDIA_PUBLIC_URL: "https://media.pravas.travel" });
  });

  it("refuses S3 without a bucket, half a key pair, or a public URL that is not http(s)", async () => {
    await expect(envWith({ ...none, MEDIA_STORE: "s3" })).rejects.toThrow(/S3_BUCKET is required when MEDIA_STORE=s3/);
    await expect(envWith({ ...none, MEDIA_STORE: "s3", S3_BUCKET: "b", S3_ACCESS_KEY_ID: "key" })).rejects.toThrow(/go together/);
    await expect(envWith({ ...none, MEDIA_PUBLIC_URL: "ftp://cdn.example.com" })).rejects.toThrow(/MEDIA_PUBLIC_URL must be/);
    await expect(envWith({ ...none, MEDIA_STORE: "gcs" })).rejects.toThrow(/MEDIA_STORE/);
  });
});

describe("BACKUP_S3_PREFIX", () => {
  const none = { BACKUP_DIR: undefined, BACKUP_S3_PREFIX: undefined, S3_BUCKET: undefined, MEDIA_STORE: undefined };

  it("takes a bucket URL, or a prefix in S3_BUCKET", async () => {
    expect(await envWith({ ...none, BACKUP_S3_PREFIX: "s3://pravas-backups/nightly/" })).toMatchObject({ BACKUP_S3_PREFIX: "s3://pravas-backups/nightly/" });
    expect(await envWith({ ...none, BACKUP_S3_PREFIX: "backups/", S3_BUCKET: "pravas" })).toMatchObject({ BACKUP_S3_PREFIX: "backups/" });
  });

  it("refuses a prefix with no bucket, and BACKUP_DIR beside it, at start", async () => {
    await expect(envWith({ ...none, BACKUP_S3_PREFIX: "backups/" })).rejects.toThrow(/names no bucket/);
    await expect(envWith({ ...none, BACKUP_S3_PREFIX: "s3://b/", BACKUP_DIR: "/var/backups" })).rejects.toThrow(/not both/);
  });
});

describe("PAYMENT_GATEWAY and its keys (issue 46, ADR 090)", () => {
  const none = { PAYMENT_GATEWAY: undefined, PAYMENT_KEY_ID: undefined, PAYMENT_KEY_SECRET: undefined, PAYMENT_WEBHOOK_SECRET: undefined };
  const razorpay = {
    PAYMENT_GATEWAY: "razorpay",
    PAYMENT_KEY_ID: "rzp_live_1DP5mmOlF5G5ag",
    PAYMENT_KEY_SECRET: "key-secret",
    PAYMENT_WEBHOOK_SECRET: "webhook-secret-0123456789",
  };

  it("is the fake unless set, but none in production, where a fake would let anyone pay", async () => {
    expect((await envWith({ ...none, NODE_ENV: "development" })).PAYMENT_GATEWAY).toBe("fake");
    expect((await envWith({ ...none, NODE_ENV: "test", PAYMENT_GATEWAY: "" })).PAYMENT_GATEWAY).toBe("fake");
    expect((await envWith({ ...none, NODE_ENV: "production" })).PAYMENT_GATEWAY).toBe("none");
    expect((await envWith({ ...none, NODE_ENV: "production", PAYMENT_GATEWAY: "fake" })).PAYMENT_GATEWAY).toBe("fake");
  });

  it("takes Razorpay with its key id, key secret and webhook secret", async () => {
    expect(await envWith(razorpay)).toMatchObject(razorpay);
  });

  it("refuses Razorpay without them, a key that is not Razorpay's, a short webhook secret or another gateway, at start", async () => {
    await expect(envWith({ ...none, PAYMENT_GATEWAY: "razorpay" })).rejects.toThrow(
      /PAYMENT_KEY_ID[^\n]*\n[^\n]*PAYMENT_KEY_SECRET[^\n]*\n[^\n]*PAYMENT_WEBHOOK_SECRET/,
    );
    await expect(envWith({ ...razorpay, PAYMENT_KEY_ID: "key_123" })).rejects.toThrow(/rzp_live_… or rzp_test_…/);
    await expect(envWith({ ...razorpay, PAYMENT_WEBHOOK_SECRET: "short" })).rejects.toThrow(/at least 16 characters/);
    await expect(envWith({ ...none, PAYMENT_GATEWAY: "stripe" })).rejects.toThrow(/PAYMENT_GATEWAY must be fake, razorpay or none/);
  });
});
