import { useId } from "react";
import { useNavigation } from "react-router";
import styles from "./admin-ui.module.css";
import { SaveFailureNotice } from "./save-failure-notice";

export { styles as adminUi };

/**
 * The heading row of an admin page: its one h1, a line of context and page
 * actions. While a form posts or the next page loads, the page is aria-busy.
 */
export function AdminPage({
  title,
  lead,
  actions,
  children,
}: {
  title: string;
  lead?: React.ReactNode;
  actions?: React.ReactNode;
  children?: React.ReactNode;
}) {
  const busy = useNavigation().state !== "idle";
  return (
    <div className={styles.page} aria-busy={busy || undefined}>
      <div className={styles.header}>
        <div>
          <h1 className={styles.title}>{title}</h1>
          {lead ? <p className={styles.lead}>{lead}</p> : null}
        </div>
        {actions ? <div className={styles.actions}>{actions}</div> : null}
      </div>
      <SaveFailureNotice />
      {children}
    </div>
  );
}

/** A titled section (h2) on an admin page. */
export function Panel({ title, id, children }: { title: string; id?: string; children: React.ReactNode }) {
  const generated = useId();
  const headingId = `${id ?? generated}-title`;
  return (
    <section className={styles.panel} aria-labelledby={headingId} id={id}>
      <h2 className={styles.panelTitle} id={headingId}>
        {title}
      </h2>
      {children}
    </section>
  );
}

/** Meta of an admin page: its title, and never indexed (child meta replaces the layout's). */
export function adminMeta(title: string) {
  return [{ title: `${title} · Admin Panel` }, { name: "robots", content: "noindex, nofollow" }];
}

/**
 * A table's horizontal scroller: focusable and named, so keyboard users can
 * scroll a wide table on a small screen.
 */
export function TableScroller({ label, id, children }: { label: string; id?: string; children: React.ReactNode }) {
  return (
    <div id={id} className={styles.tableWrap} role="region" aria-label={label} tabIndex={0}>
      {children}
    </div>
  );
}
