// On both engines, PGlite and PostgreSQL (*.pg.db.test.ts, ADR 084): the session check reads its row with hand-written SQL (execute), whose row shape
// and timestamps differ by driver; session expiry is compared in the database.
import { Writable } from "node:stream";
import { eq } from "drizzle-orm";
import { pino } from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { listActivity } from "~/server/activity/activity.server";
import type { Db } from "~/server/db/db.server";
import * as t from "~/server/db/schema.server";
import { closeTestDatabase, openTestDatabase } from "../../../tests/support/test-db";
import { quickPasswordHasher } from "../../../tests/support/quick-password-hasher";
import { signInStaff } from "../../../tests/support/staff-sign-in";
import { getLogger, setLogger } from "~/server/logger.server";
import { canEditContent, canManageUsers, canSeeDrafts } from "./access.server";
import { getAuth, resetAuthForTests } from "./auth.server";
import { CHANGE_PASSWORD_FIRST, getViewer, requireUser, SET_UP_TWO_STEP_FIRST } from "./guard.server";
import { signIn, signOut } from "./sign-in.server";

const SITE = "http://localhost:3000";
let db: Db;
let adminCookie: string;
let editorCookie: string;

function request(path: string, cookie?: string, method = "GET") {
  return new Request(`${SITE}${path}`, { method, headers: cookie ? { cookie } : {} });
}

const signedIn = (email: string, password: string, keepSignedIn = false) => signInStaff(email, password, { keepSignedIn });

async function thrown(promise: Promise<unknown>): Promise<unknown> {
  try {
    await promise;
  } catch (error) {
    return error;
  }
  throw new Error("expected the guard to throw");
}

beforeAll(async () => {
  // Its users' passwords are checked at a test's cost: what it proves is not the hashing (quick-password-hasher.ts).
  resetAuthForTests({ passwordHasher: quickPasswordHasher });
  db = await openTestDatabase();
  await getAuth().api.createUser({
    body: { email: "admin@example.com", password: "test-password-123", name: "Ada Admin", role: "admin" },
  });
  await getAuth().api.createUser({
    body: { email: "editor@example.com", password: "pepper-vine-estate-7", name: "Eddie Editor", role: "editor" },
  });
  // Set before the policy refused it (the admin API does not apply our policy): it signs in, and must be changed.
  await getAuth().api.createUser({ body: { email: "weak@example.com", password: "Pravas2026!!", name: "Wendy Weak", role: "editor" } });
  adminCookie = (await signedIn("admin@example.com", "test-password-123")).cookie;
  editorCookie = (await signedIn("EDITOR@example.com ", "pepper-vine-estate-7")).cookie;
});
afterAll(async () => {
  resetAuthForTests();
  await closeTestDatabase();
});

