import { expect, gotoHydrated, test } from "./fixtures";

test("the home page renders its hero headline from the server", async ({ page, request }) => {
  const html = await (await request.get("/")).text();
  expect(html).toContain("Best Place to find Your Inner Peace");
  await gotoHydrated(page, "/");
  await expect(page.getByRole("heading", { level: 1, name: "Best Place to find Your Inner Peace" })).toBeVisible();
});

test("the package API lists the seven published packages", async ({ request }) => {
  const response = await request.get("/api/packages");
  expect(response.status()).toBe(200);
  const packages = (await response.json()) as { slug: string; title: string; region: string }[];
  expect(packages.map((pkg) => pkg.slug).sort()).toEqual(["bali", "bangalore-mysore", "dubai", "golden-triangle", "hampi", "sri-lanka", "vietnam"]);
  expect(packages.filter((pkg) => pkg.region === "international")).toHaveLength(4);
});

test("a package is found by id or slug, and an unknown one is a JSON 404", async ({ request }) => {
  const bySlug = await (await request.get("/api/packages/dubai")).json();
  const byId = await (await request.get(`/api/packages/${bySlug.id}`)).json();
  expect(byId.title).toBe(bySlug.title);
  expect(byId.itinerary.map((day: { day: number }) => day.day)).toEqual([1, 2, 3, 4, 5, 6]);
  const missing = await request.get("/api/packages/atlantis");
  expect(missing.status()).toBe(404);
  expect(await missing.json()).toEqual({ error: "Package not found" });
});

test("anonymous callers never see drafts", async ({ request, db }) => {
  const [draft] = await db.query<{ id: number }>(
    `insert into packages (slug, title, country, region, status, days, nights, description, price_from, price, thumbnail)
     values ('e2e-draft', 'Secret Draft Trip', 'Nowhere', 'national', 'draft', 2, 1, 'x', 1000,
             '{"kind":"single","amount":1000,"unit":"per person"}', 'hero') returning id`,
  );
  db.onCleanup(() => db.query("delete from packages where id = $1", [draft!.id]));
  const list = (await (await request.get("/api/packages")).json()) as { slug: string }[];
  expect(list.map((pkg) => pkg.slug)).not.toContain("e2e-draft");
  expect((await request.get("/api/packages/e2e-draft")).status()).toBe(404);
  expect((await request.get(`/api/packages/${draft!.id}`)).status()).toBe(404);
});

test("blogs are listed and found by id or slug", async ({ request }) => {
  const blogs = (await (await request.get("/api/blogs")).json()) as { id: number; slug: string }[];
  expect(blogs).toHaveLength(6);
  const dubai = blogs.find((blog) => blog.slug === "exploring-dubai");
  expect(dubai).toBeTruthy();
  const byId = await (await request.get(`/api/blogs/${dubai!.id}`)).json();
  expect(byId.content).toContain("<h2");
  expect((await request.get("/api/blogs/999999")).status()).toBe(404);
});

test("health says the site can serve, and nothing about what it runs on", async ({ request }) => {
  const response = await request.get("/api/health");
  expect(response.status()).toBe(200);
  expect(await response.json()).toEqual({ status: "ok" });
});
