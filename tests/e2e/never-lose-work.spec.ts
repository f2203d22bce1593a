import crypto from "node:crypto";
import { expectNoAxeViolations } from "./axe";
import type { Page } from "@playwright/test";
import { insertBlog } from "./admin-blogs-helpers";
import { copyPackage, openSection } from "./admin-packages-helpers";
import { expect, gotoHydrated, test, type TestDatabase } from "./fixtures";

// Issue 20 §1 (ADR 040): a failed save keeps everything typed, says why and
// retries; a browser copy survives a closed tab. Real server, real browser.

/** A lead of this test's own, removed afterwards with its notes and log entries. */
async function leadOfOwn(page: Page, db: TestDatabase) {
  const name = `Never Lose ${crypto.randomBytes(3).toString("hex")}`;
  const answer = await page.request.post("/api/leads", { data: { name, phone: `+91 9${crypto.randomInt(1000, 9999)} ${crypto.randomInt(10000, 99999)}` } });
  expect(answer.status()).toBe(201);
  const [row] = await db.query<{ id: number }>("select id from leads where name = $1", [name]);
  db.onCleanup(async () => {
    await db.query("delete from enquiry_notes where lead_id = $1", [row!.id]);
    await db.query("delete from activity where subject_type = 'enquiry' and subject_id = $1", [`lead-${row!.id}`]);
    await db.query("delete from jobs where subject_type = 'lead' and subject_id = $1", [row!.id]);
    await db.query("delete from leads where id = $1", [row!.id]);
  });
  return { id: row!.id, name, path: `/admin/enquiries/lead-${row!.id}` };
}

const noteField = (page: Page) => page.getByRole("region", { name: "Notes" }).getByLabel("Add a note");

/** Waits until this browser's copy of the form (written at most once a second, ADR 040) holds every one of `texts`. */
async function copyHolds(page: Page, ...texts: string[]) {
  await expect
    .poll(() =>
      page.evaluate(
        (wanted) =>
          Object.keys(window.localStorage).some((key) => {
            const copy = key.startsWith("pravas:draft:") ? (window.localStorage.getItem(key) ?? "") : "";
            return wanted.every((text) => copy.includes(text));
          }),
        texts,
      ),
    )
    .toBe(true);
}

test("a note saved while the server answers 503, or the network drops, stays typed, says why, and Retry saves it", async ({ adminPage: page, db }) => {
  const lead = await leadOfOwn(page, db);
  await gotoHydrated(page, lead.path);

  await noteField(page).fill("Called at 10:40, asked for the Bali quote with flights from Pune.");
  await page.route("**/admin/enquiries/*.data*", (route) =>
    route.request().method() === "POST" ? route.fulfill({ status: 503, body: "Service Unavailable" }) : route.continue(),
  );
  await page.getByRole("button", { name: "Add note" }).click();
  const failure = page.getByRole("alert").filter({ hasText: "nothing was saved" });
  await expect(failure).toContainText("Something went wrong! The server had a problem and nothing was saved. Everything you typed is still here");
  await expect(noteField(page)).toHaveValue("Called at 10:40, asked for the Bali quote with flights from Pune.");

  await page.unroute("**/admin/enquiries/*.data*");
  await page.route("**/admin/enquiries/*.data*", (route) => (route.request().method() === "POST" ? route.abort("internetdisconnected") : route.continue()));
  await failure.getByRole("button", { name: "Retry" }).click();
  await expect(failure).toContainText("could not be reached");
  await expect(noteField(page)).toHaveValue("Called at 10:40, asked for the Bali quote with flights from Pune.");

  await page.unroute("**/admin/enquiries/*.data*");
  await failure.getByRole("button", { name: "Retry" }).click();
  await expect(page.getByRole("region", { name: "Notes" }).getByText("Called at 10:40, asked for the Bali quote")).toBeVisible();
  await expect(noteField(page)).toHaveValue("");
  const notes = await db.query("select body from enquiry_notes where lead_id = $1", [lead.id]);
  expect(notes).toHaveLength(1);
});

