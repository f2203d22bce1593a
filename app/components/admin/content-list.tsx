import { Form, Link } from "react-router";
import fieldStyles from "~/components/ui/form-field.module.css";
import { formatDayTime } from "~/lib/admin-format";
import type { PublishStatus } from "~/lib/content-types";
import { adminUi } from "./admin-page";
import styles from "./content-list.module.css";
import { PublishStatusFilter } from "./publish-status-filter";

export { styles as contentListUi };

/**
 * A content list's filter form: search, the list's own filters (children),
 * then status and Apply. A GET form, so every filter lives in the URL.
 */
export function ContentFilters({
  label,
  idPrefix,
  q,
  status,
  placeholder,
  children,
}: {
  label: string;
  idPrefix: string;
  q: string;
  status: string;
  placeholder: string;
  children?: React.ReactNode;
}) {
  return (
    <Form method="get" role="search" aria-label={label} className={styles.filters}>
      <div className={fieldStyles.field}>
        <label htmlFor={`${idPrefix}q`} className={fieldStyles.label}>
          Search
        </label>
        <input id={`${idPrefix}q`} type="search" name="q" defaultValue={q} className={fieldStyles.control} placeholder={placeholder} />
      </div>
      {children}
      <PublishStatusFilter id={`${idPrefix}status`} defaultValue={status} />
    </Form>
  );
}

type ContentCardProps = {
  /** The editor's address: the card's one link, whose target area is the whole card. */
  href: string;
  title: string;
  status: PublishStatus;
  /** The image area (16:10). */
  media: React.ReactNode;
  /** Facts on the status badge's line. */
  meta: React.ReactNode;
  /** Lines below it. */
  children?: React.ReactNode;
  /** When it will be published (ISO), and whether draft changes wait (ADR 037). */
  scheduledFor?: string | null;
  hasDraftChanges?: boolean;
};

function ContentCard({ href, title, status, media, meta, children, scheduledFor, hasDraftChanges }: ContentCardProps) {
  return (
    <li className={styles.card}>
      <div className={styles.media}>{media}</div>
      <div className={styles.body}>
        <h2 className={styles.title}>
          <Link to={href} className={styles.link}>
            {title}
          </Link>
        </h2>
        <p className={styles.meta}>
          <span className={`${adminUi.badge} ${status === "published" ? adminUi.badgeOk : adminUi.badgeOff}`}>
            {status === "published" ? "Published" : "Draft"}
          </span>
          {meta}
        </p>
        {scheduledFor || hasDraftChanges ? (
          <p className={styles.meta}>
            {hasDraftChanges ? <span className={`${adminUi.badge} ${adminUi.badgeOff}`}>Draft changes</span> : null}
            {scheduledFor ? <span>Scheduled for {formatDayTime(scheduledFor)}</span> : null}
          </p>
        ) : null}
        {children}
      </div>
    </li>
  );
}

/** The packages' and blogs' card grid (a named list), or a line saying why it is empty. */
export function ContentCardList<T extends { id: number }>({
  label,
  items,
  empty,
  card,
}: {
  label: string;
  items: T[];
  empty: string;
  card: (item: T) => ContentCardProps;
}) {
  if (items.length === 0) return <p className={adminUi.muted}>{empty}</p>;
  return (
    <ul className={styles.grid} aria-label={label}>
      {items.map((item) => (
        <ContentCard key={item.id} {...card(item)} />
      ))}
    </ul>
  );
}
