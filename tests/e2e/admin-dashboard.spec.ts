import { expectNoAxeViolations } from "./axe";
import type { Page } from "@playwright/test";
import { ADMIN } from "./admin-helpers";
import { expect, gotoHydrated, screenshot, test, type TestDatabase } from "./fixtures";

test.use({ extraHTTPHeaders: { "x-forwarded-for": "10.250.0.30" } });

/** The figure a stat card of the dashboard shows, e.g. "Today". */
async function figure(page: Page, label: string): Promise<number> {
  const card = page
    .getByRole("region", { name: "New enquiries" })
    .locator("div")
    .filter({ has: page.locator("dt", { hasText: new RegExp(`^${label}$`) }) });
  return Number(await card.locator("dd").innerText());
}

/** A team e-mail job given up on (12 failed tries), as after a long SMTP outage; cleaned up with the test. */
async function failedOutboxRow(db: TestDatabase, subjectType: "lead" | "contact-message", subjectId: number, subject: string) {
  const payload = { to: "team@example.com", subject, text: "Phone: +91 90000 77777" };
  const [row] = await db.query<{ id: number }>(
    `insert into jobs (type, subject_type, subject_id, payload, status, attempts, last_error, last_attempt_at)
     values ('email', $1, $2, $3, 'failed', 12, '451: Try again later', now()) returning id`,
    [subjectType, subjectId, JSON.stringify(payload)],
  );
  db.onCleanup(() => db.query(`delete from jobs where id = $1`, [row!.id]));
  return row!.id;
}

/** A lead whose team e-mail was given up on. */
async function failedDelivery(db: TestDatabase, name: string) {
  const [lead] = await db.query<{ id: number }>(`insert into leads (source, name, phone) values ('popup', $1, '+91 90000 77777') returning id`, [name]);
  db.onCleanup(() => db.query(`delete from leads where id = $1`, [lead!.id]));
  return { id: await failedOutboxRow(db, "lead", lead!.id, `New call-back request from ${name}`), leadId: lead!.id };
}

test("the figures: a lead just posted counts today, this week and this month and by source; a package page viewed by a browser (not a bot) counts once a day in the top packages by page views", async ({
  adminPage: page,
  playwright,
  baseURL,
  db,
}) => {
  const [{ views: before } = { views: 0 }] = await db.query<{ views: number }>(`select views from packages where slug = 'vietnam'`);
  const chrome = "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/141.0.0.0 Safari/537.36";
  const visitor = await playwright.request.newContext({ baseURL, extraHTTPHeaders: { "x-forwarded-for": "10.250.0.32", "user-agent": chrome } });
  for (let i = 0; i < 2; i++) expect((await visitor.get("/packages/vietnam")).status()).toBe(200);
  await visitor.dispose();
  const crawler = await playwright.request.newContext({
    baseURL,
    extraHTTPHeaders: { "x-forwarded-for": "10.250.0.33", "user-agent": "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)" },
  });
  expect((await crawler.get("/packages/vietnam")).status()).toBe(200);
  await crawler.dispose();
  const [{ views: after } = { views: 0 }] = await db.query<{ views: number }>(`select views from packages where slug = 'vietnam'`);
  expect(after).toBe(before + 1);

  await gotoHydrated(page, "/admin/dashboard");
  const byViews = page.getByRole("region", { name: "Top packages by page views" });
  await expect(byViews.getByRole("listitem").filter({ hasText: "Vietnam Express" })).toContainText(new RegExp(`${after} views?`));

  // A lead posted now: the figures go up by one at the next load.
  const figures = { today: await figure(page, "Today"), week: await figure(page, "This week"), month: await figure(page, "This month") };
  const response = await page.request.post("/api/leads", { data: { name: "Dashboard Visitor", phone: "+91 90000 66666" } });
  expect(response.status()).toBe(201);
  db.onCleanup(async () => {
    await db.query(`delete from jobs where subject_type = 'lead' and subject_id in (select id from leads where phone = '+91 90000 66666')`);
    await db.query(`delete from leads where phone = '+91 90000 66666'`);
  });

  await page.reload();
  await expect(page.getByRole("heading", { level: 1, name: "Welcome to Admin Dashboard" })).toBeVisible();
  expect(await figure(page, "Today")).toBe(figures.today + 1);
  expect(await figure(page, "This week")).toBe(figures.week + 1);
  expect(await figure(page, "This month")).toBe(figures.month + 1);
  // The bars carry their numbers as text.
  const popups = page.getByRole("region", { name: "Enquiries by source" }).getByRole("listitem").filter({ hasText: "Call-back requests (popup)" });
  await expect(popups).toContainText(/[1-9]\d* enquir/);
});

