import { exactTime, relativeTime } from "~/lib/enquiry-format";
import { STATUS_LABELS, type EnquiryStatus } from "~/lib/enquiry-status";
import { adminUi } from "../admin-page";
import styles from "./enquiries.module.css";

/** The status as a coloured label (the text says it; colour only helps scanning). */
export function StatusBadge({ status }: { status: EnquiryStatus }) {
  return <span className={`${adminUi.badge} ${styles[`status-${status}`]}`}>{STATUS_LABELS[status]}</span>;
}

/** When something came in: relative ("5 minutes ago") and the exact time in India, both shown. */
export function Received({ at, now }: { at: string; now: string }) {
  const exact = exactTime(at);
  return (
    <time dateTime={at} title={exact} className={styles.when}>
      {relativeTime(at, now)}
      <span className={styles.exact}>{exact}</span>
    </time>
  );
}
