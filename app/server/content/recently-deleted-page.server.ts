import { redirectWithNotice } from "~/server/admin/notice.server";
import type { Viewer } from "~/server/auth/guard.server";
import { ENTITY_NOUNS, type ContentEntityType } from "~/lib/content-fields";
import { restorableTypes, type ContentRegistry } from "./content-descriptor.server";
import { getRevision, listRecentlyDeleted, REVISION_RETENTION_DAYS } from "./revisions.server";

/** One row of /admin/recently-deleted. */
type DeletedItem = { revisionId: number; type: ContentEntityType; noun: string; title: string; deletedAt: string; deletedBy: string; restorableUntil: string };

const DAY_MS = 24 * 60 * 60 * 1000;

/** Documents of the restorable types (packages, blogs) deleted in the last 30 days and not restored since, newest first. */
export async function loadRecentlyDeleted(registry: ContentRegistry, now = new Date()): Promise<DeletedItem[]> {
  const rows = await listRecentlyDeleted(restorableTypes(registry), now);
  return rows.flatMap((row) => {
    const descriptor = registry.get(row.entityType);
    return descriptor?.restoreDeleted
      ? [
          {
            revisionId: row.id,
            type: descriptor.type,
            noun: ENTITY_NOUNS[descriptor.type],
            title: row.label,
            deletedAt: row.createdAt.toISOString(),
            deletedBy: row.actorName || row.actorEmail || "Someone",
            restorableUntil: new Date(row.createdAt.getTime() + REVISION_RETENTION_DAYS * DAY_MS).toISOString(),
          },
        ]
      : [];
  });
}

const LIST = "/admin/recently-deleted";

/** "Restore": the document comes back (as a draft with a new address if its own is taken) and its editor opens. */
export async function handleRecentlyDeletedAction(request: Request, viewer: Viewer, registry: ContentRegistry, ip?: string) {
  const formData = await request.formData();
  const revisionId = Number(formData.get("revisionId"));
  const revision = Number.isInteger(revisionId) && revisionId > 0 ? await getRevision(revisionId) : null;
  const descriptor = revision ? registry.get(revision.entityType) : undefined;
  if (!revision || revision.kind !== "deleted" || !descriptor?.restoreDeleted) {
    return redirectWithNotice(LIST, { kind: "error", message: "There is nothing to restore: it may have been restored already." });
  }
  const result = await descriptor.restoreDeleted(revision, { viewer, ip });
  if (!result.ok) return redirectWithNotice(LIST, { kind: "error", message: result.message });
  const noun = ENTITY_NOUNS[result.type];
  const notes = [
    result.slugChanged ? `Its address was taken, so it is now ${descriptor.publicPath?.(result.slug) ?? result.slug}.` : "",
    result.asDraft ? "It was restored as a draft." : "",
    result.droppedMedia > 0 ? `${result.droppedMedia} photo${result.droppedMedia === 1 ? "" : "s"} no longer exist and were left out.` : "",
  ].filter(Boolean);
  return redirectWithNotice(descriptor.editorPath(String(result.id)), {
    kind: "success",
    message: [`Restored the ${noun} “${result.title}”.`, ...notes].join(" "),
  });
}
