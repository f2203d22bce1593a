import { expectNoAxeViolations } from "./axe";
import type { Page } from "@playwright/test";
import { expect, signInRequest, test } from "./admin-helpers";
import { gotoHydrated, type TestDatabase } from "./fixtures";
import { formatTourDate } from "../../app/lib/tour-format";

/**
 * Issue 21 §1 (ADR 041): the site settings screen. Its saves change what every
 * visitor sees, so each test puts the stored row back afterwards; the file runs
 * its tests one after another.
 */
test.describe.configure({ mode: "serial" });

const COLUMNS =
  "brand_name, phone_primary, phone_secondary, email, whatsapp_number, whatsapp_message, whatsapp_package_message, instagram_url, linkedin_url, website_url, footer_description, notify_email, gst_percent, gst_label, tcs_percent, tcs_label, lead_popup_enabled, " +
  "business_legal_name, business_address, business_state_code, gstin, pan, invoice_prefix, overseas_place_of_supply, auto_receipt_vouchers";

/** Puts the settings row back as it was when the test ends (and bumps the content version, so cached pages follow). */
async function keepSettings(db: TestDatabase) {
  const [before] = await db.query<Record<string, unknown>>(`select ${COLUMNS} from site_settings where id = 1`);
  db.onCleanup(async () => {
    const names = COLUMNS.split(", ");
    await db.query(
      `update site_settings set ${names.map((name, index) => `${name} = $${index + 1}`).join(", ")} where id = 1`,
      names.map((name) => before![name]),
    );
    await db.query("update content_version set version = version + 1");
  });
}

async function openSettings(page: Page) {
  await gotoHydrated(page, "/admin/settings");
  await expect(page.getByRole("heading", { level: 1, name: "Site settings" })).toBeVisible();
}

