import { formatDateTime } from "~/lib/admin-format";
import { adminUi } from "./admin-page";
import styles from "./save-failure-notice.module.css";

/** "Restore unsaved changes from <time>" or "Discard": a copy kept in this browser (useFormDraft). */
export function DraftOffer({ savedAt, onRestore, onDiscard }: { savedAt: string; onRestore: () => void; onDiscard: () => void }) {
  return (
    <div className={styles.offer} role="status">
      <p className={styles.offerMessage}>This browser kept changes you had not saved.</p>
      <div className={styles.offerActions}>
        <button type="button" className={`${adminUi.button} ${adminUi.primary}`} onClick={onRestore}>
          Restore unsaved changes from {formatDateTime(savedAt)}
        </button>
        <button type="button" className={adminUi.button} onClick={onDiscard}>
          Discard
        </button>
      </div>
    </div>
  );
}
