import type { CSSProperties } from "react";
import { Link } from "react-router";
import { ResponsiveImage } from "~/components/ui/responsive-image";
import { preloadImage } from "~/lib/image-preload";
import { GALLERY_PRIORITY_PHOTOS, type GalleryRow } from "~/lib/package-view-model";
import styles from "./gallery-strip.module.css";

/** One cycle of a strip, its whole set of photos passing once, takes this long (spec §9: 12 s). */
const STRIP_CYCLE_SECONDS = 12;
const SLIDE_SIZES = "(min-width: 1232px) 590px, (min-width: 768px) 48vw, 82vw";
/** A strip always has at least this many slides, so it overflows its view. */
const MIN_SLIDES = 4;
/**
 * Slides repeated after the set: enough to fill the view while the set scrolls
 * out. A view is at most 2 photos wide (with the gap between them less than a
 * photo), so 2 copies cover it; each one more is 4 elements more per strip.
 */
const COPIES = 2;

/**
 * One package of the gallery page (spec §2, §9): title, duration pill and a
 * strip that scrolls on its own, 2 photos per view (1.2 on phones), in a
 * pure CSS animation. The first photos are repeated after the set, so when
 * the set has moved out the view looks exactly as at the start and the loop
 * is seamless; the repeats are hidden from assistive technology. Odd rows run
 * in reverse. Under reduced motion the strip stands still as a grid.
 */
export function GalleryStrip({ row, reverse, priority }: { row: GalleryRow; reverse: boolean; priority: boolean }) {
  const slides = Array.from({ length: Math.ceil(MIN_SLIDES / Math.max(row.images.length, 1)) }, () => row.images).flat();
  const copies = slides.slice(0, COPIES);
  const headingId = `gallery-${row.slug}`;
  // The first strip's first photo is the page's largest paint.
  if (priority && slides[0]) preloadImage(slides[0], SLIDE_SIZES);
  return (
    <section className={styles.row} aria-labelledby={headingId}>
      <div className={styles.head}>
        <h2 id={headingId} className={styles.title}>
          {row.title}
        </h2>
        <span className={styles.pill}>
          <span aria-hidden="true">{row.pill}</span>
          <span className="visually-hidden">{row.duration}</span>
        </span>
        <Link to={`/packages/${row.slug}`} className={styles.more}>
          View package<span className="visually-hidden">: {row.title}</span>
        </Link>
      </div>
      {slides.length > 0 ? (
        <div className={styles.strip}>
          <ul
            className={reverse ? `${styles.track} ${styles.reverse}` : styles.track}
            data-gallery-track=""
            style={
              {
                "--set": slides.length,
                "--all": slides.length + copies.length,
                animationDuration: `${STRIP_CYCLE_SECONDS}s`,
              } as CSSProperties
            }
          >
            {slides.map((media, index) => (
              <li key={`${media.key}-${index}`} className={styles.slide}>
                <ResponsiveImage
                  media={media}
                  sizes={SLIDE_SIZES}
                  priority={priority && index < GALLERY_PRIORITY_PHOTOS}
                  alt={index < row.images.length ? media.alt : ""}
                />
              </li>
            ))}
            {copies.map((media, index) => (
              <li key={`copy-${media.key}-${index}`} className={`${styles.slide} ${styles.copy}`} aria-hidden="true">
                <ResponsiveImage media={media} sizes={SLIDE_SIZES} alt="" />
              </li>
            ))}
          </ul>
        </div>
      ) : null}
    </section>
  );
}
