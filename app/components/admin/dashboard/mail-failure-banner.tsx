import styles from "./dashboard.module.css";

/** First on the dashboard while e-mails to the team fail (issue 49): since when and why, in plain words, and where the list is. */
export function MailFailureBanner({ message }: { message: string }) {
  return (
    <div role="alert" className={`${styles.mailBanner} ${styles.warn}`}>
      <p>{message}</p>
      <p>
        Enquiries are still saved; the e-mails go as soon as the mail server takes one again. <a href="#notifications">See the failing e-mails</a>
      </p>
    </div>
  );
}
