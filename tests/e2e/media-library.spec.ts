import crypto from "node:crypto";
import type { TestInfo } from "@playwright/test";
import { expectNoAxeViolations } from "./axe";
import { copyPackage, openSection } from "./admin-packages-helpers";
import { expect, gotoHydrated, test } from "./fixtures";

/** The media library (issue 21 §4, ADR 043). */
const PHOTOS = "/work/shared/photos";

// This file's own client address: its sign-ins never count against other files' throttles.
test.use({ extraHTTPHeaders: { "x-forwarded-for": "10.250.21.4" } });
test.beforeEach(async ({ context }) => {
  await context.addInitScript(() => window.localStorage.setItem("pravas.leadPopup.submitted", "true"));
});

/**
 * A copy of a photo with its own bytes (a random brightness), so its stored
 * files are this test's alone: the same photo uploaded by another test stays
 * claimed by that test's revisions, and a deleted file would still be served.
 */
async function uniquePhoto(testInfo: TestInfo, name: string): Promise<string> {
  const { default: sharp } = await import("sharp");
  const file = testInfo.outputPath(name);
  await sharp(`${PHOTOS}/${name}`)
    .modulate({ brightness: 0.9 + Math.random() * 0.2 })
    .webp()
    .toFile(file);
  return file;
}

type MediaFacts = { id: number; key: string; original_name: string; alt: string };

