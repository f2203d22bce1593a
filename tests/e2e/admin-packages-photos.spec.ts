import { copyPackage, openSection } from "./admin-packages-helpers";
import { expect, gotoHydrated, test } from "./fixtures";

const PHOTOS = "/work/shared/photos";

// This file's own client address: its sign-ins never count against other files' throttles.
test.use({ extraHTTPHeaders: { "x-forwarded-for": "10.250.11.3" } });

type Itinerary = { itinerary: { day: number; title: string; photo: string }[] };

test("an itinerary day's photo is uploaded, saved, shown on the public page; a replaced photo is kept while a revision uses it", async ({
  adminPage: page,
  db,
}) => {
  test.slow();
  const copy = await copyPackage(db);
  await gotoHydrated(page, `/admin/packages/${copy.id}`);
  await openSection(page, "Itinerary");
  const day = page.getByRole("listitem", { name: "Day 1", exact: true });

  // Upload a photo: it shows with a remove button, and the field now offers to replace it.
  await day.locator(`input[type="file"]`).setInputFiles(`${PHOTOS}/03-hawa-mahal-jaipur.webp`);
  await expect(day.getByRole("button", { name: "Remove 03-hawa-mahal-jaipur.webp" })).toBeVisible({ timeout: 30_000 });
  await expect(day.getByText("Replace the image")).toBeVisible();
  await page.getByRole("button", { name: "Update Package" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Package updated successfully!" })).toBeVisible();
  const [first] = await db.query<Itinerary>(`select itinerary from packages where id = $1`, [copy.id]);
  const firstKey = first!.itinerary[0]!.photo;
  expect(firstKey).toMatch(/^upload-/);
  const [firstMedia] = await db.query<{ variants: { url: string }[] }>(`select variants from media where key = $1`, [firstKey]);
  const firstFileUrl = firstMedia!.variants[0]!.url;
  expect((await page.request.get(firstFileUrl)).status()).toBe(200);
  // After the reload the editor is back on the Itinerary, and the stored photo shows from its preview.
  await expect(page).toHaveURL(/#itinerary$/);
  await expect(page.getByRole("listitem", { name: "Day 1", exact: true }).getByRole("button", { name: `Remove ${firstKey}` })).toBeVisible();

  // Replace it: the old upload stays while a kept revision uses it (ADR 037: the
  // version before can be restored with its photo); media-cleanup's tests cover its deletion after.
  await page.getByRole("listitem", { name: "Day 1", exact: true }).locator(`input[type="file"]`).setInputFiles(`${PHOTOS}/08-mysore-palace.webp`);
  await expect(page.getByRole("button", { name: "Remove 08-mysore-palace.webp" })).toBeVisible({ timeout: 30_000 });
  await page.getByRole("button", { name: "Update Package" }).click();
  // The first save's notice may still be on the page: the stored row says when this save is in.
  const storedPhoto = async () => (await db.query<Itinerary>(`select itinerary from packages where id = $1`, [copy.id]))[0]!.itinerary[0]!.photo;
  await expect.poll(storedPhoto, { timeout: 15_000 }).not.toBe(firstKey);
  await expect(page.getByRole("status").filter({ hasText: "Package updated successfully!" })).toBeVisible();
  const secondKey = await storedPhoto();
  expect(secondKey).toMatch(/^upload-/);
  expect(await db.query(`select 1 from media where key = $1`, [firstKey])).toHaveLength(1);
  expect((await page.request.get(firstFileUrl)).status()).toBe(200);
  db.onCleanup(async () => void (await db.query(`delete from media where key in ($1, $2)`, [firstKey, secondKey])));

  // The public page shows the new photo on day 1.
  const [stored] = await db.query<{ variants: { url: string }[] }>(`select variants from media where key = $1`, [secondKey]);
  await page.goto(`/packages/${copy.slug}?tab=itinerary`);
  const photo = page.getByRole("tabpanel", { name: "Itinerary" }).getByRole("listitem").first().locator("img");
  await expect(photo).toBeVisible();
  expect(stored!.variants.map((variant) => variant.url)).toContain(await photo.getAttribute("src"));
});
