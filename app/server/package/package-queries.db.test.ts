// The seeded catalogue's reads and small writes, for three modules: package-queries.server,
// featured-order.server (the home carousel's order) and package-views.server. One file, so that
// they pay one database copy and one file set-up between them, not three (ADR 100); each
// describe leaves the catalogue as the next one reads it (hampi published again; the carousel's
// order and the view counts are read by no other describe).
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { listActivity } from "~/server/activity/activity.server";
import { getAuth, resetAuthForTests } from "~/server/auth/auth.server";
import type { Viewer } from "~/server/auth/guard.server";
import type { Db } from "~/server/db/db.server";
import { packages, packageViews } from "~/server/db/schema.server";
import { MAX_VIEWS_PER_ADDRESS_PER_DAY } from "~/server/views/view-counter.server";
import { closeTestDatabase, openTestDatabase } from "../../../tests/support/test-db";
import { listFeaturedPackages, moveFeaturedPackage } from "./featured-order.server";
import { toPackagesJson } from "./package-json.server";
import { getPackage, listPackages, listTopDestinations } from "./package-queries.server";
import { recordPackageView } from "./package-views.server";

let db: Db;
let viewer: Viewer;
const ctx = () => ({ viewer, ip: "10.0.0.9" });

beforeAll(async () => {
  resetAuthForTests();
  db = await openTestDatabase({ seeded: true });
  const { user } = await getAuth().api.createUser({
    body: { email: "olga@example.com", password: "olga-password-1", name: "Olga", role: "editor" },
  });
  viewer = { id: user.id, email: user.email, name: user.name, role: "editor" };
});
afterAll(async () => {
  resetAuthForTests();
  await closeTestDatabase();
});

describe("package queries", () => {
  it("list international packages first, in sort order", async () => {
    const rows = await listPackages();
    expect(rows.map((row) => row.slug)).toEqual(["bali", "dubai", "sri-lanka", "vietnam", "golden-triangle", "hampi", "bangalore-mysore"]);
    expect((await listTopDestinations()).map((row) => row.slug)).toHaveLength(7);
  });

  it("find a package by id or slug", async () => {
    const bySlug = await getPackage("golden-triangle");
    expect(bySlug?.title).toBe("Golden Triangle India Tour");
    expect((await getPackage(String(bySlug!.id)))?.slug).toBe("golden-triangle");
    expect(await getPackage("atlantis")).toBeNull();
    expect(await getPackage("0")).toBeNull();
  });

  it("hide drafts unless asked, and an unpublished change shows at the next read", async () => {
    await db.update(packages).set({ status: "draft" }).where(eq(packages.slug, "hampi"));
    expect(await getPackage("hampi")).toBeNull();
    expect((await listPackages()).map((row) => row.slug)).not.toContain("hampi");
    expect((await listTopDestinations()).map((row) => row.slug)).not.toContain("hampi");
    expect((await getPackage("hampi", { includeDrafts: true }))?.status).toBe("draft");
    await db.update(packages).set({ status: "published" }).where(eq(packages.slug, "hampi"));
    expect(await getPackage("hampi")).not.toBeNull();
  });

  it("serialise for the API with sorted itinerary, image URLs and price texts", async () => {
    const [dubai] = await toPackagesJson([(await getPackage("dubai"))!]);
    expect(dubai!.itinerary.map((day) => day.day)).toEqual([1, 2, 3, 4, 5, 6]);
    expect(dubai!.thumbnail).toMatch(/^\/media\/.+\.webp$/);
    expect(dubai!.priceText).toEqual(["Price: ₹85,000 per person"]);
    // The TCS rule in force since 1 April 2026 (issue 47, ADR 092): 2% on overseas packages.
    expect(dubai!.taxNote).toBe("+ 5% GST + 2% TCS");
  });
});

