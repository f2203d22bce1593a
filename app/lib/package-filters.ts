import { z } from "zod";
import type { PackageCardData } from "./package-view-model";

/**
 * The packages page's filters and sort (issue 26 §1). They live in the URL
 * (`/packages?month=2027-03&budget=50000-100000`): the form is a plain GET
 * form, so it works without JavaScript, and every view has an address. One
 * schema reads them; values it does not know are dropped, so a junk parameter
 * never reaches the database or becomes a page-cache key (the loader sends
 * such an address to its canonical form).
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

const valueOf = <T extends readonly { value: string }[]>(options: T) => z.enum(options.map((option) => option.value) as [T[number]["value"], ...T[number]["value"][]]);
// An unknown value reads as "any": the view stays useful and the loader redirects to the address without it.
const optional = <S extends z.ZodType>(schema: S) => schema.optional().catch(undefined);

export const packageFiltersSchema = z.object({
  region: optional(valueOf(REGION_OPTIONS)),
  month: optional(z.string().regex(/^\d{4}-(0[1-9]|1[0-2])$/)),
  budget: optional(valueOf(BUDGET_BANDS)),
  duration: optional(valueOf(DURATION_BANDS)),
  category: optional(z.string().regex(/^[a-z0-9]+(-[a-z0-9]+)*$/).max(40)),
  sort: optional(valueOf(PACKAGE_SORTS)),
});
export type PackageFilters = z.output<typeof packageFiltersSchema>;

/** The URL's order, also the page cache's (server/page-cache/cache-rules.ts). */
export const PACKAGE_FILTER_PARAMS = ["region", "month", "budget", "duration", "category", "sort"] as const;

/** Reads the filters from a query string; repeated or empty parameters count once or not at all. */
export function readPackageFilters(search: URLSearchParams): PackageFilters {
  const raw: Record<string, string> = {};
  for (const name of PACKAGE_FILTER_PARAMS) {
    const value = search.get(name);
    if (value) raw[name] = value;
  }
  return packageFiltersSchema.parse(raw);
}

/** The canonical query string of these filters ("" for the default view): fixed order, no defaults. */
export function packageFiltersSearch(filters: PackageFilters): string {
  const query = new URLSearchParams();
  for (const name of PACKAGE_FILTER_PARAMS) {
    const value = filters[name];
    if (value && !(name === "sort" && value === "recommended")) query.set(name, value);
  }
  const search = query.toString();
  return search ? `?${search}` : "";
}

/** Whether any filter narrows the list (a sort alone does not). */
export function isFiltered(filters: PackageFilters): boolean {
  return Boolean(filters.region || filters.month || filters.budget || filters.duration || filters.category);
}

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
