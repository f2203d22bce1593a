import type { Locator, Page } from "@playwright/test";
import { openSection } from "./admin-packages-helpers";
import { expect, gotoHydrated, screenshot, test } from "./fixtures";

// This file's own client address: its sign-ins never count against other files' throttles.
test.use({ extraHTTPHeaders: { "x-forwarded-for": "10.250.11.4" } });

/** Waits until the page has stopped scrolling: the same scroll position for three frames in a row. */
async function scrollSettled(page: Page) {
  await page.evaluate(
    () =>
      new Promise<void>((resolve) => {
        let last = Number.NaN;
        let same = 0;
        const frame = () => {
          same = window.scrollY === last ? same + 1 : 0;
          last = window.scrollY;
          if (same >= 3) resolve();
          else requestAnimationFrame(frame);
        };
        requestAnimationFrame(frame);
      }),
  );
}

/** The bottom of what sticks to the top of the view: the admin's top bar, and on a phone the section strip under it. */
async function stickyTop(page: Page) {
  const bar = (await page.getByRole("banner").boundingBox())!;
  const nav = await page.getByRole("navigation", { name: "Package sections" }).boundingBox();
  const navSticksOnTop = nav && nav.y <= bar.y + bar.height + 1 && nav.width > page.viewportSize()!.width / 2;
  return navSticksOnTop ? nav.y + nav.height : bar.y + bar.height;
}

/** Whether the element's top is below the sticky bars and inside the viewport. */
async function clearOfTopBars(page: Page, element: Locator) {
  const top = await stickyTop(page);
  const box = await element.boundingBox();
  const viewport = page.viewportSize()!;
  return Boolean(box && box.y >= top - 1 && box.y < viewport.height);
}

/** Whether the element's bottom is above the sticky save bar. */
async function clearOfSaveBar(page: Page, element: Locator) {
  const save = await page.getByRole("button", { name: /^(Create|Update) Package$/ }).boundingBox();
  const box = await element.boundingBox();
  return Boolean(save && box && box.y + box.height <= save.y);
}

for (const viewport of [
  { width: 390, height: 844 },
  { width: 1366, height: 768 },
]) {
  test(`at ${viewport.width} px the sticky bars never cover a focused field, and a save's notice is in view`, async ({ adminPage: page }) => {
    await page.setViewportSize(viewport);
    await gotoHydrated(page, "/admin/packages/new");
    await screenshot(page, `editor-${viewport.width}-top`);

    // A field brought to the top of the view (as a link to #field does) lands below the bars, not under them;
    // one brought to the bottom stays above the save bar.
    const longDescription = page.getByLabel("Long description");
    await longDescription.evaluate((field) => field.scrollIntoView({ block: "start" }));
    await scrollSettled(page);
    await screenshot(page, `editor-${viewport.width}-scrolled-to-field`);
    await expect.soft.poll(() => clearOfTopBars(page, longDescription)).toBe(true);
    const days = page.getByRole("spinbutton", { name: "Days" });
    await days.evaluate((field) => field.scrollIntoView({ block: "end" }));
    await scrollSettled(page);
    await expect.soft.poll(() => clearOfSaveBar(page, days)).toBe(true);

    // A refused save from the bottom of another section: the notice comes into view, clear of the bars.
    await page.getByLabel("Title", { exact: true }).fill(`Layout check ${Date.now()}`);
    await openSection(page, "SEO & publishing");
    await page.getByLabel("Status").selectOption("published");
    await page.mouse.wheel(0, 3000);
    await page.getByRole("button", { name: "Create Package" }).click();
    const alert = page.getByRole("alert").filter({ hasText: "Not saved yet" });
    await expect(alert).toBeVisible();
    // Focus is on the first field to fix, in its section, which opened by itself.
    await expect(page.getByLabel("Country")).toBeFocused();
    await scrollSettled(page);
    await screenshot(page, `editor-${viewport.width}-refused-save`);
    await expect.soft.poll(() => clearOfTopBars(page, alert)).toBe(true);
    // On a desktop the sections' menu stays beside the work however far the page scrolls (a phone opens it from the top bar).
    if (viewport.width >= 1366) {
      await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
      await scrollSettled(page);
      expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(400); // the Dashboard link sits about 100 px down the page
      await expect(page.getByRole("navigation", { name: "Admin sections" }).getByRole("link", { name: "Dashboard" })).toBeInViewport();
    }
  });
}
