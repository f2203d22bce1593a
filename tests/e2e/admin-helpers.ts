import crypto from "node:crypto";
import type { APIRequestContext, Browser, BrowserContext, Cookie, Page } from "@playwright/test";
import { e2eServer } from "../../playwright.config";
import { expect, test as base, type TestDatabase } from "./fixtures";

// The one home of the e2e staff helpers: the first admin, staff made for a
// test (in SQL, or through better-auth's API with the `staff` fixture), and
// signing in (through the form in a page, or by posting it from a request context).

/** The first admin of every e2e run (scripts/e2e-server.mjs). */
export const ADMIN = {
  name: "Administrator",
  email: (process.env.ADMIN_EMAIL ?? "admin@pravas.travel").toLowerCase(),
  password: process.env.ADMIN_PASSWORD ?? "lotus-temple-at-dawn-42",
};

type StaffFixture = { id: string; name: string; email: string; role: "admin" | "editor"; password: string };

/** A unique address per call, so reruns and parallel fixtures never collide. */
export function uniqueEmail(prefix: string): string {
  return `${prefix}-${crypto.randomBytes(4).toString("hex")}@example.test`;
}

/** The older "scrypt$salt$hash" format, which the sign-in still verifies (app/server/auth/password.server.ts). */
function legacyHash(password: string): string {
  const salt = crypto.randomBytes(16);
  const hash = crypto.scryptSync(password, salt, 64);
  return `scrypt$${salt.toString("base64")}$${hash.toString("base64")}`;
}

/** Deletes a user and every trace of them (sessions and accounts cascade). */
export async function deleteStaff(db: TestDatabase, where: { id?: string; email?: string }) {
  const rows = await db.query<{ id: string }>(`select id from "user" where id = $1 or email = $2`, [where.id ?? "", where.email ?? ""]);
  for (const { id } of rows) {
    await db.query(`delete from activity where user_id = $1 or (subject_type = 'user' and subject_id = $1)`, [id]);
    await db.query(`delete from verification where value = $1`, [id]);
    await db.query(`delete from "user" where id = $1`, [id]);
  }
}

/** Inserts a staff member who can sign in, removed after the test. */
export async function createStaff(db: TestDatabase, options: { role?: "admin" | "editor"; name?: string; password?: string } = {}): Promise<StaffFixture> {
  const role = options.role ?? "editor";
  const staff: StaffFixture = {
    id: `e2e-${crypto.randomBytes(8).toString("hex")}`,
    name: options.name ?? (role === "admin" ? "Arun Admin" : "Esha Editor"),
    email: uniqueEmail(role),
    role,
    password: options.password ?? "editor-password-1",
  };
  await db.query(
    `insert into "user" (id, name, email, email_verified, role, banned, created_at, updated_at)
     values ($1, $2, $3, true, $4, false, now(), now())`,
    [staff.id, staff.name, staff.email, role],
  );
  await db.query(
    `insert into account (id, account_id, provider_id, user_id, password, created_at, updated_at)
     values ($1, $2, 'credential', $2, $3, now(), now())`,
    [`acc-${staff.id}`, staff.id, legacyHash(staff.password)],
  );
  db.onCleanup(() => deleteStaff(db, { id: staff.id }));
  return staff;
}

/** Fills the real sign-in form at /admin. */
export async function submitLogin(page: Page, email: string, password: string) {
  await page.goto("/admin");
  await page.getByPlaceholder("Admin Email").fill(email);
  await page.locator('input[name="password"]').fill(password);
  await page.getByRole("button", { name: "Login" }).click();
}

/**
 * Signs a request context in by posting the sign-in form, as a browser without
 * JavaScript does; the context keeps the cookie (a page's `page.request` shares
 * it with the page).
 */
export async function signInRequest(request: APIRequestContext, who: { email: string; password: string }) {
  const response = await request.post("/admin", { form: { email: who.email, password: who.password }, maxRedirects: 0 });
  expect(response.status(), "sign-in should redirect").toBe(302);
  return response;
}

