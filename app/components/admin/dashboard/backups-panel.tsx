import { Form } from "react-router";
import { formatDateTime } from "~/lib/admin-format";
import { adminUi, Panel } from "../admin-page";
import styles from "./dashboard.module.css";

type BackupsView = {
  configured: boolean;
  location?: string;
  latest: { name: string; at: string | Date; bytes: number } | null;
  stale: boolean;
  /** BACKUP_ENCRYPTION_KEY is set: backups, downloads too, are encrypted with it. */
  encrypted: boolean;
};

const megabytes = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(bytes < 10 * 1024 * 1024 ? 1 : 0)} MB`;

/**
 * "Download a backup now" (issue 49): a native form, so the browser saves the
 * archive the POST answers with and the page stays as it is.
 */
function DownloadNow({ encrypted }: { encrypted: boolean }) {
  return (
    <form method="post" action="/admin/backups/download" className={styles.backupActions}>
      <button type="submit" className={`${adminUi.button} ${adminUi.primary}`}>
        Download a backup now
      </button>
      <p className={adminUi.muted}>
        {encrypted
          ? "It is encrypted with the server's BACKUP_ENCRYPTION_KEY: keep the key too, apart from the file."
          : "It is not encrypted: it holds every enquiry and account, so keep it as carefully as a password."}{" "}
        Making it takes a moment.
      </p>
    </form>
  );
}

/** Admins' backups panel (ADR 054): what is and is not protected, the last backup's time and size, a warning after 48 hours without one, "Back up now" and the downloads. */
export function BackupsPanel({ backups }: { backups: BackupsView }) {
  if (!backups.configured) {
    return (
      <Panel title="Backups" id="backups">
        <p className={styles.warn}>
          Automatic backups are off: nothing on this server is copied anywhere else. If its disk fails or is wiped, every enquiry, booking, payment, account,
          page and photo is lost.
        </p>
        <p>
          Download a backup now and keep it off this server (your computer, a drive or cloud storage). It holds the whole database and every photo as they are
          at this moment: what changes afterwards is not in it. For daily backups kept for months, set BACKUP_DIR or BACKUP_S3_PREFIX on the server.
        </p>
        <DownloadNow encrypted={backups.encrypted} />
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
      <p>
        Protected: the database and every photo, backed up each day to {backups.location}, keeping the last 7 days, 4 weeks and 6 months. Not protected: what
        changed since the last backup
        {backups.location?.startsWith("s3://")
          ? "."
          : ", and the backups themselves if that folder is on this server's own disk: download one now and then and keep it elsewhere."}
      </p>
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
