import fs from "node:fs";
import type { Locator, Page } from "@playwright/test";
import { ADMIN, signIn } from "./admin-helpers";
import { expect, gotoHydrated, test } from "./fixtures";

// This file's own client address: its sign-ins never count against other files' throttles.
test.use({ extraHTTPHeaders: { "x-forwarded-for": "10.250.11.4" } });

/** With SCREENSHOT_DIR set, the editor is photographed at each step (to look at, not compared). */
async function shoot(page: Page, name: string) {
  const dir = process.env.SCREENSHOT_DIR;
  if (!dir) return;
  fs.mkdirSync(dir, { recursive: true });
  await page.screenshot({ path: `${dir}/${name}.png` });
}

/** Whether the element's top is below the sticky top bar and inside the viewport. */
async function clearOfTopBar(page: Page, element: Locator) {
  const bar = await page.getByRole("banner").boundingBox();
  const box = await element.boundingBox();
  const viewport = page.viewportSize()!;
  return Boolean(bar && box && box.y >= bar.y + bar.height - 1 && box.y < viewport.height);
}

for (const viewport of [
  { width: 390, height: 844 },
  { width: 1366, height: 768 },
]) {
  test(`at ${viewport.width} px the sticky top bar never covers a focused field, and a save's notice is in view`, async ({ page }) => {
    await page.setViewportSize(viewport);
    await signIn(page, ADMIN);
    await gotoHydrated(page, "/admin/packages/new");
    await shoot(page, `editor-${viewport.width}-top`);

    // A field brought to the top of the view (as a link to #field does) lands below the bar, not under it.
    await page.mouse.wheel(0, 2500);
    await page.waitForFunction(() => window.scrollY > 500);
    await page.getByRole("spinbutton", { name: "Days" }).evaluate((field) => field.scrollIntoView({ block: "start" }));
    await page.waitForTimeout(500);
    await shoot(page, `editor-${viewport.width}-scrolled-to-field`);
    await expect.soft.poll(() => clearOfTopBar(page, page.getByRole("spinbutton", { name: "Days" }))).toBe(true);

    // A refused save from far down the page: the notice comes into view, clear of the bar.
    await page.getByLabel("Title", { exact: true }).fill(`Layout check ${Date.now()}`);
    await page.getByLabel("Status").selectOption("published");
    await page.getByRole("button", { name: "Create Package" }).scrollIntoViewIfNeeded();
    await page.getByRole("button", { name: "Create Package" }).click();
    const alert = page.getByRole("alert").filter({ hasText: "Something went wrong!" });
    await expect(alert).toBeVisible();
    await page.waitForTimeout(1000);
    await shoot(page, `editor-${viewport.width}-refused-save`);
    await expect.soft.poll(() => clearOfTopBar(page, alert)).toBe(true);
    // Focus is on the first field to fix.
    await expect(page.getByLabel("Country")).toBeFocused();
  });
}
