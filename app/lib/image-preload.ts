import { preload } from "react-dom";
import { srcSet, wholeVariants, type MediaView } from "./media";

/**
 * Preloads a page's LCP image from the document head (React places image
 * preloads before the stylesheets), so the browser asks for it with the first
 * requests instead of when the parser reaches the `<picture>`. It names the
 * AVIF variants and the same `sizes` as the image, so the preload is exactly
 * the file the `<picture>` then uses. Call it while rendering.
 */
export function preloadImage(media: MediaView, sizes: string) {
  const avif = wholeVariants(media).filter((variant) => variant.format === "avif");
  if (avif.length === 0) return;
  preload(avif[0]!.url, {
    as: "image",
    type: "image/avif",
    imageSrcSet: srcSet(media, "avif"),
    imageSizes: sizes,
    fetchPriority: "high",
  });
}
