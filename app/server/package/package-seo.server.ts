import { absoluteUrl } from "~/lib/seo";
import type { PackageDetail } from "./package-detail.server";

/**
 * schema.org TouristTrip for a package page: the offers in INR and the
 * itinerary as an ordered list of days.
 */
export function touristTripJsonLd(pkg: PackageDetail, siteUrl: string, brandName: string) {
  const url = absoluteUrl(siteUrl, `/packages/${pkg.slug}`);
  return {
    "@context": "https://schema.org",
    "@type": "TouristTrip",
    name: pkg.title,
    // What the meta description says: it names the current price (issue 49).
    description: pkg.seo.description,
    url,
    ...(pkg.seo.image ? { image: absoluteUrl(siteUrl, pkg.seo.image) } : {}),
    touristType: pkg.region === "international" ? "International tour" : "Domestic tour",
    provider: { "@type": "TravelAgency", name: brandName, url: absoluteUrl(siteUrl, "/") },
    offers: pkg.seo.offers.map((offer) => ({
      "@type": "Offer",
      name: offer.name,
      price: offer.price,
      priceCurrency: "INR",
      // The taxes added to the price (site settings, ADR 041).
      description: pkg.price.taxNote,
      availability: "https://schema.org/InStock",
      url,
    })),
    itinerary: {
      "@type": "ItemList",
      numberOfItems: pkg.itinerary.length,
      itemListElement: pkg.itinerary.map((day, index) => ({
        "@type": "ListItem",
        position: index + 1,
        item: { "@type": "TouristAttraction", name: `Day ${day.day}: ${day.title}` },
      })),
    },
  };
}
