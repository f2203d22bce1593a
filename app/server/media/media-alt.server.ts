import { and, eq, inArray, ne } from "drizzle-orm";
import type { ImageAlt } from "~/lib/image-alt-schema";
import type { Db } from "~/server/db/db.server";
import { media } from "~/server/db/schema.server";

/** The alt texts of images, by media key (images without a row are left out). */
export async function getImageAlts(db: Db, keys: string[]): Promise<Record<string, string>> {
  const unique = [...new Set(keys)].filter(Boolean);
  if (unique.length === 0) return {};
  const rows = await db.select({ key: media.key, alt: media.alt }).from(media).where(inArray(media.key, unique));
  return Object.fromEntries(rows.map((row) => [row.key, row.alt]));
}

/**
 * Saves alt texts typed in an editor, inside that editor's content write, for
 * the images the saved content refers to only (a form cannot rename another
 * file's description); unchanged texts are not written.
 */
export async function setImageAlts(tx: Db, alts: ImageAlt[], referenced: string[]): Promise<void> {
  const allowed = new Set(referenced);
  for (const { key, alt } of alts) {
    if (!allowed.has(key)) continue;
    await tx
      .update(media)
      .set({ alt })
      .where(and(eq(media.key, key), eq(media.kind, "image"), ne(media.alt, alt)));
  }
}
