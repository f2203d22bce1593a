import { describe, expect, it } from "vitest";
import { isFiltered, packageFiltersSearch, readPackageFilters } from "./package-filter-query";
import { categorySlug } from "./package-filters";

const read = (search: string) => readPackageFilters(new URLSearchParams(search));

describe("package filters in the URL", () => {
  it("reads known values and drops empty, unknown and malformed ones", () => {
    expect(read("month=2027-03&budget=50000-100000")).toEqual({ month: "2027-03", budget: "50000-100000" });
    expect(read("region=&month=&budget=&duration=&category=&sort=recommended")).toEqual({ sort: "recommended" });
    expect(read("month=2027-13&budget=1-2&region=mars&duration=99&sort=random&category=<script>")).toEqual({});
    expect(read("category=heritage&duration=8-plus&region=national")).toEqual({ category: "heritage", duration: "8-plus", region: "national" });
  });

  it("writes one canonical query string: fixed order, no defaults", () => {
    expect(packageFiltersSearch({})).toBe("");
    expect(packageFiltersSearch({ sort: "recommended" })).toBe("");
    expect(packageFiltersSearch({ sort: "price", budget: "0-50000", month: "2027-03" })).toBe("?month=2027-03&budget=0-50000&sort=price");
    expect(packageFiltersSearch(read("budget=0-50000&month=2027-03"))).toBe("?month=2027-03&budget=0-50000");
  });

  it("counts a sort alone as unfiltered", () => {
    expect(isFiltered({ sort: "price" })).toBe(false);
    expect(isFiltered({ region: "national" })).toBe(true);
  });

  it("spells categories for the URL", () => {
    expect(categorySlug(" Hill Station ")).toBe("hill-station");
    expect(categorySlug("Beach & Island")).toBe("beach-island");
  });
});
