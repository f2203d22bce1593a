import { data, redirect } from "react-router";
import { jsonError } from "~/server/http.server";
import { getLogger } from "~/server/logger.server";
import { hasRole } from "./access.server";
import { eq } from "drizzle-orm";
import { getDb } from "~/server/db/db.server";
import { sessions, siteSettings } from "~/server/db/schema.server";
import { redirectWithNotice } from "~/server/admin/notice.server";
import { authHeaders, getAuth, KEPT_SESSION_MAX_SECONDS, SESSION_COOKIE, SESSION_MAX_SECONDS } from "./auth.server";

export type Role = "admin" | "editor";

/** The signed-in staff member making a request. */
export type Viewer = {
  id: string;
  email: string;
  name: string;
  role: Role;
  /** The session this request came with (absent for a viewer made outside a request). */
  sessionId?: string;
  /** Their password predates the policy: the back office asks for a new one first (ADR 032). */
  mustChangePassword?: boolean;
  /** Two-step sign-in is on (ADR 033). */
  twoFactorEnabled?: boolean;
  /** The first admin, still "Administrator": asked their name first (issue 49). */
  mustSetName?: boolean;
  /**
   * What this person must do before anything else (ADR 032, 033, 087): choose
   * a new password, give their name (the first admin, issue 49), or set up
   * two-step sign-in where an admin requires it.
   * Until then the guard lets them reach their account page only, and the
   * access rules grant them nothing.
   */
  pending?: PendingRequirement | null;
};

export type PendingRequirement = "change-password" | "set-name" | "set-up-two-step";

/** The one page a person with a pending requirement may use: where they meet it. */
export const ACCOUNT_PATH = "/admin/account";
export const SET_UP_TWO_STEP_FIRST = "Two-step sign-in is required for every staff account. Set it up below to go on.";
export const CHANGE_PASSWORD_FIRST = "Your password does not meet the new password rules. Please choose a new one before you go on.";
export const GIVE_NAME_FIRST = "Before you start: please tell us your name. Replies to customers are signed with it.";
const PENDING_MESSAGES: Record<PendingRequirement, string> = {
  "change-password": CHANGE_PASSWORD_FIRST,
  "set-name": GIVE_NAME_FIRST,
  "set-up-two-step": SET_UP_TWO_STEP_FIRST,
};
/** Where on the account page each requirement is met. */
const PENDING_ANCHORS: Record<PendingRequirement, string> = { "change-password": "", "set-name": "#your-name", "set-up-two-step": "#two-step" };
/** What someone is told when a pending requirement stops a request (the upload endpoint's 403 too). */
export const pendingRequirementMessage = (pending: PendingRequirement) => PENDING_MESSAGES[pending];

/** How often a session's "last used" time is written: often enough for the Active sessions list. */
const LAST_USED_EVERY_MS = 5 * 60 * 1000;

/** When a session ends whatever its use: its sign-in plus 30 days (kept) or 12 hours. */
export function sessionHardExpiry(session: { createdAt: Date; keepSignedIn?: boolean | null }): Date {
  const seconds = session.keepSignedIn ? KEPT_SESSION_MAX_SECONDS : SESSION_MAX_SECONDS;
  return new Date(session.createdAt.getTime() + seconds * 1000);
}

export function isRole(value: unknown): value is Role {
  return value === "admin" || value === "editor";
}

/** Whether the request carries our session cookie at all (no database read). */
function hasSessionCookie(request: Request): boolean {
  const header = request.headers.get("cookie");
  if (!header) return false;
  return header.split(";").some((part) => {
    const name = part.split("=", 1)[0]!.trim();
    return name === SESSION_COOKIE || name === `__Secure-${SESSION_COOKIE}`;
  });
}

/**
 * The signed-in staff member, or null. Reads the session row on every call (no
 * cookie cache), so a revoked session or a deactivated user opens nothing at once.
 * A malformed or forged cookie is nobody, never an error.
 */
