import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { test as base, expect, type APIRequestContext, type Cookie, type Page, type PlaywrightWorkerArgs } from "@playwright/test";
import { baseURL as configuredBaseURL, e2eServer } from "../../playwright.config";

// The one home of the e2e fixtures (ADR 084). A test that works in the back
// office asks for a signed-in page and goes straight to the page under test:
//
//   test("…", async ({ adminPage: page }) => { await gotoHydrated(page, "/admin/packages"); … });
//
// `adminPage` is the first admin's, `editorPage` an editor's: each signs in
// once per worker (a form post, kept as storage state) and puts that session
// into the test's own page. Staff made for one test (`staff.create`,
// createStaff) sign in with `signInAs(page, who)`, also without a page load.
// Only the tests about signing in fill the sign-in form (`submitLogin`).

type Row = Record<string, unknown>;

/** Direct access to the server's database for fixtures (see server/e2e-fixtures.ts). */
export class TestDatabase {
  private cleanups: (() => Promise<unknown>)[] = [];
  constructor(private request: APIRequestContext) {}

  async query<T extends Row = Row>(text: string, params: unknown[] = []): Promise<T[]> {
    const response = await this.request.post("/__e2e/sql", {
      data: { text, params },
      headers: { "x-e2e-token": process.env.E2E_FIXTURE_TOKEN ?? "" },
    });
    const body = (await response.json()) as { rows?: T[]; error?: string };
    if (!response.ok()) throw new Error(`fixture query failed: ${body.error}\n${text}`);
    return body.rows ?? [];
  }

  /** Registers a clean-up step that runs after the test, last registered first. */
  onCleanup(step: () => Promise<unknown>) {
    this.cleanups.unshift(step);
  }

  async cleanup() {
    for (const step of this.cleanups) await step();
    this.cleanups = [];
  }
}

/** The first admin of every e2e run (scripts/e2e-server.mjs). */
export const ADMIN = {
  name: "Administrator",
  email: (process.env.ADMIN_EMAIL ?? "admin@pravas.travel").toLowerCase(),
  password: process.env.ADMIN_PASSWORD ?? "lotus-temple-at-dawn-42",
};

export type StaffCredentials = { email: string; password: string; name: string; role: "admin" | "editor" };

const SESSION_COOKIE = "pravas_session";
const fixtureHeaders = () => ({ "x-e2e-token": process.env.E2E_FIXTURE_TOKEN ?? "" });

/**
 * Signs a request context in by posting the sign-in form, as a browser without
 * JavaScript does; the context keeps the cookie (a page's `page.request` shares
 * it with the page).
 */
export async function signInRequest(request: APIRequestContext, who: { email: string; password: string }) {
  const response = await request.post("/admin", { form: { email: who.email, password: who.password }, maxRedirects: 0 });
  expect(response.status(), `sign-in of ${who.email} should redirect`).toBe(302);
  return response;
}

/**
 * Signs the page's browser in as `who` (a form post from its context, which
 * shares the cookie with the page) without loading a page: go to the page under
 * test next. For staff made for one test; the first admin and an editor have
 * the `adminPage` and `editorPage` fixtures.
 */
export async function signInAs(page: Page, who: { email: string; password: string }) {
  await signInRequest(page.request, who);
}

/**
 * A session kept for a worker's lifetime (a worker talks to one server): made by
 * one form post, reused by every test of the worker as storage state, and made
 * again when a test has ended it (signed out everywhere, changed the password).
 */
class KeptSession {
  private cookies: Cookie[] | undefined;
  constructor(
    private playwright: PlaywrightWorkerArgs["playwright"],
    private baseURL: string,
    readonly who: { email: string; password: string },
  ) {}

  /** Puts the session into the page's browser, signing in again if it no longer holds. */
  async into(page: Page, db: TestDatabase) {
    if (!this.cookies || !(await this.holds(db))) this.cookies = await this.signIn();
    if ((await page.context().cookies()).some((cookie) => cookie.name === SESSION_COOKIE)) {
      throw new Error("this page is signed in already: one person per page (a second one: newStaffContext and signInAs)");
    }
    await page.context().addCookies(this.cookies);
  }

