import { z } from "zod";
import { BUDGET_BANDS, DURATION_BANDS, PACKAGE_FILTER_PARAMS, PACKAGE_SORTS, REGION_OPTIONS, type PackageFilters } from "./package-filters";

/**
 * The packages page's filters in the URL, for the loader and the page cache
 * (server code only: the form imports package-filters.ts, without Zod). One
 * schema reads them; values it does not know read as "any", so a junk
 * parameter never reaches the database or becomes a page-cache key (the
 * loader sends such an address to its canonical form).
 */
const valueOf = <T extends readonly { value: string }[]>(options: T) =>
  z.enum(options.map((option) => option.value) as [T[number]["value"], ...T[number]["value"][]]);
// An unknown value reads as "any": the view stays useful and the loader redirects to the address without it.
const optional = <S extends z.ZodType>(schema: S) => schema.optional().catch(undefined);

const packageFiltersSchema = z.object({
  region: optional(valueOf(REGION_OPTIONS)),
  month: optional(z.string().regex(/^\d{4}-(0[1-9]|1[0-2])$/)),
  budget: optional(valueOf(BUDGET_BANDS)),
  duration: optional(valueOf(DURATION_BANDS)),
  category: optional(
    z
      .string()
      .regex(/^[a-z0-9]+(-[a-z0-9]+)*$/)
      .max(40),
  ),
  sort: optional(valueOf(PACKAGE_SORTS)),
});

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
