import crypto from "node:crypto";
import { and, asc, eq, like, or, sql } from "drizzle-orm";
import { recordActivity, type ActivityKind } from "~/server/activity/activity.server";
import { getAuth, RESET_IDENTIFIER, STORED_RESET_PREFIX } from "~/server/auth/auth.server";
import type { Role, Viewer } from "~/server/auth/guard.server";
import { getDb } from "~/server/db/db.server";
import { activity, sessions, users, verifications } from "~/server/db/schema.server";
import { getEnv } from "~/server/env.server";
import { INVALID_LINK_MESSAGE } from "~/lib/staff-messages";
import { forgetCheckedSessions } from "~/server/auth/session-check-cache.server";
import { passwordProblem } from "~/lib/password-policy";
import { recordWithSecurityNotice } from "~/server/auth/security-notice.server";
import type { AddUserInput, InviteUserInput } from "./user-schemas.server";

/**
 * What an admin does on the Users page. Each change is checked here (not only
 * in the page), recorded in the activity log, and the rule that the back
 * office keeps at least one active admin holds even under concurrent changes.
 */

export type StaffUser = {
  id: string;
  name: string;
  email: string;
  role: Role;
  active: boolean;
  lastSignInAt: Date | null;
  createdAt: Date;
  /** Two-step sign-in is on (ADR 033). */
  twoFactor: boolean;
};

/** Who acts and from where (for the activity log). */
export type ActorContext = { actor: Viewer; ip?: string | null };

export type Outcome<T = undefined> = { ok: true; value: T } | { ok: false; message: string; field?: string };

export const LAST_ADMIN_MESSAGE = "The back office needs at least one active admin. Make another user an admin first.";
export const SELF_DEACTIVATE_MESSAGE = "You cannot deactivate your own account.";
export const EMAIL_TAKEN_MESSAGE = "A user with this e-mail address already exists.";

/** How long set-password links stay valid: reset links go hand to hand, invitations wait in an inbox. */
const RESET_LINK_HOURS = 24;
const INVITE_LINK_HOURS = 72;
/** The set-password page; the link's token follows as the last path segment. */
const SET_PASSWORD_PATH = "/admin/reset-password";

const ok = <T>(value: T): Outcome<T> => ({ ok: true, value });
const fail = (message: string, field?: string): Outcome<never> => ({ ok: false, message, field });

function toRole(value: string | null): Role {
  return value === "admin" ? "admin" : "editor";
}

const notBanned = sql`coalesce(${users.banned}, false) = false`;

/** Every staff member, with their last successful sign-in from the activity log. */
export async function listStaff(): Promise<StaffUser[]> {
  const db = getDb();
  const lastSignIn = db
    .select({ userId: activity.userId, at: sql`max(${activity.at})`.as("last_at") })
    .from(activity)
    .where(eq(activity.kind, "auth.sign-in"))
    .groupBy(activity.userId)
    .as("last_sign_in");
  const rows = await db
    .select({
      id: users.id,
      name: users.name,
      email: users.email,
      role: users.role,
      banned: users.banned,
      createdAt: users.createdAt,
      twoFactor: users.twoFactorEnabled,
      lastSignInAt: lastSignIn.at,
    })
    .from(users)
    .leftJoin(lastSignIn, eq(lastSignIn.userId, users.id))
    .orderBy(asc(sql`lower(${users.name})`), asc(users.email));
  return rows.map((row) => ({
    id: row.id,
    name: row.name,
    email: row.email,
    role: toRole(row.role),
    active: !row.banned,
    createdAt: row.createdAt,
    twoFactor: Boolean(row.twoFactor),
    lastSignInAt: row.lastSignInAt == null ? null : new Date(row.lastSignInAt as string | Date),
  }));
}

async function getStaff(userId: string): Promise<StaffUser | null> {
  return (await listStaff()).find((user) => user.id === userId) ?? null;
}

function record(kind: ActivityKind, context: ActorContext, user: { id: string; email: string }, detail?: Record<string, unknown>) {
  return recordActivity({
    kind,
    actor: { id: context.actor.id, email: context.actor.email, name: context.actor.name },
    subject: { type: "user", id: user.id, label: user.email },
    ip: context.ip ?? null,
    detail,
  });
}

