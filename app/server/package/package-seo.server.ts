import type { VerifiedReviews } from "~/lib/review";
import { absoluteUrl } from "~/lib/seo";
import type { PackageDetail } from "./package-detail.server";

/**
 * schema.org TouristTrip for a package page: the offers in INR and the
 * itinerary as an ordered list of days. With verified reviews (ADR 116) it is
 * also a Product, the type schema.org and search engines give
 * `aggregateRating` and `review`: both computed from the verified, published
 * reviews only (the team's curated ones never count); none, no rating.
 */
export function touristTripJsonLd(pkg: PackageDetail, siteUrl: string, brandName: string, verified?: VerifiedReviews) {
  const url = absoluteUrl(siteUrl, `/packages/${pkg.slug}`);
  const rating = verified?.rating ?? null;
  return {
    "@context": "https://schema.org",
    "@type": rating ? ["TouristTrip", "Product"] : "TouristTrip",
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
    ...(rating ? reviewsJsonLd(verified!.items, rating) : {}),
  };
}

function reviewsJsonLd(items: VerifiedReviews["items"], rating: NonNullable<VerifiedReviews["rating"]>) {
  return {
    aggregateRating: {
      "@type": "AggregateRating",
      ratingValue: rating.value,
      reviewCount: rating.count,
      bestRating: 5,
      worstRating: 1,
    },
    review: items.map((review) => ({
      "@type": "Review",
      name: review.title,
      reviewBody: review.body,
      datePublished: review.publishedOn,
      author: { "@type": "Person", name: review.authorName },
      reviewRating: { "@type": "Rating", ratingValue: review.stars, bestRating: 5, worstRating: 1 },
    })),
  };
}
