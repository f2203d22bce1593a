import { spawnSync } from "node:child_process";
import fs from "node:fs";
import type { APIResponse, Page } from "@playwright/test";
import { ADMIN, signInRequest } from "./admin-helpers";
import { copyPackage, openSection } from "./admin-packages-helpers";
import { expect, gotoHydrated, signInAs, test, type TestDatabase } from "./fixtures";

// Brochures made from the live package (issue 22, ADR 042).

// This file's own client address: its sign-ins never count against other files' throttles.
test.use({ extraHTTPHeaders: { "x-forwarded-for": "10.250.22.1" } });

/** The PDF's text as pdftotext (poppler-utils) reads it, whitespace made single spaces. */
function pdfText(pdf: Buffer): string {
  const result = spawnSync("pdftotext", ["-enc", "UTF-8", "-", "-"], { input: pdf });
  if (result.status !== 0) throw new Error(`pdftotext failed: ${result.stderr.toString()}`);
  return result.stdout.toString("utf8").replace(/\s+/g, " ");
}

async function expectPdf(response: APIResponse): Promise<Buffer> {
  expect(response.status()).toBe(200);
  expect(response.headers()["content-type"]).toBe("application/pdf");
  const body = await response.body();
  expect(body.subarray(0, 5).toString("latin1")).toBe("%PDF-");
  expect(body.length).toBeLessThan(2 * 1024 * 1024);
  return body;
}

/** The href of the page's Download Brochure link. */
async function brochureLink(page: Page, slug: string): Promise<string> {
  // The link is in the server's HTML: no need to wait for the page's photos (the load event).
  await page.goto(`/packages/${slug}`, { waitUntil: "domcontentloaded" });
  const href = await page.getByRole("link", { name: "Download Brochure" }).getAttribute("href");
  expect(href, slug).toBeTruthy();
  return href!;
}

/** "+91 98765 43210" as the pages show the settings' phone. */
async function agencyPhone(db: TestDatabase): Promise<string> {
  const [row] = await db.query<{ phone: string }>(`select phone_primary as phone from site_settings where id = 1`);
  const match = /^\+91(\d{5})(\d{5})$/.exec(row!.phone);
  return match ? `+91 ${match[1]} ${match[2]}` : row!.phone;
}

/** Puts a package's price and itinerary back after a test changed them (and tells the caches). */
async function restorePackage(db: TestDatabase, slug: string) {
  const [row] = await db.query<{ price: unknown; price_from: number; itinerary: unknown }>(
    `select price, price_from, itinerary from packages where slug = $1`,
    [slug],
  );
  db.onCleanup(() =>
    db.query(`update packages set price = $2::jsonb, price_from = $3, itinerary = $4::jsonb where slug = $1`, [
      slug,
      JSON.stringify(row!.price),
      row!.price_from,
      JSON.stringify(row!.itinerary),
    ]),
  );
}

test("every published package's Download Brochure is a PDF with its title, its first day and the agency's phone", async ({ page, db, request }) => {
  // Seven package pages and seven first renders: on the shared 2-core machine under load that is 4–5 s each.
  test.slow();
  const phone = await agencyPhone(db);
  const packages = await db.query<{ slug: string; title: string; itinerary: { day: number; title: string }[] }>(
    `select slug, title, itinerary from packages where status = 'published' order by id`,
  );
  expect(packages.length).toBeGreaterThanOrEqual(7);
  for (const pkg of packages) {
    const href = await brochureLink(page, pkg.slug);
    expect(href).toBe(`/packages/${pkg.slug}/brochure.pdf`);
    const response = await request.get(href);
    const text = pdfText(await expectPdf(response));
    expect(response.headers()["content-disposition"]).toBe(`inline; filename="pravas-${pkg.slug}-brochure.pdf"`);
    const firstDay = [...pkg.itinerary].sort((a, b) => a.day - b.day)[0]!;
    expect(text, pkg.slug).toContain(pkg.title.replace(/\s+/g, " "));
    expect(text, pkg.slug).toContain(firstDay.title.replace(/\s+/g, " "));
    expect(text, pkg.slug).toContain(phone);
    expect(text, pkg.slug).toContain("₹");
    expect(text, pkg.slug).not.toContain("Rs.");
  }
});

