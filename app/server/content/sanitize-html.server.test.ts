import { describe, expect, it } from "vitest";
import { sanitizeRichHtml } from "./sanitize-html.server";

describe("sanitizeRichHtml", () => {
  it("keeps the allowed structure", () => {
    const html = '<h2>Where</h2><p>Go <strong>early</strong>, see <a href="/packages/dubai">Dubai</a>.</p><ul><li>One</li></ul>';
    expect(sanitizeRichHtml(html)).toBe(html);
  });

  it("removes scripts, event handlers and javascript: URLs", () => {
    const dirty =
      '<p>Hi</p><script>alert(1)</script><img src="x" onerror="alert(2)"><a href="javascript:alert(3)">click</a><iframe src="https://evil"></iframe>';
    const clean = sanitizeRichHtml(dirty);
    expect(clean).not.toMatch(/script|onerror|javascript:|iframe/i);
    expect(clean).toContain("<p>Hi</p>");
    expect(clean).toContain("<a>click</a>");
  });

  it("adds rel=noopener to links that open a new tab", () => {
    expect(sanitizeRichHtml('<a href="https://example.com" target="_blank">x</a>')).toContain(
      'rel="noopener noreferrer"',
    );
  });
});
