import { ADMIN, createStaff, deleteStaff, newStaffContext, signIn, submitLogin, uniqueEmail } from "./admin-helpers";
import { expect, gotoHydrated, signInAs, signInRequest, test } from "./fixtures";

// This file's own client address: its sign-ins never count against other files' throttles.
test.use({ extraHTTPHeaders: { "x-forwarded-for": "10.250.0.1" } });

const LAST_ADMIN = "The back office needs at least one active admin. Make another user an admin first.";

test("an admin adds an editor, who may not open the Users page (403 inside the shell)", async ({ adminPage: page, browser, baseURL, db }) => {
  const email = uniqueEmail("new-editor");
  db.onCleanup(() => deleteStaff(db, { email }));
  await gotoHydrated(page, "/admin/dashboard");
  await page.getByRole("navigation", { name: "Admin sections" }).getByRole("link", { name: "Users" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Users" })).toBeVisible();

  const add = page.getByRole("region", { name: "Add user" });
  // Invalid input: inline errors, typed values kept.
  await add.getByLabel("Name").fill("Nisha Editor");
  await add.getByLabel("E-mail").fill("not-an-email");
  await add.getByRole("button", { name: "Add user" }).click();
  await expect(add.getByLabel("E-mail")).toHaveAttribute("aria-invalid", "true");
  await expect(add.getByText("Please enter a valid e-mail address.")).toBeVisible();
  await expect(add.getByText("Please enter an initial password.")).toBeVisible();
  await expect(add.getByLabel("Name")).toHaveValue("Nisha Editor");

  // The meter judges the password against the name as typed, as the server does (issue 49: "Ravi Kumar travels" was "Good").
  await add.getByLabel("Name").fill("Ravi Kumar");
  await add.getByLabel("Initial password").fill("Ravi Kumar travels");
  await expect(add.getByText("Strength: Not allowed. Do not use your name or e-mail address in your password.")).toBeVisible();
  await add.getByLabel("Name").fill("Nisha Editor");
  await expect(add.getByText(/Strength: (Very weak|Weak|Fair|Good|Strong)/)).toBeVisible();

  await add.getByLabel("E-mail").fill(email);
  await add.getByLabel("Role").selectOption("editor");
  await add.getByLabel("Initial password").fill("nisha-password-1");
  await add.getByRole("button", { name: "Add user" }).click();
  await expect(page.getByRole("status")).toContainText("Nisha Editor was added as editor.");
  const row = page.getByRole("row", { name: /Nisha Editor/ });
  await expect(row).toContainText(email);
  await expect(row).toContainText("Active");
  await expect(row).toContainText("Never");
  // The form starts empty again for the next user.
  await expect(add.getByLabel("Name")).toHaveValue("");

  const editorContext = await newStaffContext(browser, baseURL);
  const editor = await editorContext.newPage();
  await signIn(editor, { email, password: "nisha-password-1" });
  const nav = editor.getByRole("navigation", { name: "Admin sections" });
  await expect(nav.getByRole("link", { name: "Packages" })).toBeVisible();
  await expect(nav.getByRole("link", { name: "Users" })).toHaveCount(0);
  const refused = await editor.goto("/admin/users");
  expect(refused?.status()).toBe(403);
  await expect(editor.getByRole("heading", { level: 1, name: "You do not have access to this page" })).toBeVisible();
  await expect(editor.getByText("Admin Panel")).toBeVisible();
  await expect(editor.getByRole("button", { name: "Logout" })).toBeVisible();
  // The action refuses too, not only the page.
  const post = await editor.request.post("/admin/users", {
    form: { intent: "deactivate", userId: "whoever" },
    headers: { origin: new URL(baseURL!).origin },
  });
  expect(post.status()).toBe(403);
  await editorContext.close();

  await page.reload();
  await expect(page.getByRole("row", { name: /Nisha Editor/ })).not.toContainText("Never");
});

test("deactivation ends the user's session and blocks sign-in; reactivation lets them back", async ({ adminPage: page, browser, baseURL, db }) => {
  const editor = await createStaff(db, { name: "Dev Editor" });
  const editorContext = await newStaffContext(browser, baseURL);
  const editorPage = await editorContext.newPage();
  await signInAs(editorPage, editor);

  await gotoHydrated(page, "/admin/users");
  const row = page.getByRole("row", { name: /Dev Editor/ });
  await row.getByRole("button", { name: "Deactivate Dev Editor" }).click();
  const dialog = page.getByRole("dialog", { name: "Deactivate Dev Editor?" });
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText(editor.email);
  await dialog.getByRole("button", { name: "Deactivate" }).click();
  await expect(page.getByRole("status")).toContainText("Dev Editor was deactivated and signed out.");
  await expect(row).toContainText("Deactivated");

  // Their open session is gone at once.
  await editorPage.goto("/admin/dashboard");
  await expect(editorPage).toHaveURL(/\/admin\?redirectTo=%2Fadmin%2Fdashboard$/);
  // And they cannot sign in again.
  await submitLogin(editorPage, editor.email, editor.password);
  await expect(editorPage.getByRole("alert")).toHaveText("Email/Password login failed.");

  await row.getByRole("button", { name: "Reactivate Dev Editor" }).click();
  await expect(page.getByRole("status")).toContainText("Dev Editor was reactivated.");
  await expect(row).toContainText("Active");
  await signInAs(editorPage, editor);
  await editorContext.close();
});

test("role changes, and the last admin cannot be demoted", async ({ adminPage: page, browser, baseURL, db }) => {
  const editor = await createStaff(db, { name: "Ravi Editor" });
  await gotoHydrated(page, "/admin/users");

  // The only admin demoting themselves is refused, with a clear message.
  const own = page.getByRole("row", { name: /Administrator/ });
  await own.getByRole("combobox", { name: "Role of Administrator" }).selectOption("editor");
  await own.getByRole("button", { name: "Save role of Administrator" }).click();
  await expect(page.getByRole("alert")).toHaveText(LAST_ADMIN);
  await expect(own.getByRole("combobox", { name: "Role of Administrator" })).toHaveValue("admin");
  // No deactivate button on one's own row, and the server refuses it anyway.
  await expect(own.getByRole("button", { name: /Deactivate/ })).toHaveCount(0);
  const [adminRow] = await db.query<{ id: string }>(`select id from "user" where email = $1`, [ADMIN.email]);
  const adminId = adminRow?.id ?? "";
  const refused = await page.request.post("/admin/users", {
    form: { intent: "deactivate", userId: adminId },
    headers: { origin: new URL(baseURL!).origin },
    maxRedirects: 0,
  });
  expect(refused.status()).toBe(303);
  await page.reload();
  await expect(page.getByRole("alert")).toHaveText("You cannot deactivate your own account.");
  await expect(own).toContainText("Active");

  const row = page.getByRole("row", { name: /Ravi Editor/ });
  await row.getByRole("combobox", { name: "Role of Ravi Editor" }).selectOption("admin");
  await row.getByRole("button", { name: "Save role of Ravi Editor" }).click();
  await expect(page.getByRole("status")).toContainText("Ravi Editor is now an admin.");

  const context = await newStaffContext(browser, baseURL);
  const promoted = await context.newPage();
  await signIn(promoted, editor);
  await expect(promoted.getByRole("navigation", { name: "Admin sections" }).getByRole("link", { name: "Users" })).toBeVisible();
  await context.close();

  await row.getByRole("combobox", { name: "Role of Ravi Editor" }).selectOption("editor");
  await row.getByRole("button", { name: "Save role of Ravi Editor" }).click();
  await expect(page.getByRole("status")).toContainText("Ravi Editor is now an editor.");
});

test("a one-time reset link is a path; the set-password page keeps to the policy; the link sets a new password once", async ({
  adminPage: page,
  browser,
  baseURL,
  db,
}) => {
  const editor = await createStaff(db, { name: "Lata Editor" });
  await gotoHydrated(page, "/admin/users");
  await page.getByRole("button", { name: "Create a password reset link for Lata Editor" }).click();
  const panel = page.getByRole("region", { name: "Password link for Lata Editor" });
  await expect(panel).toBeVisible();
  const url = await panel.getByLabel("One-time link").inputValue();
  expect(url).toMatch(/\/admin\/reset-password\/[\w-]{20,}$/);

  const context = await newStaffContext(browser, baseURL);
  const visitor = await context.newPage();
  await visitor.goto(url);
  await expect(visitor.getByRole("heading", { name: "Choose a password" })).toBeVisible();
  await visitor.getByLabel(/^New password/).fill("short");
  await visitor.getByLabel("Repeat the new password").fill("different");
  await visitor.getByRole("button", { name: "Set password" }).click();
  await expect(visitor.getByText(/^Use at least 12 characters/)).toBeVisible();
  // The server refuses a password with the link owner's name beside the field, and the strength meter, which knows whose link this is, agrees.
  await visitor.getByLabel(/^New password/).fill("lata editor 2026 pass");
  await visitor.getByLabel("Repeat the new password").fill("lata editor 2026 pass");
  await visitor.getByRole("button", { name: "Set password" }).click();
  await expect(visitor.getByText("Do not use your name or e-mail address in your password.", { exact: true })).toBeVisible();
  await expect(visitor.getByText(/^Strength: Not allowed\./)).toBeVisible();
  await visitor.getByLabel(/^New password/).fill("lata-new-password");
  await visitor.getByLabel("Repeat the new password").fill("lata-new-password");
  await visitor.getByRole("button", { name: "Set password" }).click();
  await expect(visitor.getByRole("status")).toHaveText("Your password is set. You can sign in with it now.");

  // Used once: the link is dead now.
  await visitor.goto(url);
  await expect(visitor.getByRole("alert")).toContainText("This link is invalid, already used or expired.");
  await submitLogin(visitor, editor.email, editor.password);
  await expect(visitor.getByRole("alert")).toHaveText("Email/Password login failed.");
  await signInAs(visitor, { email: editor.email, password: "lata-new-password" });
  await context.close();
});

test("the activity page lists user changes and filters by user and kind", async ({ adminPage: page, browser, baseURL, db }) => {
  const editor = await createStaff(db, { name: "Kiran Editor" });
  const context = await newStaffContext(browser, baseURL);
  await signInRequest(context.request, editor);
  await context.close();
  await gotoHydrated(page, "/admin/users");
  const row = page.getByRole("row", { name: /Kiran Editor/ });
  await row.getByRole("button", { name: "Deactivate Kiran Editor" }).click();
  await page.getByRole("dialog").getByRole("button", { name: "Deactivate" }).click();
  await expect(page.getByRole("status")).toContainText("Kiran Editor was deactivated");

  await page.getByRole("navigation", { name: "Admin sections" }).getByRole("link", { name: "Activity" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Activity" })).toBeVisible();
  const entry = page.getByRole("row", { name: new RegExp(`Deactivated a user.*${editor.email.replace(".", "\\.")}`) });
  await expect(entry).toContainText("Administrator");
  // TRUST_PROXY is off in tests, so the address is the socket's, not X-Forwarded-For's.
  await expect(entry).toContainText("127.0.0.1");

  await page.getByLabel("Kind").selectOption({ label: "Deactivated a user" });
  await page.getByRole("button", { name: "Filter" }).click();
  await expect(page).toHaveURL(/kind=user\.deactivated/);
  const rows = page.getByRole("table").getByRole("row");
  // Until the filtered list has replaced the whole one (whose newest row is this deactivation too).
  await expect(async () => {
    const texts = await rows.allInnerTexts();
    expect(texts.length).toBeGreaterThan(1);
    for (const text of texts.slice(1)) expect(text).toContain("Deactivated a user");
  }).toPass();

  await page.getByLabel("User").selectOption({ label: `Kiran Editor (${editor.email})` });
  await page.getByLabel("Kind").selectOption({ label: "Any kind" });
  await page.getByRole("button", { name: "Filter" }).click();
  await expect(page).toHaveURL(new RegExp(`user=${editor.id}`));
  await expect(page.getByRole("table").getByRole("row", { name: /Signed in/ })).toHaveCount(1);
  await expect(page.getByRole("table")).not.toContainText("Deactivated a user");
  await expect(page.getByRole("table")).toContainText("Kiran Editor");
});

test("without JavaScript: add a user, see the notice, confirm a deactivation in the dialog", async ({ browser, baseURL, db }) => {
  const email = uniqueEmail("nojs");
  db.onCleanup(() => deleteStaff(db, { email }));
  const context = await browser.newContext({ baseURL, javaScriptEnabled: false, extraHTTPHeaders: { "x-forwarded-for": "10.250.0.4" } });
  const page = await context.newPage();
  await submitLogin(page, ADMIN.email, ADMIN.password);
  await expect(page).toHaveURL(/\/admin\/dashboard$/);
  await page.goto("/admin/users");
  const add = page.getByRole("region", { name: "Add user" });
  await add.getByLabel("Name").fill("Noor NoScript");
  await add.getByLabel("E-mail").fill(email);
  await add.getByRole("button", { name: "Add user" }).click();
  // Refused (no password): the typed values come back from the server.
  await expect(add.getByText("Please enter an initial password.")).toBeVisible();
  await expect(add.getByLabel("E-mail")).toHaveValue(email);
  await add.getByLabel("Initial password").fill("noor-password-1");
  await add.getByRole("button", { name: "Add user" }).click();
  await expect(page.getByRole("status")).toHaveText("Noor NoScript was added as editor.");

  // The browser opens the native dialog itself (invoker commands).
  await page.getByRole("button", { name: "Deactivate Noor NoScript" }).click();
  const dialog = page.getByRole("dialog", { name: "Deactivate Noor NoScript?" });
  await expect(dialog).toBeVisible();
  await dialog.getByRole("button", { name: "Cancel" }).click();
  await expect(dialog).toBeHidden();
  await page.getByRole("button", { name: "Deactivate Noor NoScript" }).click();
  await dialog.getByRole("button", { name: "Deactivate" }).click();
  await expect(page.getByRole("status")).toHaveText("Noor NoScript was deactivated and signed out.");
  await expect(page.getByRole("row", { name: /Noor NoScript/ })).toContainText("Deactivated");
  await context.close();
});
