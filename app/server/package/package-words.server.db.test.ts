import fs from "node:fs";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Db } from "~/server/db/db.server";
import { packages, replyTemplates, siteSettings, users } from "~/server/db/schema.server";
import { closeTestDatabase, openTestDatabase } from "../../../tests/support/test-db";
import { toPackageDetail } from "./package-detail.server";
import { touristTripJsonLd } from "./package-seo.server";
import { getPackage } from "./package-queries.server";
import { toPackageCards } from "./package-card.server";

let db: Db;
beforeAll(async () => {
  db = await openTestDatabase({ seeded: true });
});
afterAll(closeTestDatabase);

const TODAY = "2026-11-28";
const bali = async () => (await getPackage("bali"))!;

describe("a package's words follow the tax settings and its price (issue 49)", () => {
  it("after TCS goes from 5% to 2%, Bali's “Not included” line says 2%, as its price note does", async () => {
    await db.update(siteSettings).set({ tcsPercent: 2 });
    try {
      const detail = await toPackageDetail(await bali(), TODAY);
      expect(detail.price.taxNote).toBe("+ 5% GST + 2% TCS");
      expect(detail.excluded).toContain("5% GST and 2% TCS");
      expect(detail.excluded.join(" ")).not.toContain("5% TCS");
    } finally {
      await db.update(siteSettings).set({ tcsPercent: 5 });
    }
  });

  it("after Bali's adult price changes, the meta and structured-data descriptions say the new one", async () => {
    const row = await bali();
    await db
      .update(packages)
      .set({ price: { ...row.price, adult: 104_500 } as typeof row.price })
      .where(eq(packages.id, row.id));
    try {
      const detail = await toPackageDetail(await bali(), TODAY);
      expect(detail.seo.description).toBe(
        "Seven days in Bali: Tanah Lot at sunset, Ubud's Monkey Forest, a Mount Batur sunrise trek and Kecak at Uluwatu. From ₹1,04,500 per adult with flights.",
      );
      const trip = touristTripJsonLd(detail, "https://pravas.example", "Pravas");
      expect(trip.description).toBe(detail.seo.description);
      // One "from" price: the adult's, on the page as in the description.
      expect(detail.price.from).toBe("₹1,04,500");
    } finally {
      await db.update(packages).set({ price: row.price }).where(eq(packages.id, row.id));
    }
  });

  it("a generated description (stored empty) says the adult price, not a child's", async () => {
    const row = await bali();
    await db.update(packages).set({ seoDescription: "" }).where(eq(packages.id, row.id));
    try {
      expect((await toPackageDetail(await bali(), TODAY)).seo.description).toMatch(/7 Days \/ 6 Nights from ₹99,500\.$/);
    } finally {
      await db.update(packages).set({ seoDescription: row.seoDescription }).where(eq(packages.id, row.id));
    }
  });

  it("cards put the words in too", async () => {
    const row = await bali();
    await db.update(packages).set({ description: "Seven days in Bali from {price}, {gst} extra." }).where(eq(packages.id, row.id));
    try {
      expect((await toPackageCards([await bali()]))[0]!.description).toBe("Seven days in Bali from ₹99,500, 5% GST extra.");
    } finally {
      await db.update(packages).set({ description: row.description }).where(eq(packages.id, row.id));
    }
  });
});

describe("migration 0023 moves an existing site to the same words (issue 49)", () => {
  const migration = fs
    .readFileSync("drizzle/0023_users-name-and-package-words.sql", "utf8")
    .split("--> statement-breakpoint")
    .filter((statement) => !/ADD COLUMN/i.test(statement));
  const run = async () => {
    for (const statement of migration) await db.execute(sql.raw(statement));
  };

  it("gives the seeded texts their placeholders, the adult price as price_from, and asks “Administrator” for a name; twice is once", async () => {
    const old =
      "Seven days in Bali: Tanah Lot at sunset, Ubud's Monkey Forest, a Mount Batur sunrise trek and Kecak at Uluwatu. From ₹99,500 per adult with flights.";
    const handWritten = "Golden Triangle, hand-written by the team. From ₹52,500 only!";
    await db
      .update(packages)
      .set({ seoDescription: old, priceFrom: 77_500, excluded: ["Travel insurance", "5% GST and 5% TCS"] })
      .where(eq(packages.slug, "bali"));
    await db
      .update(packages)
      .set({ seoDescription: handWritten, priceFrom: 40_500, excluded: ["5% GST"] })
      .where(eq(packages.slug, "golden-triangle"));
    await db.update(users).set({ name: "Administrator", mustSetName: false });
    const oldQuote =
      "Hello {name}, this is {agent} from Pravas. Thank you for your interest in {package}. I am putting your quote together for {departure} and will send it here shortly. How many of you are travelling?";
    await db.update(replyTemplates).set({ body: oldQuote }).where(eq(replyTemplates.name, "Quote"));
    await run();
    await run();
    const rows = Object.fromEntries((await db.select().from(packages)).map((row) => [row.slug, row]));
    expect(rows.bali).toMatchObject({ priceFrom: 99_500, excluded: ["Travel insurance", "{gst} and {tcs}"] });
    expect(rows.bali!.seoDescription).toBe(old.replace("₹99,500", "{price}"));
    expect(rows["golden-triangle"]).toMatchObject({ priceFrom: 52_500, excluded: ["{gst}"], seoDescription: handWritten });
    expect(rows["bangalore-mysore"]!.priceFrom).toBe(21_500);
    expect((await db.select({ ask: users.mustSetName }).from(users)).every((user) => user.ask)).toBe(true);
    const [quote] = await db.select().from(replyTemplates).where(eq(replyTemplates.name, "Quote"));
    expect(quote!.body).toContain("I am putting your quote together for {travellers} for {departure}");
    expect(quote!.body).not.toContain("How many of you");
  });
});
