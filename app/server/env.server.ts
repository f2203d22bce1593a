import { isIP } from "node:net";
import { z } from "zod";

/** How the webhook (app/server/notify/webhook.server.ts) puts an enquiry on the wire. */
export const WEBHOOK_FORMATS = ["json", "sheet", "form"] as const;
export type WebhookFormat = (typeof WEBHOOK_FORMATS)[number];

const emptyToUndefined = (value: unknown) => (value === "" ? undefined : value);
const optionalString = z.preprocess(emptyToUndefined, z.string().optional());
/** A performance workaround's switch (ADR 066): on unless set to off. */
const perfSwitch = (name: string) =>
  z.preprocess(
    emptyToUndefined,
    z
      .enum(["on", "off"], { error: `${name} must be on or off` })
      .default("on")
      .transform((value) => value === "on"),
  );

/** Every environment variable the app reads, validated once at start. */
const envSchema = z
  .object({
    NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
    PORT: z.coerce.number().int().min(1).max(65535).default(3000),
    /** The interface to listen on: unset, every interface; e.g. 127.0.0.1 behind a proxy on the same machine. */
    HOST: z.preprocess(
      emptyToUndefined,
      z
        .string()
        .refine((value) => isIP(value) !== 0 || /^[a-z0-9.-]+$/i.test(value), "HOST must be an IP address or a host name")
        .optional(),
    ),
    SITE_URL: z.preprocess(emptyToUndefined, z.url().optional()),
    /** Unset: embedded PGlite under DATA_DIR. */
    DATABASE_URL: z.preprocess(
      emptyToUndefined,
      z
        .string()
        .regex(/^postgres(ql)?:\/\//, "DATABASE_URL must start with postgres:// or postgresql://")
        .optional(),
    ),
    DATA_DIR: z.preprocess(emptyToUndefined, z.string().default("./data")),
    /** Processed image variants; unset: DATA_DIR/media. */
    MEDIA_DIR: optionalString,
    /** Where media lives (ADR 053): local disk (MEDIA_DIR) or an S3-compatible bucket (the S3_* settings). */
    MEDIA_STORE: z.preprocess(emptyToUndefined, z.enum(["local", "s3"]).default("local")),
    /** Unset: AWS S3 itself. R2: https://<account>.r2.cloudflarestorage.com; MinIO: its address. */
    S3_ENDPOINT: z.preprocess(emptyToUndefined, z.url({ protocol: /^https?$/, error: "S3_ENDPOINT must be an http:// or https:// URL" }).optional()),
    /** R2: auto; MinIO: us-east-1 unless configured otherwise. */
    S3_REGION: z.preprocess(emptyToUndefined, z.string().default("us-east-1")),
    S3_BUCKET: optionalString,
    /** Unset: the AWS SDK's own credentials (an instance role, AWS_ACCESS_KEY_ID...). */
    S3_ACCESS_KEY_ID: optionalString,
    S3_SECRET_ACCESS_KEY: optionalString,
    /** Bucket in the path (https://host/bucket/key) rather than the host name: MinIO needs it. */
    S3_FORCE_PATH_STYLE: z.preprocess(
      emptyToUndefined,
      z
        .enum(["true", "false", "1", "0"], { error: "S3_FORCE_PATH_STYLE must be true or false" })
        .default("false")
        .transform((value) => value === "true" || value === "1"),
    ),
    /**
     * Payment proofs and other private files (ADR 114) in a bucket of their own, never public.
     * Unset: the media bucket under private/, which the app never serves (a public bucket
     * policy behind MEDIA_PUBLIC_URL must then leave private/ out).
     */
    S3_PRIVATE_BUCKET: optionalString,
    /** Where browsers fetch media: a CDN or the bucket's public URL. Unset: the app serves /media itself. */
    MEDIA_PUBLIC_URL: z.preprocess(
      (value) => (typeof value === "string" ? emptyToUndefined(value.replace(/\/+$/, "")) : value),
      z.url({ protocol: /^https?$/, error: "MEDIA_PUBLIC_URL must be an http:// or https:// URL" }).optional(),
    ),
    /**
     * Test runs only: on, with E2E_FIXTURE_TOKEN, mounts the Playwright fixture route (server/e2e-fixtures.ts),
     * which runs arbitrary SQL. An explicit switch, not NODE_ENV: the e2e servers run as production does (ADR 091).
     */
    E2E_FIXTURES: z.preprocess(
      emptyToUndefined,
      z
        .enum(["on", "off"], { error: "E2E_FIXTURES must be on or off" })
        .default("off")
        .transform((value) => value === "on"),
    ),
    /** Test runs only: the shared secret the fixture route asks for. */
    E2E_FIXTURE_TOKEN: optionalString,
    ADMIN_EMAIL: z.preprocess(emptyToUndefined, z.email().default("admin@pravas.travel")),
    ADMIN_PASSWORD: z.preprocess(emptyToUndefined, z.string().min(10).optional()),
    /** The first admin's name; unset: "Administrator", asked for a name at the first sign-in (issue 49). */
    ADMIN_NAME: z.preprocess(emptyToUndefined, z.string().trim().min(1).max(100).optional()),
    /** Signs the session cookie; unset: a random one generated once and kept in DATA_DIR/session-secret. */
    SESSION_SECRET: z.preprocess(
      emptyToUndefined,
      z.string().min(32, "SESSION_SECRET must be at least 32 characters (e.g. openssl rand -base64 32)").optional(),
    ),
    /** Failed sign-ins per e-mail and IP per 15 minutes before 429. */
    LOGIN_MAX_FAILURES: z.coerce.number().int().min(1).default(5),
    /** Sign-in attempts per IP per 15 minutes before 429. */
    LOGIN_MAX_PER_IP: z.coerce.number().int().min(1).default(30),
    /** Contact settings used when the database is seeded the first time. */
    CONTACT_PHONE: optionalString,
    CONTACT_PHONE_SECONDARY: optionalString,
    CONTACT_EMAIL: z.preprocess(emptyToUndefined, z.email().optional()),
    CONTACT_WHATSAPP: z.preprocess(
      emptyToUndefined,
      z
        .string()
        .regex(/^\d{8,15}$/)
        .optional(),
    ),
    /** Where enquiry notifications go; unset: the contact e-mail. */
    NOTIFY_EMAIL: z.preprocess(emptyToUndefined, z.email().optional()),
    /** SMTP URL for nodemailer; unset: notifications are written as .eml files to DATA_DIR/outbox. */
    SMTP_URL: optionalString,
    MAIL_FROM: z.preprocess(emptyToUndefined, z.string().default("Pravas <no-reply@pravas.travel>")),
    /**
     * Optional: each enquiry is also POSTed here (ADR 030), e.g. the old site's
     * spreadsheet script. WEBHOOK_FORMAT: json (structured), sheet (flat fields
     * as a JSON text body, what the old site sent) or form (URL-encoded fields).
     */
    WEBHOOK_URL: z.preprocess(emptyToUndefined, z.url({ protocol: /^https?$/, error: "WEBHOOK_URL must be an http:// or https:// URL" }).optional()),
    WEBHOOK_FORMAT: z.preprocess(emptyToUndefined, z.enum(WEBHOOK_FORMATS).default("json")),
    /** How often the job worker looks for due jobs (notifications); new enquiries wake it at once. */
    OUTBOX_POLL_MS: z.coerce.number().int().min(100).max(3_600_000).default(10_000),
    /** Memory for the page cache of anonymous visitors' pages, in MiB (ADR 003); 0 turns it off. */
    PAGE_CACHE_MB: z.coerce.number().min(0).max(4096).default(64),
    /** Pages one client may have rendered per minute (cache hits are free); 0 turns the cap off (ADR 034). */
    PAGE_RENDER_LIMIT: z.coerce.number().int().min(0).default(120),
    /**
     * Optional retention: Closed and Spam enquiries that came in more than this
     * many months ago are deleted (a sweep every six hours). Unset: kept.
     */
    ENQUIRY_RETENTION_MONTHS: z.preprocess(
      emptyToUndefined,
      z.coerce
        .number({ error: "ENQUIRY_RETENTION_MONTHS must be a whole number of months (1-120), or unset" })
        .int("ENQUIRY_RETENTION_MONTHS must be a whole number of months (1-120), or unset")
        .min(1, "ENQUIRY_RETENTION_MONTHS must be at least 1 month, or unset")
        .max(120, "ENQUIRY_RETENTION_MONTHS must be at most 120 months, or unset")
        .optional(),
    ),
    /** Automatic backups are written here (ADR 054); unset: none (`npm run backup` still works). */
    BACKUP_DIR: optionalString,
    /**
     * Automatic backups to an S3-compatible bucket instead (ADR 063):
     * s3://bucket/prefix/ (any bucket, the S3_* endpoint and keys) or prefix/
     * (in S3_BUCKET). Not together with BACKUP_DIR.
     */
    BACKUP_S3_PREFIX: optionalString,
    /** When automatic backups run: a daily time in Indian Standard Time, HH:MM, or "off". */
    BACKUP_SCHEDULE: z.preprocess(
      emptyToUndefined,
      z
        .string()
        .regex(/^(off|([01]\d|2[0-3]):[0-5]\d)$/, "BACKUP_SCHEDULE must be a time of day in IST as HH:MM (e.g. 02:30), or off")
        .default("02:30"),
    ),
    /** Encrypts backups with AES-256-GCM: 32 bytes as 64 hex digits or base64 (openssl rand -base64 32). */
    BACKUP_ENCRYPTION_KEY: z.preprocess(
      emptyToUndefined,
      z
        .string()
        .refine((value) => {
          const text = value.trim();
          return /^[0-9a-f]{64}$/i.test(text) || (/^[A-Za-z0-9+/]{43}=?$/.test(text) && Buffer.from(text, "base64").length === 32);
        }, "BACKUP_ENCRYPTION_KEY must be 32 bytes: 64 hex digits or base64 (openssl rand -base64 32)")
        .optional(),
    ),
    /**
     * Seals traveller passport numbers and PANs with AES-256-GCM (ADR 108): 32 bytes as 64 hex digits or
     * base64 (openssl rand -base64 32). Unset: the trip page refuses those two fields, never stores them in clear.
     */
    TRAVELLER_DATA_KEY: z.preprocess(
      emptyToUndefined,
      z
        .string()
        .refine((value) => {
          const text = value.trim();
          return /^[0-9a-f]{64}$/i.test(text) || (/^[A-Za-z0-9+/]{43}=?$/.test(text) && Buffer.from(text, "base64").length === 32);
        }, "TRAVELLER_DATA_KEY must be 32 bytes: 64 hex digits or base64 (openssl rand -base64 32)")
        .optional(),
    ),
    /**
     * The payment gateway (issue 46, ADR 090): fake (a local page that plays the
     * gateway), razorpay, or none (UPI and payments recorded by the team only).
     * Unset: fake, except in production, where it is none.
     */
    PAYMENT_GATEWAY: z.preprocess(
      emptyToUndefined,
      z.enum(["fake", "razorpay", "none"], { error: "PAYMENT_GATEWAY must be fake, razorpay or none" }).optional(),
    ),
    /** The gateway's API key id and secret (Razorpay: Account & Settings → API Keys). */
    PAYMENT_KEY_ID: optionalString,
    PAYMENT_KEY_SECRET: optionalString,
    /** The secret its webhooks are signed with (Razorpay: the one typed when adding the webhook); the fake's too, with several servers. */
    PAYMENT_WEBHOOK_SECRET: z.preprocess(emptyToUndefined, z.string().min(16, "PAYMENT_WEBHOOK_SECRET must be at least 16 characters").optional()),
    /** Public pages: stylesheets inlined, scripts fetched after the first paint and run in idle time (ADRs 018, 019, 066, 078). */
    PERF_HEAD_ORDER: perfSwitch("PERF_HEAD_ORDER"),
    /** 64 handles on the listening socket, so a burst of connections is accepted at once (ADRs 031, 066). */
    PERF_EXTRA_ACCEPTORS: perfSwitch("PERF_EXTRA_ACCEPTORS"),
    LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
    /** Requests per IP per window on the public form endpoints. */
    FORM_RATE_LIMIT: z.coerce.number().int().min(1).default(10),
    /**
     * Which proxies may name the client in X-Forwarded-For. Unset or "off": none
     * (the socket's address is the client). A hop count ("1") or a comma-separated
     * list of addresses/CIDRs ("10.0.0.0/8, 127.0.0.1", or loopback/uniquelocal).
     */
    TRUST_PROXY: z.preprocess(emptyToUndefined, z.string().optional()).transform((value, ctx) => {
      try {
        return parseTrustProxy(value);
      } catch (error) {
        ctx.addIssue({ code: "custom", message: (error as Error).message });
        return z.NEVER;
      }
    }),
  })
  .superRefine((env, ctx) => {
    if (env.BACKUP_DIR && env.BACKUP_S3_PREFIX) {
      ctx.addIssue({ code: "custom", path: ["BACKUP_S3_PREFIX"], message: "Set BACKUP_DIR or BACKUP_S3_PREFIX, not both" });
    }
    if (env.BACKUP_S3_PREFIX && !env.BACKUP_S3_PREFIX.startsWith("s3://") && !env.S3_BUCKET) {
      ctx.addIssue({ code: "custom", path: ["BACKUP_S3_PREFIX"], message: "BACKUP_S3_PREFIX names no bucket: write s3://bucket/prefix/, or set S3_BUCKET" });
    }
    if (env.PAYMENT_GATEWAY === "razorpay") {
      if (!/^rzp_(test|live)_[A-Za-z0-9]{8,32}$/.test(env.PAYMENT_KEY_ID ?? "")) {
        ctx.addIssue({
          code: "custom",
          path: ["PAYMENT_KEY_ID"],
          message: "PAYMENT_GATEWAY=razorpay needs PAYMENT_KEY_ID, the key id from Razorpay (rzp_live_… or rzp_test_…)",
        });
      }
      if (!env.PAYMENT_KEY_SECRET) ctx.addIssue({ code: "custom", path: ["PAYMENT_KEY_SECRET"], message: "PAYMENT_GATEWAY=razorpay needs PAYMENT_KEY_SECRET" });
      if (!env.PAYMENT_WEBHOOK_SECRET)
        ctx.addIssue({
          code: "custom",
          path: ["PAYMENT_WEBHOOK_SECRET"],
          message: "PAYMENT_GATEWAY=razorpay needs PAYMENT_WEBHOOK_SECRET, the secret of its webhook",
        });
    }
    if (env.MEDIA_STORE !== "s3") return;
    if (!env.S3_BUCKET) ctx.addIssue({ code: "custom", path: ["S3_BUCKET"], message: "S3_BUCKET is required when MEDIA_STORE=s3" });
    if (Boolean(env.S3_ACCESS_KEY_ID) !== Boolean(env.S3_SECRET_ACCESS_KEY)) {
      ctx.addIssue({ code: "custom", path: ["S3_SECRET_ACCESS_KEY"], message: "S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY go together" });
    }
  });

export type TrustProxy = false | number | string[];

const NAMED_PROXY_RANGES = new Set(["loopback", "linklocal", "uniquelocal"]);

/** TRUST_PROXY as Express's `trust proxy` setting. Never `true`: that would let anyone forge their address. */
export function parseTrustProxy(value: string | undefined): TrustProxy {
  const text = value?.trim().toLowerCase() ?? "";
  if (text === "" || text === "off" || text === "false" || text === "0") return false;
  if (/^\d+$/.test(text)) return Number(text);
  const entries = text
    .split(",")
    .map((entry) => entry.trim())
    .filter(Boolean);
  for (const entry of entries) {
    const [address, bits, extra] = entry.split("/");
    const family = isIP(address ?? "");
    const bitsOk = bits === undefined || (/^\d+$/.test(bits) && Number(bits) <= (family === 6 ? 128 : 32));
    if (!NAMED_PROXY_RANGES.has(entry) && (family === 0 || !bitsOk || extra !== undefined)) {
      throw new Error(`TRUST_PROXY: "${entry}" is not a hop count, an address, a CIDR range or loopback/linklocal/uniquelocal`);
    }
  }
  return entries;
}

export type Env = Omit<z.infer<typeof envSchema>, "PAYMENT_GATEWAY"> & { SITE_URL: string; PAYMENT_GATEWAY: "fake" | "razorpay" | "none" };

let cached: Env | undefined;

/** Tests: read process.env again at the next getEnv (database test files share a worker's modules, ADR 079). */
export function resetEnvForTests(): void {
  cached = undefined;
}

export function getEnv(): Env {
  if (cached) return cached;
  const parsed = envSchema.safeParse(process.env);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => `  ${issue.path.join(".")}: ${issue.message}`).join("\n");
    throw new Error(`Invalid environment variables:\n${problems}`);
  }
  cached = {
    ...parsed.data,
    SITE_URL: parsed.data.SITE_URL ?? `http://localhost:${parsed.data.PORT}`,
    // A fake gateway lets anyone "pay": in production only when asked for by name (the end-to-end tests).
    PAYMENT_GATEWAY: parsed.data.PAYMENT_GATEWAY ?? (parsed.data.NODE_ENV === "production" ? "none" : "fake"),
  };
  return cached;
}
