import { REVIEW_THUMB_HEIGHT, type ReviewPhoto } from "~/lib/review";
import styles from "./review-photo-strip.module.css";

/**
 * A review's photos as a row of thumbnails (issue 48, ADR 118), each opening
 * the larger copy. Lazy and with its size, so the page neither loads them
 * before they are near nor moves when they arrive.
 */
export function ReviewPhotoStrip({ photos }: { photos: readonly ReviewPhoto[] }) {
  if (photos.length === 0) return null;
  return (
    <ul className={styles.strip} aria-label="Traveller’s photos">
      {photos.map((photo) => (
        <li key={photo.src}>
          <a href={photo.full} className={styles.link}>
            <img
              src={photo.src}
              srcSet={photo.srcSet}
              sizes={`${Math.ceil((REVIEW_THUMB_HEIGHT * photo.width) / photo.height)}px`}
              width={photo.width}
              height={photo.height}
              alt={photo.alt}
              loading="lazy"
              decoding="async"
              className={styles.photo}
            />
          </a>
        </li>
      ))}
    </ul>
  );
}