describe("sign-in", () => {
  it("sets an HttpOnly, SameSite=Lax session cookie: a browser-session cookie unless 'Keep me signed in' (then 30 days)", async () => {
    const plain = (await signedIn("admin@example.com", "test-password-123")).headers.getSetCookie().find((line) => line.startsWith("pravas_session="))!;
    expect(plain).toMatch(/HttpOnly/i);
    expect(plain).toMatch(/SameSite=Lax/i);
    expect(plain).not.toMatch(/Max-Age|Expires/i);
    expect(plain).not.toMatch(/Secure/i); // SITE_URL is http here
    const kept = (await signedIn("admin@example.com", "test-password-123", true)).headers.getSetCookie().find((line) => line.startsWith("pravas_session="))!;
    expect(kept).toMatch(/Max-Age=2592000/);
  });

  it("ends a session 12 hours after sign-in, or 30 days with 'Keep me signed in', however much it is used", async () => {
    const hour = 60 * 60 * 1000;
    const plain = await signedIn("admin@example.com", "test-password-123");
    const kept = await signedIn("admin@example.com", "test-password-123", true);
    const tokenOf = (cookie: string) => decodeURIComponent(/pravas_session=([^;]+)/.exec(cookie)![1]!).split(".")[0]!;
    const [plainRow] = await db
      .select()
      .from(t.sessions)
      .where(eq(t.sessions.token, tokenOf(plain.cookie)));
    expect(plainRow).toMatchObject({ keepSignedIn: false });
    expect(plainRow!.expiresAt.getTime()).toBeLessThanOrEqual(Date.now() + 12 * hour);
    // In use all along (idle expiry far away), but signed in 12 hours ago: over.
    await db
      .update(t.sessions)
      .set({ createdAt: new Date(Date.now() - 12 * hour - 1000), expiresAt: new Date(Date.now() + 6 * 24 * hour) })
      .where(eq(t.sessions.token, tokenOf(plain.cookie)));
    expect(await getViewer(request("/admin", plain.cookie))).toBeNull();
    expect(
      await db
        .select()
        .from(t.sessions)
        .where(eq(t.sessions.token, tokenOf(plain.cookie))),
    ).toEqual([]);
    // A kept session signed in 29 days ago is fine; at 30 days it is over.
    await db
      .update(t.sessions)
      .set({ createdAt: new Date(Date.now() - 29 * 24 * hour) })
      .where(eq(t.sessions.token, tokenOf(kept.cookie)));
    expect(await getViewer(request("/admin", kept.cookie))).not.toBeNull();
    await db
      .update(t.sessions)
      .set({ createdAt: new Date(Date.now() - 30 * 24 * hour - 1000) })
      .where(eq(t.sessions.token, tokenOf(kept.cookie)));
    expect(await getViewer(request("/admin", kept.cookie))).toBeNull();
  });

  it("asks a user whose password predates the policy to change it; a compliant one is not asked", async () => {
    // "Pravas2026!!" is the site's name (issue 44 finding 4): it still works, and is flagged.
    const weak = await signIn(request("/admin"), "10.0.0.5", { email: "weak@example.com", password: "Pravas2026!!" });
    expect(weak).toMatchObject({ status: "signed-in", viewer: { mustChangePassword: true } });
    const [flagged] = await db.select().from(t.users).where(eq(t.users.email, "weak@example.com"));
    expect(flagged!.mustChangePassword).toBe(true);
    const fine = await signIn(request("/admin"), "10.0.0.5", { email: "admin@example.com", password: "test-password-123" });
    expect(fine).toMatchObject({ status: "signed-in", viewer: { mustChangePassword: false } });
  });

  it("gives a fresh token at every sign-in", async () => {
    const a = await signedIn("admin@example.com", "test-password-123");
    const b = await signedIn("admin@example.com", "test-password-123");
    expect(a.cookie).not.toBe(b.cookie);
  });

  it("fails the same way for a wrong password, an unknown e-mail and bad input, and logs the attempt", async () => {
    const wrong = await signIn(request("/admin"), "10.0.0.2", { email: "admin@example.com", password: "nope-nope-nope" });
    const unknown = await signIn(request("/admin"), "10.0.0.2", { email: "who@example.com", password: "test-password-123" });
    const bad = await signIn(request("/admin"), "10.0.0.2", { email: "not-an-email", password: "" });
    expect([wrong, unknown, bad]).toEqual([{ status: "failed" }, { status: "failed" }, { status: "failed" }]);
    const [latest] = await listActivity({ kind: "auth.sign-in-failed", limit: 1 });
    expect(latest!.actorEmail).toBe("not-an-email");
    expect(latest!.ip).toBe("10.0.0.2");
    expect(JSON.stringify(latest!.detail)).not.toContain("test-password-123");
  });
});

describe("getViewer", () => {
  it("knows the signed-in staff member and their role", async () => {
    expect(await getViewer(request("/admin/dashboard", adminCookie))).toMatchObject({ email: "admin@example.com", role: "admin" });
    expect(await getViewer(request("/admin/dashboard", editorCookie))).toMatchObject({ email: "editor@example.com", role: "editor", name: "Eddie Editor" });
  });

  it.each([
    ["no cookie", undefined],
    ["a malformed cookie", "pravas_session=%ZZ"],
    ["garbage", "pravas_session=garbage.garbage; other=1"],
    ["a forged signature", "pravas_session=abc.def"],
    ["an unparseable header", "=;;pravas_session"],
  ])("is nobody with %s", async (_label, cookie) => {
    expect(await getViewer(request("/admin/dashboard", cookie))).toBeNull();
  });
});

