import { Link } from "react-router";
import { formatWhen } from "~/lib/admin-format";
import styles from "./history.module.css";

type RestoringInfo = { id: number; at: string; who: string; label: string };

/**
 * A site-wide screen holding an older version in its form (History's
 * "Restore this version", ADR 044): nothing changes until it is saved.
 */
export function RestoringNotice({ restoring, path }: { restoring: RestoringInfo; path: string }) {
  return (
    <div className={styles.notice} role="status">
      <p>
        The version of {restoring.label ? `${restoring.label}, ` : ""}
        {formatWhen(restoring.at)} by {restoring.who}, is loaded as unsaved changes. Save to make it the current version; nothing is changed until you do.
      </p>
      <p>
        <Link to={path}>Back to the current version</Link>
      </p>
    </div>
  );
}