/** Adds a user; with a password they can sign in at once, without one they get an invitation link. */
export async function createStaff(input: AddUserInput | InviteUserInput, context: ActorContext): Promise<Outcome<StaffUser>> {
  const [existing] = await getDb().select({ id: users.id }).from(users).where(eq(users.email, input.email));
  if (existing) return fail(EMAIL_TAKEN_MESSAGE, "email");
  const password = "password" in input ? input.password : undefined;
  const { user } = await getAuth().api.createUser({
    body: { email: input.email, name: input.name, role: input.role, ...(password ? { password } : {}) },
  });
  await record(password ? "user.created" : "user.invited", context, user, { role: input.role });
  const created = await getStaff(user.id);
  if (!created) throw new Error("the new user was not found");
  return ok(created);
}

type Change = (target: StaffUser) => Outcome<{ set: Partial<typeof users.$inferInsert>; endSessions?: boolean }>;

/**
 * Applies a role or status change inside a transaction that first locks every
 * active admin row, so two admins demoting each other at once cannot leave
 * nobody in charge.
 */
async function changeUser(userId: string, change: Change): Promise<Outcome<StaffUser>> {
  const outcome = await getDb().transaction(async (tx) => {
    const admins = await tx
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.role, "admin"), notBanned))
      .for("update");
    const [row] = await tx.select().from(users).where(eq(users.id, userId)).for("update");
    if (!row) return fail("That user no longer exists.");
    const target: StaffUser = {
      id: row.id,
      name: row.name,
      email: row.email,
      role: toRole(row.role),
      twoFactor: Boolean(row.twoFactorEnabled),
      active: !row.banned,
      createdAt: row.createdAt,
      lastSignInAt: null,
    };
    const decided = change(target);
    if (!decided.ok) return decided;
    const { set, endSessions } = decided.value;
    const wasActiveAdmin = admins.some((admin) => admin.id === userId);
    const stillAdmin = (set.role ?? row.role) === "admin" && !(set.banned ?? row.banned);
    if (wasActiveAdmin && !stillAdmin && admins.length === 1) return fail(LAST_ADMIN_MESSAGE);
    await tx.update(users).set(set).where(eq(users.id, userId));
    if (endSessions) await tx.delete(sessions).where(eq(sessions.userId, userId));
    return ok(target);
  });
  // A role or status change (and any ended session) counts at the very next request.
  if (outcome.ok) forgetCheckedSessions();
  return outcome;
}

export async function changeRole(userId: string, role: Role, context: ActorContext): Promise<Outcome<StaffUser>> {
  let from: Role = role;
  const outcome = await changeUser(userId, (target) => {
    from = target.role;
    return ok({ set: { role } });
  });
  if (outcome.ok && from !== role) await record("user.role-changed", context, outcome.value, { from, to: role });
  return outcome;
}

/** Deactivation blocks sign-in (better-auth's ban) and ends the user's sessions at once. */
export async function deactivateStaff(userId: string, context: ActorContext): Promise<Outcome<StaffUser>> {
  if (userId === context.actor.id) return fail(SELF_DEACTIVATE_MESSAGE);
  const outcome = await changeUser(userId, () => ok({ set: { banned: true, banReason: "Deactivated by an admin", banExpires: null }, endSessions: true }));
  if (outcome.ok) await record("user.deactivated", context, outcome.value);
  return outcome;
}

export async function reactivateStaff(userId: string, context: ActorContext): Promise<Outcome<StaffUser>> {
  const outcome = await changeUser(userId, () => ok({ set: { banned: false, banReason: null, banExpires: null } }));
  if (outcome.ok) await record("user.reactivated", context, outcome.value);
  return outcome;
}

export type PasswordLink = { url: string; expiresAt: Date; user: StaffUser };

/**
 * A one-time set-password link (better-auth's reset-password verification
 * token): it works once, until it expires, and replaces any earlier link of
 * that user. Setting the password through it ends the user's sessions.
 */
export async function createPasswordLink(userId: string, purpose: "reset" | "invite", context: ActorContext): Promise<Outcome<PasswordLink>> {
  const user = await getStaff(userId);
  if (!user) return fail("That user no longer exists.");
  if (!user.active) return fail(`Reactivate ${user.name} first.`);
  const link = await issuePasswordLink(user, purpose === "invite" ? INVITE_LINK_HOURS : RESET_LINK_HOURS);
  if (purpose === "reset") await record("user.password-reset-link", context, user);
  return ok(link);
}

/** "Forgot password?" links (issue 49) go by e-mail to whoever asked: valid for one hour only. */
export const FORGOTTEN_PASSWORD_LINK_HOURS = 1;

/**
 * A link for an active user who asked for one on the sign-in page (null when
 * there is no such active user). Recorded with the user as the actor: no one
 * else acted.
 */
