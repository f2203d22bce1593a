import crypto from "node:crypto";
import type { APIRequestContext } from "@playwright/test";
import type { TestDatabase } from "./fixtures";
import { ADMIN, expect, signInRequest, test } from "./admin-helpers";

/** The package write API (spec §7, issue 11) over real HTTP, and what visitors see after a write. */

const tag = () => crypto.randomBytes(4).toString("hex");

function cleanUp(db: TestDatabase, slugPrefix: string) {
  db.onCleanup(async () => {
    await db.query("delete from redirects where from_path like $1 or to_path like $1", [`/packages/${slugPrefix}%`]);
    await db.query("delete from packages where slug like $1", [`${slugPrefix}%`]);
  });
}

async function staffRequest(
  playwright: { request: { newContext: (o: { baseURL?: string }) => Promise<APIRequestContext> } },
  baseURL: string | undefined,
  who: { email: string; password: string },
) {
  const request = await playwright.request.newContext({ baseURL });
  await signInRequest(request, who);
  return request;
}

const publishable = (title: string, slug: string) => ({
  title,
  slug,
  country: "India",
  region: "national",
  category: "Backwaters",
  days: 5,
  nights: 4,
  description: `${title}: houseboats, tea hills and a quiet beach.`,
  price: { kind: "single", amount: 32500, unit: "per person" },
  thumbnail: "frangipani",
  gallery: ["frangipani", "bamboo-grove"],
  itinerary: [{ day: 1, title: "Arrive in Kochi", description: "Transfer to the hotel.", photo: "" }],
  groupDates: [{ name: "Diwali", start: "2027-11-01", end: "2027-11-05" }],
  status: "published",
  featured: true,
});

test("an editor creates, reads, updates and deletes a package through the API", async ({ playwright, baseURL, staff, db, request }) => {
  const prefix = `e2e-${tag()}`;
  cleanUp(db, prefix);
  const editor = await staffRequest(playwright, baseURL, await staff.create("editor"));

  // The spec's admin payload: a draft unless a status is sent.
  const created = await editor.post("/api/packages", {
    data: {
      title: `${prefix} Goa Beaches`,
      description: "Sun and sand.",
      longDescription: "Long.",
      price: 15000,
      duration: 4,
      category: "Beach",
      thumbnail: "frangipani",
      images: ["bamboo-grove"],
    },
  });
  expect(created.status()).toBe(201);
  const body = await created.json();
  expect(body).toMatchObject({ title: `${prefix} Goa Beaches`, status: "draft", days: 4, nights: 3, priceFrom: 15000, category: "Beach" });
  expect(typeof body.id).toBe("number");
  expect(body.thumbnail).toMatch(/\.webp$/);

  // A draft: staff read it, visitors do not.
  expect((await editor.get(`/api/packages/${body.id}`)).status()).toBe(200);
  expect((await request.get(`/api/packages/${body.id}`)).status()).toBe(404);
  expect((await request.get("/api/packages")).ok()).toBe(true);
  expect(((await (await request.get("/api/packages")).json()) as { id: number }[]).map((p) => p.id)).not.toContain(body.id);

  // Bad input: 400 with field errors in the JSON error shape, nothing changed.
  const bad = await editor.put(`/api/packages/${body.id}`, { data: { price: -5, duration: 0 } });
  expect(bad.status()).toBe(400);
  const badBody = await bad.json();
  expect(badBody.error).toMatch(/price|duration/);
  expect(Object.keys(badBody.fields).sort()).toEqual(["duration", "price"]);
  const noPublish = await editor.put(`/api/packages/${body.id}`, { data: { status: "published", thumbnail: "" } });
  expect(noPublish.status()).toBe(400);
  expect((await noPublish.json()).fields).toMatchObject({ thumbnail: "Needed to publish: a thumbnail.", country: "Needed to publish: a country." });
  const notJson = await editor.post("/api/packages", { headers: { "content-type": "application/json" }, data: "[1,2]" });
  expect(notJson.status()).toBe(400);

  // PUT: the sent fields replace the stored ones; 200 with the package.
  const updated = await editor.put(`/api/packages/${body.id}`, {
    data: { ...publishable(`${prefix} Goa Beaches`, `${prefix}-goa`), price: { kind: "adultChild", adult: 20000, childWithBed: 15000, childNoBed: 9000 } },
  });
  expect(updated.status()).toBe(200);
  // The "from" price is the adult's (ADR 097), not the cheapest child's.
  expect(await updated.json()).toMatchObject({ id: body.id, status: "published", slug: `${prefix}-goa`, priceFrom: 20000 });
  expect((await request.get(`/api/packages/${body.id}`)).status()).toBe(200);

  // DELETE: 204, then GET answers 404.
  const deleted = await editor.delete(`/api/packages/${body.id}`);
  expect(deleted.status()).toBe(204);
  expect((await editor.get(`/api/packages/${body.id}`)).status()).toBe(404);
  expect((await editor.delete(`/api/packages/${body.id}`)).status()).toBe(404);
  await editor.dispose();
});

