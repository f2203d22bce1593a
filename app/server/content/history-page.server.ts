import type { RevisionDetail } from "~/lib/revisions";
import type { Viewer } from "~/server/auth/guard.server";
import { editorPathOf, isEditableType, liveDocument } from "./entities.server";
import { diffDocuments } from "./revision-diff.server";
import { getRevision, revisionSummary } from "./revisions.server";
import { canSeeSiteDocument, isSiteDocumentType, liveSiteDocument, siteDocumentPath } from "./site-documents.server";

/**
 * A revision opened from an editor's History (`/admin/history/:revisionId`,
 * also loaded into the History panel): what differs from the current version,
 * field by field. Null when there is no such revision of a type with a
 * History, or the viewer may not edit that document (ADR 037, 044).
 */
export async function loadRevisionDetail(revisionId: number, viewer: Viewer): Promise<RevisionDetail | null> {
  const revision = await getRevision(revisionId);
  if (!revision) return null;
  const type = revision.entityType;
  let live: Awaited<ReturnType<typeof liveDocument>>;
  let editorPath: string;
  if (isEditableType(type)) {
    live = await liveDocument(type, revision.entityId);
    editorPath = editorPathOf(type, revision.entityId);
  } else if (isSiteDocumentType(type) && canSeeSiteDocument(viewer, type)) {
    live = await liveSiteDocument(type, revision.entityId);
    editorPath = siteDocumentPath(type, revision.entityId);
  } else {
    return null;
  }
  return {
    revision: revisionSummary(revision),
    entity: { type, id: revision.entityId, label: live?.label ?? revision.label, editorPath, exists: live !== null },
    currentVersion: live?.version ?? null,
    diffs: diffDocuments(type, revision.document, live?.document ?? null),
  };
}
