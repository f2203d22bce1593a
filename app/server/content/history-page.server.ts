import type { RevisionDetail } from "~/lib/revisions";
import { editorPathOf, isEditableType, liveDocument } from "./entities.server";
import { diffDocuments } from "./revision-diff.server";
import { getRevision, revisionSummary } from "./revisions.server";

/**
 * A revision opened from an editor's History (`/admin/history/:revisionId`,
 * also loaded into the History panel): what differs from the current version,
 * field by field. Null when there is no such revision of an editable type.
 */
export async function loadRevisionDetail(revisionId: number): Promise<RevisionDetail | null> {
  const revision = await getRevision(revisionId);
  if (!revision || !isEditableType(revision.entityType)) return null;
  const type = revision.entityType;
  const live = await liveDocument(type, revision.entityId);
  return {
    revision: revisionSummary(revision),
    entity: { type, id: revision.entityId, label: live?.label ?? revision.label, editorPath: editorPathOf(type, revision.entityId), exists: live !== null },
    currentVersion: live?.version ?? null,
    diffs: diffDocuments(type, revision.document, live?.document ?? null),
  };
}
