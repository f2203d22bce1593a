import { Link } from "react-router";
import { formatDate } from "~/lib/admin-format";
import { formatBytes, type LibraryItem } from "~/lib/media-library";
import styles from "./media-library.module.css";

/** "No alt text": an image people who cannot see it are told nothing about. */
export function NoAltBadge() {
  return <span className={styles.badgeWarning}>No alt text</span>;
}

/** "Used by: Bali (gallery), Blog 3 (head image)", each a link to its editor; or "Not used". */
function MediaUses({ item }: { item: LibraryItem }) {
  if (item.uses.length === 0) return <p className={styles.uses}>Not used anywhere.</p>;
  return (
    <div className={styles.uses}>
      Used by:{" "}
      <ul aria-label={`Where ${item.name} is used`}>
        {item.uses.map((use) => (
          <li key={`${use.href}|${use.label}`}>
            <Link to={use.href}>{use.label}</Link>
          </li>
        ))}
      </ul>
    </div>
  );
}

/** The file's facts: size, dimensions, who uploaded it and when. */
function MediaFacts({ item }: { item: LibraryItem }) {
  return (
    <dl className={styles.facts}>
      {item.bytes !== null ? (
        <div>
          <dt>Size</dt>
          <dd>{formatBytes(item.bytes)}</dd>
        </div>
      ) : null}
      <div>
        <dt className="visually-hidden">Dimensions</dt>
        <dd>
          {item.width} × {item.height} px
        </dd>
      </div>
      <div>
        <dt>{item.uploaded ? "Uploaded by" : "Source"}</dt>
        <dd>{item.uploaded ? item.uploader : "Site photo (credited at /credits)"}</dd>
      </div>
      <div>
        <dt className="visually-hidden">Date</dt>
        <dd>{formatDate(item.createdAt)}</dd>
      </div>
    </dl>
  );
}

/** One image of the library: its thumbnail, name, facts and uses (a badge when it has no alt text), then `children` (its actions, the alt text field first). */
export function MediaCard({ item, children }: { item: LibraryItem; children?: React.ReactNode }) {
  return (
    <li className={styles.card} id={`media-${item.id}`}>
      <img className={styles.thumb} src={item.thumbUrl} alt="" width={400} height={300} loading="lazy" decoding="async" />
      <div className={styles.body}>
        {/* Focused when "Show more" brings the card into view (media-grid.tsx). */}
        <h2 className={styles.name} tabIndex={-1}>
          {item.name}
        </h2>
        {item.alt.trim() ? null : <NoAltBadge />}
        <MediaFacts item={item} />
        <MediaUses item={item} />
        {children}
      </div>
    </li>
  );
}
