import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Db } from "~/server/db/db.server";
import { blogs, blogViews } from "~/server/db/schema.server";
import { closeTestDatabase, openTestDatabase } from "../../../tests/support/test-db";
import { isCountableView, MAX_VIEWS_PER_ADDRESS_PER_DAY, recordBlogView } from "./blog-views.server";

const BROWSER = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/141.0.0.0 Safari/537.36";
const request = (headers: Record<string, string> = {}, method = "GET") =>
  new Request("http://localhost/blogs/1", { method, headers: { "user-agent": BROWSER, ...headers } });

let db: Db;
let blogId: number;

beforeAll(async () => {
  db = await openTestDatabase();
  const [row] = await db
    .insert(blogs)
    .values({ slug: "views-test", title: "Views", uploadDate: "2026-01-01", content: "<p>x</p>", status: "published" })
    .returning({ id: blogs.id });
  blogId = row!.id;
});
afterAll(closeTestDatabase);

async function storedViews() {
  return (await db.select({ views: blogs.views }).from(blogs).where(eq(blogs.id, blogId)))[0]!.views;
}

describe("recordBlogView", () => {
  const morning = new Date("2026-11-22T04:00:00Z");

  it("counts a visitor once per day", async () => {
    expect(await recordBlogView(blogId, request(), "198.51.100.1", morning)).toEqual({ counted: true, views: 1 });
    expect(await recordBlogView(blogId, request(), "198.51.100.1", new Date("2026-11-22T15:00:00Z"))).toEqual({
      counted: false,
      views: null,
    });
    expect(await storedViews()).toBe(1);
  });

  it("counts another visitor, and the same visitor on another day", async () => {
    await recordBlogView(blogId, request(), "198.51.100.2", morning);
    await recordBlogView(blogId, request({ "user-agent": `${BROWSER} Edg/141.0` }), "198.51.100.1", morning);
    await recordBlogView(blogId, request(), "198.51.100.1", new Date("2026-11-23T04:00:00Z"));
    expect(await storedViews()).toBe(4);
  });

  it("keeps no raw IP address and drops past days' rows", async () => {
    const rows = await db.select().from(blogViews).where(eq(blogViews.blogId, blogId));
    for (const row of rows) {
      expect(row.visitorHash).not.toContain("198.51.100");
      expect(row.ipHash).not.toContain("198.51.100");
    }
    // The visit on the 23rd pruned the 22nd's rows.
    expect(rows.map((row) => row.day)).toEqual(["2026-11-23"]);
  });

  it("never counts bots, HEAD requests or prefetches", async () => {
    const before = await storedViews();
    for (const req of [
      request({ "user-agent": "Mozilla/5.0 (compatible; bingbot/2.0; +http://www.bing.com/bingbot.htm)" }),
      request({ "user-agent": "" }),
      request({}, "HEAD"),
      request({ "sec-purpose": "prefetch" }),
      request({ purpose: "prefetch" }),
    ]) {
      expect(isCountableView(req)).toBe(false);
      expect((await recordBlogView(blogId, req, "198.51.100.9", morning)).counted).toBe(false);
    }
    expect(await storedViews()).toBe(before);
  });

  it("caps what one address adds per day, however many user agents it rotates", async () => {
    const day = new Date("2026-11-24T06:00:00Z");
    const before = await storedViews();
    // 30 "visitors" from one address: rotated user agents (or many phones behind a carrier's address).
    for (let i = 0; i < 30; i++) {
      await recordBlogView(blogId, request({ "user-agent": `${BROWSER} Build/${i}` }), "203.0.113.7", day);
    }
    expect(MAX_VIEWS_PER_ADDRESS_PER_DAY).toBe(20);
    expect(await storedViews()).toBe(before + MAX_VIEWS_PER_ADDRESS_PER_DAY);
    // Other addresses still count, and so does the capped address the next day.
    expect((await recordBlogView(blogId, request(), "203.0.113.8", day)).counted).toBe(true);
    expect((await recordBlogView(blogId, request(), "203.0.113.7", new Date("2026-11-25T06:00:00Z"))).counted).toBe(true);
    expect(await storedViews()).toBe(before + MAX_VIEWS_PER_ADDRESS_PER_DAY + 2);
  });

  it("treats one IPv6 /64 as one address", async () => {
    const day = new Date("2026-11-26T06:00:00Z");
    const before = await storedViews();
    for (let i = 1; i <= 25; i++) await recordBlogView(blogId, request(), `2001:db8:1:2::${i.toString(16)}`, day);
    expect(await storedViews()).toBe(before + MAX_VIEWS_PER_ADDRESS_PER_DAY);
  });
});
