import type { GroupDate, ItineraryDay, PackagePrice, PackageReview, PriceOption, Region } from "~/lib/content-types";

/** A photo copied from ../shared/photos into content/photos, with its credit. */
export type SeedPhoto = {
  /** Stable key that content refers to, e.g. "taj-mahal". */
  key: string;
  /** File name under content/photos. */
  file: string;
  /** Describes what the photo really shows (never a place it does not show). */
  alt: string;
  author: string;
  license: string;
  /** Where the photo comes from (Debian package and original source). */
  source: string;
};

export type SeedPackage = {
  slug: string;
  title: string;
  country: string;
  region: Region;
  /** Admin category, e.g. "Adventure", "Family", "Honeymoon", "Heritage". */
  category: string;
  days: number;
  nights: number;
  sortOrder: number;
  /** One or two sentences for cards. */
  description: string;
  /** Several paragraphs for the Overview tab, separated by blank lines. */
  longDescription: string;
  price: PackagePrice;
  priceOptions?: PriceOption[];
  /** Media key. */
  thumbnail: string;
  /** Media keys. */
  gallery: string[];
  highlights: string[];
  included: string[];
  excluded?: string[];
  itinerary: ItineraryDay[];
  groupDates: GroupDate[];
  brochureUrl: string | null;
  rating: { stars: number; reviews: number };
  reviews: PackageReview[];
  seoTitle: string;
  seoDescription: string;
};

export type SeedBlog = {
  slug: string;
  title: string;
  durationMinutes: number;
  views: number;
  /** yyyy-mm-dd */
  uploadDate: string;
  /** Media key of the head image/thumbnail. */
  headImage: string;
  excerpt: string;
  /** HTML with h2/h3, p, ul/ol, li, strong, em, a, blockquote only. */
  content: string;
  seoTitle: string;
  seoDescription: string;
};

export type SeedTestimonial = { name: string; location: string; comment: string; rating: number };
export type SeedFaq = { question: string; answer: string };
export type SeedCard = { title: string; body: string; icon: string };
export type SeedLegalPage = {
  /** The four pages, and the trip page's notice (a legal text shown there, not a page: ADR 117). */
  slug: "privacy-policy" | "terms-conditions" | "refund-policy" | "disclaimer" | "trip-page-notice";
  title: string;
  /** Shown as "Last updated: October 2025". */
  lastUpdated: string;
  /** HTML: h2 sections, p, ul/li, a. */
  body: string;
  seoDescription: string;
};