test("writes need a signed-in editor or admin", async ({ playwright, baseURL, request, db }) => {
  const prefix = `e2e-${tag()}`;
  cleanUp(db, prefix);
  const anonymous = await request.post("/api/packages", { data: { title: `${prefix} Nope` } });
  expect(anonymous.status()).toBe(401);
  expect(await anonymous.json()).toEqual({ error: "Sign in to do this." });
  expect((await request.put("/api/packages/1", { data: { title: "Hijacked" } })).status()).toBe(401);
  expect((await request.delete("/api/packages/1")).status()).toBe(401);
  expect((await (await request.get("/api/packages/1")).json()).title).not.toBe("Hijacked");
  // A whole package is larger than an enquiry: staff writes have a 2 MiB cap, not the public 64 KiB.
  const longItinerary = Array.from({ length: 20 }, (_, i) => ({ day: i + 1, title: `Day ${i + 1}`, description: "x".repeat(4000) }));
  expect(JSON.stringify(longItinerary).length).toBeGreaterThan(64 * 1024);
  expect((await request.post("/api/packages", { data: { title: "Long", itinerary: longItinerary } })).status()).toBe(401);
  const huge = await request.post("/api/packages", { data: { title: "Huge", longDescription: "x".repeat(2100 * 1024) } });
  expect(huge.status()).toBe(413);
  expect((await huge.json()).error).toMatch(/too large/);
  // A cross-site write is refused even with a session.
  const admin = await staffRequest(playwright, baseURL, ADMIN);
  const crossSite = await admin.post("/api/packages", {
    data: { title: `${prefix} X` },
    headers: { origin: "https://evil.example", "sec-fetch-site": "cross-site" },
  });
  expect(crossSite.status()).toBe(403);
  const made = await admin.post("/api/packages", { data: { title: `${prefix} By Admin`, itinerary: longItinerary } });
  expect(made.status()).toBe(201);
  expect((await made.json()).itinerary).toHaveLength(20);
  await admin.dispose();
});

test("a save is live at the next request on every public page; a renamed slug redirects", async ({ playwright, baseURL, staff, db, request }) => {
  const prefix = `e2e-${tag()}`;
  cleanUp(db, prefix);
  const editor = await staffRequest(playwright, baseURL, await staff.create("editor"));
  const title = `${prefix} Kerala Backwaters`;
  const created = await editor.post("/api/packages", { data: publishable(title, `${prefix}-kerala`) });
  expect(created.status(), await created.text()).toBe(201);
  const { id } = await created.json();

  for (const path of ["/packages", `/packages/${prefix}-kerala`, "/gallery", "/"]) {
    expect(await (await request.get(path)).text(), path).toContain(title);
  }
  expect(await (await request.get("/sitemap.xml")).text()).toContain(`/packages/${prefix}-kerala<`);

  // Rename: the old address answers 308 to the new one (query kept), chains collapse.
  const renamed = await editor.put(`/api/packages/${id}`, { data: { slug: `${prefix}-kerala-houseboats`, title: `${title} Houseboats` } });
  expect(renamed.status()).toBe(200);
  await editor.put(`/api/packages/${id}`, { data: { slug: `${prefix}-kerala-3` } });
  for (const old of [`${prefix}-kerala`, `${prefix}-kerala-houseboats`]) {
    const response = await request.get(`/packages/${old}?tab=itinerary`, { maxRedirects: 0 });
    expect(response.status()).toBe(308);
    expect(response.headers()["location"]).toBe(`/packages/${prefix}-kerala-3?tab=itinerary`);
  }
  expect(await (await request.get(`/packages/${prefix}-kerala-3`)).text()).toContain(`${title} Houseboats`);
  const sitemap = await (await request.get("/sitemap.xml")).text();
  expect(sitemap).toContain(`/packages/${prefix}-kerala-3<`);
  expect(sitemap).not.toContain(`/packages/${prefix}-kerala<`);

  // Unpublished: gone from the list, the carousel and the sitemap at once.
  await editor.put(`/api/packages/${id}`, { data: { status: "draft", featured: false } });
  for (const path of ["/packages", "/gallery", "/"]) {
    expect(await (await request.get(path)).text(), path).not.toContain(title);
  }
  await editor.dispose();
});

test("the old hard-coded aliases live in the redirects table", async ({ request }) => {
  const response = await request.get("/packages/bangalore-ooty-mysore", { maxRedirects: 0 });
  expect(response.status()).toBe(308);
  expect(response.headers()["location"]).toBe("/packages/bangalore-mysore");
});

test("signed-in staff preview a draft at its public address; visitors get a 404", async ({ page, browser, baseURL, staff, db }) => {
  const prefix = `e2e-${tag()}`;
  cleanUp(db, prefix);
  await signInRequest(page.request, await staff.create("editor"));
  const created = await page.request.post("/api/packages", { data: { ...publishable(`${prefix} Hidden Hampi`, `${prefix}-hampi`), status: "draft" } });
  expect(created.status()).toBe(201);

  await page.goto(`/packages/${prefix}-hampi`);
  await expect(page.getByRole("status").filter({ hasText: "Draft preview" })).toBeVisible();
  await expect(page.getByRole("heading", { level: 1, name: `${prefix} Hidden Hampi` })).toBeVisible();
  await expect(page.locator('meta[name="robots"]')).toHaveAttribute("content", /noindex/);

  const visitor = await browser.newContext({ baseURL });
  const visitorPage = await visitor.newPage();
  const response = await visitorPage.goto(`/packages/${prefix}-hampi`);
  expect(response?.status()).toBe(404);
  await expect(visitorPage.getByRole("heading", { level: 1, name: "We couldn't find that package" })).toBeVisible();
  await expect(visitorPage.getByText("Draft preview")).toHaveCount(0);
  await visitor.close();
});
