import { expectNoAxeViolations } from "./axe";
import type { Page } from "@playwright/test";
import { expect, gotoHydrated, test, type TestDatabase } from "./fixtures";

const SENT = "Message sent successfully!";
const FAILED = "Something went wrong. Please try again.";

function uniqueEmail(label: string) {
  return `e2e-${label}-${Date.now()}-${Math.random().toString(36).slice(2, 7)}@example.com`;
}

/** Messages stored for this address; registers their removal after the test. */
async function storedMessages(db: TestDatabase, email: string) {
  db.onCleanup(() => db.query("delete from contact_messages where email = $1", [email]));
  return db.query<{ first_name: string; last_name: string; phone: string; message: string }>(
    "select first_name, last_name, phone, message from contact_messages where email = $1",
    [email],
  );
}

async function fillForm(page: Page, email: string, overrides: Partial<Record<string, string>> = {}) {
  const values = {
    "First name": "Asha",
    "Last name": "Verma",
    "E-mail": email,
    Phone: "+91 98200 12345",
    Message: "Two adults, Bali in March. Please share dates.",
    ...overrides,
  };
  for (const [label, value] of Object.entries(values)) await contactForm(page).getByLabel(label, { exact: true }).fill(value);
  return values;
}

/** The page's contact form (the lead popup elsewhere on the page has a phone field too). */
const contactForm = (page: Page) => page.getByRole("form", { name: "Send us a message" });

/** Opens /contact and waits until the form is hydrated (it then sends with fetch). */
async function openContact(page: Page) {
  await gotoHydrated(page, "/contact");
  await expect(page.locator("#contact-form")).toHaveAttribute("data-enhanced", "");
}

async function expectFormValues(page: Page, values: Record<string, string>) {
  for (const [label, value] of Object.entries(values)) await expect(contactForm(page).getByLabel(label, { exact: true })).toHaveValue(value);
}

test("the contact page shows the header, form, contact card and FAQ", async ({ page }) => {
  await openContact(page);
  await expect(page.getByRole("heading", { level: 1, name: "Contact Us" })).toBeVisible();
  for (const label of ["First name", "Last name", "E-mail", "Phone", "Message"]) {
    await expect(contactForm(page).getByLabel(label, { exact: true })).toHaveAttribute("required", "");
  }
  await expect(contactForm(page).getByLabel("E-mail", { exact: true })).toHaveAttribute("type", "email");
  await expect(contactForm(page).getByLabel("Phone", { exact: true })).toHaveAttribute("type", "tel");
  await expect(contactForm(page).getByLabel("Message", { exact: true })).toHaveAttribute("rows", "5");
  await expect(page.getByRole("link", { name: "Privacy Policy" }).first()).toBeVisible();

  const card = page.locator("main").getByRole("region", { name: "Contact details" });
  await expect(card.getByRole("link", { name: "hello@pravas.travel" })).toHaveAttribute("href", "mailto:hello@pravas.travel");
  await expect(card.getByRole("link", { name: "+91 98765 43210" })).toHaveAttribute("href", "tel:+919876543210");
  await expect(card.getByRole("link", { name: /^pravas\.travel \(opens/ })).toHaveAttribute("href", "https://pravas.travel");
  await expect(card.getByRole("link", { name: /WhatsApp/ })).toHaveAttribute("href", /^https:\/\/wa\.me\/919876543210\?text=/);
  await expect(card.getByRole("link", { name: /^@pravas\.travel/ })).toHaveAttribute("href", /instagram\.com/);
  await expect(card.getByRole("link", { name: /^@pravas-travel/ })).toHaveAttribute("href", /linkedin\.com/);

  await expect(page.getByRole("heading", { level: 2, name: "Frequently Asked Questions" })).toBeVisible();
  const firstQuestion = page.locator("details").first();
  await expect(firstQuestion).toHaveAttribute("open", "");
  await expectNoAxeViolations(page);
});

test("sending, then success: the button waits, the fields clear and the message is stored", async ({ page, db }) => {
  const email = uniqueEmail("success");
  await openContact(page);
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route("**/contact.data*", async (route) => {
    await released;
    await route.continue();
  });
  await fillForm(page, email);
  await page.getByRole("button", { name: "Send Message" }).click();

  const sending = page.getByRole("button", { name: "Sending..." });
  await expect(sending).toBeDisabled();
  release();
  await expect(page.getByRole("status").filter({ hasText: SENT })).toBeVisible();
  await expect(page.getByRole("button", { name: "Send Message" })).toBeEnabled();
  await expectFormValues(page, { "First name": "", "Last name": "", "E-mail": "", Phone: "", Message: "" });

  const rows = await storedMessages(db, email);
  expect(rows).toEqual([
    {
      first_name: "Asha",
      last_name: "Verma",
      phone: "+91 98200 12345",
      message: "Two adults, Bali in March. Please share dates.",
    },
  ]);
});

test("a server failure shows the alert and keeps what was typed", async ({ page, db }) => {
  const email = uniqueEmail("failure");
  await openContact(page);
  await page.route("**/contact.data*", (route) => route.fulfill({ status: 500, contentType: "application/json", body: JSON.stringify({ error: "boom" }) }));
  const values = await fillForm(page, email);
  await page.getByRole("button", { name: "Send Message" }).click();
  await expect(page.getByRole("alert").filter({ hasText: FAILED })).toBeVisible();
  await expectFormValues(page, values);
  await expect(page.getByRole("status").filter({ hasText: SENT })).toHaveCount(0);

  // A dropped connection fails the same way; once the server answers again, the kept data sends.
  await page.unroute("**/contact.data*");
  await page.route("**/contact.data*", (route) => route.abort("connectionreset"));
  await page.getByRole("button", { name: "Send Message" }).click();
  await expect(page.getByRole("alert").filter({ hasText: FAILED })).toBeVisible();
  await expectFormValues(page, values);
  expect(await storedMessages(db, email)).toHaveLength(0);

  await page.unroute("**/contact.data*");
  await page.getByRole("button", { name: "Send Message" }).click();
  await expect(page.getByRole("status").filter({ hasText: SENT })).toBeVisible();
  await expect(page.getByRole("alert").filter({ hasText: FAILED })).toHaveCount(0);
  expect(await storedMessages(db, email)).toHaveLength(1);
});

test("invalid input is flagged inline and the typed data stays", async ({ page, db }) => {
  const email = uniqueEmail("invalid");
  await openContact(page);
  const values = await fillForm(page, email, { Phone: "call me maybe" });
  await page.getByRole("button", { name: "Send Message" }).click();
  const phone = contactForm(page).getByLabel("Phone", { exact: true });
  await expect(phone).toHaveAttribute("aria-invalid", "true");
  const errorId = await phone.getAttribute("aria-describedby");
  await expect(page.locator(`#${errorId}`)).toHaveText("Please enter a valid phone number.");
  await expect(phone).toBeFocused();
  await expect(contactForm(page).getByLabel("First name", { exact: true })).not.toHaveAttribute("aria-invalid", "true");
  await expectFormValues(page, values);
  expect(await storedMessages(db, email)).toHaveLength(0);
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the form posts, redirects back and says the message was sent", async ({ page, db }) => {
    const email = uniqueEmail("nojs");
    await page.goto("/contact");
    await fillForm(page, email);
    await page.getByRole("button", { name: "Send Message" }).click();
    await expect(page).toHaveURL(/\/contact\?sent=1#contact-form$/);
    await expect(page.getByRole("status").filter({ hasText: SENT })).toBeVisible();
    await expectFormValues(page, { "First name": "", "E-mail": "", Message: "" });
    expect(await storedMessages(db, email)).toHaveLength(1);
  });

  test("a bad field comes back inline with everything typed", async ({ page, db }) => {
    const email = uniqueEmail("nojs-invalid");
    await page.goto("/contact");
    const values = await fillForm(page, email, { Phone: "not a phone" });
    const [response] = await Promise.all([
      page.waitForResponse((res) => res.request().method() === "POST" && res.url().endsWith("/contact")),
      page.getByRole("button", { name: "Send Message" }).click(),
    ]);
    expect(response.status()).toBe(400);
    await expect(contactForm(page).getByLabel("Phone", { exact: true })).toHaveAttribute("aria-invalid", "true");
    await expect(page.getByText("Please enter a valid phone number.")).toBeVisible();
    await expectFormValues(page, values);
    expect(await storedMessages(db, email)).toHaveLength(0);
  });
});

