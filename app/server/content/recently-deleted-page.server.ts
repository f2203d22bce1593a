import { redirectWithNotice } from "~/server/admin/notice.server";
import type { Viewer } from "~/server/auth/guard.server";
import { ENTITY_NOUNS } from "~/lib/content-fields";
import { EDITABLE_TYPES, editorPathOf, isEditableType, restoreDeleted } from "./entities.server";
import { getRevision, listRecentlyDeleted, REVISION_RETENTION_DAYS } from "./revisions.server";

/** One row of /admin/recently-deleted. */
type DeletedItem = { revisionId: number; type: "package" | "blog"; noun: string; title: string; deletedAt: string; deletedBy: string; restorableUntil: string };

const DAY_MS = 24 * 60 * 60 * 1000;

/** Packages and blogs deleted in the last 30 days and not restored since, newest first. */
export async function loadRecentlyDeleted(now = new Date()): Promise<DeletedItem[]> {
  const rows = await listRecentlyDeleted(EDITABLE_TYPES, now);
  return rows.flatMap((row) =>
    isEditableType(row.entityType)
      ? [
          {
            revisionId: row.id,
            type: row.entityType,
            noun: ENTITY_NOUNS[row.entityType],
            title: row.label,
            deletedAt: row.createdAt.toISOString(),
            deletedBy: row.actorName || row.actorEmail || "Someone",
            restorableUntil: new Date(row.createdAt.getTime() + REVISION_RETENTION_DAYS * DAY_MS).toISOString(),
          },
        ]
      : [],
  );
}

const LIST = "/admin/recently-deleted";

/** "Restore": the document comes back (as a draft with a new address if its own is taken) and its editor opens. */
export async function handleRecentlyDeletedAction(request: Request, viewer: Viewer, ip?: string) {
  const formData = await request.formData();
  const revisionId = Number(formData.get("revisionId"));
  const revision = Number.isInteger(revisionId) && revisionId > 0 ? await getRevision(revisionId) : null;
  if (!revision || revision.kind !== "deleted" || !isEditableType(revision.entityType)) {
    return redirectWithNotice(LIST, { kind: "error", message: "There is nothing to restore: it may have been restored already." });
  }
  const result = await restoreDeleted(revision, { viewer, ip });
  if (!result.ok) return redirectWithNotice(LIST, { kind: "error", message: result.message });
  const noun = ENTITY_NOUNS[result.type];
  const notes = [
    result.slugChanged ? `Its address was taken, so it is now ${result.type === "package" ? "/packages/" : "/blogs/"}${result.slug}.` : "",
    result.asDraft ? "It was restored as a draft." : "",
    result.droppedMedia > 0 ? `${result.droppedMedia} photo${result.droppedMedia === 1 ? "" : "s"} no longer exist and were left out.` : "",
  ].filter(Boolean);
  return redirectWithNotice(editorPathOf(result.type, result.id), {
    kind: "success",
    message: [`Restored the ${noun} “${result.title}”.`, ...notes].join(" "),
  });
}
