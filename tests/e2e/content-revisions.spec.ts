import { expectNoAxeViolations } from "./axe";
import type { Page } from "@playwright/test";
import { ADMIN, expect, newStaffContext, signInRequest, test } from "./admin-helpers";
import { insertBlog } from "./admin-blogs-helpers";
import { copyPackage, openSection } from "./admin-packages-helpers";
import { gotoHydrated, moveServerClock, signInAs } from "./fixtures";

/**
 * Issue 20 §2–3 (ADR 037) in a real browser against the real server: two
 * editors at once, History and restore, draft changes, scheduled publishing
 * (with the e2e server's test clock) and restoring a deleted package.
 */

// This file's own client address: its sign-ins never count against other files' throttles.
test.use({ extraHTTPHeaders: { "x-forwarded-for": "10.250.37.1" } });

const BALI_PRICE = `'{"kind":"adultChild","adult":99500,"childWithBed":85000,"childNoBed":77500}'::jsonb`;

/** A published copy of a seeded package, its adult price ₹99,500. */
async function livePackage(db: Parameters<typeof copyPackage>[0]) {
  const copy = await copyPackage(db);
  await db.query(`update packages set price = ${BALI_PRICE}, status = 'published' where id = $1`, [copy.id]);
  return copy;
}

async function publicTitle(page: Page, slug: string) {
  const response = await page.request.get(`/packages/${slug}`, { headers: { cookie: "" } });
  expect(response.status()).toBe(200);
  return /<h1[^>]*>([^<]*)<\/h1>/.exec(await response.text())?.[1] ?? "";
}

/** "2026-11-24T10:42" in Indian time, `minutes` from now (the Publish at field's format). */
function indianInput(minutesAhead: number, from = Date.now()) {
  return new Date(from + 330 * 60_000 + minutesAhead * 60_000).toISOString().slice(0, 16);
}

