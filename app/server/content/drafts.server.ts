import { and, eq } from "drizzle-orm";
import type { ContentDocument, ContentEntityType } from "~/lib/content-fields";
import type { DraftInfo } from "~/lib/revisions";
import { getDb, type Db } from "~/server/db/db.server";
import { contentDrafts, type ContentDraftRow } from "~/server/db/schema.server";
import type { ContentActor } from "./content-write.server";

const which = (type: ContentEntityType, id: string | number) => and(eq(contentDrafts.entityType, type), eq(contentDrafts.entityId, String(id)));

/** The pending draft changes of a live document, or null. */
export async function getDraft(type: ContentEntityType, id: string | number, db: Db = getDb()): Promise<ContentDraftRow | null> {
  const [row] = await db.select().from(contentDrafts).where(which(type, id)).limit(1);
  return row ?? null;
}

/** Saves (or replaces) a document's draft changes; call inside the write's transaction. */
export async function putDraft(
  tx: Db,
  type: ContentEntityType,
  id: string | number,
  document: ContentDocument,
  baseVersion: number,
  actor: ContentActor,
  now = new Date(),
) {
  const values = { document, baseVersion, savedBy: actor.id, savedByName: actor.name || actor.email, savedAt: now };
  await tx
    .insert(contentDrafts)
    .values({ entityType: type, entityId: String(id), ...values })
    .onConflictDoUpdate({ target: [contentDrafts.entityType, contentDrafts.entityId], set: values });
}

/** Removes a document's draft changes (published, discarded, or the document deleted); returns them. */
export async function dropDraft(tx: Db, type: ContentEntityType, id: string | number): Promise<ContentDraftRow | null> {
  const [row] = await tx.delete(contentDrafts).where(which(type, id)).returning();
  return row ?? null;
}

export function draftInfo(row: ContentDraftRow): DraftInfo {
  return { savedBy: row.savedByName ?? "Someone", savedAt: row.savedAt.toISOString() };
}

/** The ids of a type's documents with pending draft changes (the lists mark them). */
export async function listDraftIds(type: ContentEntityType, db: Db = getDb()): Promise<Set<string>> {
  const rows = await db.select({ id: contentDrafts.entityId }).from(contentDrafts).where(eq(contentDrafts.entityType, type));
  return new Set(rows.map((row) => row.id));
}
