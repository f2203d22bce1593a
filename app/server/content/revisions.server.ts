import { and, desc, eq, gt, inArray, lt, notInArray, sql } from "drizzle-orm";
import { changedFields, type ContentDocument, type ContentEntityType, type FieldChange } from "~/lib/content-fields";
import type { RevisionKind, RevisionSummary } from "~/lib/revisions";
import { getDb, type Db } from "~/server/db/db.server";
import { contentRevisions, type ContentRevisionRow } from "~/server/db/schema.server";

/** Every document keeps at least its last 50 revisions… */
export const REVISIONS_KEPT = 50;
/** …and every revision younger than 30 days; a deleted document can be restored for as long. */
export const REVISION_RETENTION_DAYS = 30;
const RETENTION_MS = REVISION_RETENTION_DAYS * 24 * 60 * 60 * 1000;

/** What one content write did to one document: writeContent stores it as a revision. */
export type DocumentWrite = {
  type: ContentEntityType;
  id: string | number;
  /** The document's version after the write (its `revision` column); left out, the last revision's plus one. */
  version?: number;
  kind: RevisionKind;
  /** The document's title. */
  label: string;
  /** The whole document after the write; for a deletion, as it was. */
  document: ContentDocument;
  /**
   * The document before the write, when the change read it (null: there was
   * none). Left out, the last revision's document is the "before".
   */
  previous?: ContentDocument | null;
};

type RevisionActor = { id: string | null; name: string | null; email: string | null };

/** The latest revision of a document, or null. */
export async function lastRevision(db: Db, type: ContentEntityType, id: string | number): Promise<ContentRevisionRow | null> {
  const [row] = await db
    .select()
    .from(contentRevisions)
    .where(and(eq(contentRevisions.entityType, type), eq(contentRevisions.entityId, String(id))))
    .orderBy(desc(contentRevisions.id))
    .limit(1);
  return row ?? null;
}

/** The revision that made a document's `version` (the last one with it), or null when it is no longer kept. */
export async function revisionAtVersion(db: Db, type: ContentEntityType, id: string | number, version: number): Promise<ContentRevisionRow | null> {
  const [row] = await db
    .select()
    .from(contentRevisions)
    .where(and(eq(contentRevisions.entityType, type), eq(contentRevisions.entityId, String(id)), eq(contentRevisions.version, version)))
    .orderBy(desc(contentRevisions.id))
    .limit(1);
  return row ?? null;
}

/**
 * Stores one revision (inside the write's transaction) and prunes the
 * document's revisions past retention. Returns the changed fields and the
 * documents pruned (their media may now be unused).
 */
export async function storeRevision(
  tx: Db,
  write: DocumentWrite,
  actor: RevisionActor,
  now: Date = new Date(),
): Promise<{ changes: FieldChange[]; pruned: ContentDocument[] }> {
  const entityId = String(write.id);
  const last = await lastRevision(tx, write.type, entityId);
  const previous = write.previous !== undefined ? write.previous : (last?.document ?? null);
  const version = write.version ?? (last?.version ?? 0) + 1;
  if (!last && previous) {
    // A document from before revisions were kept (seeded, or older data): its
    // first recorded change keeps the version it replaces, so it can be restored.
    await tx.insert(contentRevisions).values({
      entityType: write.type,
      entityId,
      version: Math.max(version - 1, 0),
      kind: "original",
      label: String(previous.title ?? write.label).slice(0, 300),
      document: previous,
      changes: [],
      createdAt: new Date(now.getTime() - 1),
    });
  }
  const changes = write.kind === "deleted" ? [] : changedFields(write.type, previous, write.document);
  await tx.insert(contentRevisions).values({
    entityType: write.type,
    entityId,
    version,
    kind: write.kind,
    label: write.label.slice(0, 300),
    document: write.document,
    changes,
    actorId: actor.id,
    actorName: actor.name?.slice(0, 200) ?? null,
    actorEmail: actor.email?.slice(0, 320) ?? null,
    createdAt: now,
  });
  const pruned = await pruneRevisions(tx, write.type, entityId, now);
  return { changes, pruned };
}