test("two editors at once: the second save gets the conflict view naming the other's change, and neither change is lost", async ({
  adminPage: page,
  browser,
  baseURL,
  db,
  staff,
}) => {
  // Two staff members, two sign-ins and two package editors in one test: more than the default 30 s on 2 cores.
  test.slow();
  const copy = await livePackage(db);
  const editor = await staff.create("editor", "Ravi Editor");
  await gotoHydrated(page, `/admin/packages/${copy.id}`);

  const other = await newStaffContext(browser, baseURL);
  const ravi = await other.newPage();
  await signInAs(ravi, editor);
  await gotoHydrated(ravi, `/admin/packages/${copy.id}`);
  // Presence: the admin's open editor is named, blocking nothing.
  await expect(ravi.getByText(/Administrator is editing this package \(since \d{1,2}:\d{2} [ap]m\)/)).toBeVisible();

  // The admin changes the adult price and saves first.
  await openSection(page, "Prices");
  await page.getByLabel("Adult (₹)").fill("104500");
  await page.getByRole("button", { name: "Update Package" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Package updated successfully!" })).toBeVisible();

  // Ravi, still on the old version, renames it and saves: refused, with the admin's change named.
  const renamed = `${copy.title} Deluxe`;
  await ravi.getByLabel("Title", { exact: true }).fill(renamed);
  await ravi.getByLabel("Short description").fill("Beaches, temples and a volcano sunrise.");
  await ravi.getByRole("button", { name: "Update Package" }).click();
  const conflict = ravi.getByRole("alert").filter({ hasText: "while you were editing" });
  await expect(conflict).toContainText(/Administrator changed this package at \d{1,2}:\d{2} [ap]m while you were editing\./);
  await expect(conflict).toContainText("changed price (adult) from ₹99,500 to ₹1,04,500");
  // Every typed value is still there: the form did not remount.
  await expect(ravi.getByLabel("Title", { exact: true })).toHaveValue(renamed);
  await expect(ravi.getByLabel("Short description")).toHaveValue("Beaches, temples and a volcano sunrise.");
  await expect(ravi.getByLabel("Adult (₹)")).toHaveValue("99500");

  // Review their version: theirs beside mine.
  await ravi.getByRole("button", { name: "Review their version" }).click();
  const review = ravi.getByRole("table", { name: "Their version and yours" });
  await expect(review.getByRole("row", { name: /price \(adult\)/ })).toContainText("₹1,04,500");
  await expect(review.getByRole("row", { name: /title/ })).toContainText(renamed);
  await expectNoAxeViolations(ravi, { within: "main" });

  // Overwrite with mine: Ravi's fields win, the admin's price (a field Ravi left alone) stays.
  await ravi.getByRole("button", { name: "Overwrite with mine" }).click();
  await expect(ravi.getByRole("status").filter({ hasText: "Package updated successfully!" })).toBeVisible();
  const [row] = await db.query<{ title: string; description: string; price: { adult: number } }>(
    `select title, description, price from packages where id = $1`,
    [copy.id],
  );
  expect(row).toMatchObject({ title: renamed, description: "Beaches, temples and a volcano sunrise.", price: { adult: 104500 } });
  const html = await (await page.request.get(`/packages/${copy.slug}`, { headers: { cookie: "" } })).text();
  expect(html).toContain(renamed);
  expect(html).toContain("₹1,04,500");
  await other.close();
});

test("three saves, then History lists them with their fields; restoring the first and saving puts it on the public page", async ({ adminPage: page, db }) => {
  // Many saves, reloads and an axe pass: over 30 s on a loaded machine.
  test.slow();
  const copy = await livePackage(db);
  // Three saves in one editor, one after another: each waits for the save bar to say its change is stored
  // (the notice's text is the same each time, so it alone would not show that the next save has come back).
  await gotoHydrated(page, `/admin/packages/${copy.id}`);
  const save = async (field: string, value: string) => {
    await page.getByLabel(field, { exact: true }).fill(value);
    await expect(page.getByText("Unsaved changes", { exact: true })).toBeVisible();
    await page.getByRole("button", { name: "Update Package" }).click();
    await expect(page.getByText("No unsaved changes", { exact: true })).toBeVisible();
    await expect(page.getByRole("status").filter({ hasText: "Package updated successfully!" })).toBeVisible();
  };
  await save("Title", `${copy.title} One`);
  await save("Short description", "A second save changes the description.");
  await save("Title", `${copy.title} Three`);

  await openSection(page, "History");
  const history = page.getByRole("list", { name: "Revisions, newest first" });
  const entries = history.getByRole("listitem");
  // Three saves, newest first, and the version before them.
  await expect(entries).toHaveCount(4);
  await expect(entries.nth(0)).toContainText("Saved");
  await expect(entries.nth(0)).toContainText("Changed: title");
  await expect(entries.nth(1)).toContainText("Changed: short description");
  await expect(entries.nth(2)).toContainText("Changed: title");
  await expect(entries.nth(3)).toContainText("Before changes were recorded");

  // The first save against the current version: field by field, long text by word.
  await entries.nth(2).getByRole("button", { name: "Compare with current" }).click();
  const first = entries.nth(2);
  await expect(first.getByRole("region", { name: "title" })).toContainText(`${copy.title} One`);
  await expect(first.getByRole("region", { name: "title" })).toContainText(`${copy.title} Three`);
  await expect(first.getByRole("region", { name: "short description" })).toContainText("A second save changes the description.");
  await expectNoAxeViolations(page, { within: "main" });

  await first.getByRole("link", { name: "Restore this version" }).click();
  await expect(page.getByText(/is loaded as unsaved changes/)).toBeVisible();
  await expect(page.getByLabel("Title", { exact: true })).toHaveValue(`${copy.title} One`);
  // Nothing is rewritten until it is saved.
  expect(await publicTitle(page, copy.slug)).toBe(`${copy.title} Three`);
  await page.getByRole("button", { name: "Update Package" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Package updated successfully!" })).toBeVisible();
  expect(await publicTitle(page, copy.slug)).toBe(`${copy.title} One`);
  await openSection(page, "History");
  await expect(page.getByRole("list", { name: "Revisions, newest first" }).getByRole("listitem")).toHaveCount(5);
});

test("draft changes to a published package: the public page is unchanged, Preview shows them, Publish changes makes them live; then it is deleted and restored from Recently deleted", async ({
  adminPage: page,
  db,
}) => {
  const copy = await livePackage(db);
  await gotoHydrated(page, `/admin/packages/${copy.id}`);
  const drafted = `${copy.title} Next Season`;
  await page.getByLabel("Title", { exact: true }).fill(drafted);
  await page.getByRole("button", { name: "Save draft" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Draft changes saved. The live page is unchanged." })).toBeVisible();
  expect(await publicTitle(page, copy.slug)).toBe(copy.title);

  // The editor loads the draft and says so.
  await expect(page.getByText(/These are draft changes, saved by Administrator/)).toBeVisible();
  await expect(page.getByLabel("Title", { exact: true })).toHaveValue(drafted);
  await openSection(page, "Draft & schedule");
  const [preview] = await Promise.all([page.waitForEvent("popup"), page.getByRole("link", { name: "Preview changes" }).click()]);
  await expect(preview.getByRole("heading", { level: 1 })).toHaveText(drafted);
  await expect(preview.getByText("Draft preview: only signed-in staff can see this package.")).toBeVisible();
  // Visitors never get the preview, whatever they ask for.
  const visitor = await page.request.get(`/packages/${copy.slug}?preview=changes`, { headers: { cookie: "" } });
  expect(await visitor.text()).not.toContain(drafted);
  await preview.close();

  await page.getByRole("button", { name: "Publish changes" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Package updated successfully!" })).toBeVisible();
  expect(await publicTitle(page, copy.slug)).toBe(drafted);
  await expect(page.getByRole("button", { name: "Update Package" })).toBeVisible();

  // The same package, now live as `drafted`, deleted from its editor and restored.
  await test.step("delete the package, then restore it from Recently deleted", async () => {
    await page.getByRole("button", { name: "Delete Package" }).click();
    const dialog = page.getByRole("dialog", { name: "Delete this package?" });
    await dialog.getByLabel("Package title").fill(drafted);
    await dialog.getByRole("button", { name: "Delete Package" }).click();
    await expect(page.getByRole("status").filter({ hasText: "Package deleted successfully!" })).toBeVisible();
    expect((await page.request.get(`/packages/${copy.slug}`, { headers: { cookie: "" } })).status()).toBe(404);

    await page.getByRole("link", { name: "Recently deleted" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Recently deleted" })).toBeVisible();
    const item = page.getByRole("row").filter({ hasText: drafted });
    await expect(item).toContainText("Administrator");
    await expectNoAxeViolations(page, { within: "main" });
    await item.getByRole("button", { name: `Restore ${drafted}` }).click();
    await expect(page.getByRole("status").filter({ hasText: `Restored the package “${drafted}”.` })).toBeVisible();
    await expect(page).toHaveURL(new RegExp(`/admin/packages/${copy.id}$`));
    expect(await publicTitle(page, copy.slug)).toBe(drafted);
    await openSection(page, "History");
    await expect(page.getByRole("list", { name: "Revisions, newest first" }).getByRole("listitem").first()).toContainText("Restored after deletion");
  });
});

test("a blog scheduled ahead appears on /blogs on time (the server's test clock)", async ({ adminPage: page, db, request }) => {
  const post = await insertBlog(db, { status: "draft" });
  // The server's test clock may already be ahead of this one (another test on this server moved it): schedule by the server's.
  const serverNow = (await moveServerClock(request)).getTime();
  await gotoHydrated(page, `/admin/blogs/${post.id}`);
  await page.getByLabel("Publish at").fill(indianInput(3, serverNow));
  await page.getByRole("button", { name: "Schedule" }).click();
  await expect(page.getByRole("status").filter({ hasText: /It will be published on \d{1,2} [A-Z][a-z]{2}, \d{1,2}:\d{2} [ap]m\./ })).toBeVisible();
  await gotoHydrated(page, "/admin/blogs");
  await expect(page.getByRole("listitem").filter({ hasText: post.title })).toContainText(/Scheduled for \d{1,2} [A-Z][a-z]{2}, \d{1,2}:\d{2} [ap]m/);

  const onBlogs = async () => (await (await request.get("/blogs", { headers: { cookie: "" } })).text()).includes(post.title);
  const advance = (ms: number) => moveServerClock(request, ms);
  expect(await onBlogs()).toBe(false);
  // A minute later it is still not time.
  await advance(60_000);
  expect(await onBlogs()).toBe(false);
  // Past its time, the worker publishes it, and the list shows it at the next request.
  await advance(4 * 60_000);
  expect(await onBlogs()).toBe(true);
  const [row] = await db.query<{ status: string }>(`select status from blogs where id = $1`, [post.id]);
  expect(row?.status).toBe("published");
});

test("the API: GET sends the version as ETag; a write with an old If-Match or version gets 409 with the current one; none is last-writer-wins", async ({
  playwright,
  baseURL,
  db,
}) => {
  const copy = await livePackage(db);
  const post = await insertBlog(db);
  const api = await playwright.request.newContext({ baseURL, extraHTTPHeaders: { "x-forwarded-for": "10.250.37.2" } });
  await signInRequest(api, ADMIN);

  for (const [path, change] of [
    [`/api/packages/${copy.id}`, { title: `${copy.title} API` }],
    [`/api/blogs/${post.id}`, { title: `${post.title} API` }],
  ] as const) {
    const read = await api.get(path);
    const etag = read.headers()["etag"]!;
    expect(etag).toMatch(/^"\d+"$/);
    const version = Number(etag.slice(1, -1));
    expect((await read.json()).version).toBe(version);

    const first = await api.put(path, { data: change, headers: { "If-Match": etag } });
    expect(first.status(), path).toBe(200);
    expect(first.headers()["etag"]).toBe(`"${version + 1}"`);

    // The same old version again: refused, in the one JSON error shape, with the current version.
    const stale = await api.put(path, { data: { title: "Stale write" }, headers: { "If-Match": etag } });
    expect(stale.status(), path).toBe(409);
    expect(stale.headers()["etag"]).toBe(`"${version + 1}"`);
    const body = await stale.json();
    expect(body).toMatchObject({ version: version + 1, fields: { title: expect.stringContaining("changed title") } });
    expect(body.error).toMatch(/changed by Administrator at .* and is now version \d+; your change was based on version \d+/);
    expect((await api.put(path, { data: { title: "Stale body", version } })).status()).toBe(409);
    expect((await api.put(path, { data: { title: "Bad tag" }, headers: { "If-Match": "yesterday" } })).status()).toBe(400);
    expect((await api.delete(path, { headers: { "If-Match": etag } })).status()).toBe(409);

    // No version: the spec's payload keeps working, last writer wins.
    const blind = await api.put(path, { data: { title: `${change.title} Blind` } });
    expect(blind.status()).toBe(200);
    expect((await blind.json()).title).toBe(`${change.title} Blind`);
  }
  await api.dispose();
});
