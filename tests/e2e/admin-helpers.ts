import crypto from "node:crypto";
import type { Browser, BrowserContext, Page } from "@playwright/test";
import { ADMIN, expect, gotoHydrated, signInAs, signInRequest, test, type TestDatabase } from "./fixtures";

// Staff made for a test in SQL (createStaff), the sign-in form (submitLogin,
// for the tests about signing in) and a second person's browser. The first
// admin, the `staff` fixture and signing in without the form live in
// ./fixtures (ADR 084); they are re-exported here for older imports.
export { ADMIN, expect, signInAs, signInRequest, test };

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
 * Signs the page in as `who` and opens the dashboard, hydrated: for tests that
 * begin there. Others ask for `adminPage`/`editorPage` or call `signInAs` and go
 * straight to the page under test (ADR 084).
 */
export async function signIn(page: Page, who: { email: string; password: string }) {
  await signInAs(page, who);
  await gotoHydrated(page, "/admin/dashboard");
  await expect(page).toHaveURL(/\/admin\/dashboard$/);
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
