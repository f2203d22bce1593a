import { formatDateTime } from "~/lib/admin-format";
import { adminUi, Panel } from "../admin-page";
import styles from "./password-link-panel.module.css";

type PasswordLinkData = { name: string; email: string; url: string; expiresAt: string; reason?: string };

/** A one-time set-password link for the admin to pass on (no SMTP, or the e-mail failed). */
export function PasswordLinkPanel({ link }: { link: PasswordLinkData }) {
  return (
    <Panel title={`Password link for ${link.name}`} id="password-link">
      {link.reason ? <p>{link.reason}</p> : null}
      <p>
        Send this link to {link.email} yourself. It works once and expires on {formatDateTime(link.expiresAt)}.
      </p>
      <label htmlFor="password-link-url" className={styles.label}>
        One-time link
      </label>
      <input id="password-link-url" className={styles.url} type="text" readOnly value={link.url} onFocus={(event) => event.currentTarget.select()} />
      <p className={`${adminUi.muted} ${styles.hint}`}>Anyone with this link can set the password, so share it privately.</p>
    </Panel>
  );
}
