import { describe, expect, it } from "vitest";
import { isSameOrigin } from "./cross-site";

const SITE = "https://pravas.example";

describe("isSameOrigin", () => {
  it("accepts the site's own origin and refuses any other", () => {
    expect(isSameOrigin(SITE, undefined, SITE)).toBe(true);
    expect(isSameOrigin(SITE, "same-origin", SITE)).toBe(true);
    expect(isSameOrigin("https://evil.example", "cross-site", SITE)).toBe(false);
    expect(isSameOrigin("https://pravas.example.evil.example", undefined, SITE)).toBe(false);
    expect(isSameOrigin("http://pravas.example", undefined, SITE)).toBe(false);
  });

  it("falls back on Sec-Fetch-Site when Origin is absent or null", () => {
    expect(isSameOrigin(undefined, "same-origin", SITE)).toBe(true);
    expect(isSameOrigin("null", "same-origin", SITE)).toBe(true);
    expect(isSameOrigin(undefined, "cross-site", SITE)).toBe(false);
    expect(isSameOrigin(undefined, "same-site", SITE)).toBe(false);
    expect(isSameOrigin("null", undefined, SITE)).toBe(false);
  });

  it("lets a non-browser client (neither header) through", () => {
    expect(isSameOrigin(undefined, undefined, SITE)).toBe(true);
  });
});
