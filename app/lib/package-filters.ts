import type { PackageCardData } from "./package-view-model";

/**
 * The packages page's filters and sort (issue 26 §1). They live in the URL
 * (`/packages?month=2027-03&budget=50000-100000`): the form is a plain GET
 * form, so it works without JavaScript, and every view has an address.
 * This module is what the page's form needs (options, no Zod: the packages
 * page's JavaScript stays small); package-filter-query.ts reads and writes
 * the URL for the loader and the page cache.
 */

export const PACKAGE_SORTS = [
  { value: "recommended", label: "Recommended" },
  { value: "price", label: "Price: low to high" },
  { value: "duration", label: "Duration: short to long" },
  { value: "departure", label: "Next departure" },
] as const;

/** Bands of the lowest adult or per-person price, in whole rupees; `max` null is open. */
export const BUDGET_BANDS = [
  { value: "0-50000", label: "Under ₹50,000", min: 0, max: 50_000 },
  { value: "50000-100000", label: "₹50,000 – ₹1,00,000", min: 50_000, max: 100_000 },
  { value: "100000-plus", label: "Over ₹1,00,000", min: 100_000, max: null },
] as const;

/** Trip lengths in days; `max` null is open. */
export const DURATION_BANDS = [
  { value: "1-4", label: "Up to 4 days", min: 1, max: 4 },
  { value: "5-7", label: "5 to 7 days", min: 5, max: 7 },
  { value: "8-plus", label: "8 days or more", min: 8, max: null },
] as const;

export const REGION_OPTIONS = [
  { value: "international", label: "International" },
  { value: "national", label: "National" },
] as const;

/** A category as it appears in the URL: "Heritage" -> "heritage". */
export function categorySlug(category: string): string {
  return category
    .trim()
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-|-$/g, "");
}

/** The filters a view was asked for; each is optional ("any"). Read from the URL by `readPackageFilters` (package-filter-query.ts). */
export type PackageFilters = {
  region?: (typeof REGION_OPTIONS)[number]["value"];
  /** "yyyy-mm" */
  month?: string;
  budget?: (typeof BUDGET_BANDS)[number]["value"];
  duration?: (typeof DURATION_BANDS)[number]["value"];
  /** A category's slug (`categorySlug`). */
  category?: string;
  sort?: (typeof PACKAGE_SORTS)[number]["value"];
};

/** The URL's order, also the page cache's (server/page-cache/cache-rules.ts). */
export const PACKAGE_FILTER_PARAMS = ["region", "month", "budget", "duration", "category", "sort"] as const;

export type FinderOption = { value: string; label: string; count: number };
export type FinderFacets = Record<"region" | "month" | "budget" | "duration" | "category", FinderOption[]>;
/** A card in a filtered or sorted view also says what the visitor chose by (price, days, next departure). */
export type FinderCard = PackageCardData & { facts: string | null };

/** What the packages page's loader hands its component. */
export type PackageFinderView = {
  filters: PackageFilters;
  /** The filters' canonical query string; the loader redirects any other spelling here. */
  canonicalSearch: string;
  filtered: boolean;
  total: number;
  international: FinderCard[];
  national: FinderCard[];
  facets: FinderFacets;
};
