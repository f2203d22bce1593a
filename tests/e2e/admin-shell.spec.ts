import { expectNoAxeViolations } from "./axe";
import { createStaff } from "./admin-helpers";
import { expect, gotoHydrated, signInAs, test } from "./fixtures";

test.use({ extraHTTPHeaders: { "x-forwarded-for": "10.250.0.2" } });

test("admin pages are not cached or indexed, hydrate at once and keep the CSP nonce; an unknown admin address is a 404 inside the shell", async ({
  adminPage: page,
}) => {
  const response = await page.goto("/admin/dashboard");
  expect(response?.headers()["cache-control"]).toBe("no-store");
  expect(response?.headers()["x-robots-tag"]).toBe("noindex");
  const html = await response!.text();
  expect(html).toContain('<meta name="robots" content="noindex, nofollow"/>');
  // React Router's own bootstrap (no wait for load and first paint, ADR 019 is for public pages).
  expect(html).not.toContain("first-contentful-paint");
  const csp = response!.headers()["content-security-policy"] ?? "";
  const nonce = /'nonce-([^']+)'/.exec(csp)?.[1];
  expect(nonce).toBeTruthy();
  for (const tag of html.match(/<script\b[^>]*>/g) ?? []) expect(tag).toContain(`nonce="${nonce}"`);
  await expect(page.getByRole("heading", { level: 1, name: "Welcome to Admin Dashboard" })).toBeVisible();

  // Client navigations' data requests are not cached either.
  const data = await page.request.get("/admin/users.data");
  expect(data.headers()["cache-control"]).toBe("no-store");

  // An unknown admin address is a 404 inside the shell.
  const unknown = await page.goto("/admin/nothing-here");
  expect(unknown?.status()).toBe(404);
  await expect(page.getByRole("heading", { level: 1, name: "Page not found" })).toBeVisible();
  await expect(page.getByRole("navigation", { name: "Admin sections" })).toBeVisible();
});

test("no admin code or CSS reaches a public page", async ({ adminPage: page }) => {
  const adminHtml = await (await page.request.get("/admin/users")).text();
  const home = await (await page.request.get("/")).text();
  const stylesheets = (html: string) => [...html.matchAll(/<link[^>]*rel="stylesheet"[^>]*href="([^"]+)"/g)].map((m) => m[1]!);
  const homeCss = new Set(stylesheets(home));
  const adminOnly = stylesheets(adminHtml).filter((href) => !homeCss.has(href));
  expect(adminOnly.length).toBeGreaterThan(0);
  for (const href of adminOnly) {
    expect(home).not.toContain(href);
    // Nor inlined: a rule of the admin stylesheet does not appear in the public page.
    const css = await (await page.request.get(href)).text();
    const firstRule = /[^{}]+\{[^{}]+\}/.exec(css)?.[0] ?? "";
    expect(firstRule.length).toBeGreaterThan(10);
    expect(home).not.toContain(firstRule);
  }
  // Nor admin scripts: the admin route modules are not named by the public page.
  const adminScripts = [...adminHtml.matchAll(/"(\/assets\/[^"]+\.js)"/g)].map((m) => m[1]!).filter((src) => !home.includes(src));
  expect(adminScripts.length).toBeGreaterThan(0);
  expect(home).not.toMatch(/admin-shell|confirm-dialog|AdminShell|Admin Panel/);
});

test("signed-out visitors of admin pages are sent to sign in", async ({ page }) => {
  // One in the browser; the others are the same redirect, checked over HTTP.
  await page.goto("/admin/dashboard");
  await expect(page).toHaveURL(new RegExp(`/admin\\?redirectTo=${encodeURIComponent("/admin/dashboard")}$`));
  for (const path of ["/admin/users", "/admin/activity", "/admin/account", "/admin/nothing-here"]) {
    const response = await page.request.get(path, { maxRedirects: 0 });
    expect(response.status(), path).toBe(302);
    expect(response.headers()["location"], path).toBe(`/admin?redirectTo=${encodeURIComponent(path)}`);
  }
});

