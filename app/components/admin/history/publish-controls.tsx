import { Link } from "react-router";
import { formatDayTime, formatWhen } from "~/lib/admin-format";
import type { DraftInfo, ScheduleInfo } from "~/lib/revisions";
import { adminUi } from "../admin-page";
import { EditorInput } from "../packages/editor-field";
import styles from "./history.module.css";

type PublishControlsProps = {
  /** The editor's form (the controls may sit outside it). */
  formId: string;
  noun: string;
  /** The version the form was loaded from: sent back with every button. */
  version: number;
  /** The stored document is published: "Save draft" keeps changes beside it. */
  live: boolean;
  draft: DraftInfo | null;
  schedule: ScheduleInfo | null;
  /** The public page showing the draft changes (staff only). */
  previewPath: string;
  disabled: boolean;
  /** The editor shows "Save draft" in its save bar (the package editor), not here. */
  saveDraftInSaveBar?: boolean;
};

/**
 * Draft changes and scheduled publishing (ADR 037): "Save draft" on a live
 * document, "Preview changes" and "Discard draft" when some are pending, and
 * "Publish at" (Indian time). Every control names the form, so the editor
 * may place them anywhere; the primary save button stays the form's default.
 */
export function PublishControls({ formId, noun, version, live, draft, schedule, previewPath, disabled, saveDraftInSaveBar = false }: PublishControlsProps) {
  return (
    <div className={styles.controls}>
      <input type="hidden" form={formId} name="baseVersion" value={version} />
      {live && (draft || !saveDraftInSaveBar) ? (
        <div className={styles.row}>
          {saveDraftInSaveBar ? null : (
            <button type="submit" form={formId} name="intent" value="save-draft" className={adminUi.button} disabled={disabled}>
              Save draft
            </button>
          )}
          {draft ? (
            <>
              <Link to={previewPath} target="_blank" rel="noopener" className={adminUi.button}>
                Preview changes
              </Link>
              <button type="submit" form={formId} name="intent" value="discard-draft" formNoValidate className={adminUi.button} disabled={disabled}>
                Discard draft
              </button>
            </>
          ) : null}
        </div>
      ) : null}
      {live ? <p className={styles.small}>Save draft keeps your changes without touching the live page.</p> : null}
      <EditorInput
        form={formId}
        name="publishAt"
        label="Publish at"
        type="datetime-local"
        hint={
          live
            ? "Indian time. Schedule saves your changes as a draft and publishes them then."
            : `Indian time. Schedule saves the ${noun} as a draft and publishes it then.`
        }
      />
      <div className={styles.row}>
        <button type="submit" form={formId} name="intent" value="schedule" className={adminUi.button} disabled={disabled}>
          Schedule
        </button>
      </div>
      {schedule ? (
        <div className={styles.row}>
          <p className={styles.small}>
            {schedule.action === "publish-changes" ? "Draft changes scheduled" : "Scheduled"} for {formatDayTime(schedule.publishAt)} by {schedule.by}.
          </p>
          <button type="submit" form={formId} name="intent" value="unschedule" formNoValidate className={adminUi.button} disabled={disabled}>
            Cancel schedule
          </button>
        </div>
      ) : null}
      {draft ? (
        <p className={styles.small}>
          Draft changes saved by {draft.savedBy} at {formatWhen(draft.savedAt)}.
        </p>
      ) : null}
    </div>
  );
}
