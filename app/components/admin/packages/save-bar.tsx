import { useRef } from "react";
import { CONFLICT_NOTICE_ID } from "~/lib/revisions";
import { adminUi } from "../admin-page";
import { useEditorUi } from "./editor-sections";
import { useStore } from "./editor-store";
import styles from "./save-bar.module.css";
import { UndoNotice } from "./undo-notice";

/** The consistency checks (issue 20): warnings only, each with a Fix link that opens its section and focuses the field. */
function EditorChecks() {
  const { overview, sections } = useEditorUi();
  const warnings = useStore(overview, (value) => value.warnings);
  const detailsRef = useRef<HTMLDetailsElement>(null);
  if (warnings.length === 0) return null;
  return (
    <details className={styles.checks} ref={detailsRef}>
      <summary className={styles.checksSummary}>
        <span aria-hidden="true">⚠ </span>
        {warnings.length === 1 ? "1 thing to check" : `${warnings.length} things to check`}
      </summary>
      <div className={styles.checksPanel}>
        <ul className={styles.checksList}>
          {warnings.map((warning) => (
            <li key={warning.id}>
              <span id={`check-${warning.id}`}>{warning.message}</span>{" "}
              <a
                href={`#${warning.field}`}
                aria-describedby={`check-${warning.id}`}
                onClick={(event) => {
                  if (!sections.store.get().enhanced) return;
                  event.preventDefault();
                  if (detailsRef.current) detailsRef.current.open = false;
                  sections.openSection(warning.section, { field: warning.field });
                }}
              >
                Fix
              </a>
            </li>
          ))}
        </ul>
        <p className={styles.checksNote}>These never stop a save.</p>
      </div>
    </details>
  );
}

type SaveBarProps = {
  /** The save button (it names the form with `form=`). */
  saveButton: React.ReactNode;
  dirty: boolean;
  uploading: boolean;
  /** "24 Nov 2026, 10:42 am" (formatted by the server), or null when nobody has saved it. */
  savedAt: string | null;
  /** Shown when savedAt is null: "Not saved yet" fits a new package; content that came with the site says so instead. */
  neverSavedText?: string;
  /** Extra save actions (e.g. "Save draft", "Publish at"): they sit beside the save button. */
  actions?: React.ReactNode;
  /** The last save was refused: someone else changed this (the noun: "package"); Review goes to the notice. */
  conflict?: string;
};

/** "Not saved: someone else changed this package. Review": seen from wherever the save was made (issue 49). */
export function ConflictState({ noun }: { noun: string }) {
  return (
    <span className={styles.unsaved}>
      Not saved: someone else changed this {noun}.{" "}
      <a
        href={`#${CONFLICT_NOTICE_ID}`}
        onClick={(event) => {
          const notice = document.getElementById(CONFLICT_NOTICE_ID);
          if (!notice) return;
          event.preventDefault();
          notice.focus();
          notice.scrollIntoView({ block: "start" });
        }}
      >
        Review
      </a>
    </span>
  );
}

/**
 * The sticky save bar: in view at every scroll position, on a phone too.
 * It holds the save button, whether there are unsaved changes, when the
 * package was last saved, the checks, and Undo after a removal.
 */
export function SaveBar({ saveButton, dirty, uploading, savedAt, neverSavedText = "Not saved yet", actions, conflict }: SaveBarProps) {
  return (
    <div className={styles.bar}>
      <UndoNotice />
      <div className={styles.row}>
        <div className={styles.buttons}>
          {saveButton}
          {actions}
        </div>
        <p className={styles.state}>
          <span aria-live="polite" className={dirty || uploading ? styles.unsaved : undefined}>
            {uploading ? "Waiting for uploads to finish…" : conflict ? <ConflictState noun={conflict} /> : dirty ? "Unsaved changes" : "No unsaved changes"}
          </span>
          <span className={styles.savedAt}>{savedAt ? `Saved ${savedAt}` : neverSavedText}</span>
        </p>
        <span className={`${adminUi.muted} ${styles.shortcut}`} aria-hidden="true">
          Ctrl+S saves
        </span>
        <EditorChecks />
      </div>
    </div>
  );
}