test("a note being typed is kept when the status is saved", async ({ adminPage: page, db }) => {
  const lead = await leadOfOwn(page, db);
  await gotoHydrated(page, lead.path);
  await noteField(page).fill("Wants a twin room; will confirm dates by Friday.");
  const followUp = page.getByRole("region", { name: "Follow-up" });
  // The status saves on change (issue 23).
  await followUp.getByLabel("Status").selectOption("contacted");
  await expect(page.getByRole("status")).toContainText(/Contacted/);
  await expect(noteField(page)).toHaveValue("Wants a twin room; will confirm dates by Friday.");
});

test("a note typed and left in a closed tab is offered back when the enquiry is opened again", async ({ adminPage: page, context, db }) => {
  const lead = await leadOfOwn(page, db);
  await gotoHydrated(page, lead.path);
  await noteField(page).fill("Prefers a morning call; budget about ₹1,20,000 for two.");
  await copyHolds(page, "Prefers a morning call; budget about ₹1,20,000 for two.");
  await page.close();

  const again = await context.newPage();
  await gotoHydrated(again, lead.path);
  await expect(noteField(again)).toHaveValue("");
  await again.getByRole("button", { name: /^Restore unsaved changes from / }).click();
  await expect(noteField(again)).toHaveValue("Prefers a morning call; budget about ₹1,20,000 for two.");
  await again.getByRole("button", { name: "Add note" }).click();
  await expect(again.getByRole("region", { name: "Notes" }).getByText("Prefers a morning call")).toBeVisible();
  // Saved: nothing is offered any more; signing out removes any copy left.
  await again.reload();
  await expect(again.getByRole("button", { name: /^Restore unsaved changes/ })).toHaveCount(0);
  expect(await again.evaluate(() => Object.keys(localStorage).filter((key) => key.startsWith("pravas:draft:")))).toEqual([]);
});

const BALI_PRICE = `'{"kind":"adultChild","adult":99500,"childWithBed":85000,"childNoBed":77500}'::jsonb`;

/** A published copy of a seeded package, its adult price ₹99,500. */
async function packageOfOwn(db: TestDatabase) {
  const copy = await copyPackage(db);
  await db.query(`update packages set price = ${BALI_PRICE}, status = 'published' where id = $1`, [copy.id]);
  return { ...copy, path: `/admin/packages/${copy.id}` };
}