test("Bangalore–Mysore–Ooty's brochure has its hotel options; Dubai's days are in order; the old addresses still work", async ({ request }) => {
  const ooty = pdfText(await expectPdf(await request.get("/packages/bangalore-mysore/brochure.pdf")));
  for (const cell of [
    "Option 1",
    "₹27,400 per person",
    "Option 2",
    "₹21,500 per person",
    "Preethi Classic or similar",
    "Hotel Preethi International or similar",
    "Deluxe King Room",
    "Heritage Suites or similar",
    "Breakfast",
  ]) {
    expect(ooty).toContain(cell);
  }
  expect(ooty).toMatch(/Destination Nights Hotel Room type Meal plan/i);

  const dubai = pdfText(await expectPdf(await request.get("/packages/dubai/brochure.pdf")));
  const days = [...dubai.matchAll(/DAY (\d+)/g)].map((match) => Number(match[1]));
  expect(days.length).toBeGreaterThanOrEqual(5);
  expect(days).toEqual([...days].sort((a, b) => a - b));
  expect(days[0]).toBe(1);

  // The hand-made PDFs' addresses lead to the live brochure.
  for (const slug of ["bali", "dubai"]) {
    const old = await request.get(`/brochures/${slug}.pdf`, { maxRedirects: 0 });
    expect(old.status()).toBe(301);
    expect(old.headers().location).toBe(`/packages/${slug}/brochure.pdf`);
    await expectPdf(await request.get(`/brochures/${slug}.pdf`));
  }
});

