import crypto from "node:crypto";
import type { Page } from "@playwright/test";
import { ADMIN, signIn } from "./admin-helpers";
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
    await db.query("delete from notification_outbox where subject_type = 'lead' and subject_id = $1", [row!.id]);
    await db.query("delete from leads where id = $1", [row!.id]);
  });
  return { id: row!.id, name, path: `/admin/enquiries/lead-${row!.id}` };
}

const noteField = (page: Page) => page.getByRole("region", { name: "Notes" }).getByLabel("Add a note");

test("a note saved while the server answers 503, or the network drops, stays typed, says why, and Retry saves it", async ({ page, db }) => {
  await signIn(page, ADMIN);
  const lead = await leadOfOwn(page, db);
  await gotoHydrated(page, lead.path);

  await noteField(page).fill("Called at 10:40, asked for the Bali quote with flights from Pune.");
  await page.route("**/admin/enquiries/*.data*", (route) => (route.request().method() === "POST" ? route.fulfill({ status: 503, body: "Service Unavailable" }) : route.continue()));
  await page.getByRole("button", { name: "Add note" }).click();
  const failure = page.getByRole("alert").filter({ hasText: "nothing was saved" });
  await expect(failure).toContainText("The server had a problem and nothing was saved. Everything you typed is still here");
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

test("a note being typed is kept when the status is saved", async ({ page, db }) => {
  await signIn(page, ADMIN);
  const lead = await leadOfOwn(page, db);
  await gotoHydrated(page, lead.path);
  await noteField(page).fill("Wants a twin room; will confirm dates by Friday.");
  const followUp = page.getByRole("region", { name: "Follow-up" });
  await followUp.getByLabel("Status").selectOption("contacted");
  await followUp.getByRole("button", { name: "Save status" }).click();
  await expect(page.getByRole("status")).toContainText(/Contacted/);
  await expect(noteField(page)).toHaveValue("Wants a twin room; will confirm dates by Friday.");
});

test("a note typed and left in a closed tab is offered back when the enquiry is opened again", async ({ page, context, db }) => {
  await signIn(page, ADMIN);
  const lead = await leadOfOwn(page, db);
  await gotoHydrated(page, lead.path);
  await noteField(page).fill("Prefers a morning call; budget about ₹1,20,000 for two.");
  // The copy is written at most once a second.
  await page.waitForTimeout(1_300);
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
