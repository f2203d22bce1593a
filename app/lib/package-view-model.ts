// Shapes that package loaders hand to components (one home for both sides:
// app/server builds them, app/components renders them; neither imports the other).
import type { PackageReview, PriceUnit, Region } from "./content-types";
import type { MediaView } from "./media";
import type { PriceLine } from "./price";

/** What a package card shows (spec "Listing card"). */
export type PackageCardData = {
  id: number;
  title: string;
  country: string;
  description: string;
  rating: number;
  /** The card's link; without one the card is not a link. */
  link?: string;
  thumbnail: MediaView | null;
};

export type FeatureKey = "accommodation" | "flights" | "guide" | "meals" | "activities";

export type PackageFeature = { key: FeatureKey; label: string; included: boolean };

export type PackageTerm = { title: string; text: string };

export type PriceOptionView = {
  label: string;
  amount: string;
  unit: PriceUnit;
  hotels: { destination: string; nights: number; hotel: string; roomType: string; mealPlan: string }[];
};

export type PriceBlock = {
  /** "+ 5% GST" or "+ 5% GST + 5% TCS". */
  taxNote: string;
  /** The lowest price anyone pays, formatted ("₹21,500"). */
  from: string;
  /** Single price or adult/child lines; empty when the package sells by options. */
  lines: PriceLine[];
  options: PriceOptionView[];
};

/** Offers for structured data: whole rupees. */
export type PriceOffer = { name: string; price: number };

/** Everything the package page shows. */
export type PackageDetail = {
  id: number;
  slug: string;
  title: string;
  country: string;
  region: Region;
  /** Not published: only staff see it, under the draft preview banner. */
  draft: boolean;
  duration: string;
  description: string;
  /** The long description's paragraphs (the short one when there is none). */
  paragraphs: string[];
  rating: { stars: number; reviews: number };
  thumbnail: MediaView | null;
  gallery: MediaView[];
  itinerary: { day: number; title: string; description: string; photo: MediaView | null }[];
  /**
   * Upcoming departures. `seats`: "12 seats left", "Only 3 seats left", "Sold out", or null without a
   * capacity; `requestable`: the page offers "Request seats" (a capacity, room, not started: ADR 059).
   */
  departures: {
    id: string | null;
    name: string;
    start: string;
    end: string;
    dates: string;
    seats: string | null;
    seatsLeft: number | null;
    requestable: boolean;
  }[];
  /** The next departure that has room: "12 Mar 2027", or null: "Dates Coming Soon". */
  nextDate: string | null;
  features: PackageFeature[];
  highlights: string[];
  included: string[];
  excluded: string[];
  price: PriceBlock;
  brochureUrl: string | null;
  reviews: PackageReview[];
  seo: { title: string; description: string; image: string | null; imageAlt: string; offers: PriceOffer[] };
};

/** One package on the gallery page. */
export type GalleryRow = {
  id: number;
  slug: string;
  title: string;
  /** "7D / 6N" */
  pill: string;
  /** "7 Days / 6 Nights", for screen readers. */
  duration: string;
  images: MediaView[];
};

/** The first strip's first photos load at once, over their blurred previews: the page's largest paint. */
export const GALLERY_PRIORITY_PHOTOS = 2;
/**
 * The widest file a gallery photo needs: 590 CSS pixels at twice the density
 * on a desktop, 82vw of a 430 px phone at three times.
 */
export const GALLERY_PHOTO_MAX_WIDTH = 1200;

/** A package on the home page's Top Destinations carousel, in carousel order (the admin's order page). */
export type FeaturedPackage = { id: number; title: string; status: "draft" | "published"; position: number };