async function save(page: Page) {
  await page.getByRole("button", { name: "Save settings" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Settings saved. The website shows them now." })).toBeVisible();
}

test("a new primary phone shows at the next request in the footer, contact card, Call Now, WhatsApp link and JSON-LD", async ({
  adminPage: page,
  db,
  browser,
}) => {
  await keepSettings(db);
  await openSettings(page);
  await expectNoAxeViolations(page, { within: "main" });
  await page.getByLabel("Phone", { exact: true }).fill("98450 12345");
  await page.getByLabel("WhatsApp number").fill("+91 98450 12345");
  await save(page);
  // Stored in E.164, shown grouped.
  const [row] = await db.query<{
    phone_primary: string;
    whatsapp_number: string;
  }>("select phone_primary, whatsapp_number from site_settings where id = 1");
  expect(row).toEqual({
    phone_primary: "+919845012345",
    whatsapp_number: "919845012345",
  });
  await expect(page.getByLabel("Phone", { exact: true })).toHaveValue("+91 98450 12345");

  const visitor = await browser.newContext();
  const home = await visitor.newPage();
  await gotoHydrated(home, "/contact");
  const footer = home.getByRole("contentinfo");
  await expect(footer.getByRole("link", { name: "+91 98450 12345" })).toHaveAttribute("href", "tel:+919845012345");
  await expect(home.getByRole("main").getByRole("link", { name: /\+91 98450 12345/ })).toHaveAttribute("href", "tel:+919845012345");
  await expect(home.getByRole("link", { name: "Chat with Us", exact: true })).toHaveAttribute("href", /^https:\/\/wa\.me\/919845012345\?text=/);
  await visitor.grantPermissions(["clipboard-read", "clipboard-write"]);
  await home.getByRole("link", { name: "Call Now" }).click();
  await expect(home.getByRole("status").filter({ hasText: "Phone number +91 98450 12345 copied to clipboard!" })).toBeVisible();
  const html = await (await home.request.get("/")).text();
  const travelAgency = [...html.matchAll(/<script type="application\/ld\+json">(.*?)<\/script>/gs)]
    .map((match) => JSON.parse(match[1]!))
    .find((data) => data["@type"] === "TravelAgency");
  expect(travelAgency).toMatchObject({ telephone: "+91 98450 12345" });
  await visitor.close();
});

test("a phone that is not one and a non-https link are refused inline, keeping what was typed", async ({ adminPage: page, db }) => {
  await keepSettings(db);
  await openSettings(page);
  await page.getByLabel("Phone", { exact: true }).fill("12345");
  await page.getByLabel("Instagram (https://…)").fill("http://instagram.com/pravas");
  await page.getByLabel("Agency name").fill("Pravas Holidays");
  await page.getByRole("button", { name: "Save settings" }).click();
  const notice = page.getByRole("alert").filter({ hasText: "Not saved yet: 2 fields need attention." });
  await expect(notice.getByRole("link", { name: "Phone" })).toBeVisible();
  await expect(page.getByLabel("Phone", { exact: true })).toHaveAttribute("aria-invalid", "true");
  const form = page.getByRole("form", { name: "Site settings" });
  await expect(form.getByText("Enter an Indian number (10 digits) or an international one starting with + and the country code.")).toBeVisible();
  await expect(form.getByText("Enter a full address starting with https://")).toBeVisible();
  await expect(page.getByLabel("Agency name")).toHaveValue("Pravas Holidays");
  const [row] = await db.query<{ brand_name: string }>("select brand_name from site_settings where id = 1");
  expect(row!.brand_name).not.toBe("Pravas Holidays");
});

test("Business and tax: a GSTIN of another state is refused beside it; a TCS rule added from today is on every overseas package's page at the next request; the GST register downloads", async ({
  adminPage: page,
  db,
  request,
}) => {
  await keepSettings(db);
  // Rules are never deleted (a trigger): the test's rule is withdrawn afterwards, as an admin would.
  db.onCleanup(async () => {
    await db.query("update tax_rules set withdrawn_at = now(), withdrawn_reason = 'e2e' where source = 'e2e: site-settings.spec' and withdrawn_at is null");
    await db.query("update content_version set version = version + 1");
  });
  await gotoHydrated(page, "/admin/settings/business");
  await expect(page.getByRole("heading", { level: 1, name: "Business and tax" })).toBeVisible();
  await expect(page.getByRole("note", { name: "Check these with your accountant" })).toContainText("they are not tax advice");
  await expectNoAxeViolations(page, { within: "main" });

  const form = page.getByRole("form", { name: "Business and tax" });
  await form.getByLabel("Legal name").fill("Pravas Holidays Private Limited");
  await form.getByLabel("Address").fill("Office 4, Prabhat Road\nPune 411004");
  await form.getByLabel("State").selectOption({ label: "Maharashtra (GST state code 27)" });
  // A Karnataka registration (29…) for an address in Maharashtra.
  await form.getByLabel(/^GSTIN/).fill("29AAGCB7383J1Z4");
  await form.getByRole("button", { name: "Save business details" }).click();
  await expect(page.getByRole("alert").filter({ hasText: "Not saved yet: 1 field needs attention." })).toBeVisible();
  const gstin = form.getByLabel(/^GSTIN/);
  await expect(gstin).toHaveAttribute("aria-invalid", "true");
  await expect(gstin).toHaveAccessibleDescription(/This GSTIN is registered in Karnataka \(29\), but the address is in Maharashtra \(27\)/);
  await expect(gstin).toHaveValue("29AAGCB7383J1Z4");
  await expect(form.getByLabel("Legal name")).toHaveValue("Pravas Holidays Private Limited");
  await gstin.fill("27aapfu0939f1zv");
  await form.getByRole("button", { name: "Save business details" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Business and tax details saved." })).toBeVisible();
  const [row] = await db.query<{ gstin: string }>("select gstin from site_settings where id = 1");
  expect(row!.gstin).toBe("27AAPFU0939F1ZV");

  const today = new Intl.DateTimeFormat("en-CA", {
    timeZone: "Asia/Kolkata",
  }).format(new Date());
  const rules = page.getByRole("region", { name: "Tax rules" });
  await rules.getByText("Add a rule: TCS, overseas tour packages").click();
  const add = page.getByRole("form", {
    name: "Add a rule: TCS, overseas tour packages",
  });
  await add.getByLabel("Takes effect on").fill(today);
  await add.getByLabel("TCS rate (%)").fill("20");
  await add.getByRole("button", { name: "Add this rule" }).click();
  // No source: refused beside the field, with the summary; what was typed stays.
  await expect(add.getByRole("alert")).toContainText("Not added yet: 1 field needs attention.");
  await expect(add.getByLabel("Source")).toHaveAttribute("aria-invalid", "true");
  await expect(add.getByLabel("TCS rate (%)")).toHaveValue("20");
  await add.getByLabel("Source").fill("e2e: site-settings.spec");
  await add.getByRole("button", { name: "Add this rule" }).click();
  await expect(
    page.getByRole("status").filter({
      hasText: `Rule added: TCS, overseas tour packages from ${formatTourDate(today)}.`,
    }),
  ).toBeVisible();

  const packages = await db.query<{
    slug: string;
    region: string;
    overseas: boolean | null;
  }>("select slug, region, overseas from packages where status = 'published' order by id");
  expect(packages.some((pkg) => pkg.region === "international")).toBe(true);
  for (const pkg of packages) {
    const html = await (await request.get(`/packages/${pkg.slug}`)).text();
    if (pkg.overseas ?? pkg.region === "international") expect(html, pkg.slug).toContain("+ 5% GST + 20% TCS");
    else {
      expect(html, pkg.slug).toContain("+ 5% GST");
      expect(html, pkg.slug).not.toContain("TCS</");
    }
  }

  // The team's own download: the admin's session (an anonymous request is sent to the sign-in page).
  const register = await page.request.get(`/admin/tax-registers/gst?period=${today.slice(0, 7)}&format=csv`);
  expect(register.status()).toBe(200);
  expect(register.headers()["content-disposition"]).toBe(`attachment; filename="gst-register-${today.slice(0, 7)}.csv"`);
  expect((await register.text()).split("\r\n")[0]).toContain("Date,Number,Document,Booking,Traveller");
});

test("the lead popup can be turned off, and enquiry e-mails sent to another address", async ({ adminPage: page, db, request }) => {
  await keepSettings(db);
  await openSettings(page);
  await page.getByLabel(/Show the lead popup/).uncheck();
  await page.getByLabel("Send enquiry e-mails to (optional)").fill("sales@pravas.example");
  await save(page);
  expect(await (await request.get("/")).text()).not.toContain("Enter Your Phone Here");

  const name = `Settings Lead ${Date.now()}`;
  expect(
    (
      await request.post("/api/leads", {
        data: { name, phone: "+91 90000 12121" },
      })
    ).status(),
  ).toBe(201);
  db.onCleanup(async () => {
    await db.query("delete from jobs where subject_type = 'lead' and subject_id in (select id from leads where name = $1)", [name]);
    await db.query("delete from leads where name = $1", [name]);
  });
  const [mail] = await db.query<{ to: string }>(
    "select payload->>'to' as to from jobs where type = 'email' and subject_type = 'lead' and subject_id = (select id from leads where name = $1)",
    [name],
  );
  expect(mail!.to).toBe("sales@pravas.example");
});

test("an editor cannot open the settings nor Business and tax (403)", async ({ playwright, baseURL, staff }) => {
  const editor = await staff.create("editor");
  const request = await playwright.request.newContext({ baseURL });
  await signInRequest(request, editor);
  expect((await request.get("/admin/settings", { maxRedirects: 0 })).status()).toBe(403);
  expect(
    (
      await request.post("/admin/settings", {
        form: { brandName: "Hijacked" },
        maxRedirects: 0,
      })
    ).status(),
  ).toBe(403);
  expect((await request.get("/admin/settings/business", { maxRedirects: 0 })).status()).toBe(403);
  await request.dispose();
});
