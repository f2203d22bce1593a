import { expectNoAxeViolations } from "./axe";
import { expect, test } from "./admin-helpers";
import { gotoHydrated } from "./fixtures";
import { lastUpdatedToday } from "../../app/lib/legal-page-schema";

/** Issue 21 §3 (ADR 041): a legal page edited in the rich-text editor; the row is put back afterwards. */
test("an admin edits the refund policy: the page shows the new text and today's “Last updated”", async ({ adminPage: page, db, request }) => {
  const [before] = await db.query<{ body: string; last_updated: string; seo_description: string }>(
    "select body, last_updated, seo_description from legal_pages where slug = 'refund-policy'",
  );
  db.onCleanup(async () => {
    await db.query("update legal_pages set body = $1, last_updated = $2, seo_description = $3 where slug = 'refund-policy'", [
      before!.body,
      before!.last_updated,
      before!.seo_description,
    ]);
    await db.query("delete from content_revisions where entity_type = 'legal-page'");
    await db.query("update content_version set version = version + 1");
  });
  await gotoHydrated(page, "/admin/site/legal");
  await page.getByRole("link", { name: "Refund Policy" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Refund Policy" })).toBeVisible();
  await expect(page.getByRole("toolbar", { name: "Content formatting" })).toBeVisible();
  await expectNoAxeViolations(page, { within: "main" });
  const content = page.getByRole("textbox", { name: "Content" });
  await content.click();
  await page.keyboard.press("Control+End");
  await page.keyboard.press("Enter");
  await page.keyboard.type("Cancellations 45 days or more before departure are refunded in full, less the visa fee.");
  await page.getByRole("button", { name: "Save page" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Page saved." })).toBeVisible();

  const html = await (await request.get("/legal/refund-policy", { headers: { cookie: "" } })).text();
  expect(html).toContain("Cancellations 45 days or more before departure are refunded in full, less the visa fee.");
  // React puts a comment between the words and the date it renders.
  expect(html).toMatch(new RegExp(`Last updated: (<!-- -->)?${lastUpdatedToday()}`));
});

test("an editor cannot open the legal pages (403)", async ({ editorPage: page }) => {
  const answer = await page.request.get("/admin/site/legal/refund-policy", { maxRedirects: 0 });
  expect(answer.status()).toBe(403);
});
