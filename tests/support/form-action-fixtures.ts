import type { GroupDate } from "~/lib/content-types";
import type { Db } from "~/server/db/db.server";
import { packages, siteSettings } from "~/server/db/schema.server";

/** Just what the public form actions read (a full seed processes every image): the settings and a published Bali. Its id. */
export async function insertFormActionData(db: Db, groupDates: GroupDate[] = []): Promise<number> {
  await db
    .insert(siteSettings)
    .values({ id: 1, brandName: "Pravas", phonePrimary: "+91 20 0000 0000", email: "team@example.com", whatsappNumber: "919800000000" });
  const [row] = await db
    .insert(packages)
    .values({
      slug: "bali",
      title: "Bali",
      country: "Indonesia",
      region: "international",
      days: 6,
      nights: 5,
      description: "x",
      priceFrom: 50000,
      price: { kind: "single", amount: 50000, unit: "per person" },
      thumbnail: "x",
      status: "published",
      groupDates,
    })
    .returning({ id: packages.id });
  return row!.id;
}
