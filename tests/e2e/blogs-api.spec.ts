import crypto from "node:crypto";
import type { APIRequestContext } from "@playwright/test";
import { gotoHydrated, type TestDatabase } from "./fixtures";
import { ADMIN, expect, signInRequest, test } from "./admin-helpers";

/** The blog write API (spec §7, issue 12) over real HTTP, and what visitors see after a write. */

const tag = () => crypto.randomBytes(4).toString("hex");

function cleanUp(db: TestDatabase, slugPrefix: string) {
  db.onCleanup(() => db.query("delete from blogs where slug like $1", [`${slugPrefix}%`]));
}

type Playwright = { request: { newContext: (o: { baseURL?: string }) => Promise<APIRequestContext> } };

async function staffRequest(playwright: Playwright, baseURL: string | undefined, who: { email: string; password: string }) {
  const request = await playwright.request.newContext({ baseURL });
  await signInRequest(request, who);
  return request;
}

test("an editor creates, reads, updates and deletes a blog through the API", async ({ playwright, baseURL, staff, db, request }) => {
  const prefix = `e2e-${tag()}`;
  cleanUp(db, prefix);
  const editor = await staffRequest(playwright, baseURL, await staff.create("editor"));
  // A seeded post's head image URL, as a client that read GET /api/blogs would send it.
  const [seeded] = (await (await request.get("/api/blogs")).json()) as { headImg: string }[];
  expect(seeded!.headImg).toMatch(/^\/media\/.+\.webp$/);

  // The spec's payload {title, content, headImg}: published when no status is sent.
  const title = `${prefix} Monsoon in Munnar`;
  const created = await editor.post("/api/blogs", {
    data: { title, content: "<h2>Tea</h2><p>Rain on <strong>green</strong> hills.</p>", headImg: seeded!.headImg },
  });
  expect(created.status(), await created.text()).toBe(201);
  const body = await created.json();
  expect(typeof body.id).toBe("number");
  expect(created.headers()["location"]).toBe(`/api/blogs/${body.id}`);
  expect(body).toMatchObject({
    title,
    slug: `${prefix}-monsoon-in-munnar`,
    status: "published",
    duration: 1,
    headImg: seeded!.headImg,
    link: `/blogs/${body.id}`,
    content: "<h2>Tea</h2><p>Rain on <strong>green</strong> hills.</p>",
  });

  // Read by id and by slug, as a visitor.
  expect((await (await request.get(`/api/blogs/${body.id}`)).json()).title).toBe(title);
  expect((await (await request.get(`/api/blogs/${body.slug}`)).json()).id).toBe(body.id);
  expect(((await (await request.get("/api/blogs")).json()) as { id: number }[]).map((blog) => blog.id)).toContain(body.id);

  // Bad input: 400 with field errors in the JSON error shape; nothing changed.
  const bad = await editor.put(`/api/blogs/${body.id}`, { data: { title: " ", durationMinutes: 0, status: "live" } });
  expect(bad.status()).toBe(400);
  const badBody = await bad.json();
  expect(badBody.error).toMatch(/^Please check /);
  expect(badBody.fields).toEqual({ title: "Title is required.", durationMinutes: "At least 1 minute.", status: "Choose draft or published." });
  const foreign = await editor.post("/api/blogs", {
    data: { title: `${prefix} Borrowed`, content: '<p><img src="https://cdn.example.com/x.jpg" alt=""></p>', headImg: "https://cdn.example.com/y.jpg" },
  });
  expect(foreign.status()).toBe(400);
  const foreignBody = await foreign.json();
  expect(foreignBody.fields.content).toMatch(/other sites are blocked.*https:\/\/cdn\.example\.com\/x\.jpg/);
  expect(foreignBody.fields.headImg).toMatch(/other sites are blocked/);
  expect((await editor.post("/api/blogs", { data: { title: "Taken", slug: body.slug } })).status()).toBe(400);
  expect((await editor.post("/api/blogs", { headers: { "content-type": "application/json" }, data: "[1]" })).status()).toBe(400);
  expect((await (await request.get(`/api/blogs/${body.id}`)).json()).title).toBe(title);

  // PUT, addressed by slug: the sent fields replace the stored ones; 200 with the post.
  const updated = await editor.put(`/api/blogs/${body.slug}`, { data: { title: `${title} Revisited`, headImg: null } });
  expect(updated.status(), await updated.text()).toBe(200);
  expect(await updated.json()).toMatchObject({ id: body.id, title: `${title} Revisited`, headImg: null, content: body.content });

  // What GET answers can be sent back with PUT unchanged (a client's read-modify-write).
  await editor.put(`/api/blogs/${body.id}`, { data: { duration: 9, headImg: seeded!.headImg } });
  const read = await (await editor.get(`/api/blogs/${body.id}`)).json();
  const roundTrip = await editor.put(`/api/blogs/${body.id}`, { data: read });
  expect(roundTrip.status(), await roundTrip.text()).toBe(200);
  expect(await roundTrip.json()).toMatchObject({
    title: read.title,
    slug: read.slug,
    content: read.content,
    duration: 9,
    headImg: seeded!.headImg,
    status: "published",
  });

  // DELETE: 204, then the API and the public page answer 404.
  const deleted = await editor.delete(`/api/blogs/${body.id}`);
  expect(deleted.status()).toBe(204);
  expect((await editor.get(`/api/blogs/${body.id}`)).status()).toBe(404);
  expect((await editor.delete(`/api/blogs/${body.id}`)).status()).toBe(404);
  const page = await request.get(`/blogs/${body.id}`);
  expect(page.status()).toBe(404);
  expect(await page.text()).toContain("Blog not found!");

  const entries = await db.query<{ kind: string }>("select kind from activity where subject_type = 'blog' and subject_id = $1 order by id", [String(body.id)]);
  expect(entries.map((entry) => entry.kind)).toEqual(["blog.created", "blog.published", "blog.updated", "blog.updated", "blog.updated", "blog.deleted"]);
  await editor.dispose();
});

