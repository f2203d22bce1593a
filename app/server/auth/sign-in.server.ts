import { z } from "zod";
import { recordActivity } from "~/server/activity/activity.server";
import { getEnv } from "~/server/env.server";
import { getLogger } from "~/server/logger.server";
import { eq } from "drizzle-orm";
import { getDb } from "~/server/db/db.server";
import { sessions, users } from "~/server/db/schema.server";
import { authHeaders, getAuth, KEPT_SESSION_MAX_SECONDS, SESSION_COOKIE } from "./auth.server";
import { getViewer, isRole, sessionHardExpiry, type Viewer } from "./guard.server";
import { passwordProblem } from "~/lib/password-policy";
import { SECRET_UNREADABLE, sessionTokenFromSetCookie, twoFactorSecretReadable, verifySecondStep } from "./two-factor.server";
import { knownDeviceCookie, knownDeviceOf } from "./known-device.server";
import { alertOwnerAfterFailures } from "./sign-in-alert.server";
import { createFailureLog, serverLimit } from "~/server/limits/limits.server";
import { LOGIN_WINDOW_MS, LoginThrottle } from "./login-throttle.server";
import { forgetCheckedSessions } from "./session-check-cache.server";

/** The sign-in form's fields (the page's form and the action share it). */
const loginSchema = z.object({
  email: z.string().trim().toLowerCase().pipe(z.email()).pipe(z.string().max(320)),
  password: z.string().min(1).max(128),
  /** "Keep me signed in": an unchecked box unless ticked (ADR 032). */
  keepSignedIn: z.boolean().default(false),
});

type SignInOutcome =
  | { status: "signed-in"; viewer: Viewer; headers: Headers }
  /** The password was right; two-step sign-in asks for a code next (ADR 033). `headers` carry the pending challenge. */
  | { status: "two-factor"; headers: Headers }
  /** The password was right, but this server cannot read the account's two-step secret (ADR 087): said plainly, no challenge. */
  | { status: "two-factor-unreadable"; message: string }
  | { status: "failed" }
  /** `accountDelay`: only the account's delay stopped it; a two-step code with the password would lift it (ADR 086). */
  | { status: "throttled"; retryAfterSeconds: number; accountDelay?: boolean };

/** Between the two steps of a two-step sign-in: whether the person ticked "Keep me signed in". */
const KEEP_PENDING_COOKIE = "pravas_2fa_keep";

/**
 * With "Keep me signed in" the browser keeps the cookie this long: the absolute
 * lifetime of such a session (ADR 032). Without it the cookie is a session
 * cookie, gone when the browser closes, and the session ends after 12 hours.
 */
const SESSION_COOKIE_MAX_AGE_SECONDS = KEPT_SESSION_MAX_SECONDS;

/** This server's sign-in throttle: its failures in PostgreSQL with DATABASE_URL, in memory otherwise (ADR 060). */
export function getLoginThrottle(): LoginThrottle {
  return serverLimit("login-throttle", () => {
    const env = getEnv();
    return new LoginThrottle({ maxFailures: env.LOGIN_MAX_FAILURES, maxPerIp: env.LOGIN_MAX_PER_IP }, Date.now, createFailureLog(LOGIN_WINDOW_MS));
  });
}

/**
 * Checks e-mail and password and opens a new session (a fresh token every time).
 * Every failure looks the same to the caller: wrong password, unknown e-mail,
 * deactivated user or malformed input; and costs the same (better-auth hashes
 * the password for an unknown e-mail too), and counts the same (issue 44
 * finding 8). `code`: a two-step code sent with the password, which lifts the
 * account-wide delay when both are right (ADR 086).
 */
