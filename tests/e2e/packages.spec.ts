import { expectNoAxeViolations } from "./axe";
import { expect, gotoHydrated, test } from "./fixtures";

test.beforeEach(async ({ context }) => {
  await context.addInitScript(() => window.localStorage.setItem("pravas.leadPopup.submitted", "true"));
});

test("the packages page lists 4 international and 3 national packages as links", async ({ page, request }) => {
  const html = await (await request.get("/packages")).text();
  expect(html).toContain("International Packages");
  expect(html).toContain("Golden Triangle India Tour");

  await gotoHydrated(page, "/packages");
  const international = page.getByRole("list", { name: "International packages", exact: true });
  const national = page.getByRole("list", { name: "National packages", exact: true });
  await expect(page.getByRole("heading", { level: 2, name: "International Packages", exact: true })).toBeVisible();
  await expect(page.getByRole("heading", { level: 2, name: "National Packages", exact: true })).toBeVisible();
  await expect(international.getByRole("link")).toHaveText(["Bali Group Tour", "Dubai Tour", "Sri Lanka Group Tour", "Vietnam Express"]);
  await expect(national.getByRole("link")).toHaveText(["Golden Triangle India Tour", "Hampi – Badami", "Bangalore – Mysore – Ooty"]);
  await expect(national.getByRole("link").last()).toHaveAttribute("href", "/packages/bangalore-mysore");

  // The whole card is the link's hit area: a click anywhere on it (here its photo) opens the package.
  const card = international.getByRole("listitem").nth(1);
  const photo = (await card.locator("img").boundingBox())!;
  const box = (await card.boundingBox())!;
  await card.click({ position: { x: photo.x - box.x + photo.width / 2, y: photo.y - box.y + photo.height / 2 } });
  await expect(page).toHaveURL(/\/packages\/dubai$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Dubai Tour");
});

test("on desktop the cards form a grid: three a row, the fourth centred below", async ({ page }) => {
  await gotoHydrated(page, "/packages");
  const cards = page.getByRole("list", { name: "International packages", exact: true }).getByRole("listitem");
  const boxes = await Promise.all([0, 1, 2, 3].map(async (index) => (await cards.nth(index).boundingBox())!));
  expect(new Set(boxes.slice(0, 3).map((box) => Math.round(box.y))).size).toBe(1);
  expect(boxes[3]!.y).toBeGreaterThan(boxes[0]!.y + boxes[0]!.height);
  const row = { left: boxes[0]!.x, right: boxes[2]!.x + boxes[2]!.width };
  const centre = boxes[3]!.x + boxes[3]!.width / 2;
  expect(Math.abs(centre - (row.left + row.right) / 2)).toBeLessThan(2);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBe(1366);
});

test.describe("on a phone", () => {
  test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

  test("each group scrolls sideways and snaps to the cards, without widening the page", async ({ page }) => {
    await gotoHydrated(page, "/packages");
    const rail = page.getByRole("list", { name: "International packages", exact: true });
    const metrics = await rail.evaluate((element) => ({
      scrollable: element.scrollWidth > element.clientWidth,
      snap: getComputedStyle(element).scrollSnapType,
      align: getComputedStyle(element.firstElementChild!).scrollSnapAlign,
    }));
    expect(metrics).toEqual({ scrollable: true, snap: "x mandatory", align: "start" });
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBe(390);
    await rail.evaluate((element) => element.scrollBy({ left: 200, behavior: "instant" }));
    // Snapping settles with the second card at the rail's padding edge.
    await expect
      .poll(() =>
        rail.evaluate((element) => {
          const card = element.children[1]!.getBoundingClientRect().left;
          const edge = element.getBoundingClientRect().left + parseFloat(getComputedStyle(element).scrollPaddingLeft);
          return Math.abs(card - edge) <= 1;
        }),
      )
      .toBe(true);
  });

  test("has no accessibility violations", async ({ page }) => {
    await gotoHydrated(page, "/packages");
    await expectNoAxeViolations(page);
  });
});

test("has no accessibility violations on desktop and carries its structured data", async ({ page }) => {
  await gotoHydrated(page, "/packages");
  await expectNoAxeViolations(page);
  await expect(page.locator('link[rel="canonical"]')).toHaveAttribute("href", /\/packages$/);
  const types = (await page.locator('script[type="application/ld+json"]').allTextContents()).map((text) => JSON.parse(text)["@type"]);
  expect(types).toEqual(expect.arrayContaining(["BreadcrumbList", "ItemList"]));
});
