import { largestUrl, type MediaView } from "~/lib/media";
import { priceLines, packageTaxSetting, taxNote } from "~/lib/price";
import type { PackageRow } from "~/server/db/schema.server";
import { getMediaByKeys } from "~/server/media/media.server";
import { getTaxRates } from "~/server/settings/settings.server";

/** Media keys a package refers to (thumbnail, gallery, itinerary photos). */
export function packageMediaKeys(row: PackageRow): string[] {
  return [row.thumbnail, ...row.gallery, ...row.itinerary.map((day) => day.photo)];
}

function imageUrl(media: Record<string, MediaView>, key: string): string | null {
  const view = media[key];
  return view ? largestUrl(view) : null;
}

/** The API's JSON shape of a package: stored fields plus resolved image URLs and price texts. */
export async function toPackagesJson(rows: PackageRow[]) {
  const [media, taxes] = await Promise.all([getMediaByKeys(rows.flatMap(packageMediaKeys)), getTaxRates()]);
  return rows.map((row) => ({
    id: row.id,
    slug: row.slug,
    title: row.title,
    country: row.country,
    region: row.region,
    status: row.status,
    category: row.category,
    days: row.days,
    nights: row.nights,
    duration: row.days,
    description: row.description,
    longDescription: row.longDescription,
    price: row.price,
    priceFrom: row.priceFrom,
    priceText: priceLines(row.price).map((line) => `${line.label}: ${line.amount} ${line.unit}`),
    taxNote: taxNote(packageTaxSetting(row), taxes),
    priceOptions: row.priceOptions,
    thumbnail: imageUrl(media, row.thumbnail),
    images: row.gallery.map((key) => imageUrl(media, key)).filter((url): url is string => url !== null),
    highlights: row.highlights,
    included: row.included,
    excluded: row.excluded,
    itinerary: [...row.itinerary].sort((a, b) => a.day - b.day).map((day) => ({ ...day, photo: imageUrl(media, day.photo) })),
    groupDates: row.groupDates,
    brochureUrl: row.brochureUrl,
    /** The package's own terms; null: the site-wide ones (ADR 044). */
    termsOverride: row.termsOverride ?? null,
    rating: { stars: row.ratingStars, reviews: row.ratingCount },
    reviews: row.reviews,
    link: `/packages/${row.slug}`,
    seoTitle: row.seoTitle,
    seoDescription: row.seoDescription,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    /** The version a write sends back (If-Match or `version`) to be refused if someone changed it since (ADR 037). */
    version: row.revision,
  }));
}
