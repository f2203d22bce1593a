import { expectNoAxeViolations } from "./axe";
import type { Page } from "@playwright/test";
import { createStaff, expect, newStaffContext, submitLogin, test } from "./admin-helpers";
import { gotoHydrated, signInAs, type TestDatabase } from "./fixtures";
import { totpCode } from "./totp";

// Two-step sign-in for staff (issue 19, ADR 033), through the real forms.

/** Turns two-step sign-in on from the account page; returns the key and the recovery codes shown. */
async function enrol(page: Page, password: string) {
  await gotoHydrated(page, "/admin/account");
  const panel = page.getByRole("region", { name: "Two-step sign-in" });
  await expect(panel.getByText("Off", { exact: true })).toBeVisible();
  await panel.getByLabel("Password, to set it up").fill(password);
  await panel.getByRole("button", { name: "Set up two-step sign-in" }).click();
  await expect(panel.getByRole("img", { name: "QR code for your authenticator app" })).toBeVisible();
  const key = ((await panel.getByText(/^Key:/).textContent()) ?? "").replace(/^Key:\s*/, "").replace(/\s+/g, "");
  const codes = await panel.getByRole("list", { name: "Recovery codes" }).getByRole("listitem").allTextContents();
  expect(codes).toHaveLength(10);
  // A wrong code first: refused, and the QR code is still there to try again.
  await panel.getByLabel("Code from the app").fill("000000");
  await panel.getByRole("button", { name: "Turn two-step sign-in on" }).click();
  await expect(panel.getByText("That code is not right.")).toBeVisible();
  await expect(panel.getByRole("img", { name: "QR code for your authenticator app" })).toBeVisible();
  await panel.getByLabel("Code from the app").fill(totpCode(key));
  await panel.getByRole("button", { name: "Turn two-step sign-in on" }).click();
  await expect(page.getByRole("status")).toContainText("Two-step sign-in is on.");
  await expect(panel.getByText("On", { exact: true })).toBeVisible();
  return { key, codes };
}

async function signOut(page: Page) {
  await page.getByRole("button", { name: "Logout" }).click();
  await expect(page).toHaveURL(/\/admin$/);
}

function requireNoTwoStepAfter(db: TestDatabase) {
  db.onCleanup(() => db.query("update site_settings set require_two_factor = false"));
}

test("enrol with a QR code, then sign in with password and a code; a wrong code is refused", async ({ page, db }) => {
  const editor = await createStaff(db, { name: "Tanvi Editor", password: "banyan-shade-at-noon" });
  await signInAs(page, editor);
  const { key } = await enrol(page, editor.password);
  await signOut(page);

  await submitLogin(page, editor.email, editor.password);
  await expect(page).toHaveURL(/\/admin\/two-factor$/);
  await expect(page.getByRole("heading", { name: "Two-step sign-in" })).toBeVisible();
  await page.getByLabel("Code from the app").fill("123456");
  await page.getByRole("button", { name: "Verify" }).click();
  await expect(page.getByRole("alert")).toContainText("That code is not right.");
  await expect(page.getByLabel("Code from the app")).toHaveAttribute("aria-invalid", "true");
  // The next step's code: the one used to enrol may not be taken twice.
  await page.getByLabel("Code from the app").fill(totpCode(key, 1));
  await page.getByRole("button", { name: "Verify" }).click();
  await expect(page).toHaveURL(/\/admin\/dashboard$/);

  const kinds = (await db.query<{ kind: string }>("select kind from activity where user_id = $1 or (kind = 'auth.two-factor-failed')", [editor.id])).map(
    (row) => row.kind,
  );
  expect(kinds).toEqual(expect.arrayContaining(["user.two-factor-enabled", "auth.two-factor-failed", "auth.sign-in"]));
  // The owner is e-mailed about it (through the outbox).
  const [notice] = await db.query<{ payload: { to: string; subject: string } }>(
    "select o.payload from jobs o join activity a on o.subject_type = 'activity' and o.subject_id = a.id where a.user_id = $1 and a.kind = 'user.two-factor-enabled'",
    [editor.id],
  );
  expect(notice!.payload).toMatchObject({ to: editor.email, subject: "Two-step sign-in is on for your Pravas account" });
  db.onCleanup(() => db.query("delete from jobs where subject_type = 'activity' and subject_id in (select id from activity where user_id = $1)", [editor.id]));
});

test("a recovery code signs in once; no session exists before the second step", async ({ page, db }) => {
  const editor = await createStaff(db, { name: "Rohan Editor", password: "monsoon-clouds-over-ghats" });
  await signInAs(page, editor);
  const { codes } = await enrol(page, editor.password);
  await signOut(page);

  await submitLogin(page, editor.email, editor.password);
  await expect(page).toHaveURL(/\/admin\/two-factor$/);
  // Between the steps there is no session: the back office is closed.
  await page.goto("/admin/dashboard");
  await expect(page).toHaveURL(/\/admin\?redirectTo=/);

  await submitLogin(page, editor.email, editor.password);
  await page.getByText("No phone? Use a recovery code").click();
  await page.getByLabel("Recovery code").fill(codes[0]!);
  await page.getByRole("button", { name: "Use recovery code" }).click();
  await expect(page).toHaveURL(/\/admin\/dashboard$/);
  await signOut(page);

  await submitLogin(page, editor.email, editor.password);
  await page.getByText("No phone? Use a recovery code").click();
  await page.getByLabel("Recovery code").fill(codes[0]!);
  await page.getByRole("button", { name: "Use recovery code" }).click();
  await expect(page.getByRole("alert")).toContainText("That recovery code is not right, or it was used already.");
});

