// On both engines, PGlite and PostgreSQL (*.pg.db.test.ts, ADR 084): concurrent demotions of the last two admins, serialised by row locks (FOR UPDATE).
import fs from "node:fs";
import { and, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { listActivity } from "~/server/activity/activity.server";
import { getAuth, resetAuthForTests } from "~/server/auth/auth.server";
import { getViewer, type Viewer } from "~/server/auth/guard.server";
import { changeOwnPassword } from "./account.server";
import type { Db } from "~/server/db/db.server";
import * as t from "~/server/db/schema.server";
import { closeTestDatabase, openTestDatabase } from "../../../tests/support/test-db";
import { quickPasswordHasher } from "../../../tests/support/quick-password-hasher";
import { signInStaff } from "../../../tests/support/staff-sign-in";
import {
  changeRole,
  createPasswordLink,
  createStaff,
  deactivateStaff,
  EMAIL_TAKEN_MESSAGE,
  INVALID_LINK_MESSAGE,
  isPasswordTokenValid,
  LAST_ADMIN_MESSAGE,
  passwordTokenOwner,
  listStaff,
  reactivateStaff,
  SELF_DEACTIVATE_MESSAGE,
  setPasswordWithToken,
} from "./user-admin.server";
import { addUserSchema } from "./user-schemas.server";
import { passwordResetMailHandler, PASSWORD_RESET_MAIL_JOB, requestPasswordReset } from "~/server/user/forgot-password.server";
import type { EmailPayload } from "~/server/notify/notification-jobs.server";
import { getLogger } from "~/server/logger.server";

let db: Db;
let admin: Viewer;

/** The token is the link's last path segment (ADR 032), never a query parameter. */
function tokenOf(url: string): string {
  const { pathname, search } = new URL(url);
  expect(search).toBe("");
  return decodeURIComponent(/^\/admin\/reset-password\/([^/]+)$/.exec(pathname)?.[1] ?? "");
}

beforeAll(async () => {
  // Passwords are checked at a test's cost: these tests are about who may do what, not the hashing (quick-password-hasher.ts).
  resetAuthForTests({ passwordHasher: quickPasswordHasher });
  db = await openTestDatabase();
  const { user } = await getAuth().api.createUser({
    body: { email: "boss@example.com", password: "boss-password-1", name: "Bea Boss", role: "admin" },
  });
  admin = { id: user.id, email: user.email, name: user.name, role: "admin" };
});
afterAll(async () => {
  resetAuthForTests();
  await closeTestDatabase();
});

describe("user administration", () => {
  const context = () => ({ actor: admin, ip: "10.1.2.3" });

  it("adds users, refuses a taken e-mail and records who did it", async () => {
    const input = addUserSchema.parse({ name: "Eve Editor", email: "Eve@Example.com", role: "editor", password: "eve-password-1" });
    const created = await createStaff(input, context());
    expect(created).toMatchObject({ ok: true, value: { email: "eve@example.com", role: "editor", active: true, lastSignInAt: null } });
    expect(await createStaff(input, context())).toEqual({ ok: false, message: EMAIL_TAKEN_MESSAGE, field: "email" });
    const [entry] = await listActivity({ kind: "user.created" });
    expect(entry).toMatchObject({ userId: admin.id, subjectLabel: "eve@example.com", ip: "10.1.2.3" });
    expect((await listStaff()).map((user) => user.email)).toEqual(["boss@example.com", "eve@example.com"]);
  });

  it("keeps at least one active admin", async () => {
    expect(await changeRole(admin.id, "editor", context())).toEqual({ ok: false, message: LAST_ADMIN_MESSAGE });
    // Even an actor that is not the target cannot remove the last admin.
    const other = { actor: { ...admin, id: "someone-else" }, ip: null };
    expect(await deactivateStaff(admin.id, other)).toEqual({ ok: false, message: LAST_ADMIN_MESSAGE });
    expect(await deactivateStaff(admin.id, context())).toEqual({ ok: false, message: SELF_DEACTIVATE_MESSAGE });
    const [row] = await db.select().from(t.users).where(eq(t.users.id, admin.id));
    expect(row).toMatchObject({ role: "admin", banned: false });
  });

  it("with a second admin, one may be demoted; concurrent demotions leave one admin", async () => {
    const eve = (await listStaff()).find((user) => user.email === "eve@example.com")!;
    expect(await changeRole(eve.id, "admin", context())).toMatchObject({ ok: true });
    const results = await Promise.all([changeRole(eve.id, "editor", context()), changeRole(admin.id, "editor", context())]);
    expect(results.filter((result) => result.ok)).toHaveLength(1);
    const admins = (await listStaff()).filter((user) => user.role === "admin" && user.active);
    expect(admins).toHaveLength(1);
    // Back to the start: Bea admin, Eve editor.
    if (admins[0]!.id !== admin.id) {
      await changeRole(admin.id, "admin", context());
      await changeRole(eve.id, "editor", context());
    }
    const entries = await listActivity({ kind: "user.role-changed" });
    expect(entries[0]!.detail).toHaveProperty("from");
  });

  it("deactivation ends sessions and blocks sign-in; reactivation allows it again", async () => {
    const eve = (await listStaff()).find((user) => user.email === "eve@example.com")!;
    await getAuth().api.signInEmail({ body: { email: "eve@example.com", password: "eve-password-1" } });
    expect(await db.select().from(t.sessions).where(eq(t.sessions.userId, eve.id))).toHaveLength(1);

    expect(await deactivateStaff(eve.id, context())).toMatchObject({ ok: true });
    expect(await db.select().from(t.sessions).where(eq(t.sessions.userId, eve.id))).toHaveLength(0);
    await expect(getAuth().api.signInEmail({ body: { email: "eve@example.com", password: "eve-password-1" } })).rejects.toThrow();
    expect((await listStaff()).find((user) => user.id === eve.id)?.active).toBe(false);
    expect(await createPasswordLink(eve.id, "reset", context())).toMatchObject({ ok: false });

    expect(await reactivateStaff(eve.id, context())).toMatchObject({ ok: true });
    await expect(getAuth().api.signInEmail({ body: { email: "eve@example.com", password: "eve-password-1" } })).resolves.toBeTruthy();
    expect((await listActivity({ kind: "user.deactivated" }))[0]).toMatchObject({ subjectId: eve.id });
  });

  it("a reset link works once, replaces older links and ends sessions", async () => {
    const eve = (await listStaff()).find((user) => user.email === "eve@example.com")!;
    const first = await createPasswordLink(eve.id, "reset", context());
    const second = await createPasswordLink(eve.id, "reset", context());
    if (!first.ok || !second.ok) throw new Error("no link");
    expect(second.value.url).toMatch(/^http:\/\/localhost:\d+\/admin\/reset-password\/[\w-]{20,}$/);
    expect(await isPasswordTokenValid(tokenOf(first.value.url))).toBe(false);
    expect(await isPasswordTokenValid(tokenOf(second.value.url))).toBe(true);

    expect(await setPasswordWithToken(tokenOf(second.value.url), "eve-new-password")).toEqual({ ok: true, value: { email: "eve@example.com" } });
    expect(await setPasswordWithToken(tokenOf(second.value.url), "eve-other-password")).toEqual({ ok: false, message: INVALID_LINK_MESSAGE });
    expect(await db.select().from(t.sessions).where(eq(t.sessions.userId, eve.id))).toHaveLength(0);
    await expect(getAuth().api.signInEmail({ body: { email: "eve@example.com", password: "eve-new-password" } })).resolves.toBeTruthy();
    expect(await setPasswordWithToken("made-up-token", "whatever-password")).toEqual({ ok: false, message: INVALID_LINK_MESSAGE });
  });

  it("keeps only a hash of each reset and invitation token: the table holds no working link (issue 44 finding 13)", async () => {
    const eve = (await listStaff()).find((user) => user.email === "eve@example.com")!;
    const link = await createPasswordLink(eve.id, "invite", context());
    if (!link.ok) throw new Error(link.message);
    const token = tokenOf(link.value.url);
    const rows = await db.select().from(t.verifications).where(eq(t.verifications.value, eve.id));
    expect(rows).toHaveLength(1);
    expect(JSON.stringify(rows)).not.toContain(token);
    expect(rows[0]!.identifier).toMatch(/^reset-password-sha256:[\w-]{43}$/);
    // What a backup holds is no token: neither the stored identifier nor its hash part opens the form.
    const stored = rows[0]!.identifier;
    for (const guess of [stored, stored.slice("reset-password-sha256:".length), `sha256:${stored.slice("reset-password-sha256:".length)}`]) {
      expect(await isPasswordTokenValid(guess)).toBe(false);
      expect(await setPasswordWithToken(guess, "monsoon ferry at dusk")).toEqual({ ok: false, message: INVALID_LINK_MESSAGE });
    }
    expect(await isPasswordTokenValid(token)).toBe(true);
  });

  it("migration 0020 hashes a link stored in clear by an older Pravas, which keeps working", async () => {
    const eve = (await listStaff()).find((user) => user.email === "eve@example.com")!;
    await db.delete(t.verifications).where(eq(t.verifications.value, eve.id));
    const token = "olderPravasLinkToken0123456789ab";
    await db.insert(t.verifications).values({
      id: "old-link",
      identifier: `reset-password:${token}`,
      value: eve.id,
      expiresAt: new Date(Date.now() + 60 * 60 * 1000),
    });
    const migration = fs.readFileSync(new URL("../../../drizzle/0021_security-retest.sql", import.meta.url), "utf8");
    for (let run = 0; run < 2; run++) {
      // Twice: the data step is idempotent.
      for (const statement of migration.split("--> statement-breakpoint")) await db.execute(sql.raw(statement));
    }
    const [row] = await db.select().from(t.verifications).where(eq(t.verifications.id, "old-link"));
    expect(row!.identifier).not.toContain(token);
    expect(row!.identifier).toMatch(/^reset-password-sha256:/);
    expect(await isPasswordTokenValid(token)).toBe(true);
    // The same password the later tests sign in with.
    expect(await setPasswordWithToken(token, "eve-new-password")).toMatchObject({ ok: true });
  });

  it("an invited user (no password yet) sets one with the invitation link", async () => {
    const invited = await createStaff({ name: "Ivan Invitee", email: "ivan@example.com", role: "editor" }, context());
    if (!invited.ok) throw new Error(invited.message);
    const link = await createPasswordLink(invited.value.id, "invite", context());
    if (!link.ok) throw new Error(link.message);
    expect(link.value.expiresAt.getTime() - Date.now()).toBeGreaterThan(71 * 60 * 60 * 1000);
    expect(await setPasswordWithToken(tokenOf(link.value.url), "monsoon-ferry-ride")).toMatchObject({ ok: true });
    await expect(getAuth().api.signInEmail({ body: { email: "ivan@example.com", password: "monsoon-ferry-ride" } })).resolves.toBeTruthy();
  });

  it("a set-password link keeps to the policy: too short, common, or holding the person's name or e-mail is refused", async () => {
    const eve = (await listStaff()).find((user) => user.email === "eve@example.com")!;
    const link = await createPasswordLink(eve.id, "reset", context());
    if (!link.ok) throw new Error(link.message);
    const token = tokenOf(link.value.url);
    expect(await setPasswordWithToken(token, "short")).toMatchObject({ ok: false, field: "password" });
    expect(await setPasswordWithToken(token, "password1234")).toMatchObject({ ok: false, field: "password", message: expect.stringMatching(/too easy/) });
    expect(await setPasswordWithToken(token, "eve editor rocks")).toMatchObject({
      ok: false,
      field: "password",
      message: expect.stringMatching(/name or e-mail/),
    });
    // The link still works after a refusal.
    expect(await isPasswordTokenValid(token)).toBe(true);
  });

  it("a reset link stops working once its user changes their own password, and they are e-mailed about the change", async () => {
    const eve = (await listStaff()).find((user) => user.email === "eve@example.com")!;
    const link = await createPasswordLink(eve.id, "reset", context());
    if (!link.ok) throw new Error(link.message);
    const { cookie } = await signInStaff("eve@example.com", "eve-new-password", { address: "10.9.9.9" });
    const viewer = (await getViewer(new Request("http://localhost:3000/admin/account", { headers: { cookie } })))!;
    const changed = await changeOwnPassword(
      new Request("http://localhost:3000/admin/account", { method: "POST", headers: { cookie } }),
      viewer,
      { currentPassword: "eve-new-password", newPassword: "tamarind chutney jar" },
      "10.9.9.9",
    );
    expect(changed.ok).toBe(true);
    expect(await isPasswordTokenValid(tokenOf(link.value.url))).toBe(false);

    const [entry] = await listActivity({ kind: "user.password-changed" });
    const [notice] = await db
      .select()
      .from(t.jobs)
      .where(and(eq(t.jobs.subjectType, "activity"), eq(t.jobs.subjectId, entry!.id)));
    expect(notice).toMatchObject({ type: "email", status: "pending", payload: { to: "eve@example.com", subject: "Your Pravas password was changed" } });
    expect((notice!.payload as { text: string }).text).toMatch(/from the address 10\.9\.9\.9/);
  });

  it("'Forgot password?' answers alike for any address, e-mails an active user a link made when sent, at most once in any 15 minutes, working once for an hour (issue 49)", async () => {
    const eve = (await listStaff()).find((user) => user.email === "eve@example.com")!;
    // 10:14 IST: a minute before a quarter hour, so the window's edge is crossed below.
    const now = new Date("2026-11-29T04:44:00.000Z");
    const queued = () => db.select().from(t.jobs).where(eq(t.jobs.type, PASSWORD_RESET_MAIL_JOB.name));
    expect(await requestPasswordReset({ email: " Eve@Example.com " }, "10.5.0.1", now)).toEqual({ status: "answered" });
    expect(await requestPasswordReset({ email: "nobody@example.com" }, "10.5.0.1", now)).toEqual({ status: "answered" });
    // Asked again at once: no second e-mail.
    expect(await requestPasswordReset({ email: "eve@example.com" }, "10.5.0.1", now)).toEqual({ status: "answered" });
    expect(await requestPasswordReset({ email: "not an address" }, "10.5.0.1", now)).toMatchObject({ status: "invalid" });
    const jobs = await queued();
    expect(jobs).toHaveLength(1);
    // The queue holds who, never a link.
    expect(jobs[0]!.payload).toEqual({ userId: eve.id, askedAt: now.toISOString() });

    const sent: EmailPayload[] = [];
    const handler = passwordResetMailHandler({ kind: "file", send: async (mail) => (sent.push(mail), {}), close: () => {} });
    const run = () => handler.handle({ ...jobs[0]!, payload: jobs[0]!.payload } as never, { signal: new AbortController().signal, logger: getLogger() });
    await run();
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatchObject({ to: "eve@example.com", subject: "Choose a new password for the Pravas back office" });
    const url = /http:\/\/\S+\/admin\/reset-password\/\S+/.exec(sent[0]!.text)?.[0] ?? "";
    const token = tokenOf(url);
    // The set-password page's strength meter judges against the link's owner.
    expect(await passwordTokenOwner(token)).toEqual({ name: eve.name, email: "eve@example.com" });
    const [stored] = await db.select().from(t.verifications).where(eq(t.verifications.value, eve.id));
    const hours = (stored!.expiresAt.getTime() - Date.now()) / 3_600_000;
    expect(hours).toBeGreaterThan(0.95);
    expect(hours).toBeLessThanOrEqual(1);
    expect(await setPasswordWithToken(token, "saffron lantern harbour")).toEqual({ ok: true, value: { email: "eve@example.com" } });
    expect(await setPasswordWithToken(token, "saffron lantern harbour 2")).toEqual({ ok: false, message: INVALID_LINK_MESSAGE });
    expect(await passwordTokenOwner(token)).toBeNull();
    expect((await listActivity({ kind: "user.password-reset-link" }))[0]).toMatchObject({ actorEmail: "eve@example.com", detail: { via: "forgot-password" } });

    // Deactivated since asking: nothing is sent.
    await deactivateStaff(eve.id, context());
    await run();
    expect(sent).toHaveLength(1);
    await reactivateStaff(eve.id, context());

    // The public forms' budget (FORM_RATE_LIMIT, 10 per ten minutes per client) counts these posts too.
    for (let i = 0; i < 10; i += 1) expect((await requestPasswordReset({ email: "x@example.com" }, "10.5.0.2", now)).status).toBe("answered");
    expect(await requestPasswordReset({ email: "x@example.com" }, "10.5.0.2", now)).toMatchObject({ status: "throttled" });

    // A sliding window, not fixed quarter hours: past 10:15 and up to 15 minutes after the first, still one e-mail; then a second.
    const later = (ms: number) => new Date(now.getTime() + ms);
    for (const at of [2 * 60_000, 15 * 60_000 - 1]) await requestPasswordReset({ email: "eve@example.com" }, "10.5.0.3", later(at));
    expect(await queued()).toHaveLength(1);
    await requestPasswordReset({ email: "eve@example.com" }, "10.5.0.3", later(15 * 60_000 + 1));
    await requestPasswordReset({ email: "eve@example.com" }, "10.5.0.3", later(16 * 60_000));
    expect((await queued()).map((job) => (job.payload as { askedAt: string }).askedAt)).toEqual([now.toISOString(), later(15 * 60_000 + 1).toISOString()]);
  });
});
