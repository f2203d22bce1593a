import { expectNoAxeViolations } from "./axe";
import { expect, gotoHydrated, indianDateOf, moveServerClock, pageSettled, test, type TestDatabase } from "./fixtures";

type BlogRow = { id: number; slug: string; title: string; views: number; upload_date: string };

async function blogBySlug(db: TestDatabase, slug: string) {
  const [row] = await db.query<BlogRow>("select id, slug, title, views, upload_date::text as upload_date from blogs where slug = $1", [slug]);
  if (!row) throw new Error(`seeded blog ${slug} is missing`);
  return row;
}

const views = (count: number) => new Intl.NumberFormat("en-IN").format(count);

/** Inserts a published post for one test and removes it (and its views) afterwards. */
async function insertBlog(db: TestDatabase, fields: { slug: string; title: string; content: string }) {
  const [row] = await db.query<{ id: number }>(
    `insert into blogs (slug, title, excerpt, duration_minutes, views, upload_date, head_image, content, status)
     values ($1, $2, 'An e2e fixture post.', 5, 0, current_date, 'city-skyline-sunset', $3, 'published') returning id`,
    [fields.slug, fields.title, fields.content],
  );
  db.onCleanup(() => db.query("delete from blogs where id = $1", [row!.id]));
  return row!.id;
}

test("the blog list shows a card per post with reading time, views and age", async ({ page, db }) => {
  const seeded = await db.query<BlogRow>("select id, slug, title, views, upload_date::text as upload_date from blogs where status = 'published'");
  // The seed dates the posts back from the day it ran, so that every age wording appears. That day may not be the
  // server's: the run may have crossed the Indian midnight since, or an earlier test moved this server's clock on.
  // So the posts are dated back from the server's own Indian date here, and put back afterwards.
  const expected: Record<string, { daysAgo: number; duration: string; age: string }> = {
    "western-ghats-monsoon": { daysAgo: 4, duration: "10 min", age: "4 Days ago" },
    "street-food-guide": { daysAgo: 21, duration: "6 min", age: "3 Weeks ago" },
    "heritage-temples-of-india": { daysAgo: 84, duration: "1 hr 15 min", age: "2 Months ago" },
    "national-parks": { daysAgo: 123, duration: "9 min", age: "4 Months ago" },
    "top-beaches-summer": { daysAgo: 226, duration: "7 min", age: "7 Months ago" },
    "exploring-dubai": { daysAgo: 620, duration: "8 min", age: "1 Year ago" },
  };
  const noonToday = new Date(`${indianDateOf(await moveServerClock(page.request))}T12:00:00+05:30`);
  const redate = async (dateOf: (blog: BlogRow) => string) => {
    for (const blog of seeded) await db.query("update blogs set upload_date = $2::date where id = $1", [blog.id, dateOf(blog)]);
    await db.query("update content_version set version = version + 1");
  };
  db.onCleanup(() => redate((blog) => blog.upload_date));
  await redate((blog) => indianDateOf(noonToday, -expected[blog.slug]!.daysAgo));
  await gotoHydrated(page, "/blogs");
  const cards = page.getByRole("article");
  await expect(cards).toHaveCount(seeded.length);
  expect(seeded.length).toBe(6);

  for (const blog of seeded) {
    const card = cards.filter({ has: page.getByRole("heading", { name: blog.title }) });
    await expect(card).toHaveCount(1);
    await expect(card).toContainText(expected[blog.slug]!.duration);
    await expect(card.getByText(`View: ${views(blog.views)} | ${expected[blog.slug]!.age}`)).toBeVisible();
    await expect(card.getByRole("link", { name: `Read More about ${blog.title}` })).toHaveAttribute("href", `/blogs/${blog.id}`);
    await expect(card.locator("img")).toHaveAttribute("width", /\d+/);
  }
  // Newest first.
  await expect(cards.first()).toContainText("The Western Ghats in the Monsoon");
  await expectNoAxeViolations(page);
});

test("Read More opens the post with its title, image, views, date and content", async ({ page, db }) => {
  const dubai = await blogBySlug(db, "exploring-dubai");
  await gotoHydrated(page, "/blogs");
  await page.getByRole("link", { name: `Read More about ${dubai.title}` }).click();
  await expect(page).toHaveURL(`/blogs/${dubai.id}`);
  await expect(page.getByRole("heading", { level: 1, name: dubai.title })).toBeVisible();

  const after = await blogBySlug(db, "exploring-dubai");
  const [year, month, day] = after.upload_date.split("-").map(Number);
  const date = `${day} ${["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"][month! - 1]} ${year}`;
  await expect(page.getByText(`${views(after.views)} Views | Uploaded on ${date}`)).toBeVisible();

  const article = page.getByRole("article");
  await expect(article.locator("img").first()).toBeVisible();
  await expect(article.getByRole("heading", { level: 2, name: "When to go" })).toBeVisible();
  await expect(article.getByRole("link", { name: "6-day Dubai tour" })).toHaveAttribute("href", "/packages/dubai");
  await expectNoAxeViolations(page);
});

