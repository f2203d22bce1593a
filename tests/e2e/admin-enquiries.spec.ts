import fs from "node:fs/promises";
import crypto from "node:crypto";
import { expectNoAxeViolations } from "./axe";
import ExcelJS from "exceljs";
import type { Locator, Page } from "@playwright/test";
import { ADMIN, createStaff } from "./admin-helpers";
import { expect, gotoHydrated, screenshot, test, type TestDatabase } from "./fixtures";

// This file's own client address: its sign-ins and form posts never count against other files'.
test.use({ extraHTTPHeaders: { "x-forwarded-for": "10.250.13.1" } });

/** A marker in every name this test writes, so it finds (and removes) only its own rows. */
function marker() {
  return `E2E${crypto.randomBytes(3).toString("hex")}`;
}

/** A phone nobody else uses: 10 random digits starting with 9. */
function uniquePhone() {
  return `+91 9${crypto.randomInt(1000, 9999)} ${crypto.randomInt(10000, 99999)}`;
}

/** Removes the rows a test made (by name marker or phone), their outbox rows and their activity entries. */
function cleanUpEnquiries(db: TestDatabase, tag: string) {
  db.onCleanup(async () => {
    const like = `%${tag}%`;
    const leads = await db.query<{ id: number }>(`select id from leads where name like $1`, [like]);
    const contacts = await db.query<{ id: number }>(`select id from contact_messages where first_name like $1 or last_name like $1`, [like]);
    for (const { id } of leads) {
      await db.query(`delete from jobs where subject_type = 'lead' and subject_id = $1`, [id]);
      await db.query(`delete from activity where subject_type = 'enquiry' and subject_id = $1`, [`lead-${id}`]);
      await db.query(`delete from leads where id = $1`, [id]);
    }
    for (const { id } of contacts) {
      await db.query(`delete from jobs where subject_type = 'contact-message' and subject_id = $1`, [id]);
      await db.query(`delete from activity where subject_type = 'enquiry' and subject_id = $1`, [`contact-${id}`]);
      await db.query(`delete from contact_messages where id = $1`, [id]);
    }
  });
}

async function postLead(page: Page, name: string, phone = uniquePhone()) {
  const response = await page.request.post("/api/leads", { data: { name, phone } });
  expect(response.status(), await response.text()).toBe(201);
}

/** Presses Tab (only the keyboard) until `target` has focus. */
async function tabTo(page: Page, target: Locator, limit = 80) {
  for (let i = 0; i < limit; i++) {
    if (await target.evaluate((element) => element === document.activeElement).catch(() => false)) return;
    await page.keyboard.press("Tab");
  }
  throw new Error("Tab never reached the element");
}

const bodyRows = (page: Page) => page.getByRole("region", { name: "Enquiry list" }).locator("tbody tr");

test("a lead, a contact message and a package enquiry appear in one list, newest first; the lead on top as New", async ({ adminPage: page, db }) => {
  const tag = marker();
  cleanUpEnquiries(db, tag);
  const contact = await page.request.post("/api/contact", {
    data: {
      firstName: "Meera",
      lastName: `Contact ${tag}`,
      email: `meera-${tag.toLowerCase()}@example.com`,
      phone: "+91 99887 76655",
      message: "Kerala in May?",
    },
  });
  expect(contact.status(), await contact.text()).toBe(201);
  const enquiry = await page.request.post("/api/enquiries", {
    data: { name: `Karan Enquiry ${tag}`, phone: "+91 98111 22233", email: `karan-${tag.toLowerCase()}@example.com`, travellers: 2, packageSlug: "bali" },
  });
  expect(enquiry.status(), await enquiry.text()).toBe(201);
  await postLead(page, `Asha Popup ${tag}`, "+91 98765 43210");

  await gotoHydrated(page, "/admin/enquiries");
  await expect(page.getByRole("heading", { level: 1, name: "Enquiries" })).toBeVisible();
  // The inbox's whole-page scan at 1366 px (at 390 px: the axe test below; ADR 084).
  await expectNoAxeViolations(page);
  const top = bodyRows(page).first();
  await expect(top.getByRole("link", { name: `Asha Popup ${tag}` })).toBeVisible();
  await expect(top).toContainText("New");
  await expect(top).toContainText("Call-back popup");
  await expect(top.getByRole("link", { name: "+91 98765 43210" })).toHaveAttribute("href", "tel:+919876543210");
  await expect(top.locator("time")).toContainText("just now");

  // All three sources in the same list (searched by the marker).
  await page.getByLabel("Search").fill(tag);
  await page.getByRole("button", { name: "Apply" }).click();
  await expect(page).toHaveURL(new RegExp(`q=${tag}`));
  await expect(bodyRows(page)).toHaveCount(3);
  const enquiryRow = bodyRows(page).filter({ hasText: `Karan Enquiry ${tag}` });
  await expect(enquiryRow).toContainText("Package enquiry");
  await expect(enquiryRow).toContainText("Bali");
  await expect(enquiryRow.getByRole("link", { name: `karan-${tag.toLowerCase()}@example.com` })).toHaveAttribute(
    "href",
    `mailto:karan-${tag.toLowerCase()}@example.com`,
  );
  const contactRow = bodyRows(page).filter({ hasText: `Meera Contact ${tag}` });
  await expect(contactRow).toContainText("Contact form");

  // Filters live in the URL and work together.
  await page.goto(`/admin/enquiries?q=${tag}&source=contact`);
  await expect(bodyRows(page)).toHaveCount(1);
  await expect(bodyRows(page).first()).toContainText(`Meera Contact ${tag}`);
  await expect(page.getByLabel("Source")).toHaveValue("contact");

  // The sidebar counts New enquiries.
  const [counted] = await db.query<{ n: number }>(
    `select ((select count(*) from leads where status = 'new') + (select count(*) from contact_messages where status = 'new'))::int as n`,
  );
  await expect(page.getByRole("navigation", { name: "Admin sections" }).getByRole("link", { name: `Enquiries ${counted!.n} new` })).toBeVisible();
});

