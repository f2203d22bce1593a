import { ResponsiveImage } from "~/components/ui/responsive-image";
import { preloadImage } from "~/lib/image-preload";

import type { BlogImage } from "~/lib/blog-view-model";

export type { BlogImage };

/**
 * A post's head image: the processed media (srcset, width and height) when the
 * post names a media key, else the stored URL inside the same fixed-ratio box.
 */
export function BlogThumbnail({
  image,
  sizes,
  priority = false,
  className,
  alt,
}: {
  image: BlogImage;
  sizes: string;
  priority?: boolean;
  className?: string;
  alt?: string;
}) {
  if (image.media) {
    // The LCP image is fetched from the document head, before stylesheets and scripts.
    if (priority) preloadImage(image.media, sizes);
    return <ResponsiveImage media={image.media} sizes={sizes} priority={priority} className={className} alt={alt} />;
  }
  if (image.url) {
    return (
      <img src={image.url} alt={alt ?? image.alt} width={1200} height={750} loading={priority ? "eager" : "lazy"} decoding="async" className={className} />
    );
  }
  return null;
}
