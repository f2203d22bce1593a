import { describe, expect, it } from "vitest";
import type { MediaVariant } from "~/lib/media";
import { matchesSearch, matchingVariant, replaceImageSources } from "./media-library.server";

const variants = (name: string, widths: number[]): MediaVariant[] =>
  widths.flatMap((width) => (["avif", "webp"] as const).map((format) => ({ format, width, height: width / 2, url: `/media/${name}-${width}.${format}` })));

describe("replacing an image's file", () => {
  const old = variants("old", [400, 800, 1200]);
  const next = variants("new", [400, 800, 1000]);

  it("matches each old file with the new one of the same format and nearest width", () => {
    expect(matchingVariant({ format: "webp", width: 1200 }, next)?.url).toBe("/media/new-1000.webp");
    expect(matchingVariant({ format: "avif", width: 400 }, next)?.url).toBe("/media/new-400.avif");
  });

  it("rewrites the src and size of images showing an old file, and leaves other images alone", () => {
    const html = `<p><img src="/media/old-1200.webp" alt="Tea" width="1200" height="600"></p><img alt="x" src="/media/other-400.webp" width="400">`;
    expect(replaceImageSources(html, old, next)).toBe(
      `<p><img src="/media/new-1000.webp" alt="Tea" width="1000" height="500"></p><img alt="x" src="/media/other-400.webp" width="400">`,
    );
    expect(replaceImageSources("<p>No images</p>", old, next)).toBe("<p>No images</p>");
  });
});

describe("the library's search", () => {
  const item = { name: "IMG_2041.jpg", alt: "Rice terraces in Ubud", uses: [] };
  it("finds words of the file name or the alt text, in any case", () => {
    expect(matchesSearch(item, { q: "ubud RICE", filter: "all" })).toBe(true);
    expect(matchesSearch(item, { q: "img_2041", filter: "all" })).toBe(true);
    expect(matchesSearch(item, { q: "kerala", filter: "all" })).toBe(false);
  });
  it("filters unused images and images without alt text", () => {
    expect(matchesSearch(item, { q: "", filter: "unused" })).toBe(true);
    expect(matchesSearch({ ...item, uses: [{ label: "Bali (gallery)", href: "/admin/packages/1" }] }, { q: "", filter: "unused" })).toBe(false);
    expect(matchesSearch(item, { q: "", filter: "no-alt" })).toBe(false);
    expect(matchesSearch({ ...item, alt: "  " }, { q: "", filter: "no-alt" })).toBe(true);
  });
});