test("blog writes need a signed-in editor or admin, from the site itself", async ({ playwright, baseURL, request, db }) => {
  const prefix = `e2e-${tag()}`;
  cleanUp(db, prefix);
  const anonymous = await request.post("/api/blogs", { data: { title: `${prefix} Nope`, content: "<p>x</p>" } });
  expect(anonymous.status()).toBe(401);
  expect(await anonymous.json()).toEqual({ error: "Sign in to do this." });
  const [first] = (await (await request.get("/api/blogs")).json()) as { id: number; title: string }[];
  expect((await request.put(`/api/blogs/${first!.id}`, { data: { title: "Hijacked" } })).status()).toBe(401);
  expect((await request.delete(`/api/blogs/${first!.id}`)).status()).toBe(401);
  expect((await (await request.get(`/api/blogs/${first!.id}`)).json()).title).toBe(first!.title);

  const admin = await staffRequest(playwright, baseURL, ADMIN);
  const crossSite = await admin.post("/api/blogs", {
    data: { title: `${prefix} X` },
    headers: { origin: "https://evil.example", "sec-fetch-site": "cross-site" },
  });
  expect(crossSite.status()).toBe(403);
  const made = await admin.post("/api/blogs", { data: { title: `${prefix} By Admin`, status: "draft" } });
  expect(made.status()).toBe(201);
  expect((await made.json()).status).toBe("draft");
  await admin.dispose();
  expect(await db.query("select 1 from blogs where slug = $1", [`${prefix}-x`])).toEqual([]);
});

test("a draft is previewed at its public URL by staff only", async ({ playwright, baseURL, page, db, request }) => {
  const prefix = `e2e-${tag()}`;
  cleanUp(db, prefix);
  const editor = await staffRequest(playwright, baseURL, ADMIN);
  const title = `${prefix} Secret Kerala`;
  const created = await editor.post("/api/blogs", { data: { title, content: "<p>Not yet.</p>", status: "draft" } });
  expect(created.status()).toBe(201);
  const { id } = await created.json();

  // Visitors: 404 everywhere, and no trace in the list or the sitemap.
  const anonymous = await request.get(`/blogs/${id}`);
  expect(anonymous.status()).toBe(404);
  expect(await anonymous.text()).toContain("Blog not found!");
  expect((await request.get(`/api/blogs/${id}`)).status()).toBe(404);
  expect(((await (await request.get("/api/blogs")).json()) as { id: number }[]).map((blog) => blog.id)).not.toContain(id);
  expect((await editor.get(`/api/blogs/${id}`)).status()).toBe(200);
  expect(((await (await editor.get("/api/blogs")).json()) as { id: number }[]).map((blog) => blog.id)).toContain(id);
  expect(await (await request.get("/blogs")).text()).not.toContain(title);
  expect(await (await request.get("/sitemap.xml")).text()).not.toContain(`/blogs/${id}<`);

  // Signed in: the post under the 'Draft preview' banner, kept out of search engines.
  await signInRequest(page.request, ADMIN);
  await gotoHydrated(page, `/blogs/${id}`);
  await expect(page.getByRole("status").filter({ hasText: "Draft preview" })).toBeVisible();
  await expect(page.getByRole("heading", { level: 1, name: title })).toBeVisible();
  await expect(page.getByText("Not yet.")).toBeVisible();
  await expect(page.locator('meta[name="robots"]')).toHaveAttribute("content", /noindex/);
  await editor.dispose();
});

test("a save is live at the next request on /blogs, /blogs/{id} and the sitemap", async ({ playwright, baseURL, staff, db, request }) => {
  const prefix = `e2e-${tag()}`;
  cleanUp(db, prefix);
  const editor = await staffRequest(playwright, baseURL, await staff.create("editor"));
  const title = `${prefix} Hampi Boulders`;
  const created = await editor.post("/api/blogs", { data: { title, content: "<p>First light.</p>" } });
  const { id } = await created.json();

  expect(await (await request.get("/blogs")).text()).toContain(title);
  expect(await (await request.get(`/blogs/${id}`)).text()).toContain("First light.");
  expect(await (await request.get("/sitemap.xml")).text()).toContain(`/blogs/${id}<`);

  await editor.put(`/api/blogs/${id}`, { data: { title: `${title} at Dusk`, content: "<p>Last light.</p>" } });
  expect(await (await request.get("/blogs")).text()).toContain(`${title} at Dusk`);
  const detail = await (await request.get(`/blogs/${id}`)).text();
  expect(detail).toContain("Last light.");
  expect(detail).not.toContain("First light.");

  // Unpublished: gone from the list, the post and the sitemap at once.
  await editor.put(`/api/blogs/${id}`, { data: { status: "draft" } });
  expect(await (await request.get("/blogs")).text()).not.toContain(title);
  expect((await request.get(`/blogs/${id}`)).status()).toBe(404);
  expect(await (await request.get("/sitemap.xml")).text()).not.toContain(`/blogs/${id}<`);

  // Published again, then deleted: gone at the next request.
  await editor.put(`/api/blogs/${id}`, { data: { status: "published" } });
  expect(await (await request.get("/sitemap.xml")).text()).toContain(`/blogs/${id}<`);
  expect((await editor.delete(`/api/blogs/${id}`)).status()).toBe(204);
  expect(await (await request.get("/blogs")).text()).not.toContain(title);
  expect(await (await request.get("/sitemap.xml")).text()).not.toContain(`/blogs/${id}<`);
  await editor.dispose();
});