export async function getViewer(request: Request): Promise<Viewer | null> {
  if (!hasSessionCookie(request)) return null;
  let result;
  try {
    result = await getAuth().api.getSession({ headers: authHeaders(request) });
  } catch (error) {
    getLogger().warn({ err: error }, "session cookie could not be read");
    return null;
  }
  if (!result) return null;
  const { user, session } = result;
  if (user.banned || !isRole(user.role)) return null;
  const now = Date.now();
  if (sessionHardExpiry(session).getTime() <= now) {
    // Past its absolute lifetime: gone, whatever the idle expiry or the cookie say.
    await getDb().delete(sessions).where(eq(sessions.id, session.id));
    return null;
  }
  if (!session.lastUsedAt || now - new Date(session.lastUsedAt).getTime() > LAST_USED_EVERY_MS) {
    await getDb()
      .update(sessions)
      .set({ lastUsedAt: new Date(now) })
      .where(eq(sessions.id, session.id))
      .catch((error: unknown) => getLogger().warn({ err: error }, "could not note a session's last use"));
  }
  const mustChangePassword = Boolean(user.mustChangePassword);
  const twoFactorEnabled = Boolean(user.twoFactorEnabled);
  const mustSetName = Boolean(user.mustSetName);
  return {
    id: user.id,
    email: user.email,
    name: user.name,
    role: user.role,
    sessionId: session.id,
    mustChangePassword,
    twoFactorEnabled,
    mustSetName,
    pending: mustChangePassword ? "change-password" : mustSetName ? "set-name" : !twoFactorEnabled && (await twoFactorRequired()) ? "set-up-two-step" : null,
  };
}

/** The admin's "require two-step sign-in" setting (read here, not through two-factor.server.ts, which imports this module's importers). */
async function twoFactorRequired(): Promise<boolean> {
  const [row] = await getDb().select({ required: siteSettings.requireTwoFactor }).from(siteSettings).where(eq(siteSettings.id, 1));
  return Boolean(row?.required);
}

type RequireUserOptions = {
  /** Lowest role allowed: "editor" admits editors and admins, "admin" admins only. */
  role?: Role;
  /** A named rule from access.server.ts, for finer operations. */
  can?: (viewer: Viewer) => boolean;
};

/**
 * The one guard of every /admin loader and action and every API write.
 * Anonymous: pages redirect to the sign-in page (with redirectTo), the API
 * answers 401 JSON. A password to change, a name to give or two-step
 * sign-in to set up first: every page and action but the account page redirects there with
 * the reason, the API answers 403 JSON with it (issue 44 finding 7). Not
 * allowed: pages throw a 403 for the shell's error boundary, the API answers
 * 403 JSON.
 */
export async function requireUser(request: Request, options: RequireUserOptions = {}): Promise<Viewer> {
  const viewer = await getViewer(request);
  const url = new URL(request.url);
  const isApi = url.pathname === "/api" || url.pathname.startsWith("/api/");
  if (!viewer) {
    if (isApi) throw jsonError(401, "Sign in to do this.");
    throw redirect(`/admin?redirectTo=${encodeURIComponent(url.pathname + url.search)}`, {
      headers: { "Cache-Control": "no-store" },
    });
  }
  if (viewer.pending && url.pathname.replace(/\.data$/, "") !== ACCOUNT_PATH) {
    const message = pendingRequirementMessage(viewer.pending);
    if (isApi) throw jsonError(403, message);
    throw redirectWithNotice(`${ACCOUNT_PATH}${PENDING_ANCHORS[viewer.pending]}`, { kind: "error", message });
  }
  const allowed = (!options.role || hasRole(viewer, options.role)) && (!options.can || options.can(viewer));
  if (!allowed) {
    const message = "You do not have permission to do this.";
    // Who was refused what: a refused staff member is worth knowing about.
    getLogger().warn({ userId: viewer.id, role: viewer.role, method: request.method, path: url.pathname }, "access refused");
    if (isApi) throw jsonError(403, message);
    throw data({ message }, { status: 403, headers: { "Cache-Control": "no-store" } });
  }
  return viewer;
}
