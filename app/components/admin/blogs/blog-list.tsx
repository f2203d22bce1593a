import { Form, Link } from "react-router";
import { ResponsiveImage } from "~/components/ui/responsive-image";
import fieldStyles from "~/components/ui/form-field.module.css";
import type { AdminBlogCard, AdminBlogFilters } from "~/lib/admin-blog-list";
import { formatDate } from "~/lib/admin-format";
import { adminUi } from "../admin-page";
import { PublishStatusFilter } from "../publish-status-filter";
import styles from "../packages/package-list.module.css";
import own from "./blog-list.module.css";

/** Search and the status filter: a GET form, so both live in the URL. */
export function BlogFilters({ filters }: { filters: AdminBlogFilters }) {
  return (
    <Form method="get" role="search" aria-label="Blogs" className={styles.filters}>
      <div className={fieldStyles.field}>
        <label htmlFor="blog-q" className={fieldStyles.label}>
          Search
        </label>
        <input id="blog-q" type="search" name="q" defaultValue={filters.q} className={fieldStyles.control} placeholder="Title or address" />
      </div>
      <PublishStatusFilter id="blog-status" defaultValue={filters.status} />
    </Form>
  );
}

/** The spec's list: head image, title and creation date, plus status and views; each card opens the editor. */
export function BlogCardList({ cards, filtered }: { cards: AdminBlogCard[]; filtered: boolean }) {
  if (cards.length === 0) {
    return <p className={adminUi.muted}>{filtered ? "No blogs match these filters." : "No blogs yet: write the first one."}</p>;
  }
  return (
    <ul className={styles.grid} aria-label="Blogs">
      {cards.map((card) => (
        <li key={card.id} className={styles.card}>
          <div className={styles.media}>
            {card.headImage ? (
              <ResponsiveImage media={card.headImage} sizes="(min-width: 64rem) 22rem, 90vw" alt="" />
            ) : card.headImageUrl ? (
              <img src={card.headImageUrl} alt="" loading="lazy" />
            ) : (
              <span className={own.noImage}>No header image</span>
            )}
          </div>
          <div className={styles.body}>
            <h2 className={styles.title}>
              <Link to={`/admin/blogs/${card.id}`} className={styles.link}>
                {card.title}
              </Link>
            </h2>
            <p className={styles.meta}>
              <span className={`${adminUi.badge} ${card.status === "published" ? adminUi.badgeOk : adminUi.badgeOff}`}>
                {card.status === "published" ? "Published" : "Draft"}
              </span>
              <span>
                Created <time dateTime={card.createdAt}>{formatDate(card.createdAt)}</time>
              </span>
              <span>
                {card.views.toLocaleString("en-IN")} {card.views === 1 ? "view" : "views"}
              </span>
            </p>
          </div>
        </li>
      ))}
    </ul>
  );
}