describe("the home carousel's order", () => {
  it("moves a package one place, numbers the order 1..n, and the carousel follows at the next read", async () => {
    const before = await listFeaturedPackages();
    expect(before.length).toBeGreaterThanOrEqual(3);
    expect(before.map((item) => item.position)).toEqual(before.map((_, index) => index + 1));
    const [first, second, third] = before;

    expect(await moveFeaturedPackage(third!.id, "up", ctx())).toEqual({ title: third!.title, position: 2 });
    const after = await listFeaturedPackages();
    expect(after.slice(0, 3).map((item) => item.id)).toEqual([first!.id, third!.id, second!.id]);
    expect((await listTopDestinations()).slice(0, 3).map((row) => row.id)).toEqual([first!.id, third!.id, second!.id]);

    const logged = await listActivity({ limit: 5 });
    expect(logged[0]).toMatchObject({ kind: "package.updated", subjectId: String(third!.id), detail: { featuredPosition: 2 } });
  });

  it("stays put at the ends, and answers null for a package that is not featured", async () => {
    const order = await listFeaturedPackages();
    const top = order[0]!;
    const bottom = order.at(-1)!;
    expect(await moveFeaturedPackage(top.id, "up", ctx())).toEqual({ title: top.title, position: 1 });
    expect(await moveFeaturedPackage(bottom.id, "down", ctx())).toEqual({ title: bottom.title, position: order.length });
    expect((await listFeaturedPackages()).map((item) => item.id)).toEqual(order.map((item) => item.id));
    expect(await moveFeaturedPackage(999_999, "up", ctx())).toBeNull();
  });
});

const BROWSER = "Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/141.0.0.0 Mobile Safari/537.36";
const request = (headers: Record<string, string> = {}, method = "GET") =>
  new Request("http://localhost/packages/bali", { method, headers: { "user-agent": BROWSER, ...headers } });

const viewsOf = async (id: number) => (await db.select({ views: packages.views }).from(packages).where(eq(packages.id, id)))[0]!.views;

describe("recordPackageView", () => {
  let packageId: number;
  let otherId: number;
  beforeAll(async () => {
    const rows = await db.select({ id: packages.id }).from(packages).orderBy(packages.id).limit(2);
    packageId = rows[0]!.id;
    otherId = rows[1]!.id;
  });
  const morning = new Date("2026-11-22T04:00:00Z");

  it("counts a visitor once per Indian day, per package, without storing the address", async () => {
    expect(await recordPackageView(packageId, request(), "198.51.100.1", morning)).toEqual({ counted: true, views: 1 });
    // 20:30 in India is the same day; 00:30 the next: a new day counts again.
    expect(await recordPackageView(packageId, request(), "198.51.100.1", new Date("2026-11-22T15:00:00Z"))).toEqual({ counted: false, views: null });
    expect(await recordPackageView(packageId, request(), "198.51.100.1", new Date("2026-11-22T19:00:00Z"))).toEqual({ counted: true, views: 2 });
    expect((await recordPackageView(otherId, request(), "198.51.100.1", morning)).counted).toBe(true);
    expect(await viewsOf(otherId)).toBe(1);
    for (const row of await db.select().from(packageViews)) {
      expect(row.visitorHash).not.toContain("198.51.100");
      expect(row.ipHash).not.toContain("198.51.100");
    }
  });

  it("never counts bots, HEAD requests or prefetches", async () => {
    const before = await viewsOf(packageId);
    const ignored = [
      request({ "user-agent": "Googlebot/2.1 (+http://www.google.com/bot.html)" }),
      request({ "user-agent": "" }),
      request({}, "HEAD"),
      request({ "sec-purpose": "prefetch" }),
    ];
    for (const req of ignored) expect((await recordPackageView(packageId, req, "198.51.100.9", morning)).counted).toBe(false);
    expect(await viewsOf(packageId)).toBe(before);
  });

  it("caps what one address adds per day, however many browsers it claims", async () => {
    const day = new Date("2026-11-24T06:00:00Z");
    const before = await viewsOf(packageId);
    for (let i = 0; i < MAX_VIEWS_PER_ADDRESS_PER_DAY + 5; i++) {
      await recordPackageView(packageId, request({ "user-agent": `${BROWSER} Build/${i}` }), "203.0.113.7", day);
    }
    expect(await viewsOf(packageId)).toBe(before + MAX_VIEWS_PER_ADDRESS_PER_DAY);
    expect((await recordPackageView(packageId, request(), "203.0.113.8", day)).counted).toBe(true);
    // Past days' rows are gone once a new day is counted.
    const days = new Set((await db.select({ day: packageViews.day }).from(packageViews)).map((row) => row.day));
    expect([...days]).toEqual(["2026-11-24"]);
  });
});
