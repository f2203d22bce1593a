import type { RevisionDetail } from "~/lib/revisions";
import type { Viewer } from "~/server/auth/guard.server";
import type { ContentRegistry } from "./content-descriptor.server";
import { diffDocuments } from "./revision-diff.server";
import { getRevision, revisionSummary } from "./revisions.server";

/**
 * A revision opened from an editor's History (`/admin/history/:revisionId`,
 * also loaded into the History panel): what differs from the current version,
 * field by field. Null when there is no such revision of a registered type,
 * or the viewer may not edit that document (ADR 037, 044, 080).
 */
export async function loadRevisionDetail(revisionId: number, viewer: Viewer, registry: ContentRegistry): Promise<RevisionDetail | null> {
  const revision = await getRevision(revisionId);
  if (!revision) return null;
  const descriptor = registry.get(revision.entityType);
  if (!descriptor || !descriptor.canSee(viewer)) return null;
  const { type } = descriptor;
  const live = await descriptor.liveDocument(revision.entityId);
  return {
    revision: revisionSummary(revision),
    entity: { type, id: revision.entityId, label: live?.label ?? revision.label, editorPath: descriptor.editorPath(revision.entityId), exists: live !== null },
    currentVersion: live?.version ?? null,
    diffs: diffDocuments(type, revision.document, live?.document ?? null),
  };
}
