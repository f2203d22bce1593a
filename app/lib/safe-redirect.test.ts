import { describe, expect, it } from "vitest";
import { ADMIN_HOME, safeAdminRedirect } from "./safe-redirect";

describe("safeAdminRedirect", () => {
  it("keeps same-origin paths under /admin/ with their query", () => {
    expect(safeAdminRedirect("/admin/packages")).toBe("/admin/packages");
    expect(safeAdminRedirect("/admin/packages/12")).toBe("/admin/packages/12");
    expect(safeAdminRedirect("/admin/activity?kind=auth.sign-in&page=2")).toBe("/admin/activity?kind=auth.sign-in&page=2");
  });

  it.each([
    ["nothing", undefined],
    ["a non-string", ["/admin/users"]],
    ["empty", ""],
    ["protocol-relative", "//evil.example/admin/x"],
    ["backslash", "/\\evil.example"],
    ["backslash after /admin/", "/admin/\\\\evil.example"],
    ["a look-alike prefix", "/admin.evil"],
    ["a look-alike path", "/administrator"],
    ["an absolute URL", "https://evil.example/admin/dashboard"],
    ["a javascript: URL", "javascript:alert(1)"],
    ["an encoded slash", "/admin/%2F%2Fevil.example"],
    ["an encoded backslash", "/admin/%5Cevil"],
    ["encoded dot segments", "/admin/%2e%2e/%2e%2e/evil"],
    ["dot segments", "/admin/../evil"],
    ["a tab", "/\t/evil.example"],
    ["a newline", "/admin/x\nSet-Cookie: a=b"],
    ["the sign-in page", "/admin"],
    ["the sign-in page with a slash", "/admin/"],
    ["the sign-in page with a query", "/admin?redirectTo=/admin/users"],
    ["logout", "/admin/logout"],
    ["a public page", "/packages"],
  ])("rejects %s", (_label, value) => {
    expect(safeAdminRedirect(value)).toBe(ADMIN_HOME);
  });
});
