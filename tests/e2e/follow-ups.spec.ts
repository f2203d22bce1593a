import crypto from "node:crypto";
import { expectNoAxeViolations } from "./axe";
import type { Page } from "@playwright/test";
import { ADMIN } from "./admin-helpers";
import { expect, gotoHydrated, moveServerClock, screenshot, test, type TestDatabase } from "./fixtures";

/**
 * Call-back dates (issue 23, ADR 045): one tap on the enquiry page, the Due
 * view and the dashboard by the server's test clock, a picked date's inline
 * error, and the daily e-mail's switch on the account page.
 */

// This file's own client address: its sign-ins and form posts never count against other files'.
test.use({ extraHTTPHeaders: { "x-forwarded-for": "10.250.45.1" } });

const DAY_MS = 86_400_000;
const tagOf = () => `E2E${crypto.randomBytes(3).toString("hex")}`;

/** A contact message as the site's form sends it; removed (with its follow-up, outbox rows and history) after the test. */
async function contactMessage(page: Page, db: TestDatabase, tag: string) {
  db.onCleanup(async () => {
    const rows = await db.query<{ id: number }>(`select id from contact_messages where last_name = $1`, [`Callback ${tag}`]);
    for (const { id } of rows) {
      await db.query(`delete from jobs where subject_type = 'contact-message' and subject_id = $1`, [id]);
      await db.query(`delete from activity where subject_type = 'enquiry' and subject_id = $1`, [`contact-${id}`]);
      await db.query(`delete from contact_messages where id = $1`, [id]);
    }
  });
  const response = await page.request.post("/api/contact", {
    data: {
      firstName: "Meera",
      lastName: `Callback ${tag}`,
      email: `meera-${tag.toLowerCase()}@example.com`,
      phone: "+91 99887 76655",
      message: "Kerala in May?",
    },
  });
  expect(response.status(), await response.text()).toBe(201);
  const [row] = await db.query<{ id: number }>(`select id from contact_messages where last_name = $1`, [`Callback ${tag}`]);
  return { key: `contact-${row!.id}`, name: `Meera Callback ${tag}` };
}

const moveClock = (page: Page, ms: number) => moveServerClock(page.request, ms);

test("Tomorrow in one tap; a day later it is in the Due list and first on the dashboard", async ({ adminPage: page, db }) => {
  const tag = tagOf();
  const enquiry = await contactMessage(page, db, tag);
  await gotoHydrated(page, `/admin/enquiries/${enquiry.key}`);
  const panel = page.getByRole("region", { name: "Call back" });
  await expect(panel).toContainText("No call-back date.");
  await panel.getByLabel("Reason (optional)").fill("Send the Kerala quote");
  await panel.getByRole("button", { name: "Tomorrow 10 am" }).click();
  await expect(page.getByText(`Call back Tomorrow, 10:00 am: ${enquiry.name}’s contact message.`)).toBeVisible();
  await expect(panel).toContainText("Call back Tomorrow, 10:00 am · Send the Kerala quote (set by");
  await expect(page.getByRole("region", { name: "History" })).toContainText("Call back set for");
  // The activity log names the enquirer, not an id.
  const [entry] = await db.query<{ subject_label: string }>(`select subject_label from activity where kind = 'enquiry.follow-up-set' and subject_id = $1`, [
    enquiry.key,
  ]);
  expect(entry!.subject_label).toBe(`${enquiry.name}’s contact message`);

  // Not due yet: upcoming.
  await gotoHydrated(page, "/admin/enquiries/due");
  await expect(page.getByRole("region", { name: /^Upcoming/ }).getByRole("link", { name: `${enquiry.name}’s contact message` })).toBeVisible();

  // One day on (the server's test clock): due today or overdue, depending on the hour now.
  await moveClock(page, DAY_MS);
  await gotoHydrated(page, "/admin/enquiries/due");
  const due = page
    .getByRole("region", { name: /^(Overdue|Today) / })
    .getByRole("listitem")
    .filter({ hasText: enquiry.name });
  await expect(due).toBeVisible();
  await expect(due).toContainText("Send the Kerala quote");
  await expect(due.locator("time")).toContainText("Today, 10:00 am");
  await expect(page.getByRole("region", { name: /^Upcoming/ })).not.toContainText(enquiry.name);

  // The inbox links to it, and the sidebar counts it with the New ones.
  await gotoHydrated(page, "/admin/enquiries");
  await expect(page.getByRole("navigation", { name: "Inbox views" }).getByRole("link", { name: /^Due \(\d+ today\)$/ })).toBeVisible();
  await expect(page.getByRole("link", { name: /Enquiries \d+ new or due today/ })).toBeVisible();

  // First thing on the dashboard.
  await gotoHydrated(page, "/admin/dashboard");
  const first = page.locator("#admin-main section").first();
  await expect(first.getByRole("heading", { name: "Call back today" })).toBeVisible();
  await first.getByRole("link", { name: `${enquiry.name}’s contact message` }).click();
  await expect(page).toHaveURL(new RegExp(`/admin/enquiries/${enquiry.key}$`));
  await expect(page.getByRole("region", { name: "Call back" })).toContainText("Today, 10:00 am");
});

