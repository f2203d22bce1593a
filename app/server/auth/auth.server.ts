import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { betterAuth } from "better-auth";
import { drizzleAdapter } from "better-auth/adapters/drizzle";
import { admin } from "better-auth/plugins/admin";
import { twoFactor } from "better-auth/plugins/two-factor";
import { adminAc, defaultAc } from "better-auth/plugins/admin/access";
import { getDb } from "~/server/db/db.server";
import { accounts, sessions, twoFactors, users, verifications } from "~/server/db/schema.server";
import { getEnv, type Env } from "~/server/env.server";
import { getLogger } from "~/server/logger.server";
import { passwordHasher, type PasswordHasher } from "./password.server";
import { PASSWORD_MAX, PASSWORD_MIN } from "~/lib/password-policy";

/**
 * better-auth runs on the server only (ADR 022): no HTTP handler is mounted and
 * nothing is imported in the browser. Route actions call `getAuth().api.*`.
 */

/** The session cookie's name (on https better-auth adds the `__Secure-` prefix). */
export const SESSION_COOKIE = "pravas_session";
/** Header our calls to auth.api carry the client IP in (as Express resolved it). */
const CLIENT_IP_HEADER = "x-pravas-client-ip";

const SESSION_EXPIRES_IN_SECONDS = 7 * 24 * 60 * 60;
/** A request at least this long after the last extension pushes expiry to now + 7 days. */
const SESSION_UPDATE_AGE_SECONDS = 24 * 60 * 60;
/**
 * However much it is used, a session ends this long after its sign-in (ADR
 * 032): 30 days with "Keep me signed in", otherwise 12 hours.
 */
export const KEPT_SESSION_MAX_SECONDS = 30 * 24 * 60 * 60;
export const SESSION_MAX_SECONDS = 12 * 60 * 60;
/** Recovery codes issued at once (each works once). */
const RECOVERY_CODE_COUNT = 10;

const ROUTINE_WARNINGS = new Set(["User not found", "Invalid password", "Password not found"]);

const editorRole = defaultAc.newRole({ user: [], session: [] });

/** better-auth's identifier of a set-password (reset or invitation) token: this prefix, then the token. */
export const RESET_IDENTIFIER = "reset-password:";
/** How such an identifier is stored instead: never the token, only its SHA-256 (ADR 087; drizzle/0020 hashed the older rows alike). */
export const STORED_RESET_PREFIX = "reset-password-sha256:";

/**
 * The verification row's identifier for a set-password token. The prefix
 * differs from `RESET_IDENTIFIER` on purpose: better-auth falls back to the
 * plain identifier when the hashed one is not found, and a stored hash must
 * never be usable as a token through that fallback.
 */
export async function hashedResetIdentifier(identifier: string): Promise<string> {
  return STORED_RESET_PREFIX + crypto.createHash("sha256").update(identifier, "utf8").digest("base64url");
}

