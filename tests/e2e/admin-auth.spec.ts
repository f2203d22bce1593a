import crypto from "node:crypto";
import type { RouteConfigEntry } from "@react-router/dev/routes";
import routes from "../../app/routes";
import { gotoHydrated } from "./fixtures";
import { ADMIN, expect, signInRequest, test } from "./admin-helpers";

const LOGIN_FAILED = "Email/Password login failed.";

/** A page inside the admin shell, if the shell exists (it comes with branch adminui). */
function guardedAdminPage(): string | undefined {
  const paths: string[] = [];
  const walk = (entries: RouteConfigEntry[], parent: string) => {
    for (const entry of entries) {
      const path = entry.path ? `${parent}/${entry.path}` : parent;
      if (entry.path && /^\/admin\/(dashboard|packages)$/.test(path)) paths.push(path);
      walk(entry.children ?? [], path);
    }
  };
  walk(routes, "");
  return paths.sort()[0];
}

test.describe("Admin Login", () => {
  test("shows the sign-in form and signs the admin in to the dashboard", async ({ page }) => {
    const response = await gotoHydrated(page, "/admin");
    expect(response?.headers()["cache-control"]).toContain("no-store");
    await expect(page.locator('meta[name="robots"]')).toHaveAttribute("content", "noindex");
    await expect(page.getByRole("heading", { name: "Admin Login" })).toBeVisible();
    // The back office's typeface, not the system's (the two-step page shares this stylesheet).
    for (const element of [page.getByRole("heading", { name: "Admin Login" }), page.getByRole("button", { name: "Login" })])
      expect(await element.evaluate((node) => getComputedStyle(node).fontFamily)).toMatch(/^"Plus Jakarta Sans Variable"/);
    const email = page.getByPlaceholder("Admin Email");
    await expect(email).toHaveAttribute("type", "email");
    await expect(email).toHaveAttribute("required", "");
    await expect(page.getByLabel("Password")).toHaveAttribute("required", "");

    await email.fill(ADMIN.email);
    await page.getByLabel("Password").fill(ADMIN.password);
    await page.getByRole("button", { name: "Login" }).click();
    await expect(page).toHaveURL(/\/admin\/dashboard$/);
    const cookie = (await page.context().cookies()).find((c) => c.name === "pravas_session");
    expect(cookie?.httpOnly).toBe(true);
    expect(cookie?.sameSite).toBe("Lax");

    // Signed in, /admin and /admin/ lead to the dashboard.
    for (const path of ["/admin", "/admin/"]) {
      const again = await page.request.get(path, { maxRedirects: 0 });
      expect(again.status()).toBe(302);
      expect(again.headers()["location"]).toBe("/admin/dashboard");
    }
  });

  test("works without JavaScript, and a wrong password or unknown e-mail fails the same way, keeping the e-mail", async ({ browser }) => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    for (const [email, password] of [
      [ADMIN.email, "not-the-password"],
      ["nobody@e2e.example", ADMIN.password],
    ] as const) {
      await page.goto("/admin");
      await page.getByPlaceholder("Admin Email").fill(email);
      await page.getByLabel("Password").fill(password);
      await page.getByRole("button", { name: "Login" }).click();
      await expect(page.getByRole("alert")).toHaveText(LOGIN_FAILED);
      await expect(page.getByPlaceholder("Admin Email")).toHaveValue(email);
      await expect(page.getByLabel("Password")).toHaveValue("");
    }
    expect((await context.cookies()).some((c) => c.name === "pravas_session")).toBe(false);

    await page.getByPlaceholder("Admin Email").fill(ADMIN.email);
    await page.getByLabel("Password").fill(ADMIN.password);
    await page.getByRole("button", { name: "Login" }).click();
    await expect(page).toHaveURL(/\/admin\/dashboard$/);
    await context.close();
  });

  test("a deactivated user cannot sign in and is told nothing more", async ({ page, staff, db }) => {
    const editor = await staff.create("editor");
    await db.query(`update "user" set banned = true where email = $1`, [editor.email]);
    await page.goto("/admin");
    await page.getByPlaceholder("Admin Email").fill(editor.email);
    await page.getByLabel("Password").fill(editor.password);
    await page.getByRole("button", { name: "Login" }).click();
    await expect(page.getByRole("alert")).toHaveText(LOGIN_FAILED);
  });

  test("a signed-out visitor of an admin page is sent to sign in and then back", async ({ page }) => {
    const target = guardedAdminPage();
    expect(target, "a page inside the admin shell").toBeTruthy();
    await page.goto(`${target}?view=all`);
    await expect(page).toHaveURL(`/admin?redirectTo=${encodeURIComponent(`${target}?view=all`)}`);
    await page.getByPlaceholder("Admin Email").fill(ADMIN.email);
    await page.getByLabel("Password").fill(ADMIN.password);
    await page.getByRole("button", { name: "Login" }).click();
    await expect(page).toHaveURL(`${target}?view=all`);
  });

  test("redirectTo round trip: a safe /admin path is followed, anything else goes to the dashboard", async ({ page }) => {
    await page.goto(`/admin?redirectTo=${encodeURIComponent("/admin/packages?page=2")}`);
    await page.getByPlaceholder("Admin Email").fill(ADMIN.email);
    await page.getByLabel("Password").fill(ADMIN.password);
    await page.getByRole("button", { name: "Login" }).click();
    await expect(page).toHaveURL("/admin/packages?page=2");

    await page.context().clearCookies();
    await page.goto(`/admin?redirectTo=${encodeURIComponent("//evil.example/admin/x")}`);
    await page.getByPlaceholder("Admin Email").fill(ADMIN.email);
    await page.getByLabel("Password").fill(ADMIN.password);
    await page.getByRole("button", { name: "Login" }).click();
    await expect(page).toHaveURL("/admin/dashboard");
  });
});