/**
 * The first admin's session on this worker's server, kept from the first
 * sign-in through the form (issue 24 §6, ADR 062): this module's state lives
 * as long as the Playwright worker, and a worker talks to one server.
 */
let adminSession: { origin: string; cookies: Cookie[] } | undefined;

/**
 * Signs in and waits for the dashboard, hydrated. Staff sign in through the
 * real form. The first admin does so once per worker: later calls put that
 * session's cookie into the page's browser and open the dashboard with it, and
 * sign in through the form again when it no longer opens (a test signed out
 * everywhere, changed the password, or the page talks to another server).
 * The sign-in itself is tested in admin-auth, sign-in-security and
 * two-step-sign-in, through the form (`submitLogin`).
 */
export async function signIn(page: Page, who: { email: string; password: string }) {
  const ownOrigin = e2eServer(base.info().parallelIndex).baseURL;
  if (who.email === ADMIN.email && adminSession?.origin === ownOrigin) {
    await page.context().addCookies(adminSession.cookies);
    await page.goto("/admin/dashboard");
    if (new URL(page.url()).pathname === "/admin/dashboard") {
      await expect(page.locator("html[data-hydrated]")).toBeAttached();
      return;
    }
    adminSession = undefined;
  }
  await submitLogin(page, who.email, who.password);
  await expect(page).toHaveURL(/\/admin\/dashboard$/);
  await expect(page.locator("html[data-hydrated]")).toBeAttached();
  if (who.email === ADMIN.email && new URL(page.url()).origin === ownOrigin) {
    const cookies = await page.context().cookies(ownOrigin);
    adminSession = { origin: ownOrigin, cookies: cookies.filter((cookie) => cookie.name === "pravas_session") };
  }
}

/**
 * A second browser (its own cookies) for another staff member. Each gets its
 * own client address (the app trusts one proxy hop), so failed sign-ins in one
 * test never throttle another.
 */
export async function newStaffContext(browser: Browser, baseURL: string | undefined): Promise<BrowserContext> {
  const ip = `10.${crypto.randomInt(1, 250)}.${crypto.randomInt(1, 250)}.${crypto.randomInt(1, 250)}`;
  return browser.newContext({ baseURL, extraHTTPHeaders: { "x-forwarded-for": ip } });
}

type StaffCredentials = { email: string; password: string; name: string; role: "admin" | "editor" };

/** Staff accounts made for one test through better-auth's server API (server/e2e-fixtures.ts), removed after it. */
class StaffAccounts {
  private created: string[] = [];
  constructor(private request: APIRequestContext) {}

  async create(role: "admin" | "editor", name = role === "admin" ? "Test Admin" : "Test Editor"): Promise<StaffCredentials> {
    const email = `${role}-${crypto.randomBytes(5).toString("hex")}@e2e.example`;
    const password = `pw-${crypto.randomBytes(8).toString("hex")}`;
    const response = await this.request.post("/__e2e/users", {
      data: { email, password, name, role },
      headers: { "x-e2e-token": process.env.E2E_FIXTURE_TOKEN ?? "" },
    });
    expect(response.ok(), await response.text()).toBe(true);
    this.created.push(email);
    return { email, password, name, role };
  }

  async cleanup() {
    for (const email of this.created) {
      await this.request.delete(`/__e2e/users/${encodeURIComponent(email)}`, {
        headers: { "x-e2e-token": process.env.E2E_FIXTURE_TOKEN ?? "" },
      });
    }
    this.created = [];
  }
}

/** The fixtures' `test` with a `staff` fixture: `await staff.create("editor")`. */
export const test = base.extend<{ staff: StaffAccounts }>({
  staff: async ({ request }, use) => {
    const staff = new StaffAccounts(request);
    await use(staff);
    await staff.cleanup();
  },
});

export { expect };
