import { describe, expect, it } from "vitest";
import { parseAdminBlogFilters } from "./admin-blog-list";

describe("parseAdminBlogFilters", () => {
  it("reads the search and a known status from the URL", () => {
    expect(parseAdminBlogFilters(new URL("http://x/admin/blogs?q=%20Dubai%20&status=draft"))).toEqual({ q: "Dubai", status: "draft" });
  });
  it("ignores an unknown status and caps the search", () => {
    const filters = parseAdminBlogFilters(new URL(`http://x/admin/blogs?q=${"a".repeat(300)}&status=deleted`));
    expect(filters.status).toBe("");
    expect(filters.q).toHaveLength(100);
  });
});