test("the slug address redirects permanently to the numeric one", async ({ page, request, db }) => {
  const dubai = await blogBySlug(db, "exploring-dubai");
  const response = await request.get("/blogs/exploring-dubai", { maxRedirects: 0 });
  expect([301, 308]).toContain(response.status());
  expect(response.headers().location).toBe(`/blogs/${dubai.id}`);
  await gotoHydrated(page, "/blogs/exploring-dubai");
  await expect(page).toHaveURL(`/blogs/${dubai.id}`);
  await expect(page.getByRole("heading", { level: 1, name: dubai.title })).toBeVisible();
});

test("an unknown post answers 404 with 'Blog not found!'", async ({ page }) => {
  for (const path of ["/blogs/999999", "/blogs/no-such-post"]) {
    const response = await gotoHydrated(page, path);
    expect(response?.status()).toBe(404);
    await expect(page.getByRole("heading", { level: 1, name: "Blog not found!" })).toBeVisible();
    await expect(page.getByRole("link", { name: "Browse all blogs" })).toHaveAttribute("href", "/blogs");
  }
});

test("a view counts once per visitor per day, and never for bots", async ({ request, db }) => {
  const id = await insertBlog(db, {
    slug: "e2e-view-count",
    title: "View counting fixture",
    content: "<p>Counting.</p>",
  });
  const browserUa = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/141.0.0.0 Safari/537.36";
  // Every request comes from this machine's address (X-Forwarded-For is not trusted without
  // TRUST_PROXY), so visitors here differ by their browser.
  const visit = async (userAgent = browserUa) => {
    const response = await request.get(`/blogs/${id}`, { headers: { "user-agent": userAgent } });
    expect(response.status()).toBe(200);
    return response.text();
  };
  const stored = async () => (await db.query<{ views: number }>("select views from blogs where id = $1", [id]))[0]!.views;

  expect(await visit()).toContain("1 Views | Uploaded on");
  expect(await stored()).toBe(1);
  // The same visitor again the same day: no new view.
  expect(await visit()).toContain("1 Views | Uploaded on");
  expect(await stored()).toBe(1);
  // Crawlers never count.
  await visit("Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)");
  await visit("curl/8.5.0");
  expect(await stored()).toBe(1);
  // Another visitor counts.
  await visit(`${browserUa} Edg/141.0.0.0`);
  expect(await stored()).toBe(2);

  // Visitors are kept as one-way hashes, never as IP addresses.
  const rows = await db.query<{ visitor_hash: string; ip_hash: string }>("select visitor_hash, ip_hash from blog_views where blog_id = $1", [id]);
  expect(rows).toHaveLength(2);
  for (const row of rows) {
    expect(row.visitor_hash).not.toContain("127.0.0.1");
    expect(row.ip_hash).not.toContain("127.0.0.1");
  }
});

test("hostile HTML in a post renders inert", async ({ page, db }) => {
  const id = await insertBlog(db, {
    slug: "e2e-hostile",
    title: "Hostile payload fixture",
    content: [
      "<p>Safe paragraph.</p>",
      "<script>window.__pwned = 'script'; console.log('pwned by script')</script>",
      `<img src="/no-such-image.png" alt="broken" onerror="window.__pwned = 'onerror'; console.log('pwned by onerror'); alert('pwned')">`,
      `<a href="javascript:window.__pwned='link';alert('pwned')">Click me</a>`,
      `<iframe src="javascript:alert('pwned')"></iframe>`,
      `<p onclick="alert('pwned')" style="position:fixed;inset:0">Overlay</p>`,
    ].join("\n"),
  });
  const dialogs: string[] = [];
  const messages: string[] = [];
  page.on("dialog", async (dialog) => {
    dialogs.push(dialog.message());
    await dialog.dismiss();
  });
  page.on("console", (message) => messages.push(message.text()));

  await gotoHydrated(page, `/blogs/${id}`);
  const article = page.getByRole("article");
  await expect(article.getByText("Safe paragraph.")).toBeVisible();
  await expect(article.locator("script")).toHaveCount(0);
  await expect(article.locator("iframe")).toHaveCount(0);
  await expect(article.locator("[onerror], [onclick]")).toHaveCount(0);
  expect(await article.getByText("Overlay").getAttribute("style")).toBeNull();
  await expect(article.getByRole("img", { name: "broken" })).not.toHaveAttribute("onerror", /.*/);
  await expect(article.locator('a[href^="javascript:" i]')).toHaveCount(0);
  await article.getByText("Click me").click();
  await pageSettled(page);

  expect(await page.evaluate(() => (window as unknown as { __pwned?: string }).__pwned)).toBeUndefined();
  expect(dialogs).toEqual([]);
  expect(messages.filter((text) => text.includes("pwned"))).toEqual([]);
});
