import { z } from "zod";
import { recordActivity } from "~/server/activity/activity.server";
import { getEnv } from "~/server/env.server";
import { getLogger } from "~/server/logger.server";
import { authHeaders, getAuth, SESSION_COOKIE } from "./auth.server";
import { getViewer, isRole, type Viewer } from "./guard.server";
import { LoginThrottle } from "./login-throttle.server";
import { forgetCheckedSessions } from "./session-check-cache.server";

/** The sign-in form's fields (the page's form and the action share it). */
export const loginSchema = z.object({
  email: z.string().trim().toLowerCase().pipe(z.email()).pipe(z.string().max(320)),
  password: z.string().min(1).max(128),
});

export type SignInOutcome =
  | { status: "signed-in"; viewer: Viewer; headers: Headers }
  | { status: "failed" }
  | { status: "throttled"; retryAfterSeconds: number };

/**
 * The browser keeps the cookie this long; the session row decides: idle for 7
 * days and it is dead, and each day of use pushes that back (ADR 022).
 */
export const SESSION_COOKIE_MAX_AGE_SECONDS = 30 * 24 * 60 * 60;

const globalForThrottle = globalThis as typeof globalThis & { __pravasLoginThrottle?: LoginThrottle };

export function getLoginThrottle(): LoginThrottle {
  const env = getEnv();
  globalForThrottle.__pravasLoginThrottle ??= new LoginThrottle({
    maxFailures: env.LOGIN_MAX_FAILURES,
    maxPerIp: env.LOGIN_MAX_PER_IP,
  });
  return globalForThrottle.__pravasLoginThrottle;
}

/**
 * Checks e-mail and password and opens a new session (a fresh token every time).
 * Every failure looks the same to the caller: wrong password, unknown e-mail,
 * deactivated user or malformed input.
 */
export async function signIn(
  request: Request,
  clientIp: string,
  fields: { email: unknown; password: unknown },
): Promise<SignInOutcome> {
  const typedEmail = typeof fields.email === "string" ? fields.email.trim().slice(0, 320) : "";
  const throttle = getLoginThrottle();
  const verdict = throttle.check(typedEmail, clientIp);
  if (!verdict.allowed) {
    getLogger().warn({ ip: clientIp }, "sign-in throttled");
    return { status: "throttled", retryAfterSeconds: verdict.retryAfterSeconds };
  }

  const fail = async (reason: string): Promise<SignInOutcome> => {
    throttle.recordFailure(typedEmail, clientIp);
    // The e-mail as typed, never the password; the reason stays in the log only.
    await recordActivity({ kind: "auth.sign-in-failed", actor: { email: typedEmail || null }, ip: clientIp, detail: { reason } });
    return { status: "failed" };
  };

  const parsed = loginSchema.safeParse(fields);
  if (!parsed.success) return fail("invalid input");

  let result;
  try {
    result = await getAuth().api.signInEmail({
      body: { email: parsed.data.email, password: parsed.data.password, rememberMe: true },
      headers: authHeaders(request, clientIp),
      returnHeaders: true,
    });
  } catch (error) {
    const code = (error as { body?: { code?: string } }).body?.code;
    return fail(code === "BANNED_USER" ? "deactivated" : "wrong e-mail or password");
  }

  const { user } = result.response;
  if (!isRole(user.role)) {
    await revokeNewSession(result.response.token);
    return fail("no staff role");
  }
  throttle.recordSuccess(typedEmail, clientIp);
  const viewer: Viewer = { id: user.id, email: user.email, name: user.name, role: user.role };
  await recordActivity({ kind: "auth.sign-in", actor: viewer, ip: clientIp });
  return { status: "signed-in", viewer, headers: withLongerCookieLifetime(result.headers) };
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

/** Copies better-auth's Set-Cookie headers, giving the session cookie our longer Max-Age. */
function withLongerCookieLifetime(source: Headers): Headers {
  const headers = new Headers();
  for (const cookie of source.getSetCookie()) {
    const name = cookie.split("=", 1)[0]!;
    const isSession = name === SESSION_COOKIE || name === `__Secure-${SESSION_COOKIE}`;
    headers.append(
      "Set-Cookie",
      isSession
        ? cookie.replace(/;\s*Max-Age=\d+/i, `; Max-Age=${SESSION_COOKIE_MAX_AGE_SECONDS}`).replace(/;\s*Expires=[^;]*/i, "")
        : cookie,
    );
  }
  return headers;
}
