import styles from "./admin-ui.module.css";

/** Issue 23: said wherever the team would otherwise believe enquiry e-mails reach them. */
const EMAIL_NOT_SET_UP = "E-mail is not set up: notifications are saved on the server only";

export function EmailNotSetUpNotice() {
  return (
    <p className={styles.warningNote} role="note">
      {EMAIL_NOT_SET_UP}. To have them sent, set <code>SMTP_URL</code> as the README's section &ldquo;Enquiry notifications: e-mail and webhook&rdquo; explains.
    </p>
  );
}
