import { describe, expect, it } from "vitest";
import { bodyLimitForPath, PUBLIC_BODY_LIMIT_BYTES, STAFF_BODY_LIMIT_BYTES } from "./body-limit";

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
