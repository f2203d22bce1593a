import type { Page } from "@playwright/test";
import { expect } from "./fixtures";

/**
 * Holds back the page's script modules until `release()`, as a slow network
 * would, so a test acts on the server HTML for as long as it needs and
 * hydration starts only after. Inline scripts (the first-tap script, ADR 078)
 * run as they would.
 */
export async function holdScripts(page: Page) {
  let release!: () => void;
  const gate = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/assets\/[^?]+\.js(\?|$)/, async (route) => {
    await gate;
    await route.continue();
  });
  return {
    release,
    async expectNotHydrated() {
      await expect(page.locator("html")).not.toHaveAttribute("data-hydrated");
    },
    async releaseAndWaitForHydration() {
      release();
      await expect(page.locator("html[data-hydrated]")).toBeAttached({ timeout: 15_000 });
    },
  };
}