test("the shell works with the keyboard: skip link, menu at 390 px, confirm dialog", async ({ adminPage: page, db }) => {
  const editor = await createStaff(db, { name: "Tara Editor" });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto("/admin/users");
  await expect(page.locator("html[data-hydrated]")).toBeAttached();

  await page.keyboard.press("Tab");
  const skip = page.getByRole("link", { name: "Skip to content" });
  await expect(skip).toBeFocused();
  await page.keyboard.press("Enter");
  await expect(page.locator("#admin-main")).toBeFocused();

  // The sidebar is collapsed behind the Menu button.
  const nav = page.getByRole("navigation", { name: "Admin sections" });
  await expect(nav).toBeHidden();
  await page.getByRole("button", { name: "Menu" }).focus();
  await page.keyboard.press("Enter");
  await expect(nav).toBeVisible();
  await expect(nav.getByRole("link", { name: "Users" })).toHaveAttribute("aria-current", "page");
  await page.keyboard.press("Escape");
  await expect(nav).toBeHidden();
  await page.getByRole("button", { name: "Menu" }).click();
  await nav.getByRole("link", { name: "Activity" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Activity" })).toBeVisible();
  await expect(nav).toBeHidden();

  // Confirm dialog: opens from the keyboard, focus starts on Cancel, Escape cancels and returns focus.
  await page.goto("/admin/users");
  const trigger = page.getByRole("button", { name: "Deactivate Tara Editor" });
  await trigger.focus();
  await page.keyboard.press("Enter");
  const dialog = page.getByRole("dialog", { name: "Deactivate Tara Editor?" });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole("button", { name: "Cancel" })).toBeFocused();
  await page.keyboard.press("Tab");
  await expect(dialog.getByRole("button", { name: "Deactivate" })).toBeFocused();
  await page.keyboard.press("Escape");
  await expect(dialog).toBeHidden();
  await expect(trigger).toBeFocused();
  await expect(page.getByRole("row", { name: /Tara Editor/ })).toContainText("Active");
  const [row] = await db.query<{ banned: boolean }>(`select banned from "user" where id = $1`, [editor.id]);
  expect(row?.banned).toBe(false);
});

test("the menu button opens the sidebar before hydration too (browser popover)", async ({ adminPage: page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  // Block the scripts: what remains is the server HTML.
  await page.route(/\/assets\/.*\.js$/, (route) => route.abort());
  await page.goto("/admin/dashboard");
  const nav = page.getByRole("navigation", { name: "Admin sections" });
  await expect(nav).toBeHidden();
  await page.getByRole("button", { name: "Menu" }).click();
  await expect(nav).toBeVisible();
  await page.getByRole("button", { name: "Close menu" }).click();
  await expect(nav).toBeHidden();
});

// Both sizes in one test (ADR 104): each screen whole at each size; the dialog, laid over the page, at 1366 px.
test("shell pages pass axe at 1366 px and at 390 px", async ({ adminPage: page, browser, baseURL, db }) => {
  // The shell's own screens, whole: the dashboard and the package list have theirs in
  // admin-dashboard and admin-packages (ADR 084). Then the dialog, and the 403 page.
  test.setTimeout(120_000);
  const editor = await createStaff(db, { name: "Axe Editor" });
  const context = await browser.newContext({ baseURL, extraHTTPHeaders: { "x-forwarded-for": "10.250.0.3" } });
  const editorPage = await context.newPage();
  await signInAs(editorPage, editor);
  // A page of its own at each size: the 1366 px one is left with its dialog open.
  for (const [viewport, shell] of [
    [{ width: 1366, height: 768 }, page],
    [{ width: 390, height: 844 }, await page.context().newPage()],
  ] as const) {
    await test.step(`at ${viewport.width} px`, async () => {
      await shell.setViewportSize(viewport);
      for (const path of ["/admin/activity", "/admin/account", "/admin/users"]) {
        await gotoHydrated(shell, path);
        await expectNoAxeViolations(shell);
      }
      // The dialog open, too.
      if (viewport.width === 1366) {
        await shell.getByRole("button", { name: "Deactivate Axe Editor" }).click();
        await expectNoAxeViolations(shell, { within: "dialog[open]", what: "deactivate dialog" });
      }
      // The 403 page inside the shell.
      await editorPage.setViewportSize(viewport);
      await gotoHydrated(editorPage, "/admin/users");
      await expect(editorPage.getByRole("heading", { level: 1, name: "You do not have access to this page" })).toBeVisible();
      await expectNoAxeViolations(editorPage);
    });
  }
  await context.close();
});
