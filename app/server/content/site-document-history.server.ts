import type { ContentEntityType } from "~/lib/content-fields";
import type { RevisionSummary } from "~/lib/revisions";
import type { ContentRevisionRow } from "~/server/db/schema.server";
import { getRevision, listRevisions, revisionSummary } from "./revisions.server";

/**
 * The History of a site-wide screen (ADR 041, 044): settings, the home
 * screen's four documents, the package terms, a legal page, the reply
 * templates. Like packages and blogs, each screen's revisions open against the
 * current version and load back into the form ("Restore this version":
 * unsaved until saved). Newest first; `labels` names each type's entries
 * where one screen shows several (the home screen's four).
 */
export async function siteDocumentHistory(
  types: readonly ContentEntityType[],
  id: string,
  labels: Partial<Record<ContentEntityType, string>> = {},
): Promise<(RevisionSummary & { label: string })[]> {
  const lists = await Promise.all(types.map(async (type) => (await listRevisions(type, id)).map((entry) => ({ ...entry, label: labels[type] ?? "" }))));
  return lists.flat().sort((a, b) => b.id - a.id);
}

/** The revision `?restore=` names, when it is one of these documents'. */
export async function revisionToRestore(url: URL, types: readonly ContentEntityType[], id: string): Promise<ContentRevisionRow | null> {
  const revisionId = Number(url.searchParams.get("restore") ?? "");
  if (!Number.isInteger(revisionId) || revisionId <= 0) return null;
  const revision = await getRevision(revisionId);
  return revision && (types as readonly string[]).includes(revision.entityType) && revision.entityId === id ? revision : null;
}

/** What the screen says while a restored version is in its form. */
export function restoringNotice(revision: ContentRevisionRow) {
  const summary = revisionSummary(revision);
  return { id: summary.id, at: summary.at, who: summary.who, label: revision.label, type: revision.entityType };
}
