import { ResponsiveImage } from "~/components/ui/responsive-image";
import type { AdminPackageCard, AdminPackageFilters } from "~/lib/admin-package-list";
import { formatInr } from "~/lib/price";
import { formatDuration } from "~/lib/tour-format";
import { ContentCardList, ContentFilters, contentListUi } from "../content-list";
import { SelectField } from "../select-field";
import styles from "./package-list.module.css";

const REGION_OPTIONS = [
  { value: "", label: "All regions" },
  { value: "international", label: "International" },
  { value: "national", label: "National" },
];

/** Search and filters: a GET form, so every filter lives in the URL. */
export function PackageFilters({ filters }: { filters: AdminPackageFilters }) {
  return (
    <ContentFilters label="Packages" idPrefix="package-" q={filters.q} status={filters.status} placeholder="Title, country or category">
      <SelectField idPrefix="package-" name="region" label="Region" defaultValue={filters.region} options={REGION_OPTIONS} />
    </ContentFilters>
  );
}

/** The spec's card list: each card opens the package's editor. */
export function PackageCardList({ cards }: { cards: AdminPackageCard[] }) {
  return (
    <ContentCardList
      label="Packages"
      items={cards}
      empty="No packages match these filters."
      card={(card) => ({
        href: `/admin/packages/${card.id}`,
        title: card.title,
        status: card.status,
        scheduledFor: card.scheduledFor,
        hasDraftChanges: card.hasDraftChanges,
        media: card.thumbnail ? <ResponsiveImage media={card.thumbnail} sizes="(min-width: 64rem) 22rem, 90vw" alt="" /> : null,
        meta: (
          <>
            <span>{card.region === "international" ? "International" : "National"}</span>
            {card.category ? <span>{card.category}</span> : null}
          </>
        ),
        children: (
          <>
            <p className={styles.description}>{card.description}</p>
            <p className={`${contentListUi.meta} ${styles.facts}`}>
              <strong>{formatInr(card.price)}</strong>
              <span>{card.days > 0 ? formatDuration(card.days, card.nights) : "Duration not set"}</span>
            </p>
          </>
        ),
      })}
    />
  );
}
