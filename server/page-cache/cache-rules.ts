/**
 * Which requests the page cache may answer, under which key, and which answers
 * it may keep (ADR 003). Anything not recognised here is rendered as before:
 * a bypass costs what every request cost without the cache, so a request
 * crafted to miss cannot do more harm than it could before.
 */

import { packageFiltersSearch, readPackageFilters } from "~/lib/package-filter-query";
import { PACKAGE_FILTER_PARAMS } from "~/lib/package-filters";

/** `?tab=` on a package page (PACKAGE_TABS in package-tabs.tsx; a test keeps them equal). */
export const CACHED_PACKAGE_TABS = ["overview", "itinerary", "gallery", "terms"] as const;

/**
 * The public API's lists, the same for every anonymous caller: kept like pages
 * (by the content version), so a flood of them costs what a flood of cached
 * pages does (issue 44 finding 11). Only without a query: anything else is
 * rendered, and counted by the render limit.
 */
const CACHED_API_LISTS: ReadonlySet<string> = new Set(["/api/packages", "/api/blogs"]);

/**
 * Paths never cached: the back office, the rest of the API, test fixtures, trip pages,
 * and brochures (PDFs kept by their own cache, ADR 042). Judged on the decoded path.
 */
function isExcludedPath(decodedPath: string) {
  if (CACHED_API_LISTS.has(decodedPath)) return false;
  return (
    decodedPath.startsWith("/admin") ||
    decodedPath === "/api" ||
    decodedPath.startsWith("/api/") ||
    decodedPath.startsWith("/__") ||
    // The private trip pages (ADR 108): one traveller's booking each, and their lost-link form.
    decodedPath === "/trip" ||
    decodedPath === "/trip.data" ||
    decodedPath.startsWith("/trip/") ||
    // The review form behind a one-time link (ADR 116).
    decodedPath.startsWith("/review/") ||
    decodedPath.endsWith("/brochure.pdf")
  );
}

/**
 * Campaign and click tags that ad platforms, newsletters and the brochure's QR
 * code add to links. No page reads them, so `/?utm_source=x` is `/`.
 */
const TRACKING_PARAMS = new Set(["gclid", "gbraid", "wbraid", "dclid", "fbclid", "msclkid", "twclid", "li_fat_id", "igshid", "mc_cid", "mc_eid", "_ga", "_gl"]);
export function isTrackingParam(name: string): boolean {
  const lower = name.toLowerCase();
  return lower.startsWith("utm_") || TRACKING_PARAMS.has(lower);
}

/**
 * The cache key of a GET or HEAD request, or null when it must be rendered:
 * other methods, excluded paths, and any query parameter not listed here:
 * form results and notices (`?sent=1`, `?enquiry=sent`, `?brochure=…`) and
 * cache-busting junk alike. Tracking tags are dropped; known parameters are
 * kept in a fixed order, so the key is the URL normalised (and the address
 * the page is rendered from on a miss).
 */
export function pageCacheKey(request: { method: string; path: string; decodedPath: string; search: string }, routeIds: ReadonlySet<string>): string | null {
  if (request.method !== "GET" && request.method !== "HEAD") return null;
  if (isExcludedPath(request.decodedPath)) return null;
  const params = new URLSearchParams(request.search);
  const isData = request.path.endsWith(".data");
  let tab: string | null = null;
  let routes: string | null = null;
  const filters = new URLSearchParams();
  const isPackageList = request.path.replace(/\.data$/, "") === "/packages";
  const isApiList = CACHED_API_LISTS.has(request.decodedPath);
  for (const [name, value] of params) {
    if (isTrackingParam(name)) continue;
    if (isApiList) return null;
    if (isPackageList && (PACKAGE_FILTER_PARAMS as readonly string[]).includes(name)) {
      filters.append(name, value);
    } else if (
      name === "tab" &&
      tab === null &&
      (CACHED_PACKAGE_TABS as readonly string[]).includes(value) &&
      /^\/packages\/[^/]+$/.test(request.path.replace(/\.data$/, ""))
    ) {
      tab = value;
    } else if (name === "_routes" && isData && routes === null && value.split(",").every((id) => routeIds.has(id))) {
      routes = value;
    } else {
      return null;
    }
  }
  // The packages page's filters (issue 26 §1), only in their canonical spelling:
  // any other renders a redirect, which is never kept, so junk cannot fill the cache.
  const filterSearch = filters.toString();
  if (filterSearch && `?${filterSearch}` !== packageFiltersSearch(readPackageFilters(filters))) return null;
  const query = new URLSearchParams(filterSearch);
  if (tab !== null) query.set("tab", tab);
  if (routes !== null) query.set("_routes", routes);
  const search = query.toString();
  return search ? `${request.path}?${search}` : request.path;
}

/**
 * Whether an answer may be kept and shared: a full 200 page (errors, 404s and
 * redirects are rendered each time: their addresses are unbounded, so caching
 * them would let anyone push real pages out), never one that sets a cookie or
 * says it is private, never a stream.
 */
export function isShareableResponse(response: Response): boolean {
  if (response.status !== 200 || !response.body) return false;
  if (response.headers.has("set-cookie")) return false;
  if (/\b(no-store|private)\b/i.test(response.headers.get("cache-control") ?? "")) return false;
  return !/text\/event-stream/i.test(response.headers.get("content-type") ?? "");
}

/** Does the request carry a session cookie (any value)? Then it is checked before the cache answers. */
export function hasCookieNamed(cookieHeader: string | undefined, names: readonly string[]): boolean {
  if (!cookieHeader) return false;
  return cookieHeader.split(";").some((part) => names.includes(part.split("=", 1)[0]!.trim()));
}
