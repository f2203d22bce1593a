import { lazy, Suspense } from "react";
import type { EditorRevisionState } from "~/lib/revisions";
import { adminUi } from "../admin-page";
import { PublishControls } from "../history/publish-controls";
import historyStyles from "../history/history.module.css";
import { OnceOpened, type SectionSpec } from "./editor-sections";

// Loaded when the History section is first opened: most visits to the editor never do.
const HistoryPanel = lazy(() => import("../history/history-panel").then((module) => ({ default: module.HistoryPanel })));

/** A section another feature adds to the editor (e.g. History): it joins the navigation after the package's own. */
type ExtraEditorSection = SectionSpec & { content: React.ReactNode };

type RevisionSectionsInput = {
  formId: string;
  state: EditorRevisionState;
  /** The stored package is published: "Save draft" keeps changes beside it. */
  live: boolean;
  editorPath: string;
  previewPath: string;
  disabled: boolean;
};

/**
 * What ADR 037 adds to the sectioned package editor (ADR 038): "Save draft"
 * beside the save button in the save bar, and two sections after the
 * package's own, "Draft & schedule" (preview, discard, Publish at) and
 * "History". They sit outside the editor's form and name it with `form=`.
 */
export function revisionSections({ formId, state, live, editorPath, previewPath, disabled }: RevisionSectionsInput) {
  const saveBarActions = live ? (
    <button type="submit" form={formId} name="intent" value="save-draft" className={adminUi.button} disabled={disabled}>
      Save draft
    </button>
  ) : null;
  const extraSections: ExtraEditorSection[] = [
    {
      id: "schedule",
      title: "Draft & schedule",
      content: (
        <PublishControls
          formId={formId}
          noun="package"
          version={state.version}
          live={live}
          draft={state.draft}
          schedule={state.schedule}
          previewPath={previewPath}
          disabled={disabled}
          saveDraftInSaveBar
        />
      ),
    },
    {
      id: "history",
      title: "History",
      content: (
        <OnceOpened id="history" fallback={<p className={historyStyles.small}>Open this section to see every saved version.</p>}>
          <Suspense
            fallback={
              <p className={historyStyles.small} role="status">
                Loading the history…
              </p>
            }
          >
            <HistoryPanel history={state.history} editorPath={editorPath} framed={false} />
          </Suspense>
        </OnceOpened>
      ),
    },
  ];
  return { saveBarActions, extraSections };
}
