import { expectNoAxeViolations } from "./axe";
import { expect, gotoHydrated, test } from "./fixtures";

const PRIVACY_SECTIONS = [
  "Information We Collect",
  "How We Use Your Information",
  "Cookies and Tracking",
  "Data Sharing",
  "Data Security",
  "Your Rights",
  "Changes to this Privacy Policy",
  "Contact Us",
];

test("the privacy policy has its eight sections, the date, the e-mail link and the DPDP consent terms", async ({ page }) => {
  await gotoHydrated(page, "/legal/privacy-policy");
  await expect(page.getByRole("heading", { level: 1, name: "Privacy Policy" })).toBeVisible();
  await expect(page.getByText("Last updated: October 2025")).toBeVisible();
  const article = page.getByRole("article");
  const sections = article.getByRole("heading", { level: 2 });
  await expect(sections).toHaveText(PRIVACY_SECTIONS);

  const contact = article.locator("h2", { hasText: "Contact Us" }).locator("xpath=following-sibling::p[1]");
  await expect(contact.getByRole("link", { name: "hello@pravas.travel" })).toHaveAttribute("href", "mailto:hello@pravas.travel");

  // DPDP Act 2023: what each form collects and why, and how to withdraw consent or ask for deletion.
  await expect(page.getByText(/Digital Personal Data Protection Act, 2023/).first()).toBeVisible();
  await expect(page.getByRole("heading", { name: "What each form on this website collects, and why" })).toBeVisible();
  for (const form of ["Enquiry popup:", "Contact form:", "Package enquiry form:"]) {
    await expect(page.getByText(form, { exact: true })).toBeVisible();
  }
  await expect(page.getByRole("heading", { name: "How to withdraw consent or ask for deletion" })).toBeVisible();
  await expectNoAxeViolations(page);
});

test("terms, refund policy and disclaimer are served with their dates", async ({ page }) => {
  for (const [slug, title] of [
    ["terms-conditions", "Terms & Conditions"],
    ["refund-policy", "Refund Policy"],
    ["disclaimer", "Disclaimer"],
  ] as const) {
    const response = await gotoHydrated(page, `/legal/${slug}`);
    expect(response?.status()).toBe(200);
    await expect(page.getByRole("heading", { level: 1, name: title })).toBeVisible();
    await expect(page.getByText("Last updated: October 2025")).toBeVisible();
    await expect(page.getByRole("navigation", { name: "Legal pages" }).getByRole("link", { name: title })).toHaveAttribute("aria-current", "page");
  }
});

test("the refund policy gives both schedules, each in its own context", async ({ page }) => {
  await gotoHydrated(page, "/legal/refund-policy");
  const standard = page.getByRole("article").locator("h2", { hasText: "Standard Cancellation Schedule" }).locator("xpath=following-sibling::ul[1]");
  await expect(standard).toContainText("15 days or more before the tour starts: full refund of the amount paid, minus payment-gateway charges");
  await expect(standard).toContainText("7 to 14 days before the tour starts: 50% refund");
  await expect(standard).toContainText("Less than 7 days before the tour starts, or no-show: no refund");
  const group = page.getByRole("article").locator("h2", { hasText: "Group Departures" }).locator("xpath=following-sibling::ul[1]");
  await expect(group).toContainText("More than 30 days before departure: 90% refund");
  await expect(group).toContainText("15 to 30 days before departure: 50% refund");
  await expect(group).toContainText("Less than 15 days before departure: no refund");
  await expect(page.getByText("7 to 10 business days")).toBeVisible();
});

test("any other casing redirects to the lowercase address, and an unknown page is a 404", async ({ page, request }) => {
  for (const path of ["/legal/Disclaimer", "/legal/PRIVACY-POLICY"]) {
    const response = await request.get(path, { maxRedirects: 0 });
    expect([301, 308]).toContain(response.status());
    expect(response.headers().location).toBe(path.toLowerCase());
  }
  await gotoHydrated(page, "/legal/Disclaimer");
  await expect(page).toHaveURL("/legal/disclaimer");
  await expect(page.getByRole("heading", { level: 1, name: "Disclaimer" })).toBeVisible();

  const missing = await gotoHydrated(page, "/legal/cookie-policy");
  expect(missing?.status()).toBe(404);
  await expect(page.getByRole("heading", { level: 1, name: "Page not found" })).toBeVisible();
});

test("legal HTML is sanitized before it renders", async ({ page, db }) => {
  const [original] = await db.query<{ body: string }>("select body from legal_pages where slug = 'disclaimer'");
  db.onCleanup(() => db.query("update legal_pages set body = $1 where slug = 'disclaimer'", [original!.body]));
  await db.query("update legal_pages set body = $1 where slug = 'disclaimer'", [
    `<h2>Injected</h2><script>window.__pwned = 1</script><a href="javascript:window.__pwned=2">Bad link</a><img src="/x.png" alt="x" onerror="window.__pwned=3">`,
  ]);
  await gotoHydrated(page, "/legal/disclaimer");
  await expect(page.getByRole("heading", { level: 2, name: "Injected" })).toBeVisible();
  await expect(page.locator("main script")).toHaveCount(0);
  await expect(page.locator('main a[href^="javascript:" i], main [onerror]')).toHaveCount(0);
  expect(await page.evaluate(() => (window as unknown as { __pwned?: number }).__pwned)).toBeUndefined();
});