test("an image's alt text set in the library is the public gallery's img alt; the library has no axe violations", async ({ adminPage: page, db }) => {
  const [photo] = await db.query<MediaFacts>(
    `select m.id, m.key, m.original_name, m.alt from packages p join media m on m.key = p.gallery->>0
     where p.title = 'Bali Group Tour'`,
  );
  expect(photo).toBeTruthy();
  db.onCleanup(() => db.query(`update media set alt = $2 where id = $1`, [photo!.id, photo!.alt]));
  const alt = `Rice terraces at sunrise, E2E ${crypto.randomBytes(3).toString("hex")}`;

  await gotoHydrated(page, `/admin/media?q=${encodeURIComponent(photo!.original_name)}`);
  await expect(page.getByRole("heading", { level: 1, name: "Media library" })).toBeVisible();
  await expectNoAxeViolations(page, { within: "main" });
  const card = page.getByRole("listitem").filter({ has: page.getByRole("heading", { name: photo!.original_name, exact: true }) });
  // Where it is used, each use a link to its editor.
  await expect(card.getByRole("link", { name: "Bali Group Tour (gallery)" }).first()).toHaveAttribute("href", /^\/admin\/packages\/\d+#photos$/);
  // A used image offers no Delete.
  await expect(card.getByText("In use, so it cannot be deleted")).toBeVisible();
  await expect(card.getByRole("button", { name: /^Delete/ })).toHaveCount(0);

  await card.getByLabel(`Alt text of ${photo!.original_name}`).fill(alt);
  await card.getByRole("button", { name: `Save alt text of ${photo!.original_name}` }).click();
  await expect(page.getByText(`Saved the alt text of ${photo!.original_name}.`)).toBeVisible();

  // The public gallery says it at the next request (the page cache dropped its pages).
  await page.goto("/gallery");
  await expect(page.getByRole("region", { name: "Bali Group Tour" }).locator(`img[alt="${alt}"]`).first()).toBeAttached();

  // Put the old text back through the library, so every server's cache drops it too.
  await gotoHydrated(page, `/admin/media?q=${encodeURIComponent(photo!.original_name)}`);
  await card.getByLabel(`Alt text of ${photo!.original_name}`).fill(photo!.alt);
  await card.getByRole("button", { name: `Save alt text of ${photo!.original_name}` }).click();
  await expect(page.getByText(`Saved the alt text of ${photo!.original_name}.`)).toBeVisible();
});

test("on a phone the library shows the first six cards, then the rest of the page on request", async ({ adminPage: page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await gotoHydrated(page, "/admin/media");
  const list = page.getByRole("list", { name: "Images" });
  const total = await list.locator(":scope > li").count();
  expect(total).toBeGreaterThan(6);
  await expect(list.locator(":scope > li:visible")).toHaveCount(6);
  const shortHeight = await page.evaluate(() => document.documentElement.scrollHeight);
  await page.getByRole("button", { name: `Show ${total - 6} more images` }).click();
  await expect(list.locator(":scope > li:visible")).toHaveCount(total);
  // Focus goes to the first card it brought, so the keyboard carries on from there.
  await expect(list.locator(":scope > li").nth(6).getByRole("heading")).toBeFocused();
  await expect(page.getByRole("button", { name: /^Show \d+ more/ })).toHaveCount(0);
  const fullHeight = await page.evaluate(() => document.documentElement.scrollHeight);
  console.log(`media library at 390 px: ${shortHeight} px with 6 cards, ${fullHeight} px with ${total}`);
  expect(shortHeight).toBeLessThan(fullHeight / 2);
  // A wide screen shows the whole page at once.
  await page.setViewportSize({ width: 1366, height: 768 });
  await gotoHydrated(page, "/admin/media");
  await expect(list.locator(":scope > li:visible")).toHaveCount(total);
});

test("a library image chosen in the dialog becomes a package's thumbnail, by keyboard; the dialog has no axe violations", async ({ adminPage: page, db }) => {
  test.slow();
  const copy = await copyPackage(db);
  const [chosen] = await db.query<MediaFacts & { variants: { url: string }[] }>(
    `select m.id, m.key, m.original_name, m.alt, m.variants from media m, packages p
     where p.id = $1 and m.kind = 'image' and m.key <> p.thumbnail and not p.gallery ? m.key
       and not exists (select 1 from jsonb_array_elements(p.itinerary) d where d->>'photo' = m.key)
     order by m.id limit 1`,
    [copy.id],
  );
  expect(chosen).toBeTruthy();

  await gotoHydrated(page, `/admin/packages/${copy.id}`);
  await openSection(page, "Photos");
  const open = page.getByRole("button", { name: "Choose from library: Upload a thumbnail" });
  // Escape closes the dialog and focus returns to its button.
  await open.click();
  const dialog = page.getByRole("dialog", { name: "Choose an image from the library" });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole("status")).toContainText(/\d+ images?\./);
  await expectNoAxeViolations(page, { within: "dialog[open]" });
  await page.keyboard.press("Escape");
  await expect(dialog).toBeHidden();
  await expect(open).toBeFocused();

  // By keyboard: open, search, choose.
  await page.keyboard.press("Enter");
  await expect(dialog).toBeVisible();
  await dialog.getByLabel("Search file names and alt text").fill(chosen!.original_name);
  await page.keyboard.press("Enter");
  await expect(dialog.getByRole("status")).toHaveText(/^\d+ images? match\./);
  const pick = dialog.getByRole("button", { name: new RegExp(`^${chosen!.original_name.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}`) }).first();
  await pick.focus();
  await page.keyboard.press("Enter");
  await expect(dialog).toBeHidden();
  await expect(page.getByRole("list", { name: "Thumbnail" }).getByRole("img")).toHaveAttribute(
    "alt",
    new RegExp(chosen!.original_name.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")),
  );
  // The chosen file's stored alt text comes with it (not overwritten with nothing on save).
  await expect(page.locator("#thumbnail-alt")).toHaveValue(chosen!.alt);

  await page.getByRole("button", { name: "Update Package" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Package updated successfully!" })).toBeVisible();
  const [saved] = await db.query<{ thumbnail: string }>(`select thumbnail from packages where id = $1`, [copy.id]);
  expect(saved!.thumbnail).toBe(chosen!.key);
  const [after] = await db.query<{ alt: string }>(`select alt from media where id = $1`, [chosen!.id]);
  expect(after!.alt).toBe(chosen!.alt);

  // The public page shows it.
  const html = await (await page.request.get(`/packages/${copy.slug}`)).text();
  expect(chosen!.variants.some((variant) => html.includes(variant.url))).toBe(true);
});

test("an image uploaded in the library with its alt text is unused and can be deleted; a used one cannot", async ({ adminPage: page, db }, testInfo) => {
  test.slow();
  const alt = `Palace lit at night, E2E ${crypto.randomBytes(3).toString("hex")}`;
  await gotoHydrated(page, "/admin/media");
  await page.getByText("Upload images", { exact: true }).first().click();
  await page.getByLabel("Alt text for the images you upload next").fill(alt);
  await page.locator(`input[type="file"][multiple]`).setInputFiles(await uniquePhoto(testInfo, "08-mysore-palace.webp"));
  await expect(page.getByText("Uploaded 08-mysore-palace.webp.")).toBeVisible({ timeout: 30_000 });
  const [uploaded] = await db.query<MediaFacts & { variants: { url: string }[] }>(`select id, key, original_name, alt, variants from media where alt = $1`, [
    alt,
  ]);
  expect(uploaded).toBeTruthy();
  db.onCleanup(() => db.query(`delete from media where id = $1`, [uploaded!.id]));
  expect(uploaded!.key).toMatch(/^upload-/);

  // Filter: unused images with this alt text.
  await gotoHydrated(page, `/admin/media?filter=unused&q=${encodeURIComponent(alt)}`);
  await expect(page.getByLabel("Show")).toHaveValue("unused");
  const card = page.getByRole("listitem").filter({ hasText: alt });
  await expect(card).toHaveCount(1);
  await expect(card.getByText("Not used anywhere.")).toBeVisible();
  await expect(card.getByText(/Uploaded by/)).toBeVisible();

  // Delete, confirmed in the page's dialog (Cancel first: nothing happens).
  await card.getByRole("button", { name: "Delete 08-mysore-palace.webp" }).click();
  const confirm = page.getByRole("dialog", { name: "Delete 08-mysore-palace.webp?" });
  await expect(confirm).toBeVisible();
  await confirm.getByRole("button", { name: "Cancel" }).click();
  await expect(confirm).toBeHidden();
  await card.getByRole("button", { name: "Delete 08-mysore-palace.webp" }).click();
  await confirm.getByRole("button", { name: "Delete the image" }).click();
  await expect(page.getByText("Deleted 08-mysore-palace.webp.")).toBeVisible();
  await expect(page.getByRole("listitem").filter({ hasText: alt })).toHaveCount(0);
  expect(await db.query(`select 1 from media where id = $1`, [uploaded!.id])).toHaveLength(0);
  expect((await page.request.get(uploaded!.variants[0]!.url)).status()).toBe(404);

  // A used image: the server refuses its deletion too, naming where it is used.
  const [used] = await db.query<{ id: number }>(`select m.id from packages p join media m on m.key = p.thumbnail where p.title = 'Bali Group Tour'`);
  const refused = await page.request.post("/admin/media", {
    form: { intent: "delete", id: String(used!.id) },
    headers: { Origin: new URL(page.url()).origin },
  });
  expect(refused.status(), await refused.text()).toBe(409);
  expect(await db.query(`select 1 from media where id = $1`, [used!.id])).toHaveLength(1);
});

test("replacing an image's file: the package using it shows the new file, and the old files are gone", async ({ adminPage: page, db }, testInfo) => {
  test.slow();
  const copy = await copyPackage(db);
  const alt = `Harbour at dawn, E2E ${crypto.randomBytes(3).toString("hex")}`;
  await gotoHydrated(page, "/admin/media");
  await page.getByText("Upload images", { exact: true }).first().click();
  await page.getByLabel("Alt text for the images you upload next").fill(alt);
  await page.locator(`input[type="file"][multiple]`).setInputFiles(await uniquePhoto(testInfo, "03-hawa-mahal-jaipur.webp"));
  await expect(page.getByText("Uploaded 03-hawa-mahal-jaipur.webp.")).toBeVisible({ timeout: 30_000 });
  const [before] = await db.query<MediaFacts & { variants: { url: string }[] }>(`select id, key, original_name, alt, variants from media where alt = $1`, [
    alt,
  ]);
  db.onCleanup(() => db.query(`delete from media where id = $1`, [before!.id]));
  await db.query(`update packages set thumbnail = $2 where id = $1`, [copy.id, before!.key]);

  await gotoHydrated(page, `/admin/media?q=${encodeURIComponent(alt)}`);
  const card = page.getByRole("listitem").filter({ hasText: alt });
  await expect(card.getByRole("link", { name: `${copy.title} (thumbnail)` })).toBeVisible();
  await card.getByLabel("Replace the file of 03-hawa-mahal-jaipur.webp").setInputFiles(`${PHOTOS}/08-mysore-palace.webp`);
  await expect(page.getByText("Replaced the file: every use of it now shows 08-mysore-palace.webp.")).toBeVisible({ timeout: 30_000 });

  const [after] = await db.query<{ key: string; alt: string; variants: { url: string }[] }>(`select key, alt, variants from media where id = $1`, [before!.id]);
  expect(after).toMatchObject({ key: before!.key, alt });
  expect(after!.variants[0]!.url).not.toBe(before!.variants[0]!.url);
  const html = await (await page.request.get(`/packages/${copy.slug}`)).text();
  expect(after!.variants.some((variant) => html.includes(variant.url))).toBe(true);
  expect(before!.variants.some((variant) => html.includes(variant.url))).toBe(false);
  expect((await page.request.get(before!.variants[0]!.url)).status()).toBe(404);
});
