import { formatPhone } from "../../app/lib/phone";
import { devices, type Page } from "@playwright/test";
import { expect, gotoHydratedOnClock, test, type TestDatabase } from "./fixtures";
import { holdScripts } from "./hold-scripts";

// Issue 42, ADR 078: a visitor's first tap always works and answers at once,
// whether or not the page's modules have run. Nothing here acts on the page
// before the tap under test (no key press, no scroll by the test). With the modules held back
// (holdScripts) only the inline first-tap script can answer, so expect's usual wait is no loophole.

async function primaryPhone(db: TestDatabase) {
  const [row] = await db.query<{ phone_primary: string }>("select phone_primary from site_settings where id = 1");
  return formatPhone(row!.phone_primary);
}

const track = (page: Page) => page.getByRole("list", { name: "Top Destinations" });
const scrollLeftOf = (page: Page) => track(page).evaluate((element) => Math.round(element.scrollLeft));
const cardStep = (page: Page) =>
  track(page).evaluate((element) => {
    const [first, second] = element.querySelectorAll("li");
    return Math.round((second as HTMLElement).offsetLeft - (first as HTMLElement).offsetLeft);
  });

test.describe("Call Now on a desktop", () => {
  test("the first click of the page, 3 s after load, copies the number and says so", async ({ page, context, db }) => {
    const phone = await primaryPhone(db);
    await context.grantPermissions(["clipboard-read", "clipboard-write"]);
    await page.goto("/", { waitUntil: "load" });
    await page.waitForTimeout(3000);
    await page.getByRole("link", { name: "Call Now" }).click();
    await expect(page.getByRole("status").filter({ hasText: `Phone number ${phone} copied to clipboard!` })).toBeVisible();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(phone);
    await expect(page).toHaveURL(/\/$/);
  });

  test("a click before the page's modules have arrived copies the number too", async ({ page, context, db }) => {
    const phone = await primaryPhone(db);
    await context.grantPermissions(["clipboard-read", "clipboard-write"]);
    const scripts = await holdScripts(page);
    await page.goto("/packages/bali", { waitUntil: "domcontentloaded" });
    await page.getByRole("link", { name: "Call Now" }).click();
    const notice = page.getByRole("status").filter({ hasText: `Phone number ${phone} copied to clipboard!` });
    await expect(notice).toBeVisible();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(phone);
    await scripts.expectNotHydrated();
    // The notice goes after 4 s, and the page then hydrates without a mismatch: React never drew its text.
    const errors: string[] = [];
    page.on("pageerror", (error) => errors.push(error.message));
    page.on("console", (message) => {
      if (message.type() === "error") errors.push(message.text());
    });
    await expect(notice).toBeHidden({ timeout: 6_000 });
    await page.getByRole("link", { name: "Call Now" }).click();
    await expect(notice).toBeVisible();
    await scripts.releaseAndWaitForHydration();
    await expect(notice).toBeVisible();
    await page.getByRole("tab", { name: "Itinerary" }).click();
    await expect(page.getByRole("tab", { name: "Itinerary" })).toHaveAttribute("aria-selected", "true");
    expect(errors).toEqual([]);
  });
});

test.describe("Call Now on a phone", () => {
  test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, userAgent: devices["iPhone 13"].userAgent });

  test("the first tap is the tel: link, left to the browser, before and after hydration", async ({ page, db }) => {
    const phone = await primaryPhone(db);
    const scripts = await holdScripts(page);
    await page.goto("/", { waitUntil: "domcontentloaded" });
    const call = page.getByRole("link", { name: "Call Now" });
    await expect(call).toHaveAttribute("href", `tel:${phone.replace(/[^\d+]/g, "")}`);
    // A listener added last at the window's capture phase runs after the first-tap script's own there
    // (and the shield's, which stops the event from going further until hydration, not its default).
    const tapPrevented = () =>
      call.evaluate((link) => {
        let seen: boolean | null = null;
        window.addEventListener(
          "click",
          (event) => {
            seen = event.defaultPrevented;
            // The test's own: no dialler in a headless browser.
            event.preventDefault();
          },
          { once: true, capture: true },
        );
        (link as HTMLAnchorElement).click();
        return seen;
      });
    expect(await tapPrevented()).toBe(false);
    await scripts.releaseAndWaitForHydration();
    expect(await tapPrevented()).toBe(false);
    await expect(page.getByText(/copied to clipboard/)).toHaveCount(0);
  });
});