test("a picked time in the past is refused beside the date; Clear removes the date and says so in the history", async ({ adminPage: page, db }) => {
  const tag = tagOf();
  const enquiry = await contactMessage(page, db, tag);
  await gotoHydrated(page, `/admin/enquiries/${enquiry.key}`);
  const panel = page.getByRole("region", { name: "Call back" });
  await panel.getByText("Pick a date and time…").click();
  await panel.getByLabel("Date").fill("2020-01-01");
  await panel.getByRole("button", { name: "Set call back" }).click();
  const date = panel.getByLabel("Date");
  await expect(date).toHaveAttribute("aria-invalid", "true");
  await expect(date).toBeFocused();
  const describedBy = await date.getAttribute("aria-describedby");
  await expect(page.locator(`#${describedBy}`)).toHaveText("Choose a time from now on.");

  await date.fill("2099-01-01");
  await panel.getByRole("button", { name: "Set call back" }).click();
  await expect(page.getByText("Choose a date within a year.")).toBeVisible();

  // "Today 5 pm" (or "In an hour" after 5 pm, Indian time) sets it; Clear removes it.
  await panel.getByRole("button", { name: /^(Today 5 pm|In an hour)$/ }).click();
  await expect(page.getByText(new RegExp(`^Call back (Today|Tomorrow), .*: ${enquiry.name}`))).toBeVisible();
  await panel.getByRole("button", { name: "Clear call-back date" }).click();
  await expect(page.getByText(`Call-back date cleared: ${enquiry.name}’s contact message.`)).toBeVisible();
  await expect(panel).toContainText("No call-back date.");
  await expect(page.getByRole("region", { name: "History" })).toContainText("Call-back date cleared");
});

test("the daily e-mail can be turned off and on from the account page", async ({ adminPage: page, db }) => {
  db.onCleanup(() => db.query(`delete from digest_opt_outs where user_id = (select id from "user" where email = $1)`, [ADMIN.email]));
  await gotoHydrated(page, "/admin/account");
  const panel = page.getByRole("region", { name: "Daily e-mail" });
  await expect(panel).toContainText("The daily e-mail is on.");
  await panel.getByRole("button", { name: "Turn the daily e-mail off" }).click();
  await expect(page.getByRole("region", { name: "Daily e-mail" })).toContainText("The daily e-mail is off.");
  expect(await db.query(`select 1 from digest_opt_outs o join "user" u on u.id = o.user_id where u.email = $1`, [ADMIN.email])).toHaveLength(1);
  await page.getByRole("region", { name: "Daily e-mail" }).getByRole("button", { name: "Turn the daily e-mail on" }).click();
  await expect(page.getByRole("region", { name: "Daily e-mail" })).toContainText("The daily e-mail is on.");
});

test("signed out, the follow-up form's post goes to sign-in and changes nothing", async ({ request, db }) => {
  const before = await db.query(`select count(*)::int as n from enquiry_follow_ups`);
  const response = await request.post("/admin/enquiries/contact-1", { form: { intent: "follow-up", when: "tomorrow" }, maxRedirects: 0 });
  expect(response.status()).toBe(302);
  expect(response.headers().location).toMatch(/^\/admin\?redirectTo=/);
  expect(await db.query(`select count(*)::int as n from enquiry_follow_ups`)).toEqual(before);
});

// Both sizes in one test (ADR 104): the parts a call back adds, laid over screens scanned whole in their own
// specs, once at 1366 px; the Due view, a screen of this spec's, whole at each size.
test("axe finds no violations on the call-back panel, the Due view, the dashboard, the inbox and the account page at 1366×768, and on the Due view at 390×844", async ({
  adminPage: page,
  db,
}) => {
  test.setTimeout(90_000);
  const tag = tagOf();
  const enquiry = await contactMessage(page, db, tag);
  await gotoHydrated(page, `/admin/enquiries/${enquiry.key}`);
  const panel = page.getByRole("region", { name: "Call back" });
  // Due today (or in an hour, after 5 pm): the dashboard and the Due view list it.
  await panel.getByRole("button", { name: /^(Today 5 pm|In an hour)$/ }).click();
  await expect(panel).toContainText("(set by");
  await panel.getByText("Pick a date and time…").click();
  await panel.getByLabel("Date").fill("2020-01-01");
  await panel.getByRole("button", { name: "Set call back" }).click();
  await expect(panel.getByLabel("Date")).toHaveAttribute("aria-invalid", "true");
  await panel.scrollIntoViewIfNeeded();
  await screenshot(page, "follow-up-enquiry-1366", { fullPage: true });
  await expectNoAxeViolations(page, { within: "#call-back" });
  for (const [name, url, within] of [
    ["due", "/admin/enquiries/due", undefined],
    ["dashboard", "/admin/dashboard", "#due-today"],
    ["inbox", "/admin/enquiries", "#enquiry-list"],
    ["account", "/admin/account", "#daily-email"],
  ] as const) {
    await gotoHydrated(page, url);
    await screenshot(page, `follow-up-${name}-1366`, { fullPage: true });
    await expectNoAxeViolations(page, within ? { within } : {});
  }

  // At 390 px, a page of its own in the same signed-in browser: the Due view whole, the call back listed.
  const phone = await page.context().newPage();
  await phone.setViewportSize({ width: 390, height: 844 });
  await gotoHydrated(phone, "/admin/enquiries/due");
  await expect(phone.getByRole("main")).toContainText(tag);
  await screenshot(phone, "follow-up-due-390", { fullPage: true });
  await expectNoAxeViolations(phone);
});
