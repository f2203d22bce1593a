import { Form, Link } from "react-router";
import { formatDateTime } from "~/lib/admin-format";
import { activityLabel } from "~/lib/activity-labels";
import { adminUi, TableScroller } from "../admin-page";
import styles from "./activity-view.module.css";

type Filter = { user: string; kind: string };
export type ActivityEntryView = {
  id: number;
  at: string;
  kind: string;
  who: string;
  whoEmail: string;
  subject: string;
  subjectType: string;
  ip: string;
};

/** Filters by user and kind: a GET form, so the URL holds the view. */
export function ActivityFilters({
  filter,
  users,
  kinds,
}: {
  filter: Filter;
  users: { id: string; name: string; email: string }[];
  kinds: string[];
}) {
  return (
    <Form method="get" className={styles.filters} aria-label="Filter activity" key={`${filter.user}|${filter.kind}`}>
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

export function ActivityTable({ entries, total }: { entries: ActivityEntryView[]; total: number }) {
  if (entries.length === 0) {
    return (
      <div className={adminUi.panel}>
        <p className={adminUi.muted}>No activity matches.</p>
      </div>
    );
  }
  return (
    <TableScroller label="Activity entries">
      <table className={`${adminUi.table} ${adminUi.stack}`}>
        <caption>
          {total} {total === 1 ? "entry" : "entries"}
        </caption>
        <thead>
          <tr>
            <th scope="col">When</th>
            <th scope="col">Who</th>
            <th scope="col">What</th>
            <th scope="col">Which item</th>
            <th scope="col">IP</th>
          </tr>
        </thead>
        <tbody>
          {entries.map((entry) => (
            <tr key={entry.id}>
              <td data-label="When" className={styles.nowrap}>{formatDateTime(entry.at)}</td>
              <td data-label="Who">
                {entry.who}
                {entry.whoEmail && entry.whoEmail !== entry.who ? <span className={styles.sub}>{entry.whoEmail}</span> : null}
              </td>
              <td data-label="What">{activityLabel(entry.kind)}</td>
              <td data-label="Which item" className={styles.subject}>{entry.subject || <span className={adminUi.muted}>–</span>}</td>
              <td data-label="IP" className={styles.nowrap}>{entry.ip || <span className={adminUi.muted}>–</span>}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </TableScroller>
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
  if (pages <= 1) return null;
  return (
    <nav className={styles.pager} aria-label="Activity pages">
      {page > 1 ? (
        <Link to={pageHref(filter, page - 1)} className={adminUi.button} rel="prev">
          Newer
        </Link>
      ) : null}
      <span aria-current="page">
        Page {page} of {pages}
      </span>
      {page < pages ? (
        <Link to={pageHref(filter, page + 1)} className={adminUi.button} rel="next">
          Older
        </Link>
      ) : null}
    </nav>
  );
}