export async function createForgottenPasswordLink(userId: string): Promise<PasswordLink | null> {
  const user = await getStaff(userId);
  if (!user?.active) return null;
  const link = await issuePasswordLink(user, FORGOTTEN_PASSWORD_LINK_HOURS);
  await record("user.password-reset-link", { actor: { id: user.id, email: user.email, name: user.name, role: user.role } }, user, { via: "forgot-password" });
  return link;
}

/** An active user's id by e-mail (as stored: lower case), for "Forgot password?". */
export async function activeStaffIdByEmail(email: string): Promise<string | null> {
  const [row] = await getDb()
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.email, email.trim().toLowerCase()), notBanned));
  return row?.id ?? null;
}

async function issuePasswordLink(user: StaffUser, hours: number): Promise<PasswordLink> {
  const token = crypto.randomBytes(24).toString("base64url");
  const expiresAt = new Date(Date.now() + hours * 60 * 60 * 1000);
  await getDb().delete(verifications).where(resetLinksOf(user.id));
  const auth = await getAuth().$context;
  await auth.internalAdapter.createVerificationValue({ identifier: `${RESET_IDENTIFIER}${token}`, value: user.id, expiresAt });
  // The token is a path segment, which the access log redacts, never a query parameter (ADR 032).
  const url = new URL(`${SET_PASSWORD_PATH}/${encodeURIComponent(token)}`, getEnv().SITE_URL).href;
  return { url, expiresAt, user };
}

/**
 * After any password change: set-password links of that user stop working (a
 * link sent before must not outlive the password it was meant to replace), and
 * the policy's request to choose a new password is met.
 */
export async function afterPasswordChange(userId: string): Promise<void> {
  const db = getDb();
  await db.delete(verifications).where(resetLinksOf(userId));
  await db.update(users).set({ mustChangePassword: false }).where(eq(users.id, userId));
}

/** A user's set-password links: stored as hashes (ADR 087), or in clear by a Pravas before drizzle/0020. */
const resetLinksOf = (userId: string) =>
  and(eq(verifications.value, userId), or(like(verifications.identifier, `${STORED_RESET_PREFIX}%`), like(verifications.identifier, `${RESET_IDENTIFIER}%`)));

/** What our tokens look like (24 random bytes, base64url): anything else is not looked up at all. */
const TOKEN_SHAPE = /^[A-Za-z0-9_-]{32}$/;

/** Whether a set-password link is still good (read-only; the page shows the form or says it expired). */
export async function isPasswordTokenValid(token: string): Promise<boolean> {
  return (await passwordTokenOwner(token)) !== null;
}

/**
 * Whose password a still-good link sets (read-only): the page's strength meter
 * judges the new password against their name and e-mail, as the server's
 * policy will (issue 49). Null for an unknown, used or expired link.
 */
export async function passwordTokenOwner(token: string): Promise<{ name: string; email: string } | null> {
  if (!TOKEN_SHAPE.test(token)) return null;
  const auth = await getAuth().$context;
  const found = await auth.internalAdapter.findVerificationValue(`${RESET_IDENTIFIER}${token}`);
  if (!found || found.expiresAt <= new Date()) return null;
  const user = await getStaff(found.value);
  return user?.active ? { name: user.name, email: user.email } : null;
}

export { INVALID_LINK_MESSAGE };

/** Sets a password with a link's token, once. */
export async function setPasswordWithToken(token: string, newPassword: string, ip?: string | null): Promise<Outcome<{ email: string }>> {
  if (!TOKEN_SHAPE.test(token)) return fail(INVALID_LINK_MESSAGE);
  const auth = await getAuth().$context;
  const found = await auth.internalAdapter.findVerificationValue(`${RESET_IDENTIFIER}${token}`);
  if (!found || found.expiresAt <= new Date()) return fail(INVALID_LINK_MESSAGE);
  const user = await getStaff(found.value);
  if (!user?.active) return fail(INVALID_LINK_MESSAGE);
  const problem = passwordProblem(newPassword, user);
  if (problem) return fail(problem, "password");
  try {
    await getAuth().api.resetPassword({ body: { token, newPassword } });
  } catch {
    return fail(INVALID_LINK_MESSAGE);
  }
  forgetCheckedSessions();
  await afterPasswordChange(user.id);
  await recordWithSecurityNotice(
    {
      kind: "user.password-set",
      actor: { id: user.id, email: user.email, name: user.name },
      subject: { type: "user", id: user.id, label: user.email },
      ip: ip ?? null,
      detail: { via: "link" },
    },
    { change: "password-set", to: user.email },
  );
  return ok({ email: user.email });
}