test("a price changed in the editor and a day added are in the brochure downloaded from the public page", async ({ adminPage: page, db }) => {
  await restorePackage(db, "bali");
  await gotoHydrated(page, "/admin/packages?q=Bali");
  await page.getByRole("link", { name: "Bali Group Tour" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Bali Group Tour" })).toBeVisible();
  await expect(page.locator("html[data-hydrated]")).toBeAttached();
  // The Brochure section says which brochure is in use and previews it.
  await expect(page.getByRole("navigation", { name: "Package sections" }).getByRole("link", { name: /^Brochure/ })).toContainText("Generated");
  await openSection(page, "Brochure");
  await expect(page.getByText("In use: the brochure made from this package.")).toBeVisible();
  await expect(page.getByRole("link", { name: "Preview brochure" })).toHaveAttribute("href", "/packages/bali/brochure.pdf?preview=changes");
  await openSection(page, "Prices");
  await page.getByLabel("Adult (₹)").fill("104500");
  await page.getByRole("button", { name: "Update Package" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Package updated successfully!" })).toBeVisible();

  // A visitor downloads it from the package page.
  await page.context().clearCookies();
  await gotoHydrated(page, "/packages/bali");
  const [download] = await Promise.all([page.waitForEvent("download"), page.getByRole("link", { name: "Download Brochure" }).click()]);
  expect(download.suggestedFilename()).toBe("pravas-bali-brochure.pdf");
  const text = pdfText(fs.readFileSync((await download.path())!));
  expect(text).toContain("₹1,04,500");
  expect(text).not.toContain("Rs.");
  expect(text).not.toContain("₹99,500");

  // A day added to the itinerary (any content write): the next brochure lists it.
  await db.query(
    `update packages set itinerary = itinerary || jsonb_build_array(jsonb_build_object('day', 8, 'title', 'Extra day at Nusa Penida', 'description', 'A boat to Kelingking Beach and Crystal Bay.', 'photo', ''))
     where slug = 'bali'`,
  );
  const after = pdfText(await expectPdf(await page.request.get("/packages/bali/brochure.pdf")));
  expect(after).toContain("Extra day at Nusa Penida");
  expect(after).toContain("A boat to Kelingking Beach and Crystal Bay.");
});

test("a brochure is rendered once per content version: the second download comes from the cache, a write empties it", async ({ request, db }) => {
  const copy = await copyPackage(db);
  const path = `/packages/${copy.slug}/brochure.pdf`;
  const first = await request.get(path);
  await expectPdf(first);
  expect(first.headers()["x-brochure-cache"]).toBe("render");
  const second = await request.get(path);
  expect(second.headers()["x-brochure-cache"]).toBe("hit");
  expect(await second.body()).toEqual(await first.body());
  // Unchanged since: 304 on the ETag.
  const etag = second.headers().etag!;
  expect((await request.get(path, { headers: { "if-none-match": etag } })).status()).toBe(304);

  await db.query(`update packages set title = $2 where id = $1`, [copy.id, `${copy.title} Deluxe`]);
  const third = await request.get(path);
  expect(third.headers()["x-brochure-cache"]).toBe("render");
  expect(pdfText(await expectPdf(third))).toContain(`${copy.title} Deluxe`);
  expect(third.headers().etag).not.toBe(etag);
  expect((await request.get(path)).headers()["x-brochure-cache"]).toBe("hit");
});

test("drafts: 404 for visitors, a preview for staff never kept; unknown slugs are the 404 page", async ({ page, request, db, playwright, baseURL }) => {
  const copy = await copyPackage(db);
  await db.query(`update packages set status = 'draft' where id = $1`, [copy.id]);
  const path = `/packages/${copy.slug}/brochure.pdf`;
  const visitor = await request.get(path);
  expect(visitor.status()).toBe(404);
  expect(visitor.headers()["content-type"]).toContain("text/html");
  await page.goto(path);
  await expect(page.getByRole("heading", { level: 1, name: "We couldn't find that package" })).toBeVisible();

  const staff = await playwright.request.newContext({ baseURL, extraHTTPHeaders: { "x-forwarded-for": "10.250.22.2" } });
  await signInRequest(staff, ADMIN);
  for (let i = 0; i < 2; i++) {
    const preview = await staff.get(path);
    const text = pdfText(await expectPdf(preview));
    expect(text).toContain(copy.title);
    expect(preview.headers()["x-brochure-cache"]).toBe("preview");
    expect(preview.headers()["cache-control"]).toBe("private, no-store");
  }
  await staff.dispose();
  // Still nothing for visitors after staff looked.
  expect((await request.get(path)).status()).toBe(404);

  const unknown = await page.goto("/packages/no-such-trip/brochure.pdf");
  expect(unknown?.status()).toBe(404);
  await expect(page.getByRole("heading", { level: 1, name: "We couldn't find that package" })).toBeVisible();
  await expect(page.getByRole("link", { name: "Bali Group Tour (Indonesia)" })).toHaveAttribute("href", "/packages/bali");
});

test("draft changes a staff member previews are never the visitors' brochure, nor kept for them", async ({ adminPage: page, request, db }) => {
  const copy = await copyPackage(db);
  const path = `/packages/${copy.slug}/brochure.pdf`;
  await expectPdf(await request.get(path));
  await gotoHydrated(page, `/admin/packages/${copy.id}`);
  const drafted = `${copy.title} Next Season`;
  await page.getByLabel("Title", { exact: true }).fill(drafted);
  await page.getByRole("button", { name: "Save draft" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Draft changes saved. The live page is unchanged." })).toBeVisible();

  const preview = await page.request.get(`${path}?preview=changes`);
  expect(pdfText(await expectPdf(preview))).toContain(drafted);
  expect(preview.headers()["x-brochure-cache"]).toBe("preview");
  expect(preview.headers()["cache-control"]).toBe("private, no-store");

  // The live brochure for staff at the plain address, and for visitors whatever they ask for.
  const answers = [
    ["staff", await page.request.get(path)],
    ["a visitor", await request.get(path)],
    ["a visitor asking for the preview", await request.get(`${path}?preview=changes`)],
    ["a visitor again", await request.get(path)],
  ] as const;
  for (const [who, response] of answers) {
    const text = pdfText(await expectPdf(response));
    expect(text, who).toContain(copy.title);
    expect(text, who).not.toContain(drafted);
    expect(response.headers()["cache-control"], who).toBe("public, no-cache");
  }
  expect(answers[3][1].headers()["x-brochure-cache"]).toBe("hit");
});

test("without a title and prices there is no brochure: the page says 'Brochure link not available'", async ({ page, db }) => {
  const copy = await copyPackage(db);
  await db.query(
    `update packages set price = '{"kind":"single","amount":0,"unit":"per person"}'::jsonb, price_options = '[]'::jsonb, price_from = 0 where id = $1`,
    [copy.id],
  );
  await gotoHydrated(page, `/packages/${copy.slug}`);
  const alert = page.getByRole("alert").filter({ hasText: "Brochure" });
  await expect(alert).toHaveCount(0);
  await page.getByRole("link", { name: "Download Brochure" }).click();
  await expect(alert).toContainText("Brochure link not available");
  expect((await page.request.get(`/packages/${copy.slug}/brochure.pdf`)).status()).toBe(404);
});

test("an uploaded brochure overrides the generated one, on the page and at the brochure's address; the editor says so", async ({ page, db }) => {
  const copy = await copyPackage(db);
  const uploaded = `/media/brochures/${copy.slug}-1a2b3c4d5e.pdf`;
  await db.query(`update packages set brochure_url = $2 where id = $1`, [copy.id, uploaded]);
  await page.goto(`/packages/${copy.slug}`);
  await expect(page.getByRole("link", { name: "Download Brochure" })).toHaveAttribute("href", uploaded);
  const generated = await page.request.get(`/packages/${copy.slug}/brochure.pdf`, { maxRedirects: 0 });
  expect(generated.status()).toBe(302);
  expect(generated.headers().location).toBe(uploaded);

  await signInAs(page, ADMIN);
  await gotoHydrated(page, `/admin/packages/${copy.id}`);
  await expect(page.getByRole("navigation", { name: "Package sections" }).getByRole("link", { name: /^Brochure/ })).toContainText("Uploaded PDF");
  await openSection(page, "Brochure");
  await expect(page.getByText("In use: the uploaded PDF.")).toBeVisible();
});
