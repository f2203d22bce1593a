import { describe, expect, it } from "vitest";
import { PACKAGE_TABS } from "~/components/site/package/package-tabs";
import { CACHED_PACKAGE_TABS, hasCookieNamed, isShareableResponse, pageCacheKey } from "./cache-rules";

const routeIds = new Set(["root", "routes/site/layout", "routes/site/package-detail", "routes/site/home"]);
const key = (url: string, method = "GET") => {
  const parsed = new URL(url, "http://x");
  return pageCacheKey({ method, path: parsed.pathname, decodedPath: decodeURIComponent(parsed.pathname), search: parsed.search }, routeIds);
};

describe("pageCacheKey", () => {
  it("keys public pages and their .data by path and the known parameters, in a fixed order", () => {
    expect(key("/")).toBe("/");
    expect(key("/packages/dubai", "HEAD")).toBe("/packages/dubai");
    expect(key("/packages/dubai?tab=itinerary")).toBe("/packages/dubai?tab=itinerary");
    expect(key("/packages/dubai.data?_routes=routes/site/package-detail&tab=gallery")).toBe(
      "/packages/dubai.data?tab=gallery&_routes=routes%2Fsite%2Fpackage-detail",
    );
    expect(key("/_root.data")).toBe("/_root.data");
  });

  it("keys the packages page's filters only in their canonical spelling (issue 26 §1)", () => {
    expect(key("/packages?month=2027-03&budget=50000-100000")).toBe("/packages?month=2027-03&budget=50000-100000");
    expect(key("/packages.data?month=2027-03&_routes=routes/site/home")).toBe("/packages.data?month=2027-03&_routes=routes%2Fsite%2Fhome");
    expect(key("/packages?month=2027-03&utm_source=mail")).toBe("/packages?month=2027-03");
    // Each of these renders a redirect to the canonical address, never kept.
    expect(key("/packages?budget=50000-100000&month=2027-03")).toBeNull();
    expect(key("/packages?month=&budget=50000-100000")).toBeNull();
    expect(key("/packages?month=2027-13")).toBeNull();
    expect(key("/packages?budget=1-2")).toBeNull();
    expect(key("/packages?sort=recommended")).toBeNull();
    expect(key("/packages?month=2027-03&month=2027-04")).toBeNull();
    expect(key("/packages?cachebust=1")).toBeNull();
    expect(key("/packages/dubai?month=2027-03")).toBeNull();
  });

  it("renders form results, notices, unknown parameters and unknown values afresh", () => {
    expect(key("/contact?sent=1")).toBeNull();
    expect(key("/packages/dubai?enquiry=sent")).toBeNull();
    expect(key("/packages/dubai?brochure=unavailable")).toBeNull();
    expect(key("/packages/dubai?tab=nope")).toBeNull();
    expect(key("/packages/dubai?tab=terms&tab=terms")).toBeNull();
    expect(key("/?tab=terms")).toBeNull();
    expect(key("/packages/dubai.data?_routes=routes/site/made-up")).toBeNull();
    expect(key("/packages/dubai?_routes=root")).toBeNull();
  });

  it("keys a page with campaign and click tags as the page itself", () => {
    expect(key("/?utm_source=brochure&utm_medium=qr")).toBe("/");
    expect(key("/packages/dubai?tab=itinerary&utm_source=x&gclid=abc&FBCLID=1")).toBe("/packages/dubai?tab=itinerary");
    expect(key("/packages/dubai?utm_campaign=diwali&x=1")).toBeNull();
  });

  it("never keys other methods, the back office, the API or fixtures (decoded paths too)", () => {
    expect(key("/contact", "POST")).toBeNull();
    for (const url of [
      "/admin",
      "/admin.data",
      "/admin/packages",
      "/%61dmin/packages",
      "/api/packages/5",
      "/api/health",
      "/__e2e/sql",
      "/packages/bali/brochure.pdf",
      // The private trip pages (ADR 108) and their lost-link form.
      "/trip",
      "/trip.data",
      "/trip/AbC-123_xyz",
      "/trip/AbC-123_xyz.data",
      "/review/AbC-123_xyz",
      "/%74rip/AbC",
    ]) {
      expect(key(url)).toBeNull();
    }
  });

  it("keys the public API's lists and the sitemap like pages, the lists only without a query (issue 44 finding 11)", () => {
    expect(key("/api/packages")).toBe("/api/packages");
    expect(key("/api/blogs?utm_source=x")).toBe("/api/blogs");
    expect(key("/sitemap.xml")).toBe("/sitemap.xml");
    expect(key("/api/packages?x=1")).toBeNull();
    expect(key("/api/blogs?tab=terms")).toBeNull();
    expect(key("/api/packages", "POST")).toBeNull();
  });

  it("knows every package tab", () => {
    expect(CACHED_PACKAGE_TABS).toEqual(PACKAGE_TABS.map((tab) => tab.id));
  });
});

describe("isShareableResponse", () => {
  const html = (status: number, headers: Record<string, string> = {}) => new Response("<p>", { status, headers: { "content-type": "text/html", ...headers } });

  it("keeps full pages only: no errors, redirects, cookies, private or no-store answers", () => {
    expect(isShareableResponse(html(200, { "cache-control": "no-cache" }))).toBe(true);
    expect(isShareableResponse(html(404))).toBe(false);
    expect(isShareableResponse(html(500))).toBe(false);
    expect(isShareableResponse(new Response(null, { status: 302, headers: { location: "/" } }))).toBe(false);
    expect(isShareableResponse(html(200, { "set-cookie": "a=b" }))).toBe(false);
    expect(isShareableResponse(html(200, { "cache-control": "no-store" }))).toBe(false);
    expect(isShareableResponse(html(200, { "cache-control": "private, max-age=0" }))).toBe(false);
  });
});

describe("hasCookieNamed", () => {
  it("finds the session cookie by name only", () => {
    expect(hasCookieNamed("a=1; pravas_session=x.y", ["pravas_session"])).toBe(true);
    expect(hasCookieNamed("pravas_session_hint=1", ["pravas_session"])).toBe(false);
    expect(hasCookieNamed(undefined, ["pravas_session"])).toBe(false);
  });
});
