import { expect, test, type TestDatabase } from "./fixtures";
import { holdScripts } from "./hold-scripts";

// Issue 9 §1: scripts start after the first paint (ADR 019, 078), so on a slow
// phone a visitor can type, or tap the menu, before React takes over.
test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

function uniqueEmail() {
  return `e2e-early-${Date.now()}-${Math.random().toString(36).slice(2, 7)}@example.com`;
}

function uniquePhone() {
  return `+91 9${String(Date.now()).slice(-9)}`;
}

function forgetContactMessages(db: TestDatabase, email: string) {
  db.onCleanup(() => db.query("delete from contact_messages where email = $1", [email]));
}

test("what is typed into the contact form before hydration is kept and sent", async ({ page, db }) => {
  const email = uniqueEmail();
  forgetContactMessages(db, email);
  const scripts = await holdScripts(page);
  await page.goto("/contact", { waitUntil: "domcontentloaded" });

  const form = page.getByRole("form", { name: "Send us a message" });
  const typed: Record<string, string> = {
    "First name": "Asha",
    "Last name": "Verma",
    "E-mail": email,
    Phone: "+91 98200 12345",
    Message: "Two adults, Bali in March",
  };
  for (const [label, value] of Object.entries(typed)) await form.getByLabel(label, { exact: true }).fill(value);
  await scripts.expectNotHydrated();

  await scripts.releaseAndWaitForHydration();
  await expect(page.locator("#contact-form")).toHaveAttribute("data-enhanced", "");
  // The visitor goes on typing once the scripts run: the other fields must not be reset.
  await form.getByLabel("Message", { exact: true }).press("End");
  await form.getByLabel("Message", { exact: true }).pressSequentially(".");
  typed.Message += ".";
  for (const [label, value] of Object.entries(typed)) await expect(form.getByLabel(label, { exact: true })).toHaveValue(value);

  await form.getByRole("button", { name: "Send Message" }).click();
  await expect(form.getByRole("status")).toHaveText("Message sent successfully!");
  // Still enhanced (no page load), and cleared after success.
  await expect(page).toHaveURL(/\/contact$/);
  for (const label of Object.keys(typed)) await expect(form.getByLabel(label, { exact: true })).toHaveValue("");
  const rows = await db.query("select first_name, message from contact_messages where email = $1", [email]);
  expect(rows).toEqual([{ first_name: "Asha", message: "Two adults, Bali in March." }]);
});

test("a message edited before hydration, on the form a failed post sent back, is kept", async ({ page, db }) => {
  const email = uniqueEmail();
  forgetContactMessages(db, email);
  const scripts = await holdScripts(page);
  await page.goto("/contact", { waitUntil: "domcontentloaded" });
  const form = page.getByRole("form", { name: "Send us a message" });
  const message = form.getByLabel("Message", { exact: true });
  // Sent before the scripts ran, so it is a plain post; the bad phone brings the form back with what was typed.
  await form.getByLabel("First name", { exact: true }).fill("Asha");
  await form.getByLabel("Last name", { exact: true }).fill("Verma");
  await form.getByLabel("E-mail", { exact: true }).fill(email);
  await form.getByLabel("Phone", { exact: true }).fill("not a phone");
  await message.fill("Kerala");
  await form.getByRole("button", { name: "Send Message" }).click();
  await expect(page.getByText("Please enter a valid phone number.")).toBeVisible();
  await expect(message).toHaveValue("Kerala");

  // Still before hydration on the page that came back: the visitor fixes the phone and edits the message.
  await form.getByLabel("Phone", { exact: true }).fill("+91 98200 12345");
  await message.fill("Kerala backwaters, 4 nights");
  await scripts.expectNotHydrated();
  await scripts.releaseAndWaitForHydration();
  await expect(page.locator("#contact-form")).toHaveAttribute("data-enhanced", "");
  await expect(message).toHaveValue("Kerala backwaters, 4 nights");
  await expect(form.getByLabel("Phone", { exact: true })).toHaveValue("+91 98200 12345");

  await form.getByRole("button", { name: "Send Message" }).click();
  await expect(form.getByRole("status")).toHaveText("Message sent successfully!");
  const rows = await db.query("select phone, message from contact_messages where email = $1", [email]);
  expect(rows).toEqual([{ phone: "+91 98200 12345", message: "Kerala backwaters, 4 nights" }]);
});

