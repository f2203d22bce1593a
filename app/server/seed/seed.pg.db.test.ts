// On both engines, PGlite and PostgreSQL (*.pg.db.test.ts, ADR 084): the seed on each engine: identity columns, JSON and the first admin, run twice.
import { asc, eq, inArray, sql } from "drizzle-orm";
import type { PgTable } from "drizzle-orm/pg-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getDatabaseKind, type Db } from "~/server/db/db.server";
import * as t from "~/server/db/schema.server";
import { closeTestDatabase, openTestDatabase, seedTestDatabase } from "../../../tests/support/test-db";
import { verifyPassword } from "~/server/auth/password.server";
import { TCS_WORD_FIXES } from "./tcs-words";

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

  it("a database seeded before ADR 115: the old TCS words change once, and a live booking's balance absorbs its GST", async () => {
    const { faq, terms } = TCS_WORD_FIXES;
    await db
      .update(t.faqs)
      .set({ answer: `Prices are shown in Indian rupees and carry 5% GST on top. ${faq.from}` })
      .where(eq(t.faqs.question, faq.question));
    const [page] = await db.select().from(t.legalPages).where(eq(t.legalPages.slug, terms.slug));
    await db
      .update(t.legalPages)
      .set({ body: page!.body.replace(terms.to, terms.from) })
      .where(eq(t.legalPages.slug, terms.slug));
    // Made on 10 Nov 2026 for ₹1,04,500 on a national package, asking its price alone (no taxes, no stored lines); and a cancelled one.
    const [pkg] = await db.select().from(t.packages).where(eq(t.packages.slug, "golden-triangle"));
    const made = (reference: string, state: "confirmed" | "cancelled") => ({
      reference,
      packageId: pkg!.id,
      packageTitle: pkg!.title,
      startDate: "2027-03-01",
      endDate: "2027-03-07",
      state,
      leadName: "Ravi Rao",
      leadPhone: "+919845012345",
      adults: 1,
      room: "twin" as const,
      price: { basis: "Package price", units: { adult: 1_04_500_00, childWithBed: 0, childNoBed: 0 }, extras: [], discount: null },
      totalPaise: 1_04_500_00,
      createdAt: new Date("2026-11-10T05:00:00Z"),
    });
    const [live, cancelled] = await db
      .insert(t.bookings)
      .values([made("PRV-OLD22", "confirmed"), made("PRV-OLD33", "cancelled")])
      .returning();
    await db.delete(t.seedLedger).where(inArray(t.seedLedger.kind, ["text-fix", "booking-taxes"]));

    expect((await seedTestDatabase(db)).inserted).toEqual({ "text-fix": 1, "booking-taxes": 1 });
    const [answer] = await db.select({ answer: t.faqs.answer }).from(t.faqs).where(eq(t.faqs.question, faq.question));
    expect(answer!.answer).toBe(`Prices are shown in Indian rupees and carry 5% GST on top. ${faq.to}`);
    const [fixed] = await db.select({ body: t.legalPages.body }).from(t.legalPages).where(eq(t.legalPages.slug, terms.slug));
    expect(fixed!.body).toContain(terms.to);
    expect(fixed!.body).not.toContain("5% TCS");
    // GST 5% on ₹1,04,500 = ₹5,225 (no agency state yet: IGST); the deposit stays ₹26,125, the balance ₹78,375 + ₹5,225 = ₹83,600.
    const [after] = await db.select().from(t.bookings).where(eq(t.bookings.id, live!.id));
    expect([after!.gstPaise, after!.tcsPaise]).toEqual([5_225_00, 0]);
    const lines = await db
      .select({ key: t.bookingPaymentLines.key, dueOn: t.bookingPaymentLines.dueOn, amountPaise: t.bookingPaymentLines.amountPaise })
      .from(t.bookingPaymentLines)
      .where(eq(t.bookingPaymentLines.bookingId, live!.id))
      .orderBy(asc(t.bookingPaymentLines.dueOn));
    expect(lines).toEqual([
      { key: "DEP", dueOn: "2026-11-10", amountPaise: 26_125_00 },
      { key: "BAL", dueOn: "2027-01-30", amountPaise: 83_600_00 },
    ]);
    const [untouched] = await db.select().from(t.bookings).where(eq(t.bookings.id, cancelled!.id));
    expect(untouched!.gstPaise).toBe(0);
    // Once: a later start changes nothing, even an answer an admin wrote back in the old words.
    await db.update(t.faqs).set({ answer: faq.from }).where(eq(t.faqs.question, faq.question));
    expect((await seedTestDatabase(db)).inserted).toEqual({});
    const [kept] = await db.select({ answer: t.faqs.answer }).from(t.faqs).where(eq(t.faqs.question, faq.question));
    expect(kept!.answer).toBe(faq.from);
  });
});
