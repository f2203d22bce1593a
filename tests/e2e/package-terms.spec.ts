import { expectNoAxeViolations } from "./axe";
import { expect, test } from "./admin-helpers";
import { copyPackage, openSection } from "./admin-packages-helpers";
import { gotoHydrated, type TestDatabase } from "./fixtures";

/**
 * Issue 21 §3 (ADR 044): the package terms, the convenience list and the
 * refund rule, edited site-wide by an admin, and a package's own terms. The
 * site-wide terms are put back after each test, so the file runs serially.
 */
test.describe.configure({ mode: "serial" });

async function keepSiteTerms(db: TestDatabase) {
  const [before] = await db.query<{
    package_terms: unknown;
    booking_conveniences: unknown;
    refund_rule: string | null;
  }>("select package_terms, booking_conveniences, refund_rule from site_settings where id = 1");
  db.onCleanup(async () => {
    await db.query("update site_settings set package_terms = $1, booking_conveniences = $2, refund_rule = $3 where id = 1", [
      before!.package_terms === null ? null : JSON.stringify(before!.package_terms),
      before!.booking_conveniences === null ? null : JSON.stringify(before!.booking_conveniences),
      before!.refund_rule,
    ]);
    await db.query("delete from content_revisions where entity_type = 'site-terms'");
    await db.query("update content_version set version = version + 1");
  });
}

test("an admin rewrites the refund rule and a clause: every package's Terms tab shows them at the next request", async ({ adminPage: page, db, request }) => {
  await keepSiteTerms(db);
  await gotoHydrated(page, "/admin/site/terms");
  await expect(page.getByRole("heading", { level: 1, name: "Package terms" })).toBeVisible();
  await expectNoAxeViolations(page, { within: "main" });
  const form = page.getByRole("form", { name: "Package terms" });
  await form
    .getByRole("textbox", { name: "Refund rule" })
    .fill("Cancel 45 days or more before departure for a full refund, less the visa fee; after that, 50% until 15 days before.");
  await form.getByLabel("Clause 1: title").fill("Booking and payment");
  await form.getByRole("button", { name: "Add a line" }).click();
  // The new line takes the focus a moment after the click (list-editor.tsx): typing before that went to the button.
  await expect(form.getByRole("textbox", { name: /^Line \d+$/ }).last()).toBeFocused();
  await page.keyboard.type("Airport pick-up on every international trip");
  await form.getByRole("button", { name: "Save terms" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Terms saved." })).toBeVisible();

  for (const slug of ["bali", "hampi"]) {
    const html = await (
      await request.get(`/packages/${slug}?tab=terms`, {
        headers: { cookie: "" },
      })
    ).text();
    expect(html).toContain("Cancel 45 days or more before departure for a full refund, less the visa fee");
    expect(html).not.toContain("If you cancel more than 30 days before departure, 90%");
    expect(html).toContain("Booking and payment");
    expect(html).toContain("Airport pick-up on every international trip");
  }
  // The tax clause reads the tax rules in force (issue 47): 5% GST, and 2% TCS from 1 April 2026.
  expect(await (await request.get("/packages/bali?tab=terms")).text()).toContain("5% GST is added to every package, and 2% TCS is collected");
});

test("History restores the terms as they were before: loaded as unsaved changes, live once saved", async ({ adminPage: page, db, request }) => {
  await keepSiteTerms(db);
  await gotoHydrated(page, "/admin/site/terms");
  const form = page.getByRole("form", { name: "Package terms" });
  await form.getByRole("textbox", { name: "Refund rule" }).fill("No refunds at all, ever.");
  await form.getByRole("button", { name: "Save terms" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Terms saved." })).toBeVisible();
  expect(await (await request.get("/packages/bali?tab=terms", { headers: { cookie: "" } })).text()).toContain("No refunds at all, ever.");

  // The oldest entry is the version before the first recorded change.
  const history = page.getByRole("list", { name: "Revisions, newest first" });
  await history.getByRole("button", { name: "Compare with current" }).last().click();
  await expect(history.getByText("refund rule").first()).toBeVisible();
  await history.getByRole("link", { name: "Restore this version" }).click();
  await expect(page.getByText("is loaded as unsaved changes")).toBeVisible();
  await expect(form.getByRole("textbox", { name: "Refund rule" })).toHaveValue(/^If you cancel more than 30 days before departure/);
  expect(await (await request.get("/packages/bali?tab=terms", { headers: { cookie: "" } })).text()).toContain("No refunds at all, ever.");
  await form.getByRole("button", { name: "Save terms" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Terms saved." })).toBeVisible();
  const html = await (await request.get("/packages/bali?tab=terms", { headers: { cookie: "" } })).text();
  expect(html).toContain("If you cancel more than 30 days before departure, 90% of the tour cost is refunded");
  expect(html).not.toContain("No refunds at all, ever.");
});

test("an empty clause title is refused inline and keeps what was typed", async ({ adminPage: page, db }) => {
  await keepSiteTerms(db);
  await gotoHydrated(page, "/admin/site/terms");
  const form = page.getByRole("form", { name: "Package terms" });
  await form.getByLabel("Clause 3: title").fill("");
  await form.getByLabel("Clause 3: text").fill("Kept while the title is fixed.");
  await form.getByRole("button", { name: "Save terms" }).click();
  await expect(form.getByText("Enter the clause's title.")).toBeVisible();
  await expect(form.getByLabel("Clause 3: title")).toHaveAttribute("aria-invalid", "true");
  await expect(form.getByLabel("Clause 3: text")).toHaveValue("Kept while the title is fixed.");
});

test("a package with its own terms shows them; the others keep the site-wide ones", async ({ adminPage: page, db, request }) => {
  const pkg = await copyPackage(db);
  await gotoHydrated(page, `/admin/packages/${pkg.id}`);
  await openSection(page, "Terms");
  await page.getByLabel("Use this package’s own terms").check();
  await page.getByLabel("Clause 1: text").fill("This tour is sold on the airline's group fare: names cannot be changed after ticketing.");
  await page.getByLabel("Line 1", { exact: true }).fill("A tour manager from Pune for the whole trip");
  await page.getByRole("button", { name: "Update Package" }).click();
  await expect(page.getByRole("status").filter({ hasText: /saved|updated/i })).toBeVisible();

  const own = await (
    await request.get(`/packages/${pkg.slug}?tab=terms`, {
      headers: { cookie: "" },
    })
  ).text();
  expect(own).toContain("names cannot be changed after ticketing");
  expect(own).toContain("A tour manager from Pune for the whole trip");
  const other = await (await request.get("/packages/bali?tab=terms", { headers: { cookie: "" } })).text();
  expect(other).not.toContain("names cannot be changed after ticketing");

  // Turned off again, the package follows the site-wide terms.
  await gotoHydrated(page, `/admin/packages/${pkg.id}`);
  await openSection(page, "Terms");
  await expect(page.getByLabel("Clause 1: text")).toHaveValue(/names cannot be changed/);
  await page.getByLabel("Use this package’s own terms").uncheck();
  await page.getByRole("button", { name: "Update Package" }).click();
  await expect(page.getByRole("status").filter({ hasText: /saved|updated/i })).toBeVisible();
  expect(
    await (
      await request.get(`/packages/${pkg.slug}?tab=terms`, {
        headers: { cookie: "" },
      })
    ).text(),
  ).not.toContain("names cannot be changed after ticketing");
});

test("an editor cannot open the site-wide terms (403)", async ({ editorPage: page }) => {
  const answer = await page.request.get("/admin/site/terms", {
    maxRedirects: 0,
  });
  expect(answer.status()).toBe(403);
});
