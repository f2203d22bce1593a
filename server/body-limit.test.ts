import { describe, expect, it } from "vitest";
import { bodyLimitForPath, isExempt, PUBLIC_BODY_LIMIT_BYTES, STAFF_BODY_LIMIT_BYTES } from "./body-limit";

describe("bodyLimitForPath", () => {
  it("caps every public form and API at 64 KiB, whatever the spelling", () => {
    for (const path of ["/api/leads", "/api/leads.data", "/contact", "/packages/bali", "/%61dmin/packages", "/api/packagesx"]) {
      expect(bodyLimitForPath(path)).toBe(PUBLIC_BODY_LIMIT_BYTES);
    }
  });

  it("gives the back office and the content API room for whole packages and posts", () => {
    for (const path of ["/admin", "/admin.data", "/admin/packages/3", "/api/packages", "/api/blogs/7", "/API/Blogs"]) {
      expect(bodyLimitForPath(path)).toBe(STAFF_BODY_LIMIT_BYTES);
    }
  });
});

describe("isExempt", () => {
  it("leaves only the review form's plain address to its own cap (ADR 118), never a path that resolves elsewhere", () => {
    for (const path of ["/review/abcDEF_-123", "/review/abcDEF_-123.data", "/api/uploads", "/api/uploads/xyz"]) expect(isExempt(path)).toBe(true);
    for (const path of ["/review/../contact", "/review/%2e%2e/contact", "/review/a/b", "/review/", "/review", "/reviewx/a", "/contact", "/review/a.b"]) {
      expect(isExempt(path)).toBe(false);
    }
  });
});