test("with the keyboard alone: open an enquiry from the list, change its status, add a note; both persist after a reload", async ({ adminPage: page, db }) => {
  // Tab by Tab past the reply, call-back and follow-up controls: slower than a click on a shared machine.
  test.slow();
  const tag = marker();
  cleanUpEnquiries(db, tag);
  await postLead(page, `Keyboard Lead ${tag}`);
  await gotoHydrated(page, `/admin/enquiries?q=${tag}`);

  await tabTo(page, page.getByRole("link", { name: `Keyboard Lead ${tag}` }));
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(/\/admin\/enquiries\/lead-\d+$/);
  await expect(page.getByRole("heading", { level: 1, name: `Keyboard Lead ${tag}` })).toBeVisible();

  const status = page.getByLabel("Status");
  await tabTo(page, status);
  await page.keyboard.press("ArrowDown");
  await expect(status).toHaveValue("contacted");
  // It saves on change (issue 23), once the arrow keys settle; focus stays on it.
  await expect(page.getByRole("status").filter({ hasText: `Status changed to Contacted: Keyboard Lead ${tag}’s call-back request.` })).toBeVisible();

  const note = page.getByLabel("Add a note");
  await tabTo(page, note);
  await page.keyboard.type(`Called ${tag}; will send the itinerary.`);
  await tabTo(page, page.getByRole("button", { name: "Add note" }));
  await page.keyboard.press("Enter");
  await expect(page.getByRole("status").filter({ hasText: `Note added to Keyboard Lead ${tag}’s call-back request.` })).toBeVisible();

  await page.reload();
  await expect(page.getByLabel("Status")).toHaveValue("contacted");
  const notes = page.getByRole("region", { name: "Notes" });
  await expect(notes.getByText(`Called ${tag}; will send the itinerary.`)).toBeVisible();
  await expect(notes).toContainText(ADMIN.name);
  const history = page.getByRole("region", { name: "History" });
  await expect(history).toContainText("Status: New → Contacted");
  await expect(history).toContainText("Added a note");
  // An enquiry with a note and its history: its whole-page scan at 1366 px.
  await expectNoAxeViolations(page);
});

