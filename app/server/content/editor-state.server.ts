import type { ContentDocument, ContentEntityType } from "~/lib/content-fields";
import type { EditorRevisionState } from "~/lib/revisions";
import { draftInfo, getDraft } from "./drafts.server";
import { listEditors } from "./presence.server";
import { getRevision, listRevisions, revisionSummary } from "./revisions.server";
import { getSchedule, scheduleInfo } from "./schedule.server";

export type EditorState = EditorRevisionState;

/**
 * An editor's state, and the document its form starts from: a revision being
 * restored, else the pending draft changes, else the live document.
 */
export async function loadEditorState(
  type: ContentEntityType,
  id: number,
  live: { version: number; document: ContentDocument },
  viewerId: string,
  url: URL,
): Promise<{ state: EditorState; document: ContentDocument }> {
  const [draft, schedule, editors, history] = await Promise.all([
    getDraft(type, id),
    getSchedule(type, id),
    listEditors(type, id, viewerId),
    listRevisions(type, id),
  ]);
  const restoreId = Number(url.searchParams.get("restore") ?? "");
  const restore = Number.isInteger(restoreId) && restoreId > 0 ? await getRevision(restoreId) : null;
  const restoring = restore && restore.entityType === type && restore.entityId === String(id) ? restore : null;
  return {
    state: {
      version: live.version,
      draft: draft ? draftInfo(draft) : null,
      schedule: schedule ? scheduleInfo(schedule) : null,
      editors,
      history,
      restoring: restoring ? revisionSummary(restoring) : null,
    },
    document: restoring?.document ?? draft?.document ?? live.document,
  };
}
