export type MediaKind = "image" | "brochure";
export type MediaVariant = {
  format: "avif" | "webp";
  width: number;
  height: number;
  url: string;
  /** "portrait": the photo's middle at 9:16, for a full-screen photo on an upright phone (ADR 075). */
  crop?: "portrait";
};

/** The whole photo's variants, at every width: what every image but the home hero's portrait source draws. */
export const wholeVariants = (view: Pick<MediaView, "variants">) => view.variants.filter((variant) => !variant.crop);

/** What a page needs to render one responsive image. */
export type MediaView = {
  key: string;
  alt: string;
  width: number;
  height: number;
  placeholder: string;
  variants: MediaVariant[];
};

/** The portrait cut's `srcset` in one format: empty when the photo has none. */
export function portraitSrcSet(view: MediaView, format: MediaVariant["format"]): string {
  return view.variants
    .filter((variant) => variant.crop === "portrait" && variant.format === format)
    .map((variant) => `${variant.url} ${variant.width}w`)
    .join(", ");
}

/** The variants every page but the home hero draws: the portrait cut left out. */
export function withoutPortrait(view: MediaView): MediaView {
  return { ...view, variants: wholeVariants(view) };
}

export function srcSet(view: MediaView, format: MediaVariant["format"]): string {
  return wholeVariants(view)
    .filter((variant) => variant.format === format)
    .map((variant) => `${variant.url} ${variant.width}w`)
    .join(", ");
}

/** The fallback `src`: the WebP variant closest to `preferredWidth`. */
export function fallbackUrl(view: MediaView, preferredWidth = 800): string {
  const webp = wholeVariants(view).filter((variant) => variant.format === "webp");
  const best = webp.reduce<MediaVariant | undefined>(
    (chosen, variant) => (!chosen || Math.abs(variant.width - preferredWidth) < Math.abs(chosen.width - preferredWidth) ? variant : chosen),
    undefined,
  );
  return best?.url ?? "";
}

/** Absolute URL of a large WebP variant, for Open Graph and JSON-LD. */
export function largestUrl(view: MediaView, maxWidth = 1200): string {
  const webp = wholeVariants(view)
    .filter((variant) => variant.format === "webp" && variant.width <= maxWidth)
    .sort((a, b) => b.width - a.width);
  return webp[0]?.url ?? fallbackUrl(view);
}

/**
 * A view cut to what one page draws: the variants up to the first one at
 * least `maxWidth` pixels wide (per format), and the blurred preview only
 * where the page shows it. A page of many photos sends each of them in its
 * HTML twice (the markup and the hydration data), so every unused srcset entry
 * is paid for 2 × photos times (ADR 072).
 */
export function fitMediaView(view: MediaView, { maxWidth, placeholder }: { maxWidth: number; placeholder: boolean }): MediaView {
  const keep = (format: MediaVariant["format"]) => {
    const sorted = wholeVariants(view)
      .filter((variant) => variant.format === format)
      .sort((a, b) => a.width - b.width);
    const enough = sorted.findIndex((variant) => variant.width >= maxWidth);
    return enough === -1 ? sorted : sorted.slice(0, enough + 1);
  };
  return { ...view, placeholder: placeholder ? view.placeholder : "", variants: [...keep("avif"), ...keep("webp")] };
}