test("the detail page shows every field, a WhatsApp reply naming the package, and assignment; bad ids are a 404 page", async ({ adminPage: page, db }) => {
  const tag = marker();
  cleanUpEnquiries(db, tag);
  const editor = await createStaff(db, { role: "editor", name: `Esha ${tag}` });
  const posted = await page.request.post("/api/enquiries", {
    data: {
      name: `Nila Detail ${tag}`,
      phone: "98450 12345",
      travellers: 4,
      preferredMonth: "2027-02",
      message: "Vegetarian meals please",
      packageSlug: "bali",
    },
  });
  expect(posted.status()).toBe(201);
  const [lead] = await db.query<{ id: number; package_title: string }>(`select id, package_title from leads where name = $1`, [`Nila Detail ${tag}`]);
  await gotoHydrated(page, `/admin/enquiries/lead-${lead!.id}`);
  const sent = page.getByRole("region", { name: "What they sent" });
  for (const text of [`Nila Detail ${tag}`, "98450 12345", lead!.package_title, "4", "February 2027", "Vegetarian meals please"])
    await expect(sent).toContainText(text);
  // Reply on WhatsApp offers the templates, the first ("Quote") filled in (ADR 046).
  await sent.getByText("Reply on WhatsApp").click();
  const whatsapp = sent.getByRole("link", { name: /^Send on WhatsApp/ });
  const href = new URL((await whatsapp.getAttribute("href"))!);
  expect(href.origin + href.pathname).toBe("https://wa.me/919845012345");
  expect(href.searchParams.get("text")).toContain(`your interest in ${lead!.package_title}`);

  // An empty note is refused inline.
  await page.getByRole("button", { name: "Add note" }).click();
  await expect(page.getByLabel("Add a note")).toHaveAttribute("aria-invalid", "true");
  await expect(page.getByText("Write the note first.")).toBeVisible();

  await page.getByLabel("Assigned to").selectOption({ label: editor.name });
  await page.getByRole("button", { name: "Save assignment" }).click();
  await expect(page.getByRole("status").filter({ hasText: `Assignment saved: Nila Detail ${tag}’s enquiry about ${lead!.package_title}.` })).toBeVisible();
  // The activity log names the enquiry as people say it; the id is only its link.
  const [entry] = await db.query<{ subject_label: string }>(`select subject_label from activity where kind = 'enquiry.assigned' and subject_id = $1`, [
    `lead-${lead!.id}`,
  ]);
  expect(entry!.subject_label).toBe(`Nila Detail ${tag}’s enquiry about ${lead!.package_title}`);
  await page.goto(`/admin/enquiries?q=${tag}`);
  await expect(bodyRows(page).first()).toContainText(editor.name);

  // A bad id is the 404 page: seen once in the browser, the other forms checked over HTTP (the same page).
  const response = await page.goto("/admin/enquiries/lead-abc");
  expect(response?.status()).toBe(404);
  await expect(page.getByRole("heading", { level: 1, name: "Page not found" })).toBeVisible();
  for (const bad of ["lead-999999999", "contact-99999999999", "nothing-1", "lead-1%27"]) {
    const answer = await page.request.get(`/admin/enquiries/${bad}`);
    expect(answer.status(), bad).toBe(404);
    expect(await answer.text(), bad).toMatch(/<h1[^>]*>Page not found<\/h1>/);
  }
});

