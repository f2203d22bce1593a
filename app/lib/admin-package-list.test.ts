import { describe, expect, it } from "vitest";
import { parseAdminPackageFilters } from "./admin-package-list";

describe("parseAdminPackageFilters", () => {
  it("reads search, region and status from the URL", () => {
    const url = new URL("https://x.test/admin/packages?q=%20Bali%20&region=national&status=draft");
    expect(parseAdminPackageFilters(url)).toEqual({ q: "Bali", region: "national", status: "draft" });
  });

  it("ignores unknown values and caps the search", () => {
    const url = new URL(`https://x.test/admin/packages?q=${"a".repeat(300)}&region=mars&status=deleted`);
    const filters = parseAdminPackageFilters(url);
    expect(filters).toMatchObject({ region: "", status: "" });
    expect(filters.q).toHaveLength(100);
  });
});
