import { isAPIError } from "better-auth/api";
import { eq } from "drizzle-orm";
import QRCode from "qrcode";
import { recordActivity } from "~/server/activity/activity.server";
import { getDb } from "~/server/db/db.server";
import { sessions, siteSettings, twoFactors, users } from "~/server/db/schema.server";
import { recordWithSecurityNotice } from "./security-notice.server";
import { authHeaders, getAuth, SESSION_COOKIE } from "./auth.server";
import type { Viewer } from "./guard.server";
import { forgetCheckedSessions } from "./session-check-cache.server";
import { claimTotpStep, spendEnrolmentStep, twoFactorKeyOf, UnreadableTwoFactorSecret } from "./totp-steps.server";
import { getLogger } from "~/server/logger.server";

/**
 * Two-step sign-in for staff with an authenticator app (TOTP), on
 * better-auth's twoFactor plugin (ADR 033). Every step is a plain form post;
 * each change is logged and its owner e-mailed.
 */

type TwoFactorOutcome<T = undefined> = { ok: true; value: T } | { ok: false; message: string; field?: string };

const WRONG_PASSWORD = "Your password is not correct.";
const WRONG_CODE = "That code is not right. Check the time on your phone and enter the newest code.";
/** A code that signed someone in already (ASVS 2.8.4): each works once. */
export const CODE_USED = "That code was used already. Wait for the next code in your app and enter it.";
/** The stored secret cannot be read with this server's key (a restore without SESSION_SECRET; ADR 087). */
export const SECRET_UNREADABLE =
  "Two-step sign-in cannot be checked on this server: it was set up with a different server key (SESSION_SECRET). An admin can reset your two-step sign-in, or whoever runs the server can restore its key.";

const actor = (viewer: Viewer) => ({ id: viewer.id, email: viewer.email, name: viewer.name });
const subject = (viewer: Pick<Viewer, "id" | "email">) => ({ type: "user", id: viewer.id, label: viewer.email });
const codeOf = (error: unknown) => (isAPIError(error) ? (error.body as { code?: string } | undefined)?.code : undefined);

/** A new session's token from better-auth's Set-Cookie (its value is "token.signature", URL-encoded). */
export function sessionTokenFromSetCookie(headers: Headers): string | null {
  for (const line of headers.getSetCookie()) {
    const [pair] = line.split(";", 1);
    const at = pair!.indexOf("=");
    const name = pair!.slice(0, at);
    if (name !== SESSION_COOKIE && name !== `__Secure-${SESSION_COOKIE}`) continue;
    const value = decodeURIComponent(pair!.slice(at + 1));
    if (value) return value.split(".")[0] ?? null;
  }
  return null;
}

/**
 * better-auth replaces the session when two-step sign-in is turned on or off;
 * the new one keeps what the old one was: its sign-in time (so its absolute
 * lifetime does not start again), "Keep me signed in", its address.
 */
async function carrySessionOver(oldSessionId: string | undefined, headers: Headers) {
  const token = sessionTokenFromSetCookie(headers);
  if (!token || !oldSessionId) return;
  const [old] = await getDb().select().from(sessions).where(eq(sessions.id, oldSessionId));
  if (!old) return;
  await getDb()
    .update(sessions)
    .set({ createdAt: old.createdAt, keepSignedIn: old.keepSignedIn, ipAddress: old.ipAddress, lastUsedAt: new Date() })
    .where(eq(sessions.token, token));
}

export type Enrolment = { secret: string; otpauthUrl: string; qrSvgDataUrl: string; recoveryCodes: string[] };

/** Step 1: with the password, a new secret (as a QR code and as text) and the recovery codes. Not on until confirmed. */
export async function beginEnrolment(request: Request, password: string): Promise<TwoFactorOutcome<Enrolment>> {
  let result: { totpURI?: string; backupCodes?: string[] };
  try {
    result = (await getAuth().api.enableTwoFactor({ body: { password, method: "totp" }, headers: authHeaders(request) })) as typeof result;
  } catch (error) {
    if (codeOf(error) === "INVALID_PASSWORD") return { ok: false, message: WRONG_PASSWORD, field: "password" };
    if (codeOf(error) === "TOTP_ALREADY_ENABLED") return { ok: false, message: "Two-step sign-in is already on." };
    throw error;
  }
  return { ok: true, value: await enrolmentView(result.totpURI ?? "", result.backupCodes ?? []) };
}