  private async signIn(): Promise<Cookie[]> {
    const request = await this.playwright.request.newContext({ baseURL: this.baseURL });
    try {
      await signInRequest(request, this.who);
      return (await request.storageState()).cookies;
    } finally {
      await request.dispose();
    }
  }

  /** The session row still there, unexpired, for an active user (what the guard checks first). */
  private async holds(db: TestDatabase): Promise<boolean> {
    const value = this.cookies?.find((cookie) => cookie.name === SESSION_COOKIE)?.value;
    if (!value) return false;
    const token = decodeURIComponent(value).split(".")[0]!;
    const rows = await db.query(
      `select 1 from session s join "user" u on u.id = s.user_id
       where s.token = $1 and s.expires_at > now() and not coalesce(u.banned, false) and lower(u.email) = $2`,
      [token, this.who.email.toLowerCase()],
    );
    return rows.length === 1;
  }
}

/** Staff accounts made for one test through better-auth's server API (server/e2e-fixtures.ts), removed after it. */
class StaffAccounts {
  private created: string[] = [];
  constructor(private request: APIRequestContext) {}

  async create(role: "admin" | "editor", name = role === "admin" ? "Test Admin" : "Test Editor"): Promise<StaffCredentials> {
    const account = await createAccount(this.request, role, name);
    this.created.push(account.email);
    return account;
  }

  async cleanup() {
    for (const email of this.created) await deleteAccount(this.request, email);
    this.created = [];
  }
}

async function createAccount(request: APIRequestContext, role: "admin" | "editor", name: string): Promise<StaffCredentials> {
  const email = `${role}-${crypto.randomBytes(5).toString("hex")}@e2e.example`;
  const password = `pw-${crypto.randomBytes(8).toString("hex")}`;
  const response = await request.post("/__e2e/users", { data: { email, password, name, role }, headers: fixtureHeaders() });
  expect(response.ok(), await response.text()).toBe(true);
  return { email, password, name, role };
}

async function deleteAccount(request: APIRequestContext, email: string) {
  await request.delete(`/__e2e/users/${encodeURIComponent(email)}`, { headers: fixtureHeaders() });
}

type TestFixtures = {
  db: TestDatabase;
  /** Staff accounts for this test: `await staff.create("editor")`, removed after it. */
  staff: StaffAccounts;
  /** The test's page, signed in as the first admin (ADMIN); nothing loaded yet. */
  adminPage: Page;
  /** The test's page, signed in as this worker's editor (`editorAccount`); nothing loaded yet. */
  editorPage: Page;
};
type WorkerFixtures = {
  adminSession: KeptSession;
  /** An editor made once per worker, for tests that act as "an editor" (not a named one of their own). */
  editorAccount: StaffCredentials;
  editorSession: KeptSession;
};

export const test = base.extend<TestFixtures, WorkerFixtures>({
  // Each worker has a server of its own (playwright.config.ts, ADR 036): its parallelIndex names it.
  // eslint-disable-next-line no-empty-pattern -- Playwright reads a fixture's dependencies from this pattern
  baseURL: async ({}, use, testInfo) => {
    const own = e2eServer(testInfo.parallelIndex).baseURL;
    // Modules that import baseURL from the config (tests/e2e/raw-http.ts) must name the same server.
    if (configuredBaseURL !== own) throw new Error(`worker ${testInfo.parallelIndex}: the config says ${configuredBaseURL}, its server is ${own}`);
    await use(own);
  },
  db: async ({ request }, use) => {
    const db = new TestDatabase(request);
    await use(db);
    await db.cleanup();
  },
  staff: async ({ request }, use) => {
    const staff = new StaffAccounts(request);
    await use(staff);
    await staff.cleanup();
  },
  adminSession: [
    async ({ playwright }, use, workerInfo) => {
      await use(new KeptSession(playwright, e2eServer(workerInfo.parallelIndex).baseURL, ADMIN));
    },
    { scope: "worker" },
  ],
  editorAccount: [
    async ({ playwright }, use, workerInfo) => {
      const request = await playwright.request.newContext({ baseURL: e2eServer(workerInfo.parallelIndex).baseURL });
      const account = await createAccount(request, "editor", "Ila Editor");
      await use(account);
      await deleteAccount(request, account.email);
      await request.dispose();
    },
    { scope: "worker" },
  ],
  editorSession: [
    async ({ playwright, editorAccount }, use, workerInfo) => {
      await use(new KeptSession(playwright, e2eServer(workerInfo.parallelIndex).baseURL, editorAccount));
    },
    { scope: "worker" },
  ],
  adminPage: async ({ page, db, adminSession }, use) => {
    await adminSession.into(page, db);
    await use(page);
  },
  editorPage: async ({ page, db, editorSession }, use) => {
    await editorSession.into(page, db);
    await use(page);
  },
});

