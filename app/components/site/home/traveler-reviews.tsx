import { useState } from "react";
import styles from "./traveler-reviews.module.css";
import { useMediaQuery } from "./use-media-query";

type Review = { id: number; name: string; location: string; comment: string; rating: number };

/** Spec §9: the desktop grid shows 8; phones get two rows of 8. */
const PER_ROW = 8;

/**
 * Traveler Reviews: two rows of 8. From 768 px the first row is a still grid
 * and the second is not shown. Below 768 px both rows glide sideways (one card
 * per 10 s, the second row the other way), paused on hover and by the Pause
 * button; under prefers-reduced-motion the first row stands still as a list.
 * The copies that make the glide seamless are added in the browser, only on
 * phones that animate, so the HTML stays small.
 */
export function TravelerReviews({ reviews }: { reviews: Review[] }) {
  const [paused, setPaused] = useState(false);
  const gliding = useMediaQuery("(max-width: 767px) and (prefers-reduced-motion: no-preference)", false);
  const rows = [reviews.slice(0, PER_ROW), reviews.slice(PER_ROW, PER_ROW * 2)].filter((row) => row.length > 0);
  return (
    <div className={styles.reviews} data-paused={paused || undefined}>
      {rows.map((row, index) => (
        <div key={index} className={styles.lane} data-second={index === 1 || undefined}>
          <ul className={styles.strip} style={{ "--cards": row.length } as React.CSSProperties}>
            {row.map((review) => (
              <li key={review.id}>
                <ReviewCard review={review} />
              </li>
            ))}
            {gliding
              ? row.map((review) => (
                  <li key={`copy-${review.id}`} aria-hidden="true">
                    <ReviewCard review={review} />
                  </li>
                ))
              : null}
          </ul>
        </div>
      ))}
      <button type="button" className={styles.pause} aria-pressed={paused} onClick={() => setPaused(!paused)}>
        Pause reviews
      </button>
    </div>
  );
}

function ReviewCard({ review }: { review: Review }) {
  const stars = Math.max(0, Math.min(5, Math.trunc(review.rating)));
  return (
    <figure className={styles.card}>
      {/* One element drawing the stars (a masked strip), to keep the page light. */}
      <span className={styles.stars} role="img" aria-label={`${review.rating} out of 5 stars`} style={{ "--stars": stars } as React.CSSProperties} />
      <blockquote className={styles.quote}>{review.comment}</blockquote>
      <figcaption className={styles.author}>
        <span className={styles.avatar} aria-hidden="true">
          {review.name.charAt(0)}
        </span>
        <span className={styles.name}>{review.name}</span>
        {review.location ? <span className={styles.location}>{review.location}</span> : null}
      </figcaption>
    </figure>
  );
}
