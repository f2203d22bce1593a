import { Link } from "react-router";
import { ResponsiveImage } from "~/components/ui/responsive-image";
import { Stars } from "~/components/ui/stars";
import type { PackageCardData } from "~/lib/package-view-model";

export type { PackageCardData };
import styles from "./package-card.module.css";

type PackageCardProps = {
  card: PackageCardData;
  /** `sizes` for the thumbnail at the width the card is drawn. */
  sizes?: string;
  headingLevel?: "h2" | "h3";
  /** A line of facts the visitor filtered or sorted by ("From ₹85,000 · 6 days · …"). */
  facts?: string | null;
};

/**
 * Spec "Package card": title, country, description, thumbnail, as many stars as
 * the integer rating, and Know More, which goes to the card's link and to the
 * top of that page (React Router scrolls new pages to the top).
 */
export function PackageCard({ card, sizes = "(min-width: 1024px) 380px, 90vw", headingLevel = "h3", facts }: PackageCardProps) {
  const Heading = headingLevel;
  const stars = Math.trunc(card.rating);
  return (
    <article className={styles.card}>
      <div className={styles.media}>{card.thumbnail ? <ResponsiveImage media={card.thumbnail} sizes={sizes} alt="" /> : null}</div>
      <div className={styles.body}>
        <p className={styles.country}>{card.country}</p>
        <Heading className={styles.title}>
          {card.link ? (
            <Link to={card.link} className={styles.titleLink}>
              {card.title}
            </Link>
          ) : (
            card.title
          )}
        </Heading>
        <Stars count={stars} label={`Rated ${card.rating} out of 5`} />
        {facts ? <p className={styles.facts}>{facts}</p> : null}
        <p className={styles.description}>{card.description}</p>
        {card.link ? (
          <span className={styles.more} aria-hidden="true">
            Know More
          </span>
        ) : null}
      </div>
    </article>
  );
}
