import { Link } from "react-router";
import { adminUi, Panel } from "../admin-page";
import { DueList, type DueItem } from "../enquiries/follow-ups";
import styles from "../enquiries/follow-ups.module.css";

/** The dashboard's first panel (ADR 045): call backs overdue and due today, and a link to the Due view. */
export function DueToday({ due, now, max }: { due: { overdue: DueItem[]; today: DueItem[]; upcoming: DueItem[] }; now: string; max: number }) {
  const items = [...due.overdue, ...due.today];
  const more = items.length - max;
  return (
    <Panel title="Call back today" id="due-today">
      <DueList items={items.slice(0, max)} now={now} empty="Nobody to call back today." />
      <p className={styles.more}>
        {more > 0 ? <span className={adminUi.muted}>And more. </span> : null}
        <Link to="/admin/enquiries/due">
          All due call backs{due.upcoming.length ? `, and ${due.upcoming.length > max ? `${max}+` : due.upcoming.length} planned later` : ""}
        </Link>
      </p>
    </Panel>
  );
}
