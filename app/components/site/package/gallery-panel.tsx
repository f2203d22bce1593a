import { useEffect, useRef, useState, type PointerEvent } from "react";
import { Dialog } from "~/components/ui/dialog";
import { ResponsiveImage } from "~/components/ui/responsive-image";
import { largestUrl, type MediaView } from "~/lib/media";
import styles from "./gallery-panel.module.css";

/** A horizontal drag longer than this (in CSS pixels) is a swipe. */
const SWIPE_DISTANCE = 40;

/**
 * Gallery tab (spec §2): an image grid. Each image links to its large version,
 * which is what happens without JavaScript; with it, a lightbox opens that
 * moves with the arrow keys, the buttons or a swipe, and closes with Escape.
 */
export function GalleryPanel({ images, title }: { images: MediaView[]; title: string }) {
  const [current, setCurrent] = useState<number | null>(null);
  const pointerStart = useRef<{ x: number; y: number } | null>(null);
  const count = images.length;
  const show = (index: number) => setCurrent(((index % count) + count) % count);

  // Arrow keys anywhere while the lightbox is open (Escape is the dialog's own).
  useEffect(() => {
    if (current === null) return;
    const onKeyDown = (event: globalThis.KeyboardEvent) => {
      if (event.key !== "ArrowRight" && event.key !== "ArrowLeft") return;
      event.preventDefault();
      const step = event.key === "ArrowRight" ? 1 : -1;
      setCurrent((index) => (index === null ? index : (((index + step) % count) + count) % count));
    };
    window.addEventListener("keydown", onKeyDown);
    return () => window.removeEventListener("keydown", onKeyDown);
  }, [current, count]);

  function onPointerUp(event: PointerEvent) {
    const start = pointerStart.current;
    pointerStart.current = null;
    if (!start || current === null) return;
    const dx = event.clientX - start.x;
    const dy = event.clientY - start.y;
    if (Math.abs(dx) > SWIPE_DISTANCE && Math.abs(dx) > Math.abs(dy)) show(dx < 0 ? current + 1 : current - 1);
  }

  const image = current === null ? null : images[current];
  return (
    <>
      <h2 className="visually-hidden">Photo gallery</h2>
      <ul className={styles.grid}>
        {images.map((media, index) => (
          <li key={media.key}>
            <a
              href={largestUrl(media, 2000)}
              className={styles.thumb}
              onClick={(event) => {
                event.preventDefault();
                setCurrent(index);
              }}
            >
              <ResponsiveImage media={media} sizes="(min-width: 1024px) 380px, (min-width: 640px) 45vw, 50vw" />
              <span className="visually-hidden">
                (open photo {index + 1} of {count})
              </span>
            </a>
          </li>
        ))}
      </ul>
      {image && current !== null ? (
        <Dialog open onClose={() => setCurrent(null)} labelledBy="lightbox-title" className={styles.lightbox}>
          <div className={styles.box}>
            <div className={styles.bar}>
              <h2 id="lightbox-title" className={styles.counter}>
                {title}: photo {current + 1} of {count}
              </h2>
              <button type="button" className={styles.close} onClick={() => setCurrent(null)} aria-label="Close">
                <svg viewBox="0 0 24 24" aria-hidden="true">
                  <path d="M6 6l12 12M18 6 6 18" />
                </svg>
              </button>
            </div>
            <figure
              className={styles.figure}
              onPointerDown={(event) => {
                pointerStart.current = { x: event.clientX, y: event.clientY };
              }}
              onPointerUp={onPointerUp}
              onPointerCancel={() => {
                pointerStart.current = null;
              }}
            >
              <ResponsiveImage key={image.key} media={image} sizes="(min-width: 1100px) 1100px, 100vw" priority />
              <figcaption className={styles.caption}>{image.alt}</figcaption>
            </figure>
            {count > 1 ? (
              <div className={styles.nav}>
                <button type="button" className={styles.arrow} onClick={() => show(current - 1)} aria-label="Previous photo">
                  <svg viewBox="0 0 24 24" aria-hidden="true">
                    <path d="m15 5-7 7 7 7" />
                  </svg>
                </button>
                <button type="button" className={styles.arrow} onClick={() => show(current + 1)} aria-label="Next photo">
                  <svg viewBox="0 0 24 24" aria-hidden="true">
                    <path d="m9 5 7 7-7 7" />
                  </svg>
                </button>
              </div>
            ) : null}
          </div>
        </Dialog>
      ) : null}
    </>
  );
}
