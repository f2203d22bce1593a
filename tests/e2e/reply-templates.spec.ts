import crypto from "node:crypto";
import { expectNoAxeViolations } from "./axe";
import type { Page } from "@playwright/test";
import { ADMIN, expect, signIn, test } from "./admin-helpers";
import { gotoHydrated, signInAs, type TestDatabase } from "./fixtures";

// Reply templates (issue 23, ADR 046). This file's own client address: its sign-ins and form posts count against no other file's.
test.use({ extraHTTPHeaders: { "x-forwarded-for": "10.250.23.46" } });
// Several pages and a second browser per test, on a shared machine.
test.setTimeout(90_000);

const marker = () => `E2E${crypto.randomBytes(3).toString("hex")}`;

/** Removes the enquiries a test made (by the marker in their names), with their notes and activity. */
function cleanUpEnquiries(db: TestDatabase, tag: string) {
  db.onCleanup(async () => {
    const like = `%${tag}%`;
    for (const { id } of await db.query<{ id: number }>(`select id from leads where name like $1`, [like])) {
      await db.query(`delete from jobs where subject_type = 'lead' and subject_id = $1`, [id]);
      await db.query(`delete from activity where subject_type = 'enquiry' and subject_id = $1`, [`lead-${id}`]);
      await db.query(`delete from leads where id = $1`, [id]);
    }
    for (const { id } of await db.query<{ id: number }>(`select id from contact_messages where last_name like $1`, [like])) {
      await db.query(`delete from jobs where subject_type = 'contact-message' and subject_id = $1`, [id]);
      await db.query(`delete from activity where subject_type = 'enquiry' and subject_id = $1`, [`contact-${id}`]);
      await db.query(`delete from contact_messages where id = $1`, [id]);
    }
  });
}

/** Puts the templates back as they were after a test that saves them (its revisions and activity go too). */
async function keepTemplates(db: TestDatabase) {
  const before = await db.query(`select name, channel, subject, body, sort_order from reply_templates order by sort_order, id`);
  const revisions = await db.query<{ id: number }>(`select coalesce(max(id), 0)::int as id from content_revisions`);
  db.onCleanup(async () => {
    await db.query(`delete from reply_templates`);
    for (const row of before) {
      await db.query(`insert into reply_templates (name, channel, subject, body, sort_order) values ($1, $2, $3, $4, $5)`, [
        row.name,
        row.channel,
        row.subject,
        row.body,
        row.sort_order,
      ]);
    }
    await db.query(`delete from content_revisions where entity_type = 'reply-templates' and id > $1`, [revisions[0]!.id]);
    await db.query(`delete from activity where kind = 'reply-templates.updated'`);
  });
}

async function postPackageEnquiry(page: Page, db: TestDatabase, name: string) {
  const response = await page.request.post("/api/enquiries", {
    data: { name, phone: "98450 12345", travellers: 2, preferredMonth: "2027-02", packageSlug: "bali" },
  });
  expect(response.status(), await response.text()).toBe(201);
  const [lead] = await db.query<{ id: number; package_title: string }>(`select id, package_title from leads where name = $1`, [name]);
  return { path: `/admin/enquiries/lead-${lead!.id}`, id: lead!.id, packageTitle: lead!.package_title };
}

async function noAxeViolations(page: Page) {
  await expectNoAxeViolations(page, { within: "main" });
}

