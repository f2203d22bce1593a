import { fallbackUrl, srcSet, type MediaView } from "~/lib/media";

type ResponsiveImageProps = {
  media: MediaView;
  /** The `sizes` attribute: how wide the image is drawn at each viewport. */
  sizes: string;
  /** Above-the-fold images load eagerly at high priority (the LCP image). */
  priority?: boolean;
  className?: string;
  /** Overrides the stored alt text; pass "" for a decorative image. */
  alt?: string;
};

/**
 * AVIF/WebP `srcset` with width and height set, so nothing shifts while the
 * image loads; a tiny blurred placeholder is painted underneath meanwhile.
 */
export function ResponsiveImage({ media, sizes, priority = false, className, alt }: ResponsiveImageProps) {
  return (
    <picture>
      <source type="image/avif" srcSet={srcSet(media, "avif")} sizes={sizes} />
      <source type="image/webp" srcSet={srcSet(media, "webp")} sizes={sizes} />
      <img
        src={fallbackUrl(media)}
        alt={alt ?? media.alt}
        width={media.width}
        height={media.height}
        loading={priority ? "eager" : "lazy"}
        decoding="async"
        fetchPriority={priority ? "high" : "auto"}
        className={className}
        style={{
          backgroundImage: `url("${media.placeholder}")`,
          backgroundSize: "cover",
          backgroundPosition: "center",
        }}
      />
    </picture>
  );
}