/** What the enrolment shows: the secret as a QR code (an SVG data URL: the CSP allows no other image source) and as text. */
export async function enrolmentView(otpauthUrl: string, recoveryCodes: string[]): Promise<Enrolment> {
  if (!otpauthUrl.startsWith("otpauth://totp/")) return { secret: "", otpauthUrl: "", qrSvgDataUrl: "", recoveryCodes };
  const secret = new URL(otpauthUrl).searchParams.get("secret") ?? "";
  const svg = await QRCode.toString(otpauthUrl, { type: "svg", margin: 1, errorCorrectionLevel: "M" });
  return { secret, otpauthUrl, qrSvgDataUrl: `data:image/svg+xml;base64,${Buffer.from(svg).toString("base64")}`, recoveryCodes };
}

/** Step 2: the first code from the app turns it on. Returns the new session's cookie. */
export async function confirmEnrolment(request: Request, viewer: Viewer, code: string, ip?: string | null): Promise<TwoFactorOutcome<{ headers: Headers }>> {
  let headers: Headers;
  try {
    ({ headers } = await getAuth().api.verifyTOTP({ body: { code }, headers: authHeaders(request), returnHeaders: true }));
  } catch (error) {
    if (codeOf(error) === "INVALID_CODE") return { ok: false, message: WRONG_CODE, field: "code" };
    if (codeOf(error) === "TOTP_NOT_ENABLED") return { ok: false, message: "Start again: set up two-step sign-in first." };
    throw error;
  }
  // The first code is spent as a sign-in's would be: it cannot open a session afterwards.
  await spendEnrolmentStep(viewer.id, code);
  await carrySessionOver(viewer.sessionId, headers);
  forgetCheckedSessions();
  await recordWithSecurityNotice(
    { kind: "user.two-factor-enabled", actor: actor(viewer), subject: subject(viewer), ip },
    { change: "two-factor-on", to: viewer.email },
  );
  return { ok: true, value: { headers: cookiesOf(headers) } };
}

/** Turns it off, with the password. */
export async function turnOffTwoFactor(
  request: Request,
  viewer: Viewer,
  password: string,
  ip?: string | null,
): Promise<TwoFactorOutcome<{ headers: Headers }>> {
  if (await isTwoFactorRequired()) return { ok: false, message: "Two-step sign-in is required for every staff account: it cannot be turned off." };
  let headers: Headers;
  try {
    ({ headers } = await getAuth().api.disableTwoFactor({ body: { password }, headers: authHeaders(request), returnHeaders: true }));
  } catch (error) {
    if (codeOf(error) === "INVALID_PASSWORD") return { ok: false, message: WRONG_PASSWORD, field: "password" };
    throw error;
  }
  await carrySessionOver(viewer.sessionId, headers);
  forgetCheckedSessions();
  await recordWithSecurityNotice(
    { kind: "user.two-factor-disabled", actor: actor(viewer), subject: subject(viewer), ip },
    { change: "two-factor-off", to: viewer.email },
  );
  return { ok: true, value: { headers: cookiesOf(headers) } };
}

/** New recovery codes (the old ones stop working), with the password. */
export async function regenerateRecoveryCodes(request: Request, viewer: Viewer, password: string, ip?: string | null): Promise<TwoFactorOutcome<string[]>> {
  let result: { backupCodes: string[] };
  try {
    result = await getAuth().api.generateBackupCodes({ body: { password }, headers: authHeaders(request) });
  } catch (error) {
    if (codeOf(error) === "INVALID_PASSWORD") return { ok: false, message: WRONG_PASSWORD, field: "password" };
    throw error;
  }
  await recordActivity({ kind: "user.recovery-codes-regenerated", actor: actor(viewer), subject: subject(viewer), ip });
  return { ok: true, value: result.backupCodes };
}

type SecondStepOutcome =
  | { status: "signed-in"; userId: string; headers: Headers }
  | { status: "wrong-code"; message: string }
  | { status: "expired"; message: string }
  /** This server cannot decrypt the user's secret: a 409 with SECRET_UNREADABLE, never a 500 (ADR 087). */
  | { status: "unreadable"; message: string };

const SIGN_IN_AGAIN = "Your sign-in timed out or had too many wrong codes. Sign in again.";

/**
 * The sign-in's second step: a code from the app, or a recovery code (each
 * works once). better-auth checks the code and opens the session; a code from
 * the app whose 30-second step was accepted before is then refused and that
 * session deleted at once (ASVS 2.8.4; `claimTotpStep`).
 */