export async function signIn(
  request: Request,
  clientIp: string,
  fields: { email: unknown; password: unknown; keepSignedIn?: unknown; code?: unknown },
): Promise<SignInOutcome> {
  const typedEmail = typeof fields.email === "string" ? fields.email.trim().slice(0, 320) : "";
  const code = typeof fields.code === "string" ? fields.code.replace(/\s+/g, "") : "";
  const attempt = { device: knownDeviceOf(request, typedEmail), secondFactor: /^\d{6}$/.test(code) };
  const throttle = getLoginThrottle();
  const verdict = await throttle.check(typedEmail, clientIp, attempt);
  const throttled = (retryAfterSeconds: number, accountDelay = false): SignInOutcome => {
    getLogger().warn({ ip: clientIp }, "sign-in throttled");
    return { status: "throttled", retryAfterSeconds, ...(accountDelay ? { accountDelay } : {}) };
  };
  if (!verdict.allowed) return throttled(verdict.retryAfterSeconds, verdict.accountDelay);
  // Past the account's delay only with a right password and a right code; anything else is refused as the delay would have been.
  const waived = verdict.accountDelayWaived === true;

  const fail = async (reason: string): Promise<SignInOutcome> => {
    await throttle.recordFailure(typedEmail, clientIp, attempt);
    // The e-mail as typed, never the password; the reason stays in the log only.
    await recordActivity({ kind: "auth.sign-in-failed", actor: { email: typedEmail || null }, ip: clientIp, detail: { reason } });
    // Not awaited: a real account's alert must not make its answer slower than an unknown e-mail's.
    void alertOwnerAfterFailures(throttle, typedEmail, clientIp);
    if (waived) {
      const now = await throttle.check(typedEmail, clientIp);
      return throttled(now.allowed ? 1 : now.retryAfterSeconds, true);
    }
    return verdict.addressOverCap ? throttled(verdict.retryAfterSeconds) : { status: "failed" };
  };

  const parsed = loginSchema.safeParse({ ...fields, keepSignedIn: fields.keepSignedIn === true || fields.keepSignedIn === "on" });
  if (!parsed.success) return fail("invalid input");
  const { email, password, keepSignedIn } = parsed.data;

  let result;
  try {
    result = await getAuth().api.signInEmail({
      body: { email, password, rememberMe: keepSignedIn },
      headers: authHeaders(request, clientIp),
      returnHeaders: true,
    });
  } catch (error) {
    const code = (error as { body?: { code?: string } }).body?.code;
    return fail(code === "BANNED_USER" ? "deactivated" : "wrong e-mail or password");
  }

  if ("twoFactorRedirect" in result.response) {
    // Right password; no session yet. Its policy check happens now, while the password is known.
    const [pending] = await getDb().select().from(users).where(eq(users.email, email));
    if (pending && !(await twoFactorSecretReadable(pending.id))) return { status: "two-factor-unreadable", message: SECRET_UNREADABLE };
    if (pending) await noteWhetherPasswordMustChange(pending, password);
    if (waived)
      return secondStepNow(request, clientIp, result.headers, code, {
        keepSignedIn,
        fail,
        succeed: () => throttle.recordSuccess(typedEmail, clientIp, attempt),
      });
    await throttle.recordSuccess(typedEmail, clientIp, attempt);
    const headers = new Headers();
    for (const cookie of result.headers.getSetCookie()) headers.append("Set-Cookie", cookie);
    headers.append("Set-Cookie", `${KEEP_PENDING_COOKIE}=${keepSignedIn ? "1" : "0"}; Path=/admin; HttpOnly; SameSite=Lax; Max-Age=600`);
    return { status: "two-factor", headers };
  }
  const { user } = result.response;
  if (!isRole(user.role) || waived) {
    // No staff role; or the account's delay was lifted for a code, which this account (no two-step sign-in) cannot have.
    await revokeNewSession(result.response.token);
    return fail(waived ? "password without a two-step code while the account is delayed" : "no staff role");
  }
  await throttle.recordSuccess(typedEmail, clientIp, attempt);
  await startSession(result.response.token, keepSignedIn, clientIp);
  const mustChangePassword = await noteWhetherPasswordMustChange(user, password);
  const viewer: Viewer = { id: user.id, email: user.email, name: user.name, role: user.role, mustChangePassword };
  await recordActivity({ kind: "auth.sign-in", actor: viewer, ip: clientIp, detail: { keepSignedIn } });
  const headers = keepSignedIn ? withKeptCookieLifetime(result.headers) : copyCookies(result.headers);
  headers.append("Set-Cookie", knownDeviceCookie(user.email));
  return { status: "signed-in", viewer, headers };
}

/**
 * Password and code in one post, while the account is delayed (ADR 086): the
 * challenge better-auth just opened is answered at once with the code. Any
 * failure counts and is answered as the delay would have been.
 */
async function secondStepNow(
  request: Request,
  clientIp: string,
  challenge: Headers,
  code: string,
  steps: { keepSignedIn: boolean; fail: (reason: string) => Promise<SignInOutcome>; succeed: () => Promise<void> },
): Promise<SignInOutcome> {
  const cookie = [request.headers.get("cookie"), cookieHeaderOf(challenge)].filter(Boolean).join("; ");
  const answered = new Request(request.url, { method: "POST", headers: { cookie, "user-agent": request.headers.get("user-agent") ?? "" } });
  const second = await verifySecondStep(answered, clientIp, "app", code);
  if (second.status !== "signed-in") return steps.fail(`two-step code with the password: ${second.status}`);
  const finished = await finishTwoFactorSignIn(answered, clientIp, second.userId, second.headers, steps.keepSignedIn);
  if (!finished) return steps.fail("no staff role");
  await steps.succeed();
  return { status: "signed-in", viewer: finished.viewer, headers: finished.headers };
}

/** The Cookie header a browser would send back after these Set-Cookie lines. */
function cookieHeaderOf(headers: Headers): string {
  return headers
    .getSetCookie()
    .map((line) => line.split(";", 1)[0]!)
    .filter((pair) => !pair.endsWith("="))
    .join("; ");
}

