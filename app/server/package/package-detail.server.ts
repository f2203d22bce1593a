import type { PackageDetail, PriceBlock, PriceOffer } from "~/lib/package-view-model";
import { largestUrl, type MediaView } from "~/lib/media";
import { generatedSeoDescription } from "~/lib/package-seo-description";
import { fillPackageText } from "~/lib/package-text";
import { formatInr, fromPrice, priceLines, packageTaxSetting, taxNote, type TaxRates } from "~/lib/price";
import { getTaxRates } from "~/server/settings/settings.server";
import { formatDuration, formatTourDate, upcomingDates } from "~/lib/tour-format";
import type { PackageRow } from "~/server/db/schema.server";
import { getMediaByKeys } from "~/server/media/media.server";
import { brochureHref } from "./brochure-link.server";
import { seatsLabel } from "~/lib/seats";
import { packageDepartureSeats } from "~/server/seats/departure-seats.server";
import { packageFeatures } from "./package-features.server";
import { packageMediaKeys } from "./package-json.server";

/** The package page shows at most this many reviews (spec §9). */
const MAX_PACKAGE_REVIEWS = 6;

export type { PackageDetail } from "~/lib/package-view-model";

/** The price block in the spec's two shapes, or the hotel options where a package has them. */
export function priceBlock(row: Pick<PackageRow, "price" | "priceOptions"> & Parameters<typeof packageTaxSetting>[0], taxes: TaxRates): PriceBlock {
  const options = row.priceOptions.map((option) => ({
    label: option.label,
    amount: formatInr(option.amount),
    unit: option.unit,
    hotels: option.hotels,
  }));
  return {
    taxNote: taxNote(packageTaxSetting(row), taxes),
    from: formatInr(fromPrice(row.price, row.priceOptions)),
    lines: options.length > 0 ? [] : priceLines(row.price),
    options,
  };
}

export function priceOffers(row: Pick<PackageRow, "price" | "priceOptions">): PriceOffer[] {
  if (row.priceOptions.length > 0) {
    return row.priceOptions.map((option) => ({
      name: option.label,
      price: option.amount,
    }));
  }
  if (row.price.kind === "single") {
    const unit = row.price.unit;
    return [
      {
        name: unit.charAt(0).toUpperCase() + unit.slice(1),
        price: row.price.amount,
      },
    ];
  }
  return [
    { name: "Adult", price: row.price.adult },
    { name: "Child with bed", price: row.price.childWithBed },
    { name: "Child without bed", price: row.price.childNoBed },
  ];
}

/** Everything the package page shows, images resolved, itinerary sorted by day, dates as of `today`. */
export async function toPackageDetail(row: PackageRow, today: string): Promise<PackageDetail> {
  const upcoming = upcomingDates(row.groupDates, today);
  const [media, taxes, withSeats] = await Promise.all([getMediaByKeys(packageMediaKeys(row)), getTaxRates(today), packageDepartureSeats(row.id, upcoming)]);
  const thumbnail = media[row.thumbnail] ?? null;
  const departures = withSeats.map((date) => ({
    id: date.id ?? null,
    name: date.name,
    start: formatTourDate(date.start),
    end: formatTourDate(date.end),
    dates: `${formatTourDate(date.start)} – ${formatTourDate(date.end)}`,
    // The one seat count (ADR 088): free = capacity − held − confirmed bookings.
    seats: seatsLabel(date.seats.free),
    seatsLeft: date.seats.free,
    requestable: Boolean(date.id) && date.seats.free !== null && date.seats.free > 0 && date.start > today && row.status === "published",
  }));
  // The head names the next departure that has room (issue 26 §2).
  const next = departures.find((date) => date.seatsLeft === null || date.seatsLeft > 0);
  // {gst}, {tcs} and {price} in the package's own words say the settings and the price of now (issue 49).
  const from = fromPrice(row.price, row.priceOptions);
  const fill = (text: string) => fillPackageText(text, { taxes, fromPrice: from });
  const description = fill(row.description);
  const paragraphs = fill(row.longDescription || row.description)
    .split(/\n\s*\n/)
    .map((text) => text.trim())
    .filter(Boolean);
  return {
    id: row.id,
    slug: row.slug,
    title: row.title,
    country: row.country,
    region: row.region,
    draft: row.status !== "published",
    duration: formatDuration(row.days, row.nights),
    description,
    paragraphs,
    rating: { stars: row.ratingStars, reviews: row.ratingCount },
    thumbnail,
    gallery: row.gallery.map((key) => media[key]).filter((view): view is MediaView => view !== undefined),
    // Stored order is not trusted (the Dubai data came out of order).
    itinerary: [...row.itinerary]
      .sort((a, b) => a.day - b.day)
      .map((day) => ({
        day: day.day,
        title: fill(day.title),
        description: fill(day.description),
        photo: media[day.photo] ?? null,
      })),
    departures,
    nextDate: next ? next.start : null,
    features: packageFeatures(row.included),
    highlights: row.highlights.map(fill),
    included: row.included.map(fill),
    excluded: row.excluded.map(fill),
    price: priceBlock(row, taxes),
    brochureUrl: brochureHref(row),
    reviews: row.reviews.slice(0, MAX_PACKAGE_REVIEWS),
    seo: {
      title: row.seoTitle || `${row.title} (${formatDuration(row.days, row.nights)}) | Pravas`,
      // Empty means generated from the package (ADR 038): it follows the description, duration and price.
      description: row.seoDescription
        ? fill(row.seoDescription)
        : generatedSeoDescription({
            title: row.title,
            description,
            days: row.days || null,
            nights: row.days ? row.nights : null,
            fromPrice: from,
          }),
      image: thumbnail ? largestUrl(thumbnail) : null,
      imageAlt: thumbnail?.alt ?? "",
      offers: priceOffers(row),
    },
  };
}