export async function verifySecondStep(request: Request, clientIp: string, kind: "app" | "recovery", code: string): Promise<SecondStepOutcome> {
  const cleaned = kind === "app" ? code.replace(/\s+/g, "") : code.trim();
  let verified: { response: { user: { id: string } }; headers: Headers };
  try {
    verified =
      kind === "app"
        ? await getAuth().api.verifyTOTP({ body: { code: cleaned }, headers: authHeaders(request, clientIp), returnHeaders: true })
        : await getAuth().api.verifyBackupCode({ body: { code: cleaned }, headers: authHeaders(request, clientIp), returnHeaders: true });
  } catch (error) {
    const errorCode = codeOf(error);
    if (errorCode === "INVALID_CODE" || errorCode === "INVALID_BACKUP_CODE") {
      await recordActivity({ kind: "auth.two-factor-failed", actor: null, ip: clientIp, detail: { kind } });
      return { status: "wrong-code", message: kind === "app" ? WRONG_CODE : "That recovery code is not right, or it was used already." };
    }
    if (isAPIError(error)) return { status: "expired", message: SIGN_IN_AGAIN };
    // Not better-auth's verdict: its secret (or recovery codes) could not be decrypted with this server's key.
    if (isDecryptionFailure(error)) {
      getLogger().error({ err: error }, "a two-step secret cannot be decrypted: SESSION_SECRET differs from the one it was set up with (ADR 087)");
      return { status: "unreadable", message: SECRET_UNREADABLE };
    }
    throw error;
  }
  const userId = verified.response.user.id;
  if (kind === "app" && !(await claimTotpStep(userId, cleaned))) {
    const token = sessionTokenFromSetCookie(verified.headers);
    if (token) await getDb().delete(sessions).where(eq(sessions.token, token));
    await recordActivity({ kind: "auth.two-factor-failed", actor: null, ip: clientIp, detail: { kind, reason: "code used already" } });
    return { status: "wrong-code", message: CODE_USED };
  }
  return { status: "signed-in", userId, headers: verified.headers };
}

/** The AEAD's refusal (better-auth encrypts with XChaCha20-Poly1305): a ciphertext made with another key. */
const isDecryptionFailure = (error: unknown) => error instanceof Error && /invalid tag|decrypt/i.test(error.message);

/**
 * At the password step: whether this server can read the user's two-step
 * secret at all. A restore on a new host without the old SESSION_SECRET
 * cannot, and every code would fail (ADR 087).
 */
export async function twoFactorSecretReadable(userId: string): Promise<boolean> {
  try {
    await twoFactorKeyOf(userId);
    return true;
  } catch (error) {
    if (!(error instanceof UnreadableTwoFactorSecret)) throw error;
    getLogger().error({ err: error, userId }, "a two-step secret cannot be decrypted: SESSION_SECRET differs from the one it was set up with (ADR 087)");
    return false;
  }
}

/** An admin turns a user's two-step sign-in off (a lost phone): every session of theirs ends. */
export async function resetTwoFactorFor(userId: string, by: Viewer, ip?: string | null): Promise<TwoFactorOutcome<{ name: string }>> {
  const [user] = await getDb().select().from(users).where(eq(users.id, userId));
  if (!user) return { ok: false, message: "That user no longer exists." };
  await getDb().transaction(async (tx) => {
    await tx.delete(twoFactors).where(eq(twoFactors.userId, userId));
    await tx.update(users).set({ twoFactorEnabled: false }).where(eq(users.id, userId));
    await tx.delete(sessions).where(eq(sessions.userId, userId));
  });
  forgetCheckedSessions();
  await recordWithSecurityNotice(
    { kind: "user.two-factor-reset", actor: actor(by), subject: subject(user), ip },
    { change: "two-factor-reset", to: user.email },
  );
  return { ok: true, value: { name: user.name } };
}

/** Whether every staff account must use two-step sign-in (a setting an admin changes). */
export async function isTwoFactorRequired(): Promise<boolean> {
  const [row] = await getDb().select({ required: siteSettings.requireTwoFactor }).from(siteSettings).where(eq(siteSettings.id, 1));
  return Boolean(row?.required);
}

export async function setTwoFactorRequired(required: boolean, by: Viewer, ip?: string | null): Promise<void> {
  await getDb().update(siteSettings).set({ requireTwoFactor: required }).where(eq(siteSettings.id, 1));
  await recordActivity({
    kind: "settings.two-factor-required",
    actor: actor(by),
    subject: { type: "settings", id: "two-factor", label: "Two-step sign-in" },
    ip,
    detail: { required },
  });
}

function cookiesOf(source: Headers): Headers {
  const headers = new Headers();
  for (const cookie of source.getSetCookie()) headers.append("Set-Cookie", cookie);
  return headers;
}
