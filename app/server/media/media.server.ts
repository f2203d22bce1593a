import { inArray } from "drizzle-orm";
import { getDb } from "~/server/db/db.server";
import { media } from "~/server/db/schema.server";
import { withoutPortrait, type MediaView } from "~/lib/media";

/**
 * Resolves media keys to what the image component needs; unknown keys are left
 * out. The portrait cut comes only when asked for (the home hero): elsewhere it
 * would only add to every page's HTML.
 */
export async function getMediaByKeys(keys: Iterable<string>, { portrait = false } = {}): Promise<Record<string, MediaView>> {
  const unique = [...new Set(keys)].filter(Boolean);
  if (unique.length === 0) return {};
  const rows = await getDb()
    .select({
      key: media.key,
      alt: media.alt,
      width: media.width,
      height: media.height,
      placeholder: media.placeholder,
      variants: media.variants,
    })
    .from(media)
    .where(inArray(media.key, unique));
  return Object.fromEntries(rows.map((row) => [row.key, portrait ? row : withoutPortrait(row)]));
}

export async function listMediaCredits() {
  return getDb()
    .select({
      key: media.key,
      alt: media.alt,
      originalName: media.originalName,
      author: media.author,
      license: media.license,
      source: media.source,
    })
    .from(media)
    .orderBy(media.originalName);
}
