import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Db } from "~/server/db/db.server";
import { packages, packageViews } from "~/server/db/schema.server";
import { closeTestDatabase, openTestDatabase } from "../../../tests/support/test-db";
import { MAX_VIEWS_PER_ADDRESS_PER_DAY } from "~/server/views/view-counter.server";
import { recordPackageView } from "./package-views.server";

const BROWSER = "Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/141.0.0.0 Mobile Safari/537.36";
const request = (headers: Record<string, string> = {}, method = "GET") =>
  new Request("http://localhost/packages/bali", { method, headers: { "user-agent": BROWSER, ...headers } });

let db: Db;
let packageId: number;
let otherId: number;

beforeAll(async () => {
  db = await openTestDatabase({ seeded: true });
  const rows = await db.select({ id: packages.id }).from(packages).orderBy(packages.id).limit(2);
  packageId = rows[0]!.id;
  otherId = rows[1]!.id;
});
afterAll(closeTestDatabase);

const viewsOf = async (id: number) => (await db.select({ views: packages.views }).from(packages).where(eq(packages.id, id)))[0]!.views;

describe("recordPackageView", () => {
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
