import { fallbackUrl, portraitSrcSet, srcSet, type MediaView } from "~/lib/media";

type ResponsiveImageProps = {
  media: MediaView;
  /** The `sizes` attribute: how wide the image is drawn at each viewport. */
  sizes: string;
  /** Above-the-fold images load eagerly at high priority (the LCP image). */
  priority?: boolean;
  className?: string;
  /** Overrides the stored alt text; pass "" for a decorative image. */
  alt?: string;
  /**
   * Art direction: where the photo's portrait cut is drawn instead (a media
   * query), and its `sizes`. Used only when the view carries the cut.
   */
  portrait?: { media: string; sizes: string };
};

/**
 * AVIF in a `<source>`, WebP in the `<img>`'s own `srcset` (one element less
 * per photo than a second `<source>`, with the same choice: a browser without
 * AVIF takes the `<img>`'s set), with width and height set, so nothing shifts while the
 * image loads. Underneath, meanwhile: a priority image's tiny blurred preview,
 * and the sand tint of global.css under the others. Each preview is one more image for the
 * browser to load, decode and paint as the page starts; the gallery's 26 held
 * its phone score near 92 (ADR 071).
 */
export function ResponsiveImage({ media, sizes, priority = false, className, alt, portrait }: ResponsiveImageProps) {
  const cut = portrait ? media.variants.find((variant) => variant.crop === "portrait") : undefined;
  return (
    <picture>
      {portrait && cut
        ? (["avif", "webp"] as const).map((format) => (
            <source
              key={format}
              media={portrait.media}
              type={`image/${format}`}
              srcSet={portraitSrcSet(media, format)}
              sizes={portrait.sizes}
              width={cut.width}
              height={cut.height}
            />
          ))
        : null}
      <source type="image/avif" srcSet={srcSet(media, "avif")} sizes={sizes} />
      <img
        srcSet={srcSet(media, "webp")}
        sizes={sizes}
        src={fallbackUrl(media)}
        alt={alt ?? media.alt}
        width={media.width}
        height={media.height}
        loading={priority ? "eager" : "lazy"}
        decoding="async"
        fetchPriority={priority ? "high" : undefined}
        className={className}
        style={priority ? { backgroundImage: `url("${media.placeholder}")`, backgroundSize: "cover", backgroundPosition: "center" } : undefined}
      />
    </picture>
  );
}
