import { Form } from "react-router";
import { formatDateTime } from "~/lib/admin-format";
import { adminUi, Panel } from "../admin-page";
import styles from "./dashboard.module.css";

type BackupsView = { configured: boolean; location?: string; latest: { name: string; at: string | Date; bytes: number } | null; stale: boolean };

const megabytes = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(bytes < 10 * 1024 * 1024 ? 1 : 0)} MB`;

/** Admins' backups panel (ADR 054): the last backup's time and size, a warning after 48 hours without one, "Back up now" and the download. */
export function BackupsPanel({ backups }: { backups: BackupsView }) {
  if (!backups.configured) {
    return (
      <Panel title="Backups" id="backups">
        <p>
          Automatic backups are off. Set BACKUP_DIR or BACKUP_S3_PREFIX on the server to keep daily backups, or run <code>npm run backup -- --out FILE</code>.
        </p>
      </Panel>
    );
  }
  const { latest, stale } = backups;
  return (
    <Panel title="Backups" id="backups">
      {stale ? (
        <p role="alert" className={styles.warn}>
          {latest ? "No backup has succeeded for more than 48 hours." : "No backup has been made yet."} Check the failing jobs below, the server's log and the
          space where backups go ({backups.location}).
        </p>
      ) : null}
      <dl className={styles.stats}>
        <div className={`${styles.stat} ${stale ? styles.warn : ""}`}>
          <dt>Last backup</dt>
          <dd className={styles.statText}>{latest ? formatDateTime(new Date(latest.at)) : "None yet"}</dd>
        </div>
        <div className={styles.stat}>
          <dt>Kept in</dt>
          <dd className={styles.statText}>{backups.location}</dd>
        </div>
        <div className={styles.stat}>
          <dt>Size</dt>
          <dd className={styles.statText}>{latest ? megabytes(latest.bytes) : "-"}</dd>
        </div>
      </dl>
      <Form method="post" action="/admin/backups/now" className={styles.backupActions}>
        <button type="submit" className={adminUi.button}>
          Back up now
        </button>
        {latest ? (
          <a href="/admin/backups/latest" download className={adminUi.button}>
            Download the latest backup
          </a>
        ) : null}
      </Form>
    </Panel>
  );
}