test("what is typed into the package enquiry form before hydration is kept and sent", async ({ page, db }) => {
  const phone = uniquePhone();
  db.onCleanup(() => db.query("delete from leads where phone = $1", [phone]));
  const scripts = await holdScripts(page);
  await page.goto("/packages/bali", { waitUntil: "domcontentloaded" });

  const form = page.getByRole("region", { name: /^Enquire about / });
  await form.getByLabel("Your name").fill("Ravi Kumar");
  await form.getByLabel("Phone").fill(phone);
  await form.getByLabel("Number of travellers").fill("4");
  await form.getByLabel("Preferred month").selectOption({ index: 2 });
  const month = await form.getByLabel("Preferred month").inputValue();
  await form.getByLabel("Message (optional)").fill("Honeymoon");
  await scripts.expectNotHydrated();

  await scripts.releaseAndWaitForHydration();
  await form.getByLabel("Message (optional)").press("End");
  await form.getByLabel("Message (optional)").pressSequentially(" trip");
  await expect(form.getByLabel("Your name")).toHaveValue("Ravi Kumar");
  await expect(form.getByLabel("Phone")).toHaveValue(phone);
  await expect(form.getByLabel("Number of travellers")).toHaveValue("4");
  await expect(form.getByLabel("Preferred month")).toHaveValue(month);
  await expect(form.getByLabel("Message (optional)")).toHaveValue("Honeymoon trip");

  await form.getByRole("button", { name: "Send Enquiry" }).click();
  await expect(form.getByRole("status").filter({ hasText: "Thank you!" })).toContainText("Thank you! Your enquiry has been sent.");
  // Sent with fetch: the page did not reload.
  await expect(page).toHaveURL(/\/packages\/bali$/);
  const rows = await db.query("select name, travellers, preferred_month, message from leads where phone = $1", [phone]);
  expect(rows).toEqual([{ name: "Ravi Kumar", travellers: 4, preferred_month: month, message: "Honeymoon trip" }]);
});

test("a menu opened before hydration stays open, reports its state and closes on a link", async ({ page }) => {
  const scripts = await holdScripts(page);
  await page.goto("/", { waitUntil: "domcontentloaded" });
  const nav = page.getByRole("navigation", { name: "Main" });
  await nav.getByRole("button", { name: "Menu" }).click();
  await expect(nav.getByRole("link", { name: "Gallery" })).toBeVisible();
  await scripts.expectNotHydrated();

  await scripts.releaseAndWaitForHydration();
  await expect(nav.getByRole("button", { name: "Menu" })).toHaveAttribute("aria-expanded", "true");
  await nav.getByRole("link", { name: "Gallery" }).click();
  await expect(page).toHaveURL(/\/gallery$/);
  await expect(nav.getByRole("link", { name: "Gallery" })).toBeHidden();
  await expect(nav.getByRole("button", { name: "Menu" })).toHaveAttribute("aria-expanded", "false");
});

test("without JavaScript the mobile menu opens and its links work", async ({ browser }) => {
  const context = await browser.newContext({
    javaScriptEnabled: false,
    viewport: { width: 390, height: 844 },
    isMobile: true,
    hasTouch: true,
  });
  const page = await context.newPage();
  await page.goto("/contact");
  const nav = page.getByRole("navigation", { name: "Main" });
  const packages = nav.getByRole("link", { name: "Packages" });
  await expect(packages).toBeHidden();

  // The expanded state reaches assistive technology from the popover itself (Chromium's accessibility tree).
  const cdp = await context.newCDPSession(page);
  const menuExpanded = async () => {
    const { nodes } = (await cdp.send("Accessibility.getFullAXTree")) as {
      nodes: { role?: { value: string }; name?: { value: string }; properties?: { name: string; value: { value: unknown } }[] }[];
    };
    const button = nodes.find((node) => node.role?.value === "button" && node.name?.value === "Menu");
    return button?.properties?.find((property) => property.name === "expanded")?.value.value;
  };
  expect(await menuExpanded()).toBe(false);

  await nav.getByRole("button", { name: "Menu" }).tap();
  await expect(packages).toBeVisible();
  expect(await menuExpanded()).toBe(true);
  // The menu lies over the page, below the bar, at the right.
  const box = (await nav.getByRole("list").boundingBox())!;
  expect(box.y).toBeGreaterThanOrEqual(56);
  expect(box.x + box.width).toBeLessThanOrEqual(390);

  // Escape closes it, as a tap outside does; the button opens it again.
  await page.keyboard.press("Escape");
  await expect(packages).toBeHidden();
  await nav.getByRole("button", { name: "Menu" }).tap();
  await packages.tap();
  await expect(page).toHaveURL(/\/packages$/);
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  await expect(nav.getByRole("link", { name: "Packages" })).toBeHidden();
  await context.close();
});

// ADR 078: public pages start their scripts by themselves, in idle time soon after they are shown.
test("a public page hydrates soon after it is shown, with nobody acting", async ({ page }) => {
  await page.goto("/contact", { waitUntil: "load" });
  // No key, tap, scroll or pointer: ADR 067's pages waited for one (or 10 s).
  await expect(page.locator("html[data-hydrated]")).toBeAttached({ timeout: 8_000 });
});

test("a tap on a script-only button before the scripts have run is answered once React runs", async ({ page }) => {
  const scripts = await holdScripts(page);
  await page.goto("/", { waitUntil: "load" });
  // Under reduced motion the carousel starts still; its play button is answered by React only.
  await page.getByRole("button", { name: "Start automatic scrolling" }).click();
  await scripts.expectNotHydrated();
  await scripts.releaseAndWaitForHydration();
  // The held tap was replayed once: the carousel plays, and its button now pauses it.
  await expect(page.getByRole("button", { name: "Pause automatic scrolling" })).toBeVisible();
});
