// On both engines, PGlite and PostgreSQL (*.pg.db.test.ts, ADR 084): the seed on each engine: identity columns, JSON and the first admin, run twice.
import { eq, sql } from "drizzle-orm";
import type { PgTable } from "drizzle-orm/pg-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getDatabaseKind, type Db } from "~/server/db/db.server";
import * as t from "~/server/db/schema.server";
import { closeTestDatabase, openTestDatabase, seedTestDatabase } from "../../../tests/support/test-db";
import { verifyPassword } from "~/server/auth/password.server";

let db: Db;
async function count(table: PgTable): Promise<number | undefined> {
  return (await db.select({ n: sql<number>`count(*)::int` }).from(table))[0]?.n;
}

beforeAll(async () => {
  db = await openTestDatabase();
  await seedTestDatabase(db);
});
afterAll(closeTestDatabase);

describe("seeding", () => {
  it("runs on the engine under test (PostgreSQL when TEST_DATABASE_URL is set)", () => {
    expect(getDatabaseKind()).toBe(process.env.TEST_DATABASE_URL ? "postgres" : "pglite-memory");
  });

  it("inserts the whole catalogue", async () => {
    expect(await count(t.packages)).toBe(7);
    expect(await count(t.blogs)).toBe(6);
    expect(await count(t.testimonials)).toBe(16);
    expect(await count(t.faqs)).toBe(12);
    expect(await count(t.homeCards)).toBe(8);
    expect(await count(t.legalPages)).toBe(5);
    expect(await count(t.replyTemplates)).toBe(3);
    expect(await count(t.users)).toBe(1);
    expect(await count(t.media)).toBeGreaterThan(10);
  });

  it("stores four international and three national packages, all published", async () => {
    const rows = await db.select().from(t.packages);
    expect(rows.filter((row) => row.region === "international")).toHaveLength(4);
    expect(rows.filter((row) => row.region === "national")).toHaveLength(3);
    expect(rows.every((row) => row.status === "published")).toBe(true);
  });

  it("keeps Dubai's itinerary out of order and Hampi without dates", async () => {
    const [dubai] = await db.select().from(t.packages).where(eq(t.packages.slug, "dubai"));
    const days = dubai!.itinerary.map((day) => day.day);
    expect(days).not.toEqual([...days].sort((a, b) => a - b));
    const [hampi] = await db.select().from(t.packages).where(eq(t.packages.slug, "hampi"));
    expect(hampi!.groupDates).toEqual([]);
  });

  it("stores both price shapes and the hotel options as whole rupees", async () => {
    const [bali] = await db.select().from(t.packages).where(eq(t.packages.slug, "bali"));
    expect(bali!.price).toEqual({ kind: "adultChild", adult: 99500, childWithBed: 85000, childNoBed: 77500 });
    const [ooty] = await db.select().from(t.packages).where(eq(t.packages.slug, "bangalore-mysore"));
    expect(ooty!.priceOptions.map((option) => option.amount)).toEqual([27400, 21500]);
    expect(ooty!.priceFrom).toBe(21500);
  });

  it("refers only to media that exists, with responsive variants", async () => {
    const keys = new Set((await db.select({ key: t.media.key }).from(t.media)).map((row) => row.key));
    for (const pkg of await db.select().from(t.packages)) {
      for (const key of [pkg.thumbnail, ...pkg.gallery, ...pkg.itinerary.map((day) => day.photo)]) {
        expect(keys, `${pkg.slug} refers to ${key}`).toContain(key);
      }
    }
    for (const blog of await db.select().from(t.blogs)) expect(keys).toContain(blog.headImage);
    const [one] = await db.select().from(t.media).limit(1);
    expect(one!.variants.some((variant) => variant.format === "avif")).toBe(true);
    expect(one!.variants.some((variant) => variant.format === "webp")).toBe(true);
    expect(one!.placeholder).toMatch(/^data:image\/webp;base64,/);
  });

  it("creates the first admin with a hashed password", async () => {
    const [admin] = await db.select().from(t.users);
    expect(admin!.role).toBe("admin");
    expect(admin!.email).toBe("admin@example.com");
    const [credential] = await db.select().from(t.accounts).where(eq(t.accounts.userId, admin!.id));
    expect(credential!.providerId).toBe("credential");
    expect(await verifyPassword({ hash: credential!.password!, password: "test-password-123" })).toBe(true);
  });

  it("is idempotent and never overwrites or revives an admin's change", async () => {
    await db.update(t.packages).set({ title: "Bali, edited by admin" }).where(eq(t.packages.slug, "bali"));
    await db.delete(t.blogs).where(eq(t.blogs.slug, "national-parks"));
    const again = await seedTestDatabase(db);
    expect(again.inserted).toEqual({});
    expect(again.adminCreated).toBe(false);
    expect(await count(t.packages)).toBe(7);
    expect(await count(t.blogs)).toBe(5);
    const [bali] = await db.select().from(t.packages).where(eq(t.packages.slug, "bali"));
    expect(bali!.title).toBe("Bali, edited by admin");
  });
});
