import { Form, Link } from "react-router";
import { ResponsiveImage } from "~/components/ui/responsive-image";
import fieldStyles from "~/components/ui/form-field.module.css";
import type { AdminPackageCard, AdminPackageFilters } from "~/lib/admin-package-list";
import { formatInr } from "~/lib/price";
import { formatDuration } from "~/lib/tour-format";
import { adminUi } from "../admin-page";
import { PublishStatusFilter } from "../publish-status-filter";
import styles from "./package-list.module.css";

/** Search and filters: a GET form, so every filter lives in the URL. */
export function PackageFilters({ filters }: { filters: AdminPackageFilters }) {
  return (
    <Form method="get" role="search" aria-label="Packages" className={styles.filters}>
      <div className={fieldStyles.field}>
        <label htmlFor="package-q" className={fieldStyles.label}>
          Search
        </label>
        <input id="package-q" type="search" name="q" defaultValue={filters.q} className={fieldStyles.control} placeholder="Title, country or category" />
      </div>
      <div className={fieldStyles.field}>
        <label htmlFor="package-region" className={fieldStyles.label}>
          Region
        </label>
        <select id="package-region" name="region" defaultValue={filters.region} className={fieldStyles.control}>
          <option value="">All regions</option>
          <option value="international">International</option>
          <option value="national">National</option>
        </select>
      </div>
      <PublishStatusFilter id="package-status" defaultValue={filters.status} />
    </Form>
  );
}

/** The spec's card list: each card opens the package's editor. */
export function PackageCardList({ cards }: { cards: AdminPackageCard[] }) {
  if (cards.length === 0) return <p className={adminUi.muted}>No packages match these filters.</p>;
  return (
    <ul className={styles.grid} aria-label="Packages">
      {cards.map((card) => (
        <li key={card.id} className={styles.card}>
          <div className={styles.media}>
            {card.thumbnail ? <ResponsiveImage media={card.thumbnail} sizes="(min-width: 64rem) 22rem, 90vw" alt="" /> : null}
          </div>
          <div className={styles.body}>
            <h2 className={styles.title}>
              <Link to={`/admin/packages/${card.id}`} className={styles.link}>
                {card.title}
              </Link>
            </h2>
            <p className={styles.meta}>
              <span className={`${adminUi.badge} ${card.status === "published" ? adminUi.badgeOk : adminUi.badgeOff}`}>
                {card.status === "published" ? "Published" : "Draft"}
              </span>
              <span>{card.region === "international" ? "International" : "National"}</span>
              {card.category ? <span>{card.category}</span> : null}
            </p>
            <p className={styles.description}>{card.description}</p>
            <p className={styles.facts}>
              <strong>{formatInr(card.price)}</strong>
              <span>{card.days > 0 ? formatDuration(card.days, card.nights) : "Duration not set"}</span>
            </p>
          </div>
        </li>
      ))}
    </ul>
  );
}
