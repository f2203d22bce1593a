import { describe, expect, it } from "vitest";
import { fallbackUrl, fitMediaView, largestUrl, portraitSrcSet, srcSet, withoutPortrait, type MediaView } from "./media";

const WIDTHS = [400, 800, 1200, 1600, 1920];
const photo: MediaView = {
  key: "bali-temple",
  alt: "Pura Ulun Danu Bratan on Lake Bratan",
  width: 1920,
  height: 1280,
  placeholder: "data:image/webp;base64,UklGR",
  variants: (["avif", "webp"] as const).flatMap((format) =>
    WIDTHS.map((width) => ({ format, width, height: (width * 2) / 3, url: `/media/bali-temple-${width}.${format}` })),
  ),
};

describe("fitMediaView", () => {
  it("keeps each format's files up to the first one wide enough", () => {
    const fitted = fitMediaView(photo, { maxWidth: 1200, placeholder: true });
    expect(srcSet(fitted, "avif")).toBe("/media/bali-temple-400.avif 400w, /media/bali-temple-800.avif 800w, /media/bali-temple-1200.avif 1200w");
    expect(srcSet(fitted, "webp")).toBe("/media/bali-temple-400.webp 400w, /media/bali-temple-800.webp 800w, /media/bali-temple-1200.webp 1200w");
  });

  it("rounds up to the next file when no file is exactly as wide", () => {
    expect(fitMediaView(photo, { maxWidth: 1000, placeholder: true }).variants.map((v) => v.width)).toEqual([400, 800, 1200, 400, 800, 1200]);
  });

  it("keeps every file of a photo narrower than the width asked for", () => {
    expect(fitMediaView(photo, { maxWidth: 4000, placeholder: true }).variants).toHaveLength(10);
  });

  it("drops the blurred preview where the page does not show it", () => {
    expect(fitMediaView(photo, { maxWidth: 1200, placeholder: false }).placeholder).toBe("");
    expect(fitMediaView(photo, { maxWidth: 1200, placeholder: true }).placeholder).toBe(photo.placeholder);
  });
});

describe("the portrait cut", () => {
  const cut = (["avif", "webp"] as const).flatMap((format) =>
    [450, 720].map((width) => ({
      format,
      width,
      height: Math.round((width * 16) / 9),
      url: `/media/bali-temple-p${width}.${format}`,
      crop: "portrait" as const,
    })),
  );
  const withCut: MediaView = { ...photo, variants: [...photo.variants, ...cut] };

  it("is offered only where asked for: every other srcset, fallback and large URL is the whole photo's", () => {
    expect(srcSet(withCut, "avif")).toBe(srcSet(photo, "avif"));
    expect(srcSet(withCut, "webp")).toBe(srcSet(photo, "webp"));
    expect(fallbackUrl(withCut, 450)).toBe("/media/bali-temple-400.webp");
    expect(largestUrl(withCut, 800)).toBe("/media/bali-temple-800.webp");
    expect(fitMediaView(withCut, { maxWidth: 4000, placeholder: true }).variants).toEqual(photo.variants);
  });

  it("lists its own files per format, and none for a photo without it", () => {
    expect(portraitSrcSet(withCut, "avif")).toBe("/media/bali-temple-p450.avif 450w, /media/bali-temple-p720.avif 720w");
    expect(portraitSrcSet(withCut, "webp")).toBe("/media/bali-temple-p450.webp 450w, /media/bali-temple-p720.webp 720w");
    expect(portraitSrcSet(photo, "avif")).toBe("");
  });

  it("is left out of the views of pages that do not draw it", () => {
    expect(withoutPortrait(withCut).variants).toEqual(photo.variants);
  });
});