describe("requireUser", () => {
  it("redirects an anonymous page request to the sign-in page with redirectTo", async () => {
    const error = await thrown(requireUser(request("/admin/packages?page=2")));
    expect(error).toBeInstanceOf(Response);
    const response = error as Response;
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/admin?redirectTo=%2Fadmin%2Fpackages%3Fpage%3D2");
  });

  it("answers an anonymous API request with 401 JSON", async () => {
    const response = (await thrown(requireUser(request("/api/packages", undefined, "POST")))) as Response;
    expect(response.status).toBe(401);
    expect(await response.json()).toEqual({ error: "Sign in to do this." });
  });

  it("refuses an editor on an admin-only page with a 403 for the shell, and on the API with 403 JSON", async () => {
    const page = await thrown(requireUser(request("/admin/users", editorCookie), { role: "admin" }));
    // `data(…, { status: 403 })`, which React Router renders in the nearest error boundary.
    expect(page).toMatchObject({ type: "DataWithResponseInit", init: { status: 403 }, data: { message: "You do not have permission to do this." } });
    const api = (await thrown(requireUser(request("/api/users", editorCookie, "POST"), { can: canManageUsers }))) as Response;
    expect(api.status).toBe(403);
    expect(await api.json()).toEqual({ error: "You do not have permission to do this." });
  });

  it("logs who was refused what, through pino", async () => {
    const lines: string[] = [];
    const previous = getLogger();
    setLogger(pino({ level: "info" }, new Writable({ write: (chunk, _enc, done) => (lines.push(String(chunk)), done()) })));
    try {
      await thrown(requireUser(request("/admin/users?tab=1", editorCookie), { role: "admin" }));
    } finally {
      setLogger(previous);
    }
    const refused = lines.map((line) => JSON.parse(line) as Record<string, unknown>).find((entry) => entry.msg === "access refused");
    const [editor] = await db.select().from(t.users).where(eq(t.users.email, "editor@example.com"));
    expect(refused).toMatchObject({ userId: editor!.id, role: "editor", method: "GET", path: "/admin/users" });
  });

  it("lets an admin through everywhere and an editor where editors may go", async () => {
    expect(await requireUser(request("/admin/users", adminCookie), { role: "admin" })).toMatchObject({ role: "admin" });
    expect(await requireUser(request("/admin/packages", adminCookie), { role: "editor" })).toMatchObject({ role: "admin" });
    expect(await requireUser(request("/admin/packages", editorCookie), { role: "editor" })).toMatchObject({ role: "editor" });
  });
});

describe("a password to change or two-step sign-in to set up comes first, in the one guard (issue 44 finding 7)", () => {
  /** What the guard does with a request: passes it, redirects it (where to), or refuses it (status and JSON). */
  async function verdict(path: string, cookie: string, method = "GET") {
    try {
      const viewer = await requireUser(request(path, cookie, method));
      return { passed: viewer.pending ?? "nothing pending" };
    } catch (error) {
      const response = error as Response;
      const location = response.headers.get("Location");
      if (location) return { redirect: location, status: response.status, notice: /pravas_notice=/.test(response.headers.get("Set-Cookie") ?? "") };
      return { status: response.status, json: (await response.json()) as unknown };
    }
  }

  const backOffice = [
    "/admin/dashboard",
    "/admin/enquiries.csv",
    "/admin/enquiries.xlsx",
    "/admin/packages.data",
    "/admin/users?tab=1",
    "/admin/media/library.json",
  ];

  it("sends someone whose password must change to their account page from every page, download, .data and action; the API answers 403", async () => {
    const { cookie } = await signedIn("weak@example.com", "Pravas2026!!");
    for (const path of backOffice) {
      for (const method of ["GET", "POST"]) {
        expect(await verdict(path, cookie, method), `${method} ${path}`).toEqual({ redirect: "/admin/account", status: 303, notice: true });
      }
    }
    for (const method of ["POST", "PUT", "DELETE"]) {
      expect(await verdict("/api/packages/1", cookie, method), `${method} /api/packages/1`).toEqual({ status: 403, json: { error: CHANGE_PASSWORD_FIRST } });
    }
    // Their account page, where they change it, stays open (and its .data and action).
    for (const [path, method] of [
      ["/admin/account", "GET"],
      ["/admin/account.data", "GET"],
      ["/admin/account", "POST"],
    ] as const) {
      expect(await verdict(path, cookie, method), `${method} ${path}`).toEqual({ passed: "change-password" });
    }
    // No rule grants them anything meanwhile: not even drafts on the public site.
    const viewer = (await getViewer(request("/packages/bali", cookie)))!;
    expect(viewer.pending).toBe("change-password");
    expect([canSeeDrafts(viewer), canEditContent(viewer)]).toEqual([false, false]);
  });

  it("sends staff without two-step sign-in to set it up when an admin requires it, and lets them through once it is on", async () => {
    const [admin] = await db.select().from(t.users).where(eq(t.users.email, "admin@example.com"));
    await db
      .insert(t.siteSettings)
      .values({
        id: 1,
        brandName: "Pravas",
        phonePrimary: "+919876543210",
        email: "hello@example.com",
        whatsappNumber: "+919876543210",
        requireTwoFactor: true,
      })
      .onConflictDoUpdate({ target: t.siteSettings.id, set: { requireTwoFactor: true } });
    try {
      for (const path of backOffice) {
        expect(await verdict(path, adminCookie, "POST"), `POST ${path}`).toEqual({ redirect: "/admin/account#two-step", status: 303, notice: true });
      }
      expect(await verdict("/api/blogs", adminCookie, "POST")).toEqual({ status: 403, json: { error: SET_UP_TWO_STEP_FIRST } });
      expect(await verdict("/admin/account", adminCookie)).toEqual({ passed: "set-up-two-step" });
      await db.update(t.users).set({ twoFactorEnabled: true }).where(eq(t.users.id, admin!.id));
      expect(await verdict("/admin/users", adminCookie, "POST")).toEqual({ passed: "nothing pending" });
      expect(await verdict("/api/blogs", adminCookie, "POST")).toEqual({ passed: "nothing pending" });
    } finally {
      await db.update(t.siteSettings).set({ requireTwoFactor: false });
      await db.update(t.users).set({ twoFactorEnabled: false }).where(eq(t.users.id, admin!.id));
    }
  });
});

