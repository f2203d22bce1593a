import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Db } from "~/server/db/db.server";
import { packages } from "~/server/db/schema.server";
import { closeTestDatabase, openTestDatabase } from "../../../tests/support/test-db";
import { toPackagesJson } from "./package-json.server";
import { getPackage, listPackages, listTopDestinations } from "./package-queries.server";

let db: Db;
beforeAll(async () => {
  db = await openTestDatabase({ seeded: true });
});
afterAll(closeTestDatabase);

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
    expect(dubai!.taxNote).toBe("+ 5% GST + 5% TCS");
  });
});