test("a package save with the connection dropped keeps the typed title and price, says why, and Retry saves them", async ({ adminPage: page, db }) => {
  const copy = await packageOfOwn(db);
  await gotoHydrated(page, copy.path);
  const title = `${copy.title} Monsoon`;
  await page.getByLabel("Title", { exact: true }).fill(title);
  await openSection(page, "Prices");
  await page.getByLabel("Adult (₹)").fill("104500");

  await page.route("**/admin/packages/*.data*", (route) => (route.request().method() === "POST" ? route.abort("internetdisconnected") : route.continue()));
  await page.getByRole("button", { name: "Update Package" }).click();
  const failure = page.getByRole("alert").filter({ hasText: "nothing was saved" });
  await expect(failure).toContainText("Something went wrong! The server could not be reached, so nothing was saved.");
  await expect(page.getByLabel("Adult (₹)")).toHaveValue("104500");
  await expect(page.getByLabel("Title", { exact: true })).toHaveValue(title);
  await expectNoAxeViolations(page, { within: "main" });
  const [before] = await db.query<{ title: string }>("select title from packages where id = $1", [copy.id]);
  expect(before!.title).toBe(copy.title);

  await page.unroute("**/admin/packages/*.data*");
  await failure.getByRole("button", { name: "Retry" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Package updated successfully!" })).toBeVisible();
  const [after] = await db.query<{ title: string; price: { adult: number } }>("select title, price from packages where id = $1", [copy.id]);
  expect(after).toMatchObject({ title, price: { adult: 104500 } });
});

test("a blog save answered 503 keeps the title and text typed, and Retry saves them", async ({ adminPage: page, db }) => {
  const post = await insertBlog(db, { status: "draft" });
  await gotoHydrated(page, `/admin/blogs/${post.id}`);
  const title = `${post.title} from Ubud`;
  await page.getByPlaceholder("Enter blog title").fill(title);
  await page.getByLabel("Excerpt").fill("Rice terraces at dawn, and where to stay.");

  await page.route("**/admin/blogs/*.data*", (route) =>
    route.request().method() === "POST" ? route.fulfill({ status: 503, body: "Service Unavailable" }) : route.continue(),
  );
  await page.getByRole("button", { name: "Update Blog" }).click();
  const failure = page.getByRole("alert").filter({ hasText: "nothing was saved" });
  await expect(failure).toContainText("Something went wrong! The server had a problem and nothing was saved.");
  await expect(page.getByPlaceholder("Enter blog title")).toHaveValue(title);
  await expect(page.getByLabel("Excerpt")).toHaveValue("Rice terraces at dawn, and where to stay.");

  await page.unroute("**/admin/blogs/*.data*");
  await failure.getByRole("button", { name: "Retry" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Blog updated successfully!" })).toBeVisible();
  const [row] = await db.query<{ title: string; excerpt: string }>("select title, excerpt from blogs where id = $1", [post.id]);
  expect(row).toMatchObject({ title, excerpt: "Rice terraces at dawn, and where to stay." });
});

test("a package typed and left in a closed tab is offered back; restoring brings the title and price", async ({ adminPage: page, context, db }) => {
  const copy = await packageOfOwn(db);
  await gotoHydrated(page, copy.path);
  const title = `${copy.title} Honeymoon`;
  await page.getByLabel("Title", { exact: true }).fill(title);
  await openSection(page, "Prices");
  await page.getByLabel("Adult (₹)").fill("111000");
  await copyHolds(page, title, "111000");
  await page.close();

  const again = await context.newPage();
  await gotoHydrated(again, copy.path);
  await expect(again.getByLabel("Title", { exact: true })).toHaveValue(copy.title);
  await expect(again.getByRole("button", { name: /^Restore unsaved changes from / })).toBeVisible();
  await expectNoAxeViolations(again, { within: "main" });
  await again.getByRole("button", { name: /^Restore unsaved changes from / }).click();
  await expect(again.getByLabel("Title", { exact: true })).toHaveValue(title);
  await expect(again.getByText("Unsaved changes", { exact: true })).toBeVisible();
  await openSection(again, "Prices");
  await expect(again.getByLabel("Adult (₹)")).toHaveValue("111000");
  await again.keyboard.press("Control+s");
  await expect(again.getByRole("status").filter({ hasText: "Package updated successfully!" })).toBeVisible();
  // Saved: the copy is gone, and nothing is offered any more.
  await again.reload();
  await expect(again.getByLabel("Title", { exact: true })).toHaveValue(title);
  await expect(again.getByRole("button", { name: /^Restore unsaved changes/ })).toHaveCount(0);
});

test("without JavaScript, a save the database refuses comes back as typed with the reason", async ({ adminPage: page, browser, db }) => {
  const copy = await packageOfOwn(db);
  // The database itself refuses this package's update: a real failure inside the server.
  const trigger = `e2e_refuse_${copy.id}`;
  await db.query(`create or replace function ${trigger}() returns trigger language plpgsql as $fn$ begin raise exception 'refused by the test'; end $fn$`);
  await db.query(`create trigger ${trigger} before update on packages for each row when (old.id = ${copy.id}) execute function ${trigger}()`);
  db.onCleanup(async () => {
    await db.query(`drop trigger if exists ${trigger} on packages`);
    await db.query(`drop function if exists ${trigger}()`);
  });
  const plain = await browser.newContext({ storageState: await page.context().storageState(), javaScriptEnabled: false });
  const noScript = await plain.newPage();
  await noScript.goto(copy.path);
  const title = `${copy.title} Without Script`;
  await noScript.getByLabel("Title", { exact: true }).fill(title);
  await noScript.getByLabel("Short description").fill("Typed on a phone with scripts off.");
  const answer = noScript.waitForResponse((response) => response.request().method() === "POST");
  await noScript.getByRole("button", { name: "Update Package" }).click();
  expect((await answer).status()).toBe(503);
  await expect(noScript.getByRole("alert").filter({ hasText: "nothing was saved" })).toContainText("Something went wrong! The server had a problem");
  await expect(noScript.getByLabel("Title", { exact: true })).toHaveValue(title);
  await expect(noScript.getByLabel("Short description")).toHaveValue("Typed on a phone with scripts off.");
  await plain.close();
});