test.describe("sessions", () => {
  test("logout is a POST that ends the session: the old cookie, replayed, opens nothing", async ({ playwright, baseURL }) => {
    const request = await playwright.request.newContext({ baseURL });
    await signInRequest(request, ADMIN);
    const { cookies } = await request.storageState();
    const old = cookies.find((c) => c.name === "pravas_session")!;
    const cookieHeader = `pravas_session=${old.value}`;

    // A GET changes nothing: still signed in.
    expect((await request.get("/admin/logout", { maxRedirects: 0 })).headers()["location"]).toBe("/admin");
    expect((await request.get("/admin", { maxRedirects: 0 })).headers()["location"]).toBe("/admin/dashboard");

    const logout = await request.post("/admin/logout", { maxRedirects: 0 });
    expect(logout.status()).toBe(302);
    expect(logout.headers()["location"]).toBe("/admin");
    expect(logout.headers()["set-cookie"]).toMatch(/pravas_session=;.*Max-Age=0/);
    await request.dispose();

    const replay = await playwright.request.newContext({ baseURL, extraHTTPHeaders: { cookie: cookieHeader } });
    const signInPage = await replay.get("/admin", { maxRedirects: 0 });
    expect(signInPage.status()).toBe(200);
    const write = await replay.post("/api/packages", { data: {} });
    expect(write.status()).toBe(401);
    expect(await write.json()).toEqual({ error: expect.any(String) });
    await replay.dispose();
  });

  test("a malformed session cookie is nobody, not an error", async ({ playwright, baseURL }) => {
    for (const cookie of ["pravas_session=%ZZ", "pravas_session=garbage", "pravas_session=a.b.c"]) {
      const request = await playwright.request.newContext({ baseURL, extraHTTPHeaders: { cookie } });
      expect((await request.get("/admin")).status()).toBe(200);
      expect((await request.get("/packages/bali")).status()).toBe(200);
      expect((await request.post("/api/blogs", { data: {} })).status()).toBe(401);
      await request.dispose();
    }
  });
});

