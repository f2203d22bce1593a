import { describe, expect, it } from "vitest";
import { ownImagePath, sanitizeForSave, sanitizeRichHtml } from "./sanitize-html.server";

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
    expect(sanitizeRichHtml('<a href="https://example.com" target="_blank">x</a>')).toContain('rel="noopener noreferrer"');
  });

  it("gives _blank links noopener in any letter case, and drops other targets", () => {
    expect(sanitizeRichHtml('<a href="https://example.com" target="_BLANK">x</a>')).toBe(
      '<a href="https://example.com" target="_blank" rel="noopener noreferrer">x</a>',
    );
    expect(sanitizeRichHtml('<a href="https://example.com" target=" _Blank " rel="nofollow">x</a>')).toBe(
      '<a href="https://example.com" target="_blank" rel="nofollow noopener noreferrer">x</a>',
    );
    // A named window keeps window.opener: the target goes.
    expect(sanitizeRichHtml('<a href="https://example.com" target="other">x</a>')).toBe('<a href="https://example.com">x</a>');
  });

  it("drops an author's rel=opener and any relation not on the list", () => {
    expect(sanitizeRichHtml('<a href="https://example.com" rel="opener">x</a>')).toBe('<a href="https://example.com">x</a>');
    expect(sanitizeRichHtml('<a href="https://example.com" rel="OPENER nofollow stylesheet ugc">x</a>')).toBe(
      '<a href="https://example.com" rel="nofollow ugc">x</a>',
    );
    expect(sanitizeRichHtml('<a href="/x" target="_blank" rel="opener">x</a>')).toBe('<a href="/x" target="_blank" rel="noopener noreferrer">x</a>');
  });

  it("keeps only images the site serves itself", () => {
    expect(sanitizeRichHtml('<p><img src="/media/a-400.webp" alt="A"></p>')).toBe('<p><img src="/media/a-400.webp" alt="A" loading="lazy" /></p>');
    for (const src of [
      "https://cdn.example.com/a.jpg",
      "//cdn.example.com/a.jpg",
      "/\\cdn.example.com/a.jpg",
      "data:image/png;base64,AAAA",
      "javascript:alert(1)",
      "a.jpg",
      "",
    ]) {
      expect(sanitizeRichHtml(`<p>x<img src="${src}" alt="A"></p>`), src).toBe("<p>x</p>");
    }
  });

  it("on save, makes our absolute image URLs relative and reports other sites' images", () => {
    const html =
      '<img src="https://pravas.example/media/a.webp"><img src="https://cdn.example.com/b.jpg"><img src="//cdn.example.com/c.jpg"><img src="data:image/png;base64,AA">';
    expect(sanitizeForSave(html, "https://pravas.example")).toEqual({
      html: '<img src="/media/a.webp" loading="lazy" />',
      foreignImages: ["https://cdn.example.com/b.jpg", "//cdn.example.com/c.jpg"],
    });
    expect(ownImagePath("https://pravas.example:8443/x.webp", "https://pravas.example")).toBeNull();
    expect(ownImagePath("/x.webp?v=2")).toBe("/x.webp?v=2");
  });
});
