import { expectNoAxeViolations } from "./axe";
import type { Page } from "@playwright/test";
import { expect, gotoHydrated, test } from "./fixtures";

test("sitemap.xml lists every public page, published package and blog, each with lastmod", async ({ request, db, baseURL }) => {
  const [draft] = await db.query<{ id: number }>(
    `insert into blogs (slug, title, upload_date, content, status) values ('e2e-sitemap-draft', 'Draft', current_date, '<p>x</p>', 'draft') returning id`,
  );
  db.onCleanup(() => db.query("delete from blogs where id = $1", [draft!.id]));

  const response = await request.get("/sitemap.xml");
  expect(response.status()).toBe(200);
  expect(response.headers()["content-type"]).toContain("application/xml");
  const xml = await response.text();
  expect(xml).toMatch(/^<\?xml version="1.0" encoding="UTF-8"\?>/);

  const urls = [...xml.matchAll(/<url>\s*<loc>([^<]+)<\/loc>\s*<lastmod>([^<]+)<\/lastmod>\s*<\/url>/g)].map((m) => ({
    loc: m[1]!,
    lastmod: m[2]!,
  }));
  expect(urls.length).toBe((xml.match(/<url>/g) ?? []).length);
  for (const url of urls) expect(Number.isNaN(Date.parse(url.lastmod))).toBe(false);
  const paths = urls.map((url) => url.loc.replace(baseURL!, ""));

  const packages = await db.query<{ slug: string }>("select slug from packages where status = 'published'");
  const blogs = await db.query<{ id: number }>("select id from blogs where status = 'published'");
  expect(packages.length).toBe(7);
  expect(blogs.length).toBe(6);
  expect(paths.sort()).toEqual(
    [
      "/",
      "/packages",
      "/gallery",
      "/blogs",
      "/contact",
      "/credits",
      "/legal/privacy-policy",
      "/legal/terms-conditions",
      "/legal/refund-policy",
      "/legal/disclaimer",
      ...packages.map((pkg) => `/packages/${pkg.slug}`),
      ...blogs.map((blog) => `/blogs/${blog.id}`),
    ].sort(),
  );
  expect(paths).not.toContain(`/blogs/${draft!.id}`);
  for (const url of urls) expect(url.loc.startsWith(`${baseURL}/`)).toBe(true);
});

test("robots.txt keeps crawlers out of the admin and the API and names the sitemap", async ({ request, baseURL }) => {
  const response = await request.get("/robots.txt");
  expect(response.status()).toBe(200);
  expect(response.headers()["content-type"]).toContain("text/plain");
  const lines = (await response.text()).split("\n");
  expect(lines).toContain("User-agent: *");
  expect(lines).toContain("Disallow: /admin");
  expect(lines).toContain("Disallow: /api");
  expect(lines).toContain(`Sitemap: ${baseURL}/sitemap.xml`);
});

test("each page has a title, description, canonical URL, Open Graph and Twitter cards", async ({ page, db, baseURL }) => {
  const [blog] = await db.query<{ id: number }>("select id from blogs where slug = 'exploring-dubai'");
  for (const path of ["/blogs", `/blogs/${blog!.id}`, "/contact", "/legal/privacy-policy", "/credits"]) {
    await gotoHydrated(page, path);
    expect(await page.title()).toMatch(/\| Pravas$/);
    const head = page.locator("head");
    await expect(head.locator('meta[name="description"]')).toHaveAttribute("content", /.{50,}/);
    await expect(head.locator('link[rel="canonical"]')).toHaveAttribute("href", `${baseURL}${path}`);
    await expect(head.locator('meta[property="og:url"]')).toHaveAttribute("content", `${baseURL}${path}`);
    await expect(head.locator('meta[property="og:title"]')).toHaveAttribute("content", await page.title());
    await expect(head.locator('meta[name="twitter:card"]')).toHaveAttribute("content", /summary/);
    const breadcrumbs = await jsonLd(page, "BreadcrumbList");
    expect(breadcrumbs.itemListElement[0]).toMatchObject({ position: 1, name: "Home", item: `${baseURL}/` });
    expect(breadcrumbs.itemListElement.at(-1).item).toBe(`${baseURL}${path}`);
  }
});

test("a post describes itself as a BlogPosting with its image", async ({ page, db, baseURL }) => {
  const [blog] = await db.query<{ id: number; title: string }>("select id, title from blogs where slug = 'exploring-dubai'");
  await gotoHydrated(page, `/blogs/${blog!.id}`);
  const posting = await jsonLd(page, "BlogPosting");
  expect(posting).toMatchObject({
    headline: blog!.title,
    url: `${baseURL}/blogs/${blog!.id}`,
    publisher: { name: "Pravas" },
  });
  expect(posting.image).toMatch(new RegExp(`^${baseURL}/media/`));
  await expect(page.locator('head meta[property="og:type"]')).toHaveAttribute("content", "article");
  await expect(page.locator('head meta[property="og:image"]')).toHaveAttribute("content", new RegExp(`^${baseURL}/media/`));
});

test("an unknown address shows the friendly not-found page with status 404", async ({ page }) => {
  const response = await gotoHydrated(page, "/no-such-page/at-all");
  expect(response?.status()).toBe(404);
  await expect(page.getByRole("heading", { level: 1, name: "Page not found" })).toBeVisible();
  await expect(page.locator('head meta[name="robots"]')).toHaveAttribute("content", "noindex");
  await expect(page.getByRole("link", { name: "Go to the home page" })).toHaveAttribute("href", "/");
  await expect(page.getByRole("link", { name: "Browse tour packages" })).toHaveAttribute("href", "/packages");
  // Site navigation stays available.
  await expect(page.getByRole("navigation").first()).toBeVisible();
  await expectNoAxeViolations(page);
});

// eslint-disable-next-line @typescript-eslint/no-explicit-any
async function jsonLd(page: Page, type: string): Promise<any> {
  const blocks = await page.locator('script[type="application/ld+json"]').allTextContents();
  const found = blocks.map((text) => JSON.parse(text)).find((data) => data["@type"] === type);
  expect(found, `JSON-LD ${type}`).toBeTruthy();
  return found;
}