test("the CSV export holds the filtered enquiries, with a BOM: Indian times, readable phones, formulas inert after any separator", async ({
  adminPage: page,
  db,
}) => {
  const tag = marker();
  cleanUpEnquiries(db, tag);
  await postLead(page, `=HYPERLINK("http://evil.example","${tag}")`);
  await postLead(page, `Asha;=2*7;${tag}`, "+91 98765 43210");
  await postLead(page, `Plain, Name ${tag}`, "+1+2");
  // Notes are exported in one cell, oldest first, each with its Indian time and author.
  const [asha] = await db.query<{ id: number }>(`select id from leads where name = $1`, [`Asha;=2*7;${tag}`]);
  await db.query(
    `insert into enquiry_notes (lead_id, author_name, body, created_at) values ($1, 'Administrator', 'Called, quote sent', '2026-11-24T00:45:00Z'), ($1, 'Ravi', '=1+1 booked', '2026-11-24T03:00:00Z')`,
    [asha!.id],
  );
  await gotoHydrated(page, `/admin/enquiries?q=${tag}`);
  const csvLink = page.getByRole("link", { name: "Download CSV" });
  await expect(csvLink).toHaveAttribute("href", `/admin/enquiries.csv?q=${tag}`);
  const download = page.waitForEvent("download");
  await csvLink.click();
  const file = await (await download).path();
  const bytes = await fs.readFile(file);
  expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
  const text = bytes.toString("utf8").slice(1);
  const lines = text.split("\r\n");
  expect(lines[0]).toBe("Received (IST),Source,Name,Phone,E-mail,Package,Travellers,Preferred month,Message,Status,Assigned to,Call back on (IST),Notes,ID");
  expect(text).toContain(`"2026-11-24 06:15, Administrator: Called, quote sent\n2026-11-24 08:30, Ravi: =1+1 booked"`);
  // Three records, each ending in its ID (a note's line break is inside its quoted cell).
  expect(lines.filter((line) => /,lead-\d+$/.test(line))).toHaveLength(3);
  expect(text).toContain(`"'=HYPERLINK(""http://evil.example"",""${tag}"")"`);
  expect(text).toContain(`"Plain, Name ${tag}"`);
  // Opened with ";" as the separator, the second part is text, not a formula; the phone reads as typed.
  expect(text).toContain(`"Asha;'=2*7;${tag}",+91 98765 43210,`);
  // A "phone" that is not one is text.
  expect(text).toContain(`,'+1+2,`);
  // Times are Indian time, as Excel reads them: "2026-11-24 06:15".
  const [stored] = await db.query<{ created_at: string }>(`select created_at from leads where name = $1`, [`Asha;=2*7;${tag}`]);
  const ist = new Date(new Date(stored!.created_at).getTime() + 330 * 60_000).toISOString().replace("T", " ").slice(0, 16);
  expect(lines.find((line) => line.includes(`Asha;'=2*7;${tag}`))!.startsWith(`${ist},`)).toBe(true);
  // Split at every separator a spreadsheet may use, no part starts a formula, but for plain phone numbers.
  const parts = text.split(/[,;\t\r\n"]+/).filter((part) => !/^\+\d[\d ]+$/.test(part));
  expect(parts.filter((part) => /^[=+\-@]/.test(part))).toEqual([]);

  const response = await page.request.get(`/admin/enquiries.csv?q=${tag}`);
  expect(response.headers()["content-type"]).toBe("text/csv; charset=utf-8");
  expect(response.headers()["content-disposition"]).toMatch(/^attachment; filename="enquiries-\d{4}-\d{2}-\d{2}\.csv"$/);
});

test("the .xlsx export opens: date cells in Indian time, the phone and `=2*7` as text cells, the notes in one cell", async ({ adminPage: page, db }) => {
  const tag = marker();
  cleanUpEnquiries(db, tag);
  await postLead(page, `Asha ${tag}`, "+91 98765 43210");
  await postLead(page, `=2*7 ${tag}`);
  const [asha] = await db.query<{ id: number; created_at: string }>(`select id, created_at from leads where name = $1`, [`Asha ${tag}`]);
  await db.query(
    `insert into enquiry_notes (lead_id, author_name, body, created_at) values ($1, 'Administrator', 'Called, quote sent', '2026-11-24T00:45:00Z'), ($1, 'Ravi', 'Booked', '2026-11-24T03:00:00Z')`,
    [asha!.id],
  );
  await gotoHydrated(page, `/admin/enquiries?q=${tag}`);
  const link = page.getByRole("link", { name: "Download Excel (.xlsx)" });
  await expect(link).toHaveAttribute("href", `/admin/enquiries.xlsx?q=${tag}`);
  const download = page.waitForEvent("download");
  await link.click();
  expect((await download).suggestedFilename()).toMatch(/^enquiries-\d{4}-\d{2}-\d{2}\.xlsx$/);
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load((await fs.readFile(await (await download).path())) as unknown as ExcelJS.Buffer);
  const sheet = workbook.getWorksheet("Enquiries")!;
  const header = (sheet.getRow(1).values as unknown[]).slice(1);
  expect(header).toEqual([
    "Received (IST)",
    "Source",
    "Name",
    "Phone",
    "E-mail",
    "Package",
    "Travellers",
    "Preferred month",
    "Message",
    "Status",
    "Assigned to",
    "Call back on (IST)",
    "Notes",
    "ID",
  ]);
  const column = (name: string) => header.indexOf(name) + 1;
  const rows = sheet.getRows(2, sheet.rowCount - 1)!;
  expect(rows.map((row) => row.getCell(column("Name")).value)).toEqual([`=2*7 ${tag}`, `Asha ${tag}`]);
  const [formula, row] = rows as [ExcelJS.Row, ExcelJS.Row];
  expect(formula.getCell(column("Name")).type).toBe(ExcelJS.ValueType.String);
  expect(row.getCell(column("Phone")).type).toBe(ExcelJS.ValueType.String);
  expect(row.getCell(column("Phone")).value).toBe("+91 98765 43210");
  // A real date, holding the time in India (UTC+5:30).
  const received = row.getCell(column("Received (IST)"));
  expect(received.type).toBe(ExcelJS.ValueType.Date);
  const ist = new Date(new Date(asha!.created_at).getTime() + 330 * 60_000).toISOString().slice(0, 16);
  expect((received.value as Date).toISOString().slice(0, 16)).toBe(ist);
  expect(row.getCell(column("Notes")).value).toBe("2026-11-24 06:15, Administrator: Called, quote sent\n2026-11-24 08:30, Ravi: Booked");
  expect(row.getCell(column("ID")).value).toBe(`lead-${asha!.id}`);

  const response = await page.request.get(`/admin/enquiries.xlsx?q=${tag}`);
  expect(response.headers()["content-type"]).toBe("application/vnd.openxmlformats-officedocument.spreadsheetml.sheet");
  const anonymous = await page.context().browser()!.newContext();
  const refused = await anonymous.request.get(`/admin/enquiries.xlsx?q=${tag}`, { maxRedirects: 0 });
  expect(refused.status()).toBe(302);
  await anonymous.close();
});

// At 390 px the same loads give the inbox's, an enquiry's and the personal-data screen's whole-page scans
// (at 1366 px the journeys above scan them where they show them; ADR 084).
test("the first enquiry is three Tab presses from the top, through the skip link to the list; at 390 px axe finds no violations on the list, the detail and personal data", async ({
  adminPage: page,
  db,
}) => {
  const tag = marker();
  cleanUpEnquiries(db, tag);
  await postLead(page, `Keyboard ${tag}`);
  // A note, so that the detail's scan covers the notes and their history too.
  const [lead] = await db.query<{ id: number }>(`select id from leads where name = $1`, [`Keyboard ${tag}`]);
  await db.query(`insert into enquiry_notes (lead_id, author_name, body) values ($1, 'Administrator', 'A note')`, [lead!.id]);
  for (const viewport of [
    { width: 1366, height: 768 },
    { width: 390, height: 844 },
  ]) {
    await page.setViewportSize(viewport);
    await gotoHydrated(page, "/admin/enquiries");
    if (viewport.width === 390) await expectNoAxeViolations(page);
    const first = bodyRows(page).first().getByRole("link").first();
    await expect(first).toHaveText(`Keyboard ${tag}`);
    await page.keyboard.press("Tab");
    await expect(page.getByRole("link", { name: "Skip to content" })).toBeFocused();
    await page.keyboard.press("Tab");
    const skip = page.getByRole("link", { name: "Skip to the enquiry list" });
    await expect(skip).toBeFocused();
    await expect(skip).toBeInViewport();
    await screenshot(page, `inbox-skip-link-${viewport.width}`);
    await page.keyboard.press("Enter");
    await expect(page.getByRole("region", { name: "Enquiry list" })).toBeFocused();
    await page.keyboard.press("Tab");
    await expect(first).toBeFocused();
    await page.keyboard.press("Enter");
    await expect(page.getByRole("heading", { level: 1, name: `Keyboard ${tag}` })).toBeVisible();
    if (viewport.width === 390) {
      await expect(page.getByRole("region", { name: "Notes" }).getByText("A note", { exact: true })).toBeVisible();
      await expect(page.locator("html[data-hydrated]")).toBeAttached();
      await expectNoAxeViolations(page);
      await gotoHydrated(page, "/admin/enquiries/personal-data");
      await expectNoAxeViolations(page);
    }
  }
});

test("personal data: find a person by phone, export it as JSON, delete it after typing the number", async ({ adminPage: page, db }) => {
  const tag = marker();
  cleanUpEnquiries(db, tag);
  const phone = uniquePhone();
  await postLead(page, `Priya Popup ${tag}`, phone);
  const contact = await page.request.post("/api/contact", {
    data: {
      firstName: "Priya",
      lastName: `Private ${tag}`,
      email: `priya-${tag.toLowerCase()}@example.com`,
      phone: phone.replace(/\s/g, ""),
      message: "Please call",
    },
  });
  expect(contact.status()).toBe(201);
  const [lead] = await db.query<{ id: number }>(`select id from leads where name = $1`, [`Priya Popup ${tag}`]);
  await db.query(`insert into enquiry_notes (lead_id, author_name, body) values ($1, 'Administrator', $2)`, [lead!.id, `note ${tag}`]);

  await gotoHydrated(page, "/admin/enquiries");
  await page.getByRole("link", { name: "Personal data" }).click();
  await expect(page).toHaveURL(/\/admin\/enquiries\/personal-data$/);
  await expect(page.locator("html[data-hydrated]")).toBeAttached();
  await page.getByLabel("Phone number or e-mail address").fill(phone);
  await page.getByRole("button", { name: "Find" }).click();
  const found = page.getByRole("region", { name: `Held about ${phone}` });
  await expect(found).toContainText("2 enquiries, 1 note, 2 notifications");
  await expect(found.getByRole("link", { name: `Priya Popup ${tag}` })).toBeVisible();
  // The search was posted: the number is not in the address.
  expect(page.url()).not.toContain(phone.replace(/\D/g, "").slice(-5));

  const download = page.waitForEvent("download");
  await found.getByRole("button", { name: "Export as JSON" }).click();
  const exported = JSON.parse(await fs.readFile(await (await download).path(), "utf8"));
  expect(exported.leads.map((row: { name: string }) => row.name)).toEqual([`Priya Popup ${tag}`]);
  expect(exported.contactMessages.map((row: { lastName: string }) => row.lastName)).toEqual([`Private ${tag}`]);
  expect(exported.notes.map((note: { body: string }) => note.body)).toEqual([`note ${tag}`]);
  expect(exported.notifications).toHaveLength(2);

  await gotoHydrated(page, "/admin/enquiries/personal-data");
  // The personal-data screen's whole-page scan at 1366 px.
  await expectNoAxeViolations(page);
  await page.getByLabel("Phone number or e-mail address").fill(phone);
  await page.getByRole("button", { name: "Find" }).click();
  await page.getByRole("button", { name: "Delete all of it" }).click();
  const dialog = page.getByRole("dialog", { name: `Delete everything held about ${phone}?` });
  await dialog.getByLabel("Type the phone number").fill(phone);
  await dialog.getByRole("button", { name: "Delete for good" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Deleted 2 enquiries, 1 note and 2 notifications." })).toBeVisible();

  const left = await db.query(
    `select 1 from leads where name like $1 union all select 1 from contact_messages where last_name like $1
     union all select 1 from enquiry_notes where body like $1
     union all select 1 from jobs where payload::text like $1`,
    [`%${tag}%`],
  );
  expect(left).toEqual([]);
  const [entry] = await db.query<{ detail: unknown; row: string }>(
    `select detail, row_to_json(activity)::text as row from activity where kind = 'enquiry.personal-data-deleted' order by id desc limit 1`,
  );
  expect(entry!.detail).toEqual({ leads: 1, contactMessages: 1, notes: 1, outbox: 2, bookings: 0 });
  expect(entry!.row).not.toContain(phone.replace(/\D/g, "").slice(-6));
  expect(entry!.row).not.toContain(tag);
  db.onCleanup(() =>
    db.query(
      `delete from activity where kind in ('enquiry.personal-data-deleted', 'enquiry.personal-data-exported') and user_id is not null and at > now() - interval '1 hour'`,
    ),
  );
});

test("anonymous callers are refused, the CSV and the JSON export too; editors may not open personal data", async ({
  editorPage: page,
  playwright,
  baseURL,
}) => {
  const anonymous = await playwright.request.newContext({ baseURL });
  for (const url of ["/admin/enquiries", "/admin/enquiries.csv", "/admin/enquiries/lead-1", "/admin/enquiries/personal-data"]) {
    const response = await anonymous.get(url, { maxRedirects: 0 });
    expect(response.status(), url).toBe(302);
    expect(response.headers()["location"], url).toBe(`/admin?redirectTo=${encodeURIComponent(url)}`);
  }
  const csv = await anonymous.get("/admin/enquiries.csv?q=a");
  expect(await csv.text()).not.toContain("Received,Source");
  const exported = await anonymous.post("/admin/enquiries/personal-data.json", { form: { q: "+91 98765 43210" }, maxRedirects: 0 });
  expect(exported.status()).toBe(302);
  const status = await anonymous.post("/admin/enquiries/lead-1", { form: { intent: "status", status: "spam" }, maxRedirects: 0 });
  expect(status.status()).toBe(302);
  await anonymous.dispose();

  const response = await page.goto("/admin/enquiries/personal-data");
  expect(response?.status()).toBe(403);
  const post = await page.request.post("/admin/enquiries/personal-data", {
    form: { intent: "delete", q: "+91 98765 43210", confirm: "+91 98765 43210" },
    maxRedirects: 0,
  });
  expect(post.status()).toBe(403);
  // The inbox itself is theirs.
  expect((await page.goto("/admin/enquiries"))?.status()).toBe(200);
});
