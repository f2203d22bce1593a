import { Link } from "react-router";
import { formatWhen } from "~/lib/admin-format";
import { revisionKindLabel, type EditorRevisionState } from "~/lib/revisions";
import type { EditorActionData } from "../use-editor-form";
import { lazy, Suspense } from "react";

// Only a save that met another person's change shows it: loaded then.
const ConflictNotice = lazy(() => import("./conflict-notice").then((module) => ({ default: module.ConflictNotice })));
import { PresenceNotice } from "./presence-notice";
import styles from "./history.module.css";

type EditorNoticesProps = {
  type: "package" | "blog";
  id: number;
  noun: string;
  formId: string;
  editorPath: string;
  state: EditorRevisionState;
  actionData?: EditorActionData;
};

/**
 * What an editor says above its form (ADR 037): who else has it open, a
 * refused save's conflict, a revision loaded to restore, or the draft
 * changes it loaded.
 */
export function EditorNotices({ type, id, noun, formId, editorPath, state, actionData }: EditorNoticesProps) {
  const { restoring, draft } = state;
  return (
    <>
      <PresenceNotice type={type} id={id} noun={noun} initial={state.editors} />
      {actionData?.conflict ? (
        <Suspense fallback={<p role="status">Someone else saved this {noun} while you were editing…</p>}>
          <ConflictNotice conflict={actionData.conflict} noun={noun} formId={formId} editorPath={editorPath} />
        </Suspense>
      ) : null}
      {restoring ? (
        <div className={styles.notice}>
          <p>
            {restoring.kind === "original"
              ? "The version before the first recorded change"
              : `The version of ${formatWhen(restoring.at)} by ${restoring.who} (${revisionKindLabel(restoring.kind).toLowerCase()})`}{" "}
            is loaded as unsaved changes. Save to make it the current version; nothing is changed until you do.
          </p>
          <p>
            <Link to={editorPath}>Back to the current version</Link>
          </p>
        </div>
      ) : draft ? (
        <div className={styles.notice}>
          <p>
            These are draft changes, saved by {draft.savedBy} at {formatWhen(draft.savedAt)}. The live page is unchanged until you publish them.
          </p>
        </div>
      ) : null}
    </>
  );
}
