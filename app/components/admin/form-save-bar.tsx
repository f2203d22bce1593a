import { adminUi } from "./admin-page";
import { SaveButton } from "./editor-layout";
import styles from "./form-save-bar.module.css";

/**
 * The save bar of a one-form screen (site settings, a legal page): sticky at
 * the bottom of the window, the save button, extra actions, and whether there
 * are unsaved changes.
 */
export function FormSaveBar({
  label,
  saving,
  uploading = false,
  dirty,
  children,
}: {
  label: string;
  saving: boolean;
  uploading?: boolean;
  dirty: boolean;
  children?: React.ReactNode;
}) {
  return (
    <div className={styles.bar}>
      <SaveButton label={label} saving={saving} uploading={uploading} />
      {children}
      <span className={adminUi.muted} aria-live="polite">
        {uploading ? "Waiting for uploads to finish…" : dirty ? "Unsaved changes" : ""}
      </span>
    </div>
  );
}