export { expect };

/**
 * Moves the e2e server's test clock on by `ms` (0 only reads it) and returns the server's now. The clock only
 * moves forward, per worker's server, so a test that reads dates must take them from here, not from this process:
 * an earlier test may have moved it hours on, past the Indian midnight.
 */
export async function moveServerClock(request: APIRequestContext, ms = 0): Promise<Date> {
  const response = await request.post("/__e2e/clock", { data: { advanceMs: ms }, headers: { "x-e2e-token": process.env.E2E_FIXTURE_TOKEN ?? "" } });
  expect(response.ok(), await response.text()).toBe(true);
  return new Date(((await response.json()) as { now: string }).now);
}

/** The Indian date (yyyy-mm-dd) `days` after the moment `at`. */
export const indianDateOf = (at: Date, days = 0) => new Date(at.getTime() + 330 * 60_000 + days * 86_400_000).toISOString().slice(0, 10);

/**
 * Opens a page and waits until React has hydrated it (the root marks <html>):
 * public pages start their scripts by themselves after the first paint, in
 * idle time (ADR 078), and until then links and forms work as HTML.
 */
export async function gotoHydrated(page: Page, url: string) {
  const response = await page.goto(url);
  // Longer than expect's 5 s: on a loaded 2-core machine a page with many photos hydrates late.
  await expect(page.locator("html[data-hydrated]")).toBeAttached({ timeout: 15_000 });
  return response;
}

/**
 * Opens a public page whose `page.clock` is installed and waits until React has hydrated it, without
 * waiting three real seconds: a public page's scripts start after its first paint (ADR 078), which the
 * bootstrap reads from `performance`, and the clock's fake `performance` lists no paint, so there they
 * start on the bootstrap's cap, 3 s (on the page's clock) after `load`. The clock is moved past the cap
 * once the page has loaded (the cap is set then); the page's own timers (the lead popup's 15 s, a
 * carousel's autoplay) start at hydration, after it. Also after `page.reload()`: `gotoHydratedOnClock(page)`.
 */
export async function gotoHydratedOnClock(page: Page, url?: string) {
  if (url !== undefined) await page.goto(url);
  await page.clock.fastForward(3_000);
  await expect(page.locator("html[data-hydrated]")).toBeAttached({ timeout: 15_000 });
}

/**
 * Lets the page finish what an action queued, without a fixed wait: a few turns of its task queue
 * (MessageChannel, which Playwright's fake clock does not stop), by which event handlers, React's
 * render and effects (its scheduler posts such messages) and microtasks have run. For checking that
 * something did NOT happen, or before moving a paused `page.clock` on.
 */
export async function pageSettled(page: Page, turns = 5) {
  await page.evaluate(async (count) => {
    for (let turn = 0; turn < count; turn++) {
      await new Promise<void>((resolve) => {
        const channel = new MessageChannel();
        channel.port1.onmessage = () => resolve();
        channel.port2.postMessage(null);
      });
    }
  }, turns);
}

/**
 * A screenshot to look at, taken only when asked for: with SCREENSHOT_DIR set
 * (e.g. `SCREENSHOT_DIR=test-results/screens npx playwright test admin-packages`),
 * it is written there as `<name>.png`; otherwise nothing is done.
 */
export async function screenshot(page: Page, name: string, options: { fullPage?: boolean } = {}) {
  const dir = process.env.SCREENSHOT_DIR;
  if (!dir) return;
  fs.mkdirSync(dir, { recursive: true });
  await page.screenshot({ path: path.join(dir, `${name}.png`), ...options });
}