test.describe("the carousel's arrows", () => {
  test("the first tap moves the carousel by one card at once after load, before the modules have arrived", async ({ page }) => {
    const scripts = await holdScripts(page);
    await page.goto("/", { waitUntil: "load" });
    await page.getByRole("button", { name: "Next destination" }).click();
    await expect.poll(() => scrollLeftOf(page)).toBe(await cardStep(page));
    await scripts.expectNotHydrated();
    await page.getByRole("button", { name: "Previous destination" }).click();
    await expect.poll(() => scrollLeftOf(page)).toBe(0);
    // Once React runs, a tap is still one card, not two.
    await scripts.releaseAndWaitForHydration();
    await page.getByRole("button", { name: "Next destination" }).click();
    await expect.poll(() => scrollLeftOf(page)).toBe(await cardStep(page));
  });

  test("the first tap 5 s after load moves it at once too, modules or not", async ({ page }) => {
    const scripts = await holdScripts(page);
    // The page's own clock, moved on 5 s (ADR 105): its timers (the scripts' 3 s cap after load) run as they
    // would have; the modules stay held either way.
    await page.clock.install();
    await page.goto("/", { waitUntil: "load" });
    await page.clock.fastForward(5000);
    await page.getByRole("button", { name: "Next destination" }).click();
    await expect.poll(() => scrollLeftOf(page)).toBe(await cardStep(page));
    await scripts.expectNotHydrated();
    scripts.release();
  });

  test("5 s after load, with nobody acting, the page has hydrated and its first tap moves the carousel", async ({ page }) => {
    await page.goto("/", { waitUntil: "load" });
    // Hydrated by itself within 5 s of load (no fixed wait: the tap comes as soon as it has).
    await expect(page.locator("html[data-hydrated]"), "hydrated before the tap").toBeAttached({ timeout: 5_000 });
    await page.getByRole("button", { name: "Next destination" }).click();
    await expect.poll(() => scrollLeftOf(page)).toBe(await cardStep(page));
  });
});

test.describe("Enquire Now", () => {
  // Smooth scrolling would be the visitor's choice here; the suite's default is reduced motion.
  test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, reducedMotion: "no-preference" });

  test("the first tap before the modules have arrived jumps to the enquiry form at once; hydrated, it opens the dialog", async ({ page }) => {
    const scripts = await holdScripts(page);
    await page.goto("/packages/bali", { waitUntil: "domcontentloaded" });
    const enquire = page.getByRole("link", { name: "Enquire Now" });
    expect(await page.evaluate(() => getComputedStyle(document.documentElement).scrollBehavior)).toBe("auto");
    await enquire.tap();
    // Read at once, not polled: a smooth scroll (ADR 089) would still be near the top here.
    // The enquiry form is on screen at once.
    const formTop = await page.evaluate(() => document.getElementById("enquire")!.getBoundingClientRect().top);
    expect(formTop).toBeGreaterThanOrEqual(0);
    expect(formTop).toBeLessThan(844 / 2);
    await scripts.expectNotHydrated();
    await scripts.releaseAndWaitForHydration();
    expect(await page.evaluate(() => getComputedStyle(document.documentElement).scrollBehavior)).toBe("smooth");
    await page.evaluate(() => window.scrollTo({ top: 0, behavior: "instant" }));
    await enquire.tap();
    const dialog = page.getByRole("dialog", { name: "Enquire about this trip" });
    await expect(dialog).toBeVisible();
    // A modal without showModal() (ADR 102): the focus is inside, the page behind is inert, Escape closes
    // and the focus returns to Enquire Now.
    await expect(dialog.getByRole("button", { name: "Close" })).toBeFocused();
    await expect(page.locator("main")).toHaveAttribute("inert", "");
    await page.keyboard.press("Escape");
    await expect(dialog).toBeHidden();
    await expect(page.locator("main")).not.toHaveAttribute("inert", "");
    await expect(enquire).toBeFocused();
  });
});

test("the lead popup appears 15 s after load with nobody acting", async ({ page }) => {
  // The page's clock runs as usual until it is fast-forwarded.
  await page.clock.install();
  // No key, tap or scroll: the scripts start by themselves (ADR 078), here on their cap after load, which the
  // page's clock is moved past (fixtures.ts: its fake performance lists no first paint).
  await gotoHydratedOnClock(page, "/");
  const popup = page.getByRole("dialog", { name: "Where would you like to go next?" });
  // Under Playwright's clock the page has no navigation timing, so the popup counts its 15 s from
  // hydration (lead-popup-timing.ts); in a real browser from load, which hydration follows within seconds.
  await page.clock.fastForward("00:13");
  await expect(popup).toBeHidden();
  await page.clock.fastForward("00:02");
  await expect(popup).toBeVisible();
});
