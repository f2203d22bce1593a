import { PackageCard, type PackageCardData } from "~/components/site/package-card";
import styles from "./package-rail.module.css";

/** How wide a card's photo is drawn at each viewport. */
export const RAIL_PHOTO_SIZES = "(min-width: 1232px) 380px, (min-width: 1024px) 31vw, (min-width: 768px) 44vw, 82vw";

/**
 * The packages page's card groups (spec §2): on desktop a grid of three a row,
 * the rest centred beneath; below 1024 px a horizontal scroll that snaps to
 * each card. Every card is a link to its package.
 */
export function PackageRail({ cards, label }: { cards: (PackageCardData & { facts?: string | null })[]; label: string }) {
  return (
    <ul className={styles.rail} aria-label={label}>
      {cards.map((card) => (
        <li key={card.id} className={styles.item}>
          <PackageCard card={card} headingLevel="h3" sizes={RAIL_PHOTO_SIZES} facts={card.facts} />
        </li>
      ))}
    </ul>
  );
}
