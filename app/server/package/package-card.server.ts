import { fillPackageText } from "~/lib/package-text";
import type { PackageCardData } from "~/lib/package-view-model";
import { fromPrice } from "~/lib/price";
import type { PackageRow } from "~/server/db/schema.server";
import { getMediaByKeys } from "~/server/media/media.server";
import { getTaxRates } from "~/server/settings/settings.server";

/** Package rows as card data, thumbnails resolved, {gst}, {tcs} and {price} put in. */
export async function toPackageCards(rows: PackageRow[]): Promise<PackageCardData[]> {
  const [media, taxes] = await Promise.all([getMediaByKeys(rows.map((row) => row.thumbnail)), getTaxRates()]);
  return rows.map((row) => ({
    id: row.id,
    title: row.title,
    country: row.country,
    description: fillPackageText(row.description, { taxes, fromPrice: fromPrice(row.price, row.priceOptions) }),
    rating: row.ratingStars,
    link: `/packages/${row.slug}`,
    thumbnail: media[row.thumbnail] ?? null,
  }));
}
