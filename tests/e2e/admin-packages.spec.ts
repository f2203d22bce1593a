import { expectNoAxeViolations } from "./axe";
import { copyPackage, deletePackageRow, openSection, rowAction } from "./admin-packages-helpers";
import { expect, gotoHydrated, screenshot, test } from "./fixtures";

const PHOTOS = "/work/shared/photos";

// This file's own client address: its sign-ins never count against other files' throttles.
test.use({ extraHTTPHeaders: { "x-forwarded-for": "10.250.11.1" } });

test("the list shows cards with status, price and duration; search and filters live in the URL; a title edited there is on the public page", async ({
  adminPage: page,
  db,
}) => {
  const copy = await copyPackage(db);
  await db.query(`update packages set status = 'draft', region = 'national' where id = $1`, [copy.id]);
  await gotoHydrated(page, "/admin/packages");
  await expect(page.getByRole("heading", { level: 1, name: "Packages" })).toBeVisible();
  const card = page.getByRole("listitem").filter({ has: page.getByRole("link", { name: copy.title }) });
  await expect(card).toContainText("Draft");
  await expect(card).toContainText("₹");
  await expect(card).toContainText(/Days/i);

  await page.getByLabel("Search").fill(copy.title);
  await page.getByLabel("Status").selectOption("draft");
  await page.getByRole("button", { name: "Apply" }).click();
  await expect(page).toHaveURL(/status=draft/);
  await expect(page.getByRole("list", { name: "Packages" }).getByRole("listitem")).toHaveCount(1);
  await page.goto(`/admin/packages?q=${encodeURIComponent(copy.title)}&region=international`);
  await expect(page.getByText("No packages match these filters.")).toBeVisible();

  // Published again (in the database) for the edit below, which a visitor must see.
  await db.query(`update packages set status = 'published' where id = $1`, [copy.id]);
  await page.goto(`/admin/packages?q=${encodeURIComponent(copy.title)}`);
  await page.getByRole("link", { name: copy.title }).click();
  await expect(page).toHaveURL(new RegExp(`/admin/packages/${copy.id}$`));
  await expect(page.getByLabel("Title", { exact: true })).toHaveValue(copy.title);

  // Edit the title in the editor the list opened; the public page has it.
  const renamed = `${copy.title} Renamed`;
  await page.getByLabel("Title", { exact: true }).fill(renamed);
  await page.getByRole("button", { name: "Update Package" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Package updated successfully!" })).toBeVisible();
  await expect(page.getByRole("heading", { level: 1, name: renamed })).toBeVisible();
  await page.goto(`/packages/${copy.slug}`);
  await expect(page.getByRole("heading", { level: 1, name: renamed })).toBeVisible();
});

test("create a draft: the schema's errors show inline and the form keeps what was typed, then it is created", async ({ adminPage: page, db }) => {
  await gotoHydrated(page, "/admin/packages");
  await page.getByRole("link", { name: "Create New Package" }).click();
  await expect(page).toHaveURL(/\/admin\/packages\/new$/);
  await expect(page.locator("html[data-hydrated]")).toBeAttached();

  // Publishing without the details it needs is refused, field by field.
  const title = `Spiti Valley E2E ${Date.now()}`;
  await page.getByLabel("Title", { exact: true }).fill(title);
  await expect(page.getByLabel("Address (slug)")).toHaveValue(title.toLowerCase().replace(/ /g, "-"));
  await page.getByLabel("Short description").fill("High desert monasteries.");
  await openSection(page, "Itinerary");
  await page.getByRole("button", { name: "Add day" }).click();
  await page.getByLabel("Day 1 title").fill("Arrive in Manali");
  await openSection(page, "SEO & publishing");
  await page.getByLabel("Status").selectOption("published");
  await page.getByRole("button", { name: "Create Package" }).click();
  // Fields to fix are not a failure: the notice names them, each a link to its field.
  const notice = page.getByRole("alert").filter({ hasText: "Not saved yet" });
  await expect(notice).toContainText(/Not saved yet: \d+ fields need attention\./);
  await expect(notice.getByRole("link", { name: "Country" })).toBeVisible();
  await expect(notice).not.toContainText("Something went wrong");
  // The section of the first error opens by itself, on that field.
  await expect(page.getByLabel("Country")).toHaveAttribute("aria-invalid", "true");
  await expect(page.getByLabel("Country")).toBeFocused();
  await expect(page).toHaveURL(/#basics$/);
  // The navigation says where the other errors are.
  const nav = page.getByRole("navigation", { name: "Package sections" });
  await expect(nav.getByRole("link", { name: "Photos: 1 error" })).toBeVisible();
  // The notice's link to the thumbnail opens the Photos section.
  await notice.getByRole("link", { name: "Thumbnail" }).click();
  await expect(page.getByRole("heading", { level: 2, name: "Photos", exact: true })).toBeVisible();
  await expect(page.getByText("Needed to publish: a thumbnail.", { exact: true })).toBeVisible();
  await openSection(page, "Basics");
  await expect(page.getByLabel("Short description")).toHaveValue("High desert monasteries.");
  await openSection(page, "Itinerary");
  await expect(page.getByLabel("Day 1 title")).toHaveValue("Arrive in Manali");

  // As a draft, a title is enough.
  await openSection(page, "SEO & publishing");
  await page.getByLabel("Status").selectOption("draft");
  await page.getByRole("button", { name: "Create Package" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Package created successfully!" })).toBeVisible();
  await expect(page).toHaveURL(/\/admin\/packages\/\d+#seo$/);
  const id = Number(new URL(page.url()).pathname.split("/").pop());
  db.onCleanup(() => deletePackageRow(db, id));
  // The editor opens again on the section the save was made from.
  await expect(page).toHaveURL(/#seo$/);
  await expect(page.getByLabel("Status")).toBeVisible();
  await openSection(page, "Itinerary");
  await expect(page.getByLabel("Day 1 title")).toHaveValue("Arrive in Manali");
  const [row] = await db.query<{ status: string; itinerary: { day: number; title: string }[] }>(`select status, itinerary from packages where id = $1`, [id]);
  expect(row).toMatchObject({ status: "draft", itinerary: [{ day: 1, title: "Arrive in Manali" }] });
  // A draft is not on the public site.
  expect((await page.request.get(`/packages/${title.toLowerCase().replace(/ /g, "-")}`, { headers: { cookie: "" } })).status()).toBe(404);
});

test("create and publish with thumbnail and gallery uploads; it is live on the public site", async ({ adminPage: page, db }) => {
  await gotoHydrated(page, "/admin/packages/new");
  const title = `Agra Heritage E2E ${Date.now()}`;
  await page.getByLabel("Title", { exact: true }).fill(title);
  await page.getByLabel("Country").fill("India");
  await page.getByLabel("Region").selectOption("national");
  await page.getByRole("spinbutton", { name: "Days" }).fill("3");
  await page.getByRole("spinbutton", { name: "Nights" }).fill("2");
  await page.getByLabel("Short description").fill("The Taj at sunrise and the old city.");
  await openSection(page, "Prices");
  await expect(page.getByText("Shown with “+ 5% GST”.")).toBeVisible();
  await page.getByLabel("Price (₹)").first().fill("18500");

  await openSection(page, "Photos");
  const thumbnail = page.getByRole("region", { name: "Thumbnail" });
  await thumbnail.locator('input[type="file"]').setInputFiles(`${PHOTOS}/01-taj-mahal-agra.webp`);
  await expect(thumbnail.getByRole("img", { name: /^Thumbnail:/ })).toBeVisible({ timeout: 30_000 });
  const gallery = page.getByRole("region", { name: "Gallery" });
  await gallery.locator('input[type="file"]').setInputFiles([`${PHOTOS}/01-taj-mahal-agra.webp`, `${PHOTOS}/02-taj-mahal-riverside-small.webp`]);
  await expect(gallery.getByRole("img", { name: /^Gallery image/ })).toHaveCount(2, { timeout: 30_000 });
  // Reorder and remove in the gallery, from each photo's "⋯" menu.
  const second = await gallery.getByRole("img", { name: /^Gallery image 2/ }).getAttribute("src");
  await rowAction(page, "gallery image 2", "Move up");
  await expect(gallery.getByRole("img", { name: /^Gallery image 1/ })).toHaveAttribute("src", second!);
  await rowAction(page, "gallery image 2", "Remove");
  await expect(gallery.getByRole("img", { name: /^Gallery image/ })).toHaveCount(1);
  // Uploads have no alt text yet: the Photos section says so, and the checks list it; it does not stop the save.
  await expect(page.getByRole("navigation", { name: "Package sections" }).getByRole("link", { name: "Photos: 2 without alt text" })).toBeVisible();

  await openSection(page, "SEO & publishing");
  await page.getByLabel("Status").selectOption("published");
  await page.getByRole("button", { name: "Create Package" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Package created successfully!" })).toBeVisible();
  await expect(page).toHaveURL(/\/admin\/packages\/\d+#seo$/);
  const id = Number(new URL(page.url()).pathname.split("/").pop());
  db.onCleanup(() => deletePackageRow(db, id));
  const [row] = await db.query<{ slug: string; thumbnail: string; gallery: string[]; status: string }>(
    `select slug, thumbnail, gallery, status from packages where id = $1`,
    [id],
  );
  expect(row!.status).toBe("published");
  expect(row!.thumbnail).not.toBe("");
  expect(row!.gallery).toHaveLength(1);
  await openSection(page, "Photos");
  await expect(page.getByRole("region", { name: "Thumbnail" }).getByRole("img", { name: /^Thumbnail:/ })).toBeVisible();

  await page.goto(`/packages/${row!.slug}`);
  await expect(page.getByRole("heading", { level: 1, name: title })).toBeVisible();
});

test("reorder the itinerary with the keyboard; day numbers follow the order; delete asks for the exact title: a mismatch deletes nothing, a match deletes", async ({
  adminPage: page,
  db,
}) => {
  const copy = await copyPackage(db);
  const [first, second, third] = copy.itinerary;
  await gotoHydrated(page, `/admin/packages/${copy.id}#itinerary`);
  await expect(page.getByLabel("Day 1 title")).toHaveValue(first!.title);
  // The "⋯" menu: Enter opens it on its first item, the arrow keys move, Enter chooses.
  await page.getByRole("button", { name: "Actions for day 1" }).focus();
  await page.keyboard.press("Enter");
  const menu = page.getByRole("menu", { name: "Actions for day 1" });
  await expect(menu.getByRole("menuitem", { name: "Move up" })).toBeFocused();
  await expect(menu.getByRole("menuitem", { name: "Move up" })).toHaveAttribute("aria-disabled", "true");
  await page.keyboard.press("ArrowDown");
  await expect(menu.getByRole("menuitem", { name: "Move down" })).toBeFocused();
  await page.keyboard.press("Enter");
  await expect(menu).toBeHidden();
  await expect(page.getByLabel("Day 1 title")).toHaveValue(second!.title);
  await expect(page.getByLabel("Day 2 title")).toHaveValue(first!.title);
  await expect(page.getByText("Day 1 is now day 2.")).toBeVisible();
  // Focus stayed on the moved day's menu button, now "Actions for day 2".
  await expect(page.getByRole("button", { name: "Actions for day 2" })).toBeFocused();
  // Escape closes the menu without doing anything, back on its button.
  await page.keyboard.press("Enter");
  await page.keyboard.press("Escape");
  await expect(page.getByRole("menu")).toHaveCount(0);
  await expect(page.getByRole("button", { name: "Actions for day 2" })).toBeFocused();

  // The drag handle with the keyboard: Space picks day 3 up, ↑ moves it, Space drops it.
  await page.getByRole("button", { name: "Drag day 3" }).focus();
  await page.keyboard.press("Space");
  // Each step waits for what a screen reader hears: the drop needs the move to have been measured.
  await expect(page.getByText("Day 3 is at position 3 of 7.")).toBeAttached();
  // dnd-kit's keyboard sensor listens for the arrow keys from a zero-delay timer set at the pick-up; the
  // browser runs input before timers, so on a busy machine ↑ could come first and be lost (the flaky run:
  // still "position 3 of 7"). A timer of ours set after the pick-up fires after theirs.
  await page.evaluate(() => new Promise((resolve) => setTimeout(resolve, 0)));
  await page.keyboard.press("ArrowUp");
  await expect(page.getByText("Day 3 is at position 2 of 7.")).toBeAttached();
  await page.keyboard.press("Space");
  await expect(page.getByLabel("Day 2 title")).toHaveValue(third!.title);
  await expect(page.getByLabel("Day 3 title")).toHaveValue(first!.title);
  await page.getByRole("button", { name: "Update Package" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Package updated successfully!" })).toBeVisible();
  const [row] = await db.query<{ itinerary: { day: number; title: string }[] }>(`select itinerary from packages where id = $1`, [copy.id]);
  expect(row!.itinerary.slice(0, 3)).toEqual([
    expect.objectContaining({ day: 1, title: second!.title }),
    expect.objectContaining({ day: 2, title: third!.title }),
    expect.objectContaining({ day: 3, title: first!.title }),
  ]);

  // The same package, deleted.
  await page.getByRole("button", { name: "Delete Package" }).click();
  let dialog = page.getByRole("dialog", { name: "Delete this package?" });
  await dialog.getByLabel("Package title").fill("Something else");
  await dialog.getByRole("button", { name: "Delete Package" }).click();
  await expect(page.getByRole("alert")).toContainText("Package name did not match. Deletion cancelled.");
  expect(await db.query(`select id from packages where id = $1`, [copy.id])).toHaveLength(1);

  await page.getByRole("button", { name: "Delete Package" }).click();
  dialog = page.getByRole("dialog", { name: "Delete this package?" });
  await dialog.getByLabel("Package title").fill(copy.title);
  await dialog.getByRole("button", { name: "Delete Package" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Package deleted successfully!" })).toBeVisible();
  await expect(page).toHaveURL(/\/admin\/packages$/);
  expect(await db.query(`select id from packages where id = $1`, [copy.id])).toHaveLength(0);
  expect((await page.request.get(`/packages/${copy.slug}`)).status()).toBe(404);
});

test("leaving with unsaved changes asks first, in the page's own dialog", async ({ adminPage: page, db }) => {
  const copy = await copyPackage(db);
  await gotoHydrated(page, `/admin/packages/${copy.id}`);
  page.on("dialog", () => {
    throw new Error("a browser dialog opened");
  });
  // Nothing changed: leaving is free.
  await page.getByRole("navigation", { name: "Admin sections" }).getByRole("link", { name: "Packages" }).click();
  await expect(page).toHaveURL(/\/admin\/packages$/);
  await page.goBack();
  await expect(page.getByLabel("Title", { exact: true })).toHaveValue(copy.title);

  await page.getByLabel("Country").fill("Somewhere new");
  await page.getByRole("navigation", { name: "Admin sections" }).getByRole("link", { name: "Packages" }).click();
  const dialog = page.getByRole("dialog", { name: "Leave without saving?" });
  await expect(dialog).toBeVisible();
  await dialog.getByRole("button", { name: "Stay on this page" }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByLabel("Country")).toHaveValue("Somewhere new");
  await expect(page).toHaveURL(new RegExp(`/admin/packages/${copy.id}$`));

  await page.getByRole("navigation", { name: "Admin sections" }).getByRole("link", { name: "Packages" }).click();
  await page.getByRole("dialog", { name: "Leave without saving?" }).getByRole("button", { name: "Leave without saving" }).click();
  await expect(page).toHaveURL(/\/admin\/packages$/);
  const [row] = await db.query<{ country: string }>(`select country from packages where id = $1`, [copy.id]);
  expect(row!.country).not.toBe("Somewhere new");
});

test("list and editor pass axe at 1366 px and at 390 px", async ({ adminPage: page, db }) => {
  // Each screen whole at each size: the list and the editor. Every other state once (ADR 104): the editor's
  // sections at 390 px, where their layout is tightest (one column, the section navigation stuck to the top);
  // the states laid over it (the new-package form's main part, an open "⋯" menu, the checks, the Undo notice
  // and two dialogs) at 1366 px, where they appear.
  test.setTimeout(150_000);
  const copy = await copyPackage(db);

  await test.step("at 1366 px: the list, the new-package form, the editor, then the states laid over it", async () => {
    await gotoHydrated(page, "/admin/packages");
    await expectNoAxeViolations(page);
    await screenshot(page, "admin-packages-1366", { fullPage: true });
    await gotoHydrated(page, "/admin/packages/new");
    await expectNoAxeViolations(page, { within: "#admin-main" });
    await screenshot(page, "admin-packages-new-1366");
    await gotoHydrated(page, `/admin/packages/${copy.id}`);
    await expectNoAxeViolations(page);
    await screenshot(page, "admin-packages-edit-1366");
    // An open "⋯" menu, the checks panel (a day added: the duration no longer matches) and the Undo notice.
    await openSection(page, "Itinerary");
    await page.getByRole("button", { name: "Add day" }).click();
    await page.getByRole("button", { name: "Actions for day 1" }).click();
    await expectNoAxeViolations(page, { within: '[role="menu"]', what: "row menu" });
    await page.keyboard.press("Escape");
    await page.getByText(/things? to check/).click();
    await expectNoAxeViolations(page, { within: "details[open]", what: "checks" });
    await page.getByText(/things? to check/).click();
    await rowAction(page, "day 2", "Remove");
    await expect(page.getByRole("button", { name: "Undo: bring back day 2" })).toBeFocused();
    await expectNoAxeViolations(page, { within: '[role="status"]:has(button[aria-label^="Undo"])', what: "undo" });
    await page.keyboard.press("Escape");
    await page.getByRole("button", { name: "Delete Package" }).click();
    await expectNoAxeViolations(page, { within: "dialog[open]", what: "delete dialog" });
    await page.keyboard.press("Escape");
    await page.getByRole("button", { name: "Duplicate package" }).click();
    await expectNoAxeViolations(page, { within: "dialog[open]", what: "duplicate dialog" });
    await page.keyboard.press("Escape");
  });

  await test.step("at 390 px: the list, the editor and each section", async () => {
    // A page of its own (the same signed-in browser): the 1366 px editor has unsaved changes.
    const phone = await page.context().newPage();
    await phone.setViewportSize({ width: 390, height: 844 });
    await gotoHydrated(phone, "/admin/packages");
    await expectNoAxeViolations(phone);
    await screenshot(phone, "admin-packages-390", { fullPage: true });
    await gotoHydrated(phone, `/admin/packages/${copy.id}`);
    await expectNoAxeViolations(phone);
    await screenshot(phone, "admin-packages-edit-390");
    for (const section of ["Prices", "Highlights & inclusions", "Itinerary", "Departures", "Photos", "Brochure", "Reviews", "SEO & publishing"]) {
      const shown = await openSection(phone, section);
      await expectNoAxeViolations(phone, { within: shown, what: `${section} at 390 px` });
    }
  });
});