// One dashboard with a failing e-mail to retry, a failing backup and failing deliveries of a lead and a contact message.
test("notifications: failing deliveries and backups are listed and link to their enquiry; retry sends one; without SMTP, an e-mail written to a file is not 'sent'", async ({
  adminPage: page,
  db,
}) => {
  const { id, leadId: retriedLeadId } = await failedDelivery(db, "Retry Rao");
  // Retrying in a day: the e2e server's worker leaves it alone. 2026-11-27 (IST) is not a day its own scheduler queues.
  const [backupJob] = await db.query<{ id: number }>(
    `insert into jobs (type, lane, subject_type, subject_id, payload, status, attempts, last_error, last_attempt_at, run_at)
     values ('backup', 'long', 'backup-day', 20261127, '{}', 'pending', 4, 'ENOSPC: no space left on device', now(), now() + interval '1 day') returning id`,
  );
  db.onCleanup(() => db.query(`delete from jobs where id = $1`, [backupJob!.id]));
  const { leadId } = await failedDelivery(db, "Linked Lead");
  const [message] = await db.query<{ id: number }>(
    `insert into contact_messages (first_name, last_name, email, phone, message) values ('Linked', 'Message', 'linked@example.com', '+91 90000 77778', 'Hello') returning id`,
  );
  db.onCleanup(() => db.query(`delete from contact_messages where id = $1`, [message!.id]));
  await failedOutboxRow(db, "contact-message", message!.id, "New contact message from Linked Message");

  await gotoHydrated(page, "/admin/dashboard");
  // The dashboard's whole-page scans, with failing rows listed: at 1366 px here, and at 390 px on a page of its
  // own in the same signed-in browser (one test for both sizes, ADR 104).
  await expectNoAxeViolations(page);
  await test.step("at 390 px the dashboard has no axe violations", async () => {
    const phone = await page.context().newPage();
    await phone.setViewportSize({ width: 390, height: 844 });
    await gotoHydrated(phone, "/admin/dashboard");
    await expect(phone.getByRole("row").filter({ hasText: "Retry Rao" })).toBeVisible();
    await screenshot(phone, "dashboard-390", { fullPage: true });
    await expectNoAxeViolations(phone);
    await phone.close();
  });
  const notifications = page.getByRole("region", { name: "Notifications" });

  await test.step("a failing backup is listed as a backup, by its day", async () => {
    const backup = notifications.getByRole("row").filter({ hasText: "Daily backup of 27 Nov 2026" });
    await expect(backup.getByRole("cell", { name: "Backup", exact: true })).toBeVisible();
    await expect(backup).toContainText("ENOSPC: no space left on device");
  });

  await test.step("each failing delivery links to its enquiry's page: a lead's and a contact message's", async () => {
    await expect(notifications.getByRole("link", { name: `Linked Lead (call-back request #${leadId})` })).toHaveAttribute(
      "href",
      `/admin/enquiries/lead-${leadId}`,
    );
    await expect(notifications.getByRole("link", { name: `Linked Message (contact message #${message!.id})` })).toHaveAttribute(
      "href",
      `/admin/enquiries/contact-${message!.id}`,
    );
  });

  // Before the retry: a delivery that succeeds makes the other failed e-mails due again (issue 49).
  await test.step("the failing lead's link opens its enquiry", async () => {
    await notifications.getByRole("link", { name: `Linked Lead (call-back request #${leadId})` }).click();
    await expect(page).toHaveURL(new RegExp(`/admin/enquiries/lead-${leadId}$`));
    await expect(page.getByRole("heading", { level: 1, name: "Linked Lead" })).toBeVisible();
    await page.goBack();
    await expect(page.getByRole("heading", { level: 1, name: "Welcome to Admin Dashboard" })).toBeVisible();
  });

  await test.step("a delivery that keeps failing is listed, and its retry button sends it", async () => {
    const row = notifications.getByRole("row").filter({ hasText: "Retry Rao" });
    await expect(row).toContainText("451: Try again later");
    await expect(row).toContainText("E-mail");
    await expect(notifications.locator("dt", { hasText: "Failing" }).locator("..")).not.toContainText(/^Failing0/);

    await row.getByRole("button", { name: new RegExp(`Retry delivery #${id}`) }).click();
    await expect(page.getByRole("status")).toContainText(`Delivery #${id} will be tried again now.`);
    // The worker (woken by the retry) writes it to the outbox folder and marks it done.
    await expect
      .poll(async () => (await db.query<{ status: string }>(`select status from jobs where id = $1`, [id]))[0]?.status, { timeout: 10_000 })
      .toBe("done");
    await page.reload();
    await expect(page.getByRole("row").filter({ hasText: "Retry Rao" })).toHaveCount(0);

    const [entry] = await db.query<{ actor_email: string }>(`select actor_email from activity where kind = 'notification.retried' and subject_id = $1`, [
      String(id),
    ]);
    expect(entry?.actor_email).toBe(ADMIN.email);
    db.onCleanup(() => db.query(`delete from activity where kind = 'notification.retried' and subject_id = $1`, [String(id)]));
  });

  await test.step("without SMTP (the e2e servers have none) the e-mail just written to a file is not 'sent'", async () => {
    await expect(notifications.getByText("E-mail is not set up: notifications are saved on the server only")).toBeVisible();
    await expect(notifications.getByText("Enquiry notifications: e-mail and webhook")).toBeVisible();
    const lastSent = notifications.locator("dt", { hasText: "Last sent" }).locator("..");
    await expect(lastSent).toContainText("Nothing sent yet");
    await expect(lastSent).toContainText("webhook deliveries only");
  });

  await test.step("the page of the lead whose e-mail went to a file says e-mail is not set up", async () => {
    await page.goto(`/admin/enquiries/lead-${retriedLeadId}`);
    await expect(page.getByText("E-mail is not set up: notifications are saved on the server only")).toBeVisible();
  });
});

test("a signed-out POST cannot retry a delivery", async ({ playwright, db, baseURL }) => {
  const { id } = await failedDelivery(db, "Anonymous Retry");
  const anonymous = await playwright.request.newContext({ baseURL, extraHTTPHeaders: { "x-forwarded-for": "10.250.0.31", origin: baseURL! } });
  const response = await anonymous.post("/admin/dashboard", { form: { intent: "retry-delivery", id: String(id) }, maxRedirects: 0 });
  expect(response.status()).toBe(302);
  expect(response.headers().location).toMatch(/^\/admin\?redirectTo=/);
  await anonymous.dispose();
  expect((await db.query<{ status: string }>(`select status from jobs where id = $1`, [id]))[0]?.status).toBe("failed");
});
