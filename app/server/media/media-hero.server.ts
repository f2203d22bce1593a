import { eq } from "drizzle-orm";
import type { Db } from "~/server/db/db.server";
import { siteSettings } from "~/server/db/schema.server";

/** The media key of the home page's hero photo (ADR 044), or null. */
export async function heroImageKey(db: Db): Promise<string | null> {
  const [row] = await db.select({ key: siteSettings.heroMediaKey }).from(siteSettings).where(eq(siteSettings.id, 1)).limit(1);
  return row?.key || null;
}
