import type { PackageCardData } from "~/lib/package-view-model";
import type { PackageRow } from "~/server/db/schema.server";
import { getMediaByKeys } from "~/server/media/media.server";

/** Package rows as card data, thumbnails resolved. */
export async function toPackageCards(rows: PackageRow[]): Promise<PackageCardData[]> {
  const media = await getMediaByKeys(rows.map((row) => row.thumbnail));
  return rows.map((row) => ({
    id: row.id,
    title: row.title,
    country: row.country,
    description: row.description,
    rating: row.ratingStars,
    link: `/packages/${row.slug}`,
    thumbnail: media[row.thumbnail] ?? null,
  }));
}