test.describe("POST /api/contact", () => {
  const valid = { firstName: "Ravi", lastName: "Iyer", phone: "9876500000", message: "Hampi in December?" };

  test("stores a valid message", async ({ request, db }) => {
    const email = uniqueEmail("api");
    const response = await request.post("/api/contact", { data: { ...valid, email } });
    expect(response.status()).toBe(201);
    expect(await response.json()).toEqual({ ok: true, message: SENT });
    expect(await storedMessages(db, email)).toEqual([{ first_name: "Ravi", last_name: "Iyer", phone: "9876500000", message: "Hampi in December?" }]);
  });

  test("answers 400 naming each bad field", async ({ request }) => {
    const empty = await request.post("/api/contact", { data: {} });
    expect(empty.status()).toBe(400);
    const body = await empty.json();
    expect(Object.keys(body.fields).sort()).toEqual(["email", "firstName", "lastName", "message", "phone"]);
    expect(body.fields.firstName).toBe("Please enter your first name.");

    const badEmail = await request.post("/api/contact", { data: { ...valid, email: "not-an-email" } });
    expect(badEmail.status()).toBe(400);
    expect((await badEmail.json()).fields).toEqual({ email: "Please enter a valid e-mail address." });

    const notJson = await request.post("/api/contact", {
      headers: { "Content-Type": "application/json" },
      data: "[1,2",
    });
    expect(notJson.status()).toBe(400);
    expect((await notJson.json()).error).toBeTruthy();
  });

  test("a filled honeypot gets the normal answer and nothing is stored", async ({ request, db }) => {
    const email = uniqueEmail("honeypot");
    const response = await request.post("/api/contact", { data: { ...valid, email, website: "http://spam.example" } });
    expect(response.status()).toBe(201);
    expect(await response.json()).toEqual({ ok: true, message: SENT });
    expect(await storedMessages(db, email)).toHaveLength(0);
  });
});
