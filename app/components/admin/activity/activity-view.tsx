import { Form, Link } from "react-router";
import { formatDateTime } from "~/lib/admin-format";
import { activityLabel } from "~/lib/activity-labels";
import { adminUi } from "../admin-page";
import { ListTable, Pager } from "../list-table";
import styles from "./activity-view.module.css";

type Filter = { user: string; kind: string };
type ActivityEntryView = {
  id: number;
  at: string;
  kind: string;
  who: string;
  whoEmail: string;
  subject: string;
  subjectType: string;
  ip: string;
  /** What changed, one line per field (content writes, ADR 037). */
  changes: string[];
};

const DELETED_KINDS = new Set(["package.deleted", "blog.deleted"]);

/** Filters by user and kind: a GET form, so the URL holds the view. */
export function ActivityFilters({ filter, users, kinds }: { filter: Filter; users: { id: string; name: string; email: string }[]; kinds: string[] }) {
  return (
    <Form method="get" className={`${adminUi.filterBox} ${styles.filters}`} aria-label="Filter activity" key={`${filter.user}|${filter.kind}`}>
      <div className={styles.filter}>
        <label htmlFor="activity-user">User</label>
        <select id="activity-user" name="user" defaultValue={filter.user} className={adminUi.select}>
          <option value="">Everyone</option>
          {users.map((user) => (
            <option key={user.id} value={user.id}>
              {user.name} ({user.email})
            </option>
          ))}
        </select>
      </div>
      <div className={styles.filter}>
        <label htmlFor="activity-kind">Kind</label>
        <select id="activity-kind" name="kind" defaultValue={filter.kind} className={adminUi.select}>
          <option value="">Any kind</option>
          {kinds.map((kind) => (
            <option key={kind} value={kind}>
              {activityLabel(kind)}
            </option>
          ))}
        </select>
      </div>
      <div className={styles.filterActions}>
        <button type="submit" className={`${adminUi.button} ${adminUi.primary}`}>
          Filter
        </button>
        {filter.user || filter.kind ? (
          <Link to="/admin/activity" className={adminUi.button}>
            Clear
          </Link>
        ) : null}
      </div>
    </Form>
  );
}

const COLUMNS = ["When", "Who", "What", "Which item", "IP"];

export function ActivityTable({ entries, total }: { entries: ActivityEntryView[]; total: number }) {
  return (
    <ListTable
      label="Activity entries"
      caption={`${total} ${total === 1 ? "entry" : "entries"}`}
      columns={COLUMNS}
      rows={entries}
      empty={<p className={adminUi.muted}>No activity matches.</p>}
      row={(entry) => (
        <tr key={entry.id}>
          <td data-label="When" className={styles.nowrap}>
            {formatDateTime(entry.at)}
          </td>
          <td data-label="Who">
            {entry.who}
            {entry.whoEmail && entry.whoEmail !== entry.who ? <span className={styles.sub}>{entry.whoEmail}</span> : null}
          </td>
          <td data-label="What">
            {activityLabel(entry.kind)}
            {entry.changes.length > 0 ? (
              <ul className={styles.changes}>
                {entry.changes.map((change, index) => (
                  <li key={index}>{change}</li>
                ))}
              </ul>
            ) : null}
            {DELETED_KINDS.has(entry.kind) ? (
              <span className={styles.sub}>
                <Link to="/admin/recently-deleted">Restore from Recently deleted</Link>
              </span>
            ) : null}
          </td>
          <td data-label="Which item" className={styles.subject}>
            {entry.subject || <span className={adminUi.muted}>–</span>}
          </td>
          <td data-label="IP" className={styles.nowrap}>
            {entry.ip || <span className={adminUi.muted}>–</span>}
          </td>
        </tr>
      )}
    />
  );
}

function pageHref(filter: Filter, page: number): string {
  const params = new URLSearchParams();
  if (filter.user) params.set("user", filter.user);
  if (filter.kind) params.set("kind", filter.kind);
  if (page > 1) params.set("page", String(page));
  const query = params.toString();
  return `/admin/activity${query ? `?${query}` : ""}`;
}

export function ActivityPager({ filter, page, pages }: { filter: Filter; page: number; pages: number }) {
  return <Pager label="Activity pages" page={page} pages={pages} href={(to) => pageHref(filter, to)} previous="Newer" next="Older" />;
}
