import { and, eq, inArray } from "drizzle-orm";
import type { ContentEntityType } from "~/lib/content-fields";
import type { Db } from "~/server/db/db.server";
import { media, type ContentRevisionRow } from "~/server/db/schema.server";
import { lastRevision } from "./revisions.server";

/** What restoring a deleted document did (ADR 037). */
export type RestoreResult =
  | { ok: true; type: ContentEntityType; id: number; title: string; slug: string; asDraft: boolean; slugChanged: boolean; droppedMedia: number }
  | { ok: false; message: string };

export const ALREADY_RESTORED_MESSAGE = "This item is no longer deleted: it was restored already.";

/**
 * Whether a deletion revision can still be restored: it is the document's
 * latest revision (nothing restored it since) and no row took its id.
 */
export async function isRestorable(tx: Db, revision: ContentRevisionRow, exists: (id: number) => Promise<boolean>): Promise<boolean> {
  if (revision.kind !== "deleted") return false;
  const latest = await lastRevision(tx, revision.entityType as ContentEntityType, revision.entityId);
  return latest?.id === revision.id && !(await exists(Number(revision.entityId)));
}

/**
 * The media keys among `refs` that no longer exist (uploads are kept while a
 * revision refers to them, but data from before that rule may lack some).
 * URLs are not keys and are kept as they are.
 */
export async function missingMediaKeys(tx: Db, refs: string[]): Promise<Set<string>> {
  const keys = [...new Set(refs.filter((ref) => ref && !ref.startsWith("/") && !/^https?:\/\//.test(ref)))];
  if (keys.length === 0) return new Set();
  const found = await tx
    .select({ key: media.key })
    .from(media)
    .where(and(inArray(media.key, keys), eq(media.kind, "image")));
  const present = new Set(found.map((row) => row.key));
  return new Set(keys.filter((key) => !present.has(key)));
}