describe("ending sessions", () => {
  it("sign-out deletes the session row, so the old cookie opens nothing", async () => {
    const { cookie } = await signedIn("admin@example.com", "test-password-123");
    expect(await getViewer(request("/admin", cookie))).not.toBeNull();
    const headers = await signOut(request("/admin/logout", cookie, "POST"), "10.0.0.1");
    expect(headers.getSetCookie().some((line) => /^pravas_session=;/.test(line) && /Max-Age=0/i.test(line))).toBe(true);
    expect(await getViewer(request("/admin", cookie))).toBeNull();
    const [latest] = await listActivity({ kind: "auth.sign-out", limit: 1 });
    expect(latest!.actorEmail).toBe("admin@example.com");
  });

  it("use extends an idle session to 7 days from now; 7 idle days end it", async () => {
    const { cookie } = await signedIn("admin@example.com", "test-password-123", true);
    const token = decodeURIComponent(cookie.split("=")[1]!).split(".")[0]!;
    const day = 24 * 60 * 60 * 1000;
    // Last extended two days ago: this request pushes expiry back to now + 7 days.
    await db
      .update(t.sessions)
      .set({ expiresAt: new Date(Date.now() + 5 * day) })
      .where(eq(t.sessions.token, token));
    expect(await getViewer(request("/admin", cookie))).not.toBeNull();
    const [extended] = await db.select().from(t.sessions).where(eq(t.sessions.token, token));
    expect(extended!.expiresAt.getTime()).toBeGreaterThan(Date.now() + 7 * day - 60_000);
    // Seven idle days later the row has expired: nobody, whatever the cookie says.
    await db
      .update(t.sessions)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(t.sessions.token, token));
    expect(await getViewer(request("/admin", cookie))).toBeNull();
  });

  it("a deactivated (banned) user is nobody at once and cannot sign in", async () => {
    const { cookie } = await signedIn("editor@example.com", "pepper-vine-estate-7");
    const [editor] = await db.select().from(t.users).where(eq(t.users.email, "editor@example.com"));
    await db.update(t.users).set({ banned: true }).where(eq(t.users.id, editor!.id));
    expect(await getViewer(request("/admin", cookie))).toBeNull();
    const outcome = await signIn(request("/admin"), "10.0.0.3", { email: "editor@example.com", password: "pepper-vine-estate-7" });
    expect(outcome).toEqual({ status: "failed" });
    await db.update(t.users).set({ banned: false }).where(eq(t.users.id, editor!.id));
  });
});