test("an editor sends the Quote template on WhatsApp: the link has the name and package filled, opens at once, and a note is recorded", async ({
  page,
  db,
  staff,
}) => {
  const tag = marker();
  cleanUpEnquiries(db, tag);
  const editor = await staff.create("editor", `Ravi ${tag}`);
  await page.setViewportSize({ width: 390, height: 844 });
  await signInAs(page, editor);
  const enquiry = await postPackageEnquiry(page, db, `Nila Quote ${tag}`);
  // wa.me is outside the test machine: the new tab gets a page of our own.
  await page.context().route("https://wa.me/**", (route) => route.fulfill({ contentType: "text/html", body: "<title>WhatsApp</title>" }));

  await gotoHydrated(page, enquiry.path);
  const sent = page.getByRole("region", { name: "What they sent" });
  // A note being typed when the reply goes out is kept.
  await page.getByLabel("Add a note").fill(`Asked about flights from Pune ${tag}`);
  await sent.getByText("Reply on WhatsApp").click();
  await expect(sent.getByRole("radio", { name: "Quote", exact: true })).toBeChecked();
  await expect(sent.getByRole("checkbox", { name: "Mark as Contacted when sent" })).toBeChecked();
  const link = sent.getByRole("link", { name: /^Send on WhatsApp/ });
  const href = new URL((await link.getAttribute("href"))!);
  expect(href.origin + href.pathname).toBe("https://wa.me/919845012345");
  const text = href.searchParams.get("text")!;
  expect(text).toContain(`Hello Nila, this is Ravi ${tag} from Pravas.`);
  expect(text).toContain(`Thank you for your interest in ${enquiry.packageTitle}.`);
  expect(text).toContain("for February 2027");
  expect(text).not.toMatch(/\{(name|package|departure|agent)\}/);
  await noAxeViolations(page);

  // The message can be adjusted before sending: the link follows it.
  const message = sent.getByLabel("Message");
  await message.fill(`${text} We also have a 6-night option.`);
  expect(new URL((await link.getAttribute("href"))!).searchParams.get("text")).toBe(`${text} We also have a 6-night option.`);

  // A slow server does not hold the link back: the tab opens while the note is still on its way.
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route("**/admin/enquiries/*/reply-sent", async (route) => {
    if (route.request().method() === "POST") await held;
    await route.continue();
  });
  const popup = page.waitForEvent("popup");
  await link.click();
  const whatsapp = await popup;
  await expect(whatsapp).toHaveURL(/^https:\/\/wa\.me\/919845012345\?text=/);
  await expect(sent.getByRole("status").filter({ hasText: "Noting the reply…" })).toBeVisible();
  release();
  await expect(
    page
      .getByRole("status")
      .filter({ hasText: `Sent “Quote” on WhatsApp: noted, and Nila Quote ${tag}’s enquiry about ${enquiry.packageTitle} is Contacted now.` }),
  ).toBeVisible();
  await page.unroute("**/admin/enquiries/*/reply-sent");

  await expect(page.getByRole("region", { name: "Notes" }).getByText("Sent “Quote” on WhatsApp")).toBeVisible();
  await expect(page.getByRole("region", { name: "History" })).toContainText("Status: New → Contacted");
  await expect(page.getByLabel("Status")).toHaveValue("contacted");
  await expect(page.getByLabel("Add a note")).toHaveValue(`Asked about flights from Pune ${tag}`);
  const notes = await db.query<{ body: string; author_name: string }>(`select body, author_name from enquiry_notes where lead_id = $1`, [enquiry.id]);
  expect(notes).toEqual([{ body: "Sent “Quote” on WhatsApp", author_name: `Ravi ${tag}` }]);
  const [entry] = await db.query<{ subject_label: string }>(`select subject_label from activity where kind = 'enquiry.reply-sent' and subject_id = $1`, [
    `lead-${enquiry.id}`,
  ]);
  expect(entry!.subject_label).toBe(`Nila Quote ${tag}’s enquiry about ${enquiry.packageTitle}`);
});

test("a contact message answered by e-mail opens the agent's mail app with subject and body, and is noted", async ({ adminPage: page, db }) => {
  const tag = marker();
  cleanUpEnquiries(db, tag);
  const posted = await page.request.post("/api/contact", {
    data: { firstName: "Meera", lastName: `Mail ${tag}`, email: `meera-${tag.toLowerCase()}@example.com`, phone: "+91 99887 76655", message: "Kerala in May?" },
  });
  expect(posted.status(), await posted.text()).toBe(201);
  const [contact] = await db.query<{ id: number }>(`select id from contact_messages where last_name = $1`, [`Mail ${tag}`]);
  await gotoHydrated(page, `/admin/enquiries/contact-${contact!.id}`);
  const sent = page.getByRole("region", { name: "What they sent" });
  await sent.getByText("Reply by e-mail").click();
  await expect(sent.getByRole("radio", { name: "Quote by e-mail" })).toBeChecked();
  await expect(sent.getByLabel("Subject")).toHaveValue("Your quote for a holiday with us");
  const link = sent.getByRole("link", { name: /^Open in my mail app/ });
  const href = (await link.getAttribute("href"))!;
  expect(href.startsWith(`mailto:meera-${tag.toLowerCase()}@example.com?subject=Your%20quote%20for%20a%20holiday%20with%20us&body=`)).toBe(true);
  const body = decodeURIComponent(href.split("&body=")[1]!);
  expect(body).toContain("Dear Meera,\n\nThank you for your enquiry about a holiday with us. I am preparing your quote for dates that suit you");
  expect(body).toContain(`Warm regards,\n${ADMIN.name}\nPravas`);
  await sent.getByText("Reply on WhatsApp").click();
  await noAxeViolations(page);

  // Untick "Mark as Contacted": the note is recorded, the status stays New. The mailto: itself is the browser's business.
  await sent.getByRole("group").filter({ hasText: "Reply by e-mail" }).getByRole("checkbox", { name: "Mark as Contacted when sent" }).uncheck();
  await link.evaluate((element) => element.addEventListener("click", (event) => event.preventDefault()));
  // The connection drops as the link is tapped: the page says the note is missing, and Retry records it once.
  await page.route("**/admin/enquiries/*/reply-sent", (route) =>
    route.request().method() === "POST" ? route.abort("internetdisconnected") : route.continue(),
  );
  await link.click();
  const failed = sent.getByRole("alert");
  await expect(failed).toContainText("The reply opened, but the note was not recorded.");
  await page.unroute("**/admin/enquiries/*/reply-sent");
  await failed.getByRole("button", { name: "Retry" }).click();
  await expect(page.getByRole("status").filter({ hasText: `Sent “Quote by e-mail” by e-mail: noted on Meera Mail ${tag}’s contact message.` })).toBeVisible();
  await expect(page.getByRole("region", { name: "Notes" }).getByText("Sent “Quote by e-mail” by e-mail")).toBeVisible();
  await expect(page.getByLabel("Status")).toHaveValue("new");
  expect(await db.query(`select id from enquiry_notes where contact_message_id = $1`, [contact!.id])).toHaveLength(1);
});