test("an admin requires two-step sign-in: staff without it set it up before anything else", async ({ page, browser, baseURL, db }) => {
  requireNoTwoStepAfter(db);
  const editor = await createStaff(db, { name: "Nisha Editor", password: "courtyard-tulsi-plant" });
  const admin = await createStaff(db, { name: "Anil Admin", role: "admin", password: "stepwell-at-dusk-admin" });
  await signInAs(page, admin);
  await gotoHydrated(page, "/admin/users");
  const setting = page.getByRole("region", { name: "Two-step sign-in" });
  const require = async () => {
    await setting.getByRole("checkbox", { name: "Require two-step sign-in for every staff account" }).check();
    await setting.getByRole("button", { name: "Save" }).click();
  };
  // An admin without it cannot require it (they would be locked into setting it up).
  await require();
  await expect(page.getByRole("alert")).toContainText("Turn on two-step sign-in for your own account first");
  await enrol(page, admin.password);
  await gotoHydrated(page, "/admin/users");
  await require();
  await expect(page.getByRole("status")).toContainText("Two-step sign-in is now required");

  const context = await newStaffContext(browser, baseURL);
  const other = await context.newPage();
  await submitLogin(other, editor.email, editor.password);
  await expect(other).toHaveURL(/\/admin\/account#two-step$/);
  await expect(other.getByRole("alert")).toContainText("Two-step sign-in is required for every staff account.");
  await other.goto("/admin/blogs");
  await expect(other).toHaveURL(/\/admin\/account#two-step$/);
  await enrol(other, editor.password);
  await expect(other.getByText("cannot be turned off")).toBeVisible();
  await other.goto("/admin/blogs");
  await expect(other).toHaveURL(/\/admin\/blogs$/);
  await context.close();

  const [entry] = await db.query<{ detail: { required: boolean } }>(
    "select detail from activity where kind = 'settings.two-factor-required' order by id desc limit 1",
  );
  expect(entry!.detail.required).toBe(true);
});

test("an admin resets the two-step sign-in of a user who lost their phone: signed out, password alone next time", async ({
  adminPage: page,
  browser,
  baseURL,
  db,
}) => {
  const editor = await createStaff(db, { name: "Dev Editor", password: "lighthouse-at-kovalam" });
  const context = await newStaffContext(browser, baseURL);
  const user = await context.newPage();
  await signInAs(user, editor);
  await enrol(user, editor.password);

  await gotoHydrated(page, "/admin/users");
  const row = page.getByRole("row", { name: /Dev Editor/ });
  await expect(row.getByText("On", { exact: true })).toBeVisible();
  await row.getByRole("button", { name: "Reset two-step sign-in of Dev Editor" }).click();
  await page.getByRole("dialog").getByRole("button", { name: "Reset two-step" }).click();
  await expect(page.getByRole("status")).toContainText("Dev Editor's two-step sign-in was reset and they were signed out.");
  await expect(page.getByRole("row", { name: /Dev Editor/ }).getByText("Off", { exact: true })).toBeVisible();

  await user.goto("/admin/dashboard");
  await expect(user).toHaveURL(/\/admin\?redirectTo=/);
  await submitLogin(user, editor.email, editor.password);
  await expect(user).toHaveURL(/\/admin\/dashboard$/);
  await context.close();
  const kinds = (await db.query<{ kind: string }>("select kind from activity where subject_id = $1", [editor.id])).map((row) => row.kind);
  expect(kinds).toContain("user.two-factor-reset");
});

// Both sizes in one test (ADR 104): the account page's two-step panel (the page is scanned whole in admin-shell)
// once, at 1366 px; the two-step page, a screen of its own, whole at each size.
test("the two-step screens pass axe at 1366 px and at 390 px", async ({ page, db }) => {
  const editor = await createStaff(db, { name: "Axe Editor", password: "cardamom-hills-walk" });
  await signInAs(page, editor);
  await gotoHydrated(page, "/admin/account");
  const panel = page.getByRole("region", { name: "Two-step sign-in" });
  await panel.getByLabel("Password, to set it up").fill(editor.password);
  await panel.getByRole("button", { name: "Set up two-step sign-in" }).click();
  await expect(panel.getByRole("img", { name: "QR code for your authenticator app" })).toBeVisible();
  await expectNoAxeViolations(page, { within: "#two-step" });
  const origin = new URL(page.url()).origin;
  const fresh = await page.context().browser()!.newContext();
  const second = await fresh.newPage();
  for (const [width, height] of [
    [1366, 768],
    [390, 844],
  ] as const) {
    await second.setViewportSize({ width, height });
    await second.goto(`${origin}/admin/two-factor`);
    await second.getByText("No phone? Use a recovery code").click();
    await expectNoAxeViolations(second);
  }
  await fresh.close();
});
