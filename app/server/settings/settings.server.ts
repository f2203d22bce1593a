import { eq } from "drizzle-orm";
import { getDb } from "~/server/db/db.server";
import { siteSettings, type SiteSettingsRow } from "~/server/db/schema.server";

/** The agency's contact settings (single row, seeded at first start). */
export async function getSiteSettings(): Promise<SiteSettingsRow> {
  const [row] = await getDb().select().from(siteSettings).where(eq(siteSettings.id, 1));
  if (!row) throw new Error("Site settings are missing: the database was not seeded.");
  return row;
}