function createAuth(env: Env, hasher: PasswordHasher) {
  return betterAuth({
    appName: "Pravas",
    baseURL: env.SITE_URL,
    secret: sessionSecret(),
    database: drizzleAdapter(getDb(), {
      provider: "pg",
      schema: { user: users, session: sessions, account: accounts, verification: verifications, twoFactor: twoFactors },
    }),
    emailAndPassword: {
      enabled: true,
      // Staff accounts are created by admins (admin plugin / server API), never by visitors.
      disableSignUp: true,
      // Our policy (app/lib/password-policy.ts) runs before better-auth sees a new password.
      minPasswordLength: PASSWORD_MIN,
      maxPasswordLength: PASSWORD_MAX,
      password: hasher,
      revokeSessionsOnPasswordReset: true,
    },
    user: {
      additionalFields: {
        mustChangePassword: { type: "boolean", defaultValue: false, input: false },
        mustSetName: { type: "boolean", defaultValue: false, input: false },
      },
    },
    // Reset and invitation tokens are kept as hashes: a backup holds no working link (issue 44 finding 13).
    verification: { storeIdentifier: { default: "plain", overrides: { [RESET_IDENTIFIER]: { hash: hashedResetIdentifier } } } },
    session: {
      additionalFields: {
        keepSignedIn: { type: "boolean", defaultValue: false, input: false },
        lastUsedAt: { type: "date", required: false, input: false },
      },
      expiresIn: SESSION_EXPIRES_IN_SECONDS,
      updateAge: SESSION_UPDATE_AGE_SECONDS,
      // Off: every request reads the session row, so revoking it takes effect at once.
      cookieCache: { enabled: false },
    },
    advanced: {
      useSecureCookies: env.SITE_URL.startsWith("https://"),
      cookiePrefix: "pravas",
      cookies: { session_token: { name: SESSION_COOKIE } },
      defaultCookieAttributes: { httpOnly: true, sameSite: "lax", path: "/" },
      ipAddress: { ipAddressHeaders: [CLIENT_IP_HEADER] },
    },
    // No better-auth endpoint is reachable over HTTP; the sign-in action throttles itself.
    rateLimit: { enabled: false },
    telemetry: { enabled: false },
    logger: {
      level: "warn",
      log: (level, message, ...args) => {
        const logger = getLogger();
        const fields = args.length ? { args } : {};
        if (level === "error") logger.error(fields, `better-auth: ${message}`);
        // Failed sign-ins are expected and go to the activity log instead.
        else if (level === "warn" && !ROUTINE_WARNINGS.has(message)) logger.warn(fields, `better-auth: ${message}`);
        else logger.debug(fields, `better-auth: ${message}`);
      },
    },
    plugins: [
      // Two-step sign-in with an authenticator app (ADR 033): secrets and
      // recovery codes stored encrypted; 5 code attempts per sign-in, then the
      // password again; 10 failures lock the codes for a while.
      twoFactor({
        issuer: "Pravas",
        backupCodeOptions: { amount: RECOVERY_CODE_COUNT, length: 10 },
        twoFactorCookieMaxAge: 10 * 60,
      }),
      admin({
        defaultRole: "editor",
        adminRoles: ["admin"],
        roles: { admin: adminAc, editor: editorRole },
        bannedUserMessage: "This account is deactivated.",
      }),
    ],
  });
}

type Auth = ReturnType<typeof createAuth>;

let auth: Auth | undefined;
let hasherForTests: PasswordHasher | undefined;

/** The process's better-auth instance (created on first use, after the database is open). */
export function getAuth(): Auth {
  auth ??= createAuth(getEnv(), hasherForTests ?? passwordHasher);
  return auth;
}

let secret: string | undefined;
/** The server's secret (SESSION_SECRET or the generated one): also signs the known-device cookie (ADR 086). */
export function sessionSecret(): string {
  secret ??= resolveSessionSecret(getEnv());
  return secret;
}

/**
 * Tests: forget the instance (e.g. after reopening the database). A test that is
 * not about hashing may pass a cheaper hasher for the next instance; each db
 * test file starts with production's (tests/support/db-file-setup.ts).
 */
export function resetAuthForTests(options: { passwordHasher?: PasswordHasher } = {}): void {
  auth = undefined;
  secret = undefined;
  hasherForTests = options.passwordHasher;
}

/**
 * SESSION_SECRET, or a random secret generated once and kept in DATA_DIR, so
 * sessions survive a restart without any setting. Tests get a fixed one.
 */
function resolveSessionSecret(env: Pick<Env, "SESSION_SECRET" | "DATA_DIR" | "NODE_ENV">): string {
  if (env.SESSION_SECRET) return env.SESSION_SECRET;
  if (process.env.VITEST) return "vitest-session-secret-0123456789abcdef";
  const file = path.resolve(env.DATA_DIR, "session-secret");
  try {
    const saved = fs.readFileSync(file, "utf8").trim();
    if (saved.length >= 32) return saved;
  } catch {
    // not generated yet
  }
  const secret = crypto.randomBytes(32).toString("base64url");
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, `${secret}\n`, { mode: 0o600 });
  getLogger().info({ file }, "generated a session secret (set SESSION_SECRET to choose one)");
  return secret;
}

/** Headers for an auth.api call on behalf of `request`: its cookie, and the client IP we resolved. */
export function authHeaders(request: Request, clientIp?: string): Headers {
  const headers = new Headers();
  const cookie = request.headers.get("cookie");
  if (cookie) headers.set("cookie", cookie);
  const userAgent = request.headers.get("user-agent");
  if (userAgent) headers.set("user-agent", userAgent);
  if (clientIp) headers.set(CLIENT_IP_HEADER, clientIp);
  return headers;
}