test.describe("what staff and visitors see", () => {
  test("a signed-in editor sees a draft package that a visitor does not", async ({ playwright, baseURL, db, staff }) => {
    const [draft] = await db.query<{ id: number }>(
      `insert into packages (slug, title, country, region, status, days, nights, description, price_from, price, thumbnail)
       values ('e2e-auth-draft', 'Staff Only Trip', 'Nowhere', 'national', 'draft', 2, 1, 'x', 1000,
               '{"kind":"single","amount":1000,"unit":"per person"}', 'hero') returning id`,
    );
    db.onCleanup(() => db.query("delete from packages where id = $1", [draft!.id]));
    const visitor = await playwright.request.newContext({ baseURL });
    expect((await visitor.get("/api/packages/e2e-auth-draft")).status()).toBe(404);
    const editor = await playwright.request.newContext({ baseURL });
    await signInRequest(editor, await staff.create("editor"));
    expect((await editor.get("/api/packages/e2e-auth-draft")).status()).toBe(200);
    expect((await editor.get("/packages/e2e-auth-draft")).status()).toBe(200);
    await Promise.all([visitor.dispose(), editor.dispose()]);
  });

  test("the home page carries nothing of the admin", async ({ request }) => {
    const html = await (await request.get("/")).text();
    expect(html).not.toMatch(/\/assets\/login-/);
    expect(html).not.toContain("Admin Login");
  });
});

test.describe("abuse", () => {
  test("five failures for one e-mail from one address are throttled with 429 and Retry-After", async ({ page, playwright, baseURL }) => {
    const email = `target-${crypto.randomBytes(4).toString("hex")}@e2e.example`;
    const request = await playwright.request.newContext({ baseURL });
    for (let i = 0; i < 5; i++) {
      const response = await request.post("/admin", { form: { email, password: `guess-${i}` }, maxRedirects: 0 });
      expect(response.status()).toBe(401);
    }
    const blocked = await request.post("/admin", { form: { email, password: "guess-5" }, maxRedirects: 0 });
    expect(blocked.status()).toBe(429);
    expect(Number(blocked.headers()["retry-after"])).toBeGreaterThan(800);
    expect(await blocked.text()).toContain("Too many attempts. Try again in 15 minutes.");
    await request.dispose();

    // What the person at the keyboard sees; other e-mails from the address still get their own tries.
    await page.goto("/admin");
    await page.getByPlaceholder("Admin Email").fill(email);
    await page.getByLabel("Password").fill("guess-6");
    await page.getByRole("button", { name: "Login" }).click();
    await expect(page.getByRole("alert")).toHaveText(/Too many attempts\. Try again in \d+ minutes?\./);
    await signInRequest(page.request, ADMIN);
  });

  test("a cross-site POST is refused with 403 JSON, even with a valid session", async ({ playwright, baseURL }) => {
    const request = await playwright.request.newContext({ baseURL });
    await signInRequest(request, ADMIN);
    const forged: Record<string, string>[] = [{ origin: "https://evil.example" }, { "sec-fetch-site": "cross-site" }];
    for (const headers of forged) {
      const write = await request.delete("/api/packages/1", { headers });
      expect(write.status()).toBe(403);
      expect(await write.json()).toEqual({ error: "Cross-site request refused." });
      const logout = await request.post("/admin/logout", { headers, maxRedirects: 0 });
      expect(logout.status()).toBe(403);
    }
    // Still signed in: the forged logout changed nothing.
    expect((await request.get("/admin", { maxRedirects: 0 })).headers()["location"]).toBe("/admin/dashboard");
    const signInElsewhere = await playwright.request.newContext({ baseURL });
    const forgedSignIn = await signInElsewhere.post("/admin", {
      form: { email: ADMIN.email, password: ADMIN.password },
      headers: { origin: "https://evil.example" },
      maxRedirects: 0,
    });
    expect(forgedSignIn.status()).toBe(403);
    await signInElsewhere.dispose();
    await request.dispose();
  });
});