test("the status saves on change, without a Save button, and keeps the note being typed", async ({ adminPage: page, db }) => {
  const tag = marker();
  cleanUpEnquiries(db, tag);
  const enquiry = await postPackageEnquiry(page, db, `Status Tap ${tag}`);
  await gotoHydrated(page, enquiry.path);
  const followUp = page.getByRole("region", { name: "Follow-up" });
  await expect(followUp.getByRole("button", { name: "Save status" })).toHaveCount(0);
  await page.getByLabel("Add a note").fill("Will call back after 6 pm.");
  await followUp.getByLabel("Status").focus();
  await followUp.getByLabel("Status").selectOption("contacted");
  await expect(
    page.getByRole("status").filter({ hasText: `Status changed to Contacted: Status Tap ${tag}’s enquiry about ${enquiry.packageTitle}.` }),
  ).toBeVisible();
  await expect(followUp.getByLabel("Status")).toBeFocused();
  await expect(page.getByLabel("Add a note")).toHaveValue("Will call back after 6 pm.");
  const [row] = await db.query<{ status: string }>(`select status from leads where id = $1`, [enquiry.id]);
  expect(row!.status).toBe("contacted");
});

test("admins keep the templates: a name is required inline, a new template is offered on every enquiry, editors may not edit them", async ({
  adminPage: page,
  db,
  staff,
  browser,
  baseURL,
}) => {
  await keepTemplates(db);
  const tag = marker();
  cleanUpEnquiries(db, tag);
  await gotoHydrated(page, "/admin/reply-templates");
  await expect(page.getByRole("heading", { level: 1, name: "Reply templates" })).toBeVisible();
  await noAxeViolations(page);
  const form = page.getByRole("form", { name: "Reply templates" });
  await expect(form.getByLabel("Template 1: name")).toHaveValue("Quote");
  await page.setViewportSize({ width: 390, height: 844 });
  await noAxeViolations(page);
  await page.setViewportSize({ width: 1366, height: 768 });

  await form.getByRole("button", { name: "Add a template" }).click();
  await form.getByLabel("Template 4: message").fill("Hi {name}, {agent} here: the {package} group leaves in {departure}.");
  await form.getByRole("button", { name: "Save templates" }).click();
  const name = form.getByLabel("Template 4: name");
  await expect(name).toHaveAttribute("aria-invalid", "true");
  await expect(form.getByText("Name the template.")).toBeVisible();
  await expect(form.getByLabel("Template 4: message")).toHaveValue("Hi {name}, {agent} here: the {package} group leaves in {departure}.");
  await noAxeViolations(page);
  await name.fill(`Bali group ${tag}`);
  await form.getByRole("button", { name: "Save templates" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Reply templates saved." })).toBeVisible();

  // History: the version before the save loads back into the form as unsaved changes (not saved here).
  const history = page.getByRole("list", { name: "Revisions, newest first" });
  await history.getByRole("button", { name: "Compare with current" }).last().click();
  await expect(history.getByText("reply templates").first()).toBeVisible();
  await history.getByRole("link", { name: "Restore this version" }).click();
  await expect(page.getByText("is loaded as unsaved changes")).toBeVisible();
  await expect(form.getByLabel("Template 4: name")).toHaveCount(0);
  await gotoHydrated(page, "/admin/reply-templates");
  await expect(form.getByLabel("Template 4: name")).toHaveValue(`Bali group ${tag}`);

  const enquiry = await postPackageEnquiry(page, db, `Asha Group ${tag}`);
  await gotoHydrated(page, enquiry.path);
  const sent = page.getByRole("region", { name: "What they sent" });
  await sent.getByText("Reply on WhatsApp").click();
  await sent.getByRole("radio", { name: `Bali group ${tag}` }).check();
  await expect(sent.getByLabel("Message")).toHaveValue(`Hi Asha, ${ADMIN.name} here: the ${enquiry.packageTitle} group leaves in February 2027.`);

  // Editors use the templates but do not edit them.
  const editor = await staff.create("editor");
  const context = await browser.newContext({ baseURL, extraHTTPHeaders: { "x-forwarded-for": "10.250.23.47" } });
  const editorPage = await context.newPage();
  await signIn(editorPage, editor);
  await expect(editorPage.getByRole("link", { name: "Reply templates" })).toHaveCount(0);
  const response = await editorPage.goto("/admin/reply-templates");
  expect(response?.status()).toBe(403);
  await context.close();
});