/** The plain password is known only at sign-in: one set before the policy is to be changed first (ADR 032). */
async function noteWhetherPasswordMustChange(user: { id: string; email: string; name: string; mustChangePassword?: boolean | null }, password: string) {
  const mustChangePassword = passwordProblem(password, user) !== null;
  if (mustChangePassword !== Boolean(user.mustChangePassword)) {
    await getDb().update(users).set({ mustChangePassword }).where(eq(users.id, user.id));
  }
  return mustChangePassword;
}

/**
 * The second step of a two-step sign-in succeeded: the new session gets what
 * the password step decided ("Keep me signed in", the address), and the sign-in is logged.
 */
export async function finishTwoFactorSignIn(
  request: Request,
  clientIp: string,
  userId: string,
  sessionHeaders: Headers,
  /** Chosen in the same post (password and code together); otherwise read from the password step's cookie. */
  keepSignedInNow?: boolean,
): Promise<{ viewer: Viewer; headers: Headers } | null> {
  const token = sessionTokenFromSetCookie(sessionHeaders);
  const [user] = await getDb().select().from(users).where(eq(users.id, userId));
  if (!token || !user || !isRole(user.role)) return null;
  const keepSignedIn = keepSignedInNow ?? /(?:^|;\s*)pravas_2fa_keep=1(?:;|$)/.test(request.headers.get("cookie") ?? "");
  await startSession(token, keepSignedIn, clientIp);
  const viewer: Viewer = { id: user.id, email: user.email, name: user.name, role: user.role, mustChangePassword: user.mustChangePassword };
  await recordActivity({ kind: "auth.sign-in", actor: viewer, ip: clientIp, detail: { keepSignedIn, twoFactor: true } });
  const headers = keepSignedIn ? withKeptCookieLifetime(sessionHeaders) : copyCookies(sessionHeaders);
  headers.append("Set-Cookie", `${KEEP_PENDING_COOKIE}=; Path=/admin; HttpOnly; SameSite=Lax; Max-Age=0`);
  headers.append("Set-Cookie", knownDeviceCookie(user.email));
  return { viewer, headers };
}

function copyCookies(source: Headers): Headers {
  const headers = new Headers();
  for (const cookie of source.getSetCookie()) headers.append("Set-Cookie", cookie);
  return headers;
}

/**
 * Marks a new session kept or not (one not kept ends 12 hours after sign-in at
 * the latest), with the client's address as we resolved it (better-auth
 * masks IPv6 addresses to their /64, which a person cannot recognise).
 */
async function startSession(token: string, keepSignedIn: boolean, clientIp: string) {
  const [session] = await getDb()
    .update(sessions)
    .set({ keepSignedIn, lastUsedAt: new Date(), ...(clientIp ? { ipAddress: clientIp } : {}) })
    .where(eq(sessions.token, token))
    .returning();
  if (session && !keepSignedIn) {
    const end = sessionHardExpiry(session);
    if (session.expiresAt > end) await getDb().update(sessions).set({ expiresAt: end }).where(eq(sessions.id, session.id));
  }
}

/** Ends the request's session: deletes its row and clears the cookie. */
export async function signOut(request: Request, clientIp: string): Promise<Headers> {
  const viewer = await getViewer(request);
  const headers = new Headers();
  try {
    const result = await getAuth().api.signOut({ headers: authHeaders(request, clientIp), returnHeaders: true });
    for (const cookie of result.headers.getSetCookie()) headers.append("Set-Cookie", cookie);
  } catch (error) {
    getLogger().warn({ err: error }, "sign-out without a readable session");
  }
  forgetCheckedSessions();
  if (!headers.has("Set-Cookie")) headers.append("Set-Cookie", `${SESSION_COOKIE}=; Max-Age=0; Path=/; HttpOnly; SameSite=Lax`);
  if (viewer) await recordActivity({ kind: "auth.sign-out", actor: viewer, ip: clientIp });
  return headers;
}

async function revokeNewSession(token: string) {
  const auth = await getAuth().$context;
  await auth.internalAdapter.deleteSession(token);
}

/** Copies better-auth's Set-Cookie headers, giving the session cookie the kept session's Max-Age. */
function withKeptCookieLifetime(source: Headers): Headers {
  const headers = new Headers();
  for (const cookie of source.getSetCookie()) {
    const name = cookie.split("=", 1)[0]!;
    const isSession = name === SESSION_COOKIE || name === `__Secure-${SESSION_COOKIE}`;
    headers.append(
      "Set-Cookie",
      isSession ? cookie.replace(/;\s*Max-Age=\d+/i, `; Max-Age=${SESSION_COOKIE_MAX_AGE_SECONDS}`).replace(/;\s*Expires=[^;]*/i, "") : cookie,
    );
  }
  return headers;
}