/** Deletes a document's revisions beyond its last 50 that are older than 30 days; returns their documents. */
export async function pruneRevisions(db: Db, type: ContentEntityType, entityId: string, now: Date = new Date()): Promise<ContentDocument[]> {
  const keep = db
    .select({ id: contentRevisions.id })
    .from(contentRevisions)
    .where(and(eq(contentRevisions.entityType, type), eq(contentRevisions.entityId, entityId)))
    .orderBy(desc(contentRevisions.id))
    .limit(REVISIONS_KEPT);
  const rows = await db
    .delete(contentRevisions)
    .where(
      and(
        eq(contentRevisions.entityType, type),
        eq(contentRevisions.entityId, entityId),
        lt(contentRevisions.createdAt, new Date(now.getTime() - RETENTION_MS)),
        notInArray(contentRevisions.id, keep),
      ),
    )
    .returning({ document: contentRevisions.document });
  return rows.map((row) => row.document);
}

const summaryOf = (row: ContentRevisionRow): RevisionSummary => ({
  id: row.id,
  version: row.version,
  kind: row.kind as RevisionKind,
  at: row.createdAt.toISOString(),
  who: row.actorName || row.actorEmail || "Someone",
  changes: row.changes as FieldChange[],
});

/** A document's revisions, newest first, without their documents: an editor's History list. */
export async function listRevisions(type: ContentEntityType, id: string | number, db: Db = getDb()): Promise<RevisionSummary[]> {
  const rows = await db
    .select()
    .from(contentRevisions)
    .where(and(eq(contentRevisions.entityType, type), eq(contentRevisions.entityId, String(id))))
    .orderBy(desc(contentRevisions.id))
    .limit(200);
  return rows.map(summaryOf);
}

export async function getRevision(revisionId: number, db: Db = getDb()): Promise<ContentRevisionRow | null> {
  const [row] = await db.select().from(contentRevisions).where(eq(contentRevisions.id, revisionId)).limit(1);
  return row ?? null;
}

export function revisionSummary(row: ContentRevisionRow): RevisionSummary & { label: string } {
  return { ...summaryOf(row), label: row.label };
}

/**
 * Documents deleted within the retention and not restored since: each one's
 * deletion revision (its document as it was), newest first.
 */
export async function listRecentlyDeleted(types: readonly ContentEntityType[], now: Date = new Date(), db: Db = getDb()): Promise<ContentRevisionRow[]> {
  if (types.length === 0) return [];
  const latest = db
    .select({ id: sql<number>`max(${contentRevisions.id})`.as("id") })
    .from(contentRevisions)
    .where(inArray(contentRevisions.entityType, [...types]))
    .groupBy(contentRevisions.entityType, contentRevisions.entityId);
  return db
    .select()
    .from(contentRevisions)
    .where(
      and(inArray(contentRevisions.id, latest), eq(contentRevisions.kind, "deleted"), gt(contentRevisions.createdAt, new Date(now.getTime() - RETENTION_MS))),
    )
    .orderBy(desc(contentRevisions.id));
}

/**
 * The periodic sweep: documents deleted more than 30 days ago lose their
 * revisions (they can no longer be restored). Returns the documents removed,
 * whose media may now be unused.
 */
export async function sweepDeletedRevisions(now: Date = new Date(), db: Db = getDb()): Promise<{ type: ContentEntityType; document: ContentDocument }[]> {
  const cutoff = new Date(now.getTime() - RETENTION_MS);
  const expired = await db.execute<{ entity_type: string; entity_id: string }>(sql`
    select r.entity_type, r.entity_id from ${contentRevisions} r
    where r.id in (select max(id) from ${contentRevisions} group by entity_type, entity_id)
      and r.kind = 'deleted' and r.created_at < ${cutoff}
  `);
  const removed: { type: ContentEntityType; document: ContentDocument }[] = [];
  for (const { entity_type, entity_id } of expired.rows) {
    const rows = await db
      .delete(contentRevisions)
      .where(and(eq(contentRevisions.entityType, entity_type), eq(contentRevisions.entityId, entity_id)))
      .returning({ document: contentRevisions.document });
    removed.push(...rows.map((row) => ({ type: entity_type as ContentEntityType, document: row.document })));
  }
  return removed;
}
