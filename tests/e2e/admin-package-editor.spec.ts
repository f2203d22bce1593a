import type { Locator, Page } from "@playwright/test";
import { ADMIN, signInRequest } from "./admin-helpers";
import { copyPackage, deletePackageRow, openSection, rowAction } from "./admin-packages-helpers";
import { expect, gotoHydrated, test, type TestDatabase } from "./fixtures";

// The package editor's sections, save bar, list rows and checks (issue 20 §4, ADR 038).

const PHOTOS = "/work/shared/photos";

// This file's own client address: its sign-ins never count against other files' throttles.
test.use({ extraHTTPHeaders: { "x-forwarded-for": "10.250.11.6" } });

const SECTIONS = ["Basics", "Prices", "Highlights & inclusions", "Itinerary", "Departures", "Photos", "Brochure", "Terms", "Reviews", "SEO & publishing"];

/** Presses Tab until `target` has focus (keyboard only), at most `max` times. */
async function tabTo(page: Page, target: Locator, max = 80) {
  for (let i = 0; i < max; i++) {
    if (await target.evaluate((element) => element === document.activeElement)) return;
    await page.keyboard.press("Tab");
  }
  throw new Error("never reached the element with Tab");
}

/** The meta description of a package's public page, as its HTML has it for a visitor (no session). */
async function publicMetaDescription(page: Page, slug: string) {
  const html = await (await page.request.get(`/packages/${slug}`, { headers: { cookie: "" } })).text();
  const content = html.match(/<meta\b[^>]*\bname="description"[^>]*>/)?.[0].match(/\bcontent="([^"]*)"/)?.[1];
  const entities: Record<string, string> = { "&amp;": "&", "&quot;": '"', "&#x27;": "'", "&#39;": "'", "&lt;": "<", "&gt;": ">" };
  return content?.replace(/&(?:amp|quot|#x27|#39|lt|gt);/g, (entity) => entities[entity]!);
}

const nav = (page: Page) => page.getByRole("navigation", { name: "Package sections" });

/** Puts a seeded package's price back after a test changed it (and tells the page cache). */
async function restorePrice(db: TestDatabase, slug: string) {
  const [row] = await db.query<{ price: unknown; price_from: number }>(`select price, price_from from packages where slug = $1`, [slug]);
  db.onCleanup(async () => {
    await db.query(`update packages set price = $2::jsonb, price_from = $3 where slug = $1`, [slug, JSON.stringify(row!.price), row!.price_from]);
    await db.query("update content_version set version = version + 1");
  });
}

test("keyboard only at 390 px: open Bali, jump to Prices with the section navigation, change the price, save with Ctrl+S", async ({ adminPage: page, db }) => {
  await restorePrice(db, "bali");
  await page.setViewportSize({ width: 390, height: 844 });
  await gotoHydrated(page, "/admin/packages?q=Bali");
  await tabTo(page, page.getByRole("link", { name: "Bali Group Tour" }));
  await page.keyboard.press("Enter");
  await expect(page.getByRole("heading", { level: 1, name: "Bali Group Tour" })).toBeVisible();
  await expect(page.locator("html[data-hydrated]")).toBeAttached();

  // The section navigation: Tab to Prices, Enter opens it and puts focus on its heading.
  await tabTo(page, nav(page).getByRole("link", { name: /^Prices:/ }));
  await page.keyboard.press("Enter");
  await expect(page.getByRole("heading", { level: 2, name: "Prices" })).toBeFocused();
  await expect(page).toHaveURL(/#prices$/);
  await expect(page.getByLabel("Title", { exact: true })).toBeHidden();

  // The next Tabs go into the Prices fields.
  const adult = page.getByLabel("Adult (₹)");
  await tabTo(page, adult, 10);
  await page.keyboard.press("ControlOrMeta+A");
  await page.keyboard.type("104500");
  await expect(page.getByText("Unsaved changes", { exact: true })).toBeVisible();
  // The browser's own "Save page" never opens: the editor saves.
  await page.keyboard.press("Control+S");
  await expect(page.getByRole("status").filter({ hasText: "Package updated successfully!" })).toBeVisible();
  await expect(page).toHaveURL(/#prices$/);
  await expect(page.getByLabel("Adult (₹)")).toHaveValue("104500");
  await expect(page.getByText("No unsaved changes")).toBeVisible();

  await page.goto("/packages/bali");
  await expect(page.getByText("₹1,04,500").first()).toBeVisible();
});

test("at 1366 px and at 390 px the save bar is in view at the top, middle and bottom of every section", async ({ adminPage: page, db }) => {
  const copy = await copyPackage(db);
  // One editor, the window narrowed after the wide pass: the bar's place is the layout's (CSS), which follows the width.
  for (const viewport of [
    { width: 1366, height: 768 },
    { width: 390, height: 844 },
  ]) {
    await page.setViewportSize(viewport);
    if (viewport.width === 1366) await gotoHydrated(page, `/admin/packages/${copy.id}`);
    const save = page.getByRole("button", { name: "Update Package" });
    for (const section of SECTIONS) {
      await openSection(page, section);
      for (const where of ["top", "middle", "bottom"] as const) {
        await page.evaluate((at) => {
          const end = document.documentElement.scrollHeight - window.innerHeight;
          window.scrollTo(0, at === "top" ? 0 : at === "middle" ? end / 2 : end);
        }, where);
        const box = (await save.boundingBox())!;
        expect(box.y, `${section}, ${where}: the save button's top is in the view`).toBeGreaterThanOrEqual(0);
        expect(box.y + box.height, `${section}, ${where}: the save button is in the view`).toBeLessThanOrEqual(viewport.height);
        // A page taller than the window: the bar sticks to the bottom of the window, not somewhere in the page.
        if (await page.evaluate(() => document.documentElement.scrollHeight > window.innerHeight + 1)) {
          expect(box.y, `${section}, ${where}: the save bar is at the bottom`).toBeGreaterThan(viewport.height - 140);
        }
      }
    }
  }
});

test("remove a highlight: Undo brings it back where it was; without Undo it is gone after ten seconds", async ({ adminPage: page, db }) => {
  test.setTimeout(60_000);
  const copy = await copyPackage(db);
  const [stored] = await db.query<{ highlights: string[] }>(`select highlights from packages where id = $1`, [copy.id]);
  const [, second, third] = stored!.highlights;
  // The page's own clock, running as usual until the wait below moves it on (ADR 062: 9 s of real waiting saved).
  await page.clock.install();
  await gotoHydrated(page, `/admin/packages/${copy.id}#highlights`);

  await rowAction(page, "highlight 2", "Remove");
  await expect(page.getByLabel("Highlight 2", { exact: true })).toHaveValue(third!);
  const notice = page.getByRole("status").filter({ hasText: "Highlight 2 removed." });
  await expect(notice).toBeVisible();
  // Focus is on Undo: one key brings the highlight back, in its place.
  const undo = page.getByRole("button", { name: "Undo: bring back highlight 2" });
  await expect(undo).toBeFocused();
  await page.keyboard.press("Enter");
  await expect(page.getByLabel("Highlight 2", { exact: true })).toHaveValue(second!);
  await expect(page.getByLabel("Highlight 3", { exact: true })).toHaveValue(third!);
  await expect(page.getByRole("button", { name: "Actions for highlight 2" })).toBeFocused();
  await expect(undo).toBeHidden();

  // Removed again and left: the offer ends after ten seconds, and the save leaves it out.
  await rowAction(page, "highlight 2", "Remove");
  await expect(undo).toBeVisible();
  await page.clock.fastForward(9_000);
  await expect(undo).toBeVisible();
  await page.clock.fastForward(1_500);
  await expect(undo).toBeHidden();
  await page.getByRole("button", { name: "Update Package" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Package updated successfully!" })).toBeVisible();
  const [saved] = await db.query<{ highlights: string[] }>(`select highlights from packages where id = $1`, [copy.id]);
  expect(saved!.highlights).toEqual(stored!.highlights.filter((_, index) => index !== 1));
});

test("deep links keep the section, and the navigation marks it; list rows: Duplicate copies a row after it; rows collapse to their title and still save", async ({
  adminPage: page,
  db,
}) => {
  const copy = await copyPackage(db);
  await gotoHydrated(page, `/admin/packages/${copy.id}#departures`);
  await expect(page.getByRole("heading", { level: 2, name: "Departures" })).toBeVisible();
  await expect(page.getByRole("heading", { level: 2, name: "Basics" })).toBeHidden();
  await expect(nav(page).getByRole("link", { name: /^Departures:/ })).toHaveAttribute("aria-current", "true");
  await openSection(page, "Reviews");
  await expect(page).toHaveURL(/#reviews$/);
  await expect(nav(page).getByRole("link", { name: /^Reviews:/ })).toHaveAttribute("aria-current", "true");
  await expect(page.getByRole("heading", { level: 2, name: "Departures" })).toBeHidden();

  await openSection(page, "Highlights & inclusions");
  const first = await page.getByLabel("Highlight 1", { exact: true }).inputValue();
  await rowAction(page, "highlight 1", "Duplicate");
  await expect(page.getByLabel("Highlight 2", { exact: true })).toHaveValue(first);
  await expect(page.getByRole("button", { name: "Actions for highlight 2" })).toBeFocused();

  await openSection(page, "Itinerary");
  await page.getByRole("button", { name: "Collapse all days" }).click();
  await expect(page.getByLabel("Day 1 title")).toBeHidden();
  const dayOne = page.getByRole("button", { name: /^Day 1\b/ });
  await expect(dayOne).toHaveAttribute("aria-expanded", "false");
  await dayOne.click();
  await expect(page.getByLabel("Day 1 title")).toBeVisible();
  await expect(page.getByLabel("Day 2 title")).toBeHidden();

  await page.getByRole("button", { name: "Update Package" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Package updated successfully!" })).toBeVisible();
  const [saved] = await db.query<{ highlights: string[]; itinerary: { title: string }[] }>(`select highlights, itinerary from packages where id = $1`, [
    copy.id,
  ]);
  expect(saved!.highlights.slice(0, 2)).toEqual([first, first]);
  expect(saved!.itinerary.map((day) => day.title)).toEqual(copy.itinerary.map((day) => day.title));
});

test("price options: a hotel added inside an option saves with it, and Duplicate copies the option with its hotels; Duplicate package makes a draft copy with “(copy)” in its title and a new address, and opens it", async ({
  adminPage: page,
  db,
}) => {
  const copy = await copyPackage(db);
  const [stored] = await db.query<{ count: number }>(`select jsonb_array_length(price_options)::int as count from packages where id = $1`, [copy.id]);
  const added = stored!.count + 1;
  await gotoHydrated(page, `/admin/packages/${copy.id}#prices`);
  await page.getByRole("button", { name: "Add price option" }).click();
  const option = page.getByRole("listitem", { name: `Price option ${added}`, exact: true });
  await option.getByLabel("Option name").fill("Deluxe hotels");
  await option.getByLabel("Price (₹)").fill("45000");
  const hotels = page.getByRole("group", { name: `Hotels of price option ${added}` });
  await hotels.getByRole("button", { name: "Add hotel" }).click();
  await hotels.getByLabel("Destination").fill("Mysore");
  await hotels.getByLabel("Nights").fill("2");
  await hotels.getByLabel("Hotel", { exact: true }).fill("Royal Orchid Metropole");
  await hotels.getByLabel("Room type").fill("Heritage room");
  await hotels.getByLabel("Meal plan").fill("Breakfast");
  // The row's title line follows what is typed.
  await expect(hotels.getByRole("button", { name: /^Hotel 1.*Mysore, Royal Orchid Metropole$/ })).toBeVisible();

  await rowAction(page, `price option ${added}`, "Duplicate");
  await expect(page.getByRole("button", { name: `Actions for price option ${added + 1}`, exact: true })).toBeFocused();
  const copiedHotels = page.getByRole("group", { name: `Hotels of price option ${added + 1}` });
  await expect(copiedHotels.getByLabel("Hotel", { exact: true })).toHaveValue("Royal Orchid Metropole");
  // The copy's hotels are its own: a change there leaves the first option's hotel as it was.
  await copiedHotels.getByLabel("Hotel", { exact: true }).fill("Radisson Blu Plaza");

  await page.getByRole("button", { name: "Update Package" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Package updated successfully!" })).toBeVisible();
  const [saved] = await db.query<{ price_options: { label: string; amount: number; hotels: { destination: string; nights: number; hotel: string }[] }[] }>(
    `select price_options from packages where id = $1`,
    [copy.id],
  );
  expect(saved!.price_options.slice(-2).map((row) => [row.label, row.amount, row.hotels.map((stay) => [stay.destination, stay.nights, stay.hotel])])).toEqual([
    ["Deluxe hotels", 45000, [["Mysore", 2, "Royal Orchid Metropole"]]],
    ["Deluxe hotels", 45000, [["Mysore", 2, "Radisson Blu Plaza"]]],
  ]);

  // The saved package, duplicated whole.
  await page.getByRole("button", { name: "Duplicate package" }).click();
  const dialog = page.getByRole("dialog", { name: "Duplicate this package?" });
  await expect(dialog).toContainText(`${copy.title} (copy)`);
  await dialog.getByRole("button", { name: "Make a draft copy" }).click();
  await expect(page.getByRole("status").filter({ hasText: `Draft copy made: you are now editing “${copy.title} (copy)”.` })).toBeVisible();
  await expect(page).toHaveURL(/\/admin\/packages\/\d+$/);
  const id = Number(new URL(page.url()).pathname.split("/").pop());
  db.onCleanup(() => deletePackageRow(db, id));
  expect(id).not.toBe(copy.id);
  await expect(page.getByRole("heading", { level: 1, name: `${copy.title} (copy)` })).toBeVisible();
  await expect(page.getByLabel("Address (slug)")).toHaveValue(`${copy.slug}-copy`);
  await openSection(page, "SEO & publishing");
  await expect(page.getByLabel("Status")).toHaveValue("draft");

  const [original, duplicate] = await db.query<{ id: number; status: string; slug: string; itinerary: unknown; price: unknown }>(
    `select id, status, slug, itinerary, price from packages where id in ($1, $2) order by id`,
    [copy.id, id],
  );
  expect(duplicate).toMatchObject({ status: "draft", slug: `${copy.slug}-copy`, itinerary: original!.itinerary, price: original!.price });
  expect(await db.query(`select 1 from top_destinations where package_id = $1`, [id])).toHaveLength(0);
  // A draft: not on the public site.
  expect((await page.request.get(`/packages/${copy.slug}-copy`, { headers: { cookie: "" } })).status()).toBe(404);
});

test("the SEO description: a hand-written one stating an old price is flagged; the generated one follows the package; a day added to the itinerary warns that the duration no longer matches, and Fix opens Basics on the Days field", async ({
  adminPage: page,
  db,
}) => {
  const copy = await copyPackage(db);
  // The seeded descriptions say {price} (the price of now); a hand-written one states the amount itself.
  const [row] = await db.query<{ price: { adult?: number; amount?: number } }>(`select price from packages where id = $1`, [copy.id]);
  const stated = `₹${(row!.price.adult ?? row!.price.amount ?? 0).toLocaleString("en-IN")}`;
  await db.query(`update packages set seo_description = replace(seo_description, '{price}', $2) where id = $1`, [copy.id, stated]);
  const [stored] = await db.query<{ seo_description: string }>(`select seo_description from packages where id = $1`, [copy.id]);
  const [oldPrice] = stored!.seo_description.match(/₹[\d,]+/) ?? [];
  expect(oldPrice, "the copied package's SEO description states a price").toBeTruthy();
  await gotoHydrated(page, `/admin/packages/${copy.id}#seo`);
  const description = page.getByLabel("SEO description");
  await expect(
    page.getByText("Written by hand: it stays as written when the package changes, but {price} always says the current “from” price."),
  ).toBeVisible();

  await openSection(page, "Prices");
  const priceField = page.getByLabel(/^(Adult|Price) \(₹\)$/).first();
  await priceField.fill("104500");
  await page.getByText("1 thing to check").click();
  await expect(
    page.getByText(`The SEO description says ${oldPrice}, which is no longer a price of this package: “Update the price in it”, or write {price}.`),
  ).toBeVisible();
  await page.getByRole("link", { name: "Fix", exact: true }).click();
  await expect(description).toBeFocused();

  await page.getByRole("button", { name: "Use the generated description" }).click();
  await expect(description).toHaveValue("");
  await expect(page.getByText(/^Generated from the package/)).toBeVisible();
  const generated = await description.getAttribute("placeholder");
  expect(generated).toMatch(/from ₹[\d,]+\.$/);
  await expect(page.getByText(/things? to check/)).toHaveCount(0);
  await page.getByRole("button", { name: "Update Package" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Package updated successfully!" })).toBeVisible();
  const [saved] = await db.query<{ seo_description: string }>(`select seo_description from packages where id = $1`, [copy.id]);
  expect(saved!.seo_description).toBe("");
  // The generated description is what the public page says (its HTML, as a search engine reads it; the editor stays open).
  expect(await publicMetaDescription(page, copy.slug)).toBe(generated);

  // The itinerary's check, in the same editor (not saved: a new day has no title yet).
  await openSection(page, "Itinerary");
  const days = copy.itinerary.length;
  await expect(page.getByText(/things? to check/)).toHaveCount(0);
  await page.getByRole("button", { name: "Add day" }).click();
  await expect(nav(page).getByRole("link", { name: `Itinerary: ${days + 1} days` })).toBeVisible();
  await expect(nav(page).getByRole("link", { name: "Basics: 1 check" })).toBeVisible();

  await page.getByText("1 thing to check").click();
  const message = page.getByText(`The package says ${days} days, but the itinerary has ${days + 1} days.`);
  await expect(message).toBeVisible();
  await page.getByRole("link", { name: "Fix", exact: true }).click();
  await expect(page.getByRole("spinbutton", { name: "Days" })).toBeFocused();
  await expect(page).toHaveURL(/#basics$/);
  await expect(message).toBeHidden();

  // Mended, the warning goes; it never stopped a save.
  await page.keyboard.press("ControlOrMeta+A");
  await page.keyboard.type(String(days + 1));
  await expect(page.getByText(/things? to check/)).toHaveCount(0);
});

test("a photo without alt text is counted and flagged; Fix goes to its alt text, which is saved with the package", async ({ adminPage: page, db }) => {
  test.slow();
  const copy = await copyPackage(db);
  await gotoHydrated(page, `/admin/packages/${copy.id}#photos`);
  await expect(page.getByText(/things? to check/)).toHaveCount(0);
  const gallery = page.getByRole("region", { name: "Gallery" });
  const before = await gallery.getByRole("img").count();
  await gallery.locator('input[type="file"]').setInputFiles(`${PHOTOS}/08-mysore-palace.webp`);
  await expect(gallery.getByRole("img")).toHaveCount(before + 1, { timeout: 30_000 });
  await expect(nav(page).getByRole("link", { name: "Photos: 1 without alt text" })).toBeVisible();

  await page.getByText("1 thing to check").click();
  await expect(page.getByText(/^1 photo without alt text/)).toBeVisible();
  await page.getByRole("link", { name: "Fix", exact: true }).click();
  const alt = page.getByLabel(`Alt text of gallery image ${before + 1}`);
  await expect(alt).toBeFocused();
  await alt.fill("Mysore Palace lit up at night");
  await expect(nav(page).getByRole("link", { name: /^Photos: \d+ photos$/ })).toBeVisible();

  await page.getByRole("button", { name: "Update Package" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Package updated successfully!" })).toBeVisible();
  const [row] = await db.query<{ gallery: string[] }>(`select gallery from packages where id = $1`, [copy.id]);
  const key = row!.gallery.at(-1)!;
  db.onCleanup(async () => void (await db.query(`delete from media where key = $1`, [key])));
  const [media] = await db.query<{ alt: string }>(`select alt from media where key = $1`, [key]);
  expect(media!.alt).toBe("Mysore Palace lit up at night");
  await expect(page.getByLabel(`Alt text of gallery image ${before + 1}`)).toHaveValue("Mysore Palace lit up at night");
});

test("without JavaScript every section is reachable and the form saves", async ({ browser, baseURL, db }) => {
  const copy = await copyPackage(db);
  const context = await browser.newContext({ baseURL, javaScriptEnabled: false, extraHTTPHeaders: { "x-forwarded-for": "10.250.11.6" } });
  try {
    await signInRequest(context.request, ADMIN);
    const page = await context.newPage();
    await page.goto(`/admin/packages/${copy.id}`);
    // The first section shows; the others are a link away.
    await expect(page.getByLabel("Title", { exact: true })).toBeVisible();
    await expect(page.getByLabel("Day 1 title")).toBeHidden();
    await nav(page)
      .getByRole("link", { name: /^Prices:/ })
      .click();
    await expect(page).toHaveURL(/#prices$/);
    await expect(page.getByLabel("Title", { exact: true })).toBeHidden();
    const priceField = page.getByLabel(/^(Adult|Price) \(₹\)$/).first();
    await expect(priceField).toBeVisible();
    await priceField.fill("55500");
    await page.getByRole("button", { name: "Update Package" }).click();
    await expect(page.getByRole("status").filter({ hasText: "Package updated successfully!" })).toBeVisible();
    const [row] = await db.query<{ price_from: number; itinerary: unknown[] }>(`select price_from, itinerary from packages where id = $1`, [copy.id]);
    expect(row!.price_from).toBeLessThanOrEqual(55500);
    // Every field posted, hidden sections too.
    expect(row!.itinerary).toHaveLength(copy.itinerary.length);
    // A deep link to a field opens its section.
    await page.goto(`/admin/packages/${copy.id}#days`);
    await expect(page.getByRole("spinbutton", { name: "Days" })).toBeVisible();
    await page.goto(`/admin/packages/${copy.id}#itinerary`);
    await expect(page.getByLabel("Day 1 title")).toBeVisible();
  } finally {
    await context.close();
  }
});
