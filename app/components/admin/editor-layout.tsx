import { Link } from "react-router";
import { adminUi } from "./admin-page";
import styles from "./editor-layout.module.css";

export { styles as editorUi };

/**
 * An editor's two columns: the content (children) and the side (publishing and
 * the rest). A side that holds the save button stays in view (stickySide).
 */
export function EditorColumns({
  side,
  wideMain = false,
  stickySide = false,
  children,
}: {
  side: React.ReactNode;
  wideMain?: boolean;
  stickySide?: boolean;
  children: React.ReactNode;
}) {
  return (
    <div className={wideMain ? `${styles.columns} ${styles.wideMain}` : styles.columns}>
      <div>{children}</div>
      <div className={stickySide ? styles.stickySide : undefined}>{side}</div>
    </div>
  );
}

/**
 * The save button; it waits while the form posts or an upload is running.
 * `form` names the form when the button is outside it; `keyShortcuts` tells
 * assistive technology about a shortcut that presses it (aria-keyshortcuts).
 */
export function SaveButton({
  label,
  saving,
  uploading,
  form,
  id,
  keyShortcuts,
}: {
  label: string;
  saving: boolean;
  uploading: boolean;
  form?: string;
  id?: string;
  keyShortcuts?: string;
}) {
  return (
    <button
      type="submit"
      id={id}
      form={form}
      className={`${adminUi.button} ${adminUi.primary}`}
      disabled={saving || uploading}
      aria-keyshortcuts={keyShortcuts}
    >
      {saving ? "Saving…" : label}
    </button>
  );
}

/** The stored item's public page, in a new tab. */
export function ViewOnSiteLink({ to }: { to: string }) {
  return (
    <Link to={to} className={adminUi.button} target="_blank">
      View on the website
    </Link>
  );
}
