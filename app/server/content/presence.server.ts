import { and, asc, eq, gt, lt, ne, sql } from "drizzle-orm";
import type { ContentEntityType } from "~/lib/content-fields";
import { PRESENCE_LAPSE_MS, type EditorPresence } from "~/lib/revisions";
import { getDb, type Db } from "~/server/db/db.server";
import { editorPresence } from "~/server/db/schema.server";

const which = (type: ContentEntityType, id: string | number) => and(eq(editorPresence.entityType, type), eq(editorPresence.entityId, String(id)));

/** The others with this document's editor open now, longest first. */
export async function listEditors(
  type: ContentEntityType,
  id: string | number,
  exceptUserId: string,
  now = new Date(),
  db: Db = getDb(),
): Promise<EditorPresence[]> {
  const rows = await db
    .select({ name: editorPresence.userName, since: editorPresence.since })
    .from(editorPresence)
    .where(and(which(type, id), ne(editorPresence.userId, exceptUserId), gt(editorPresence.seenAt, new Date(now.getTime() - PRESENCE_LAPSE_MS))))
    .orderBy(asc(editorPresence.since));
  return rows.map((row) => ({ name: row.name, since: row.since.toISOString() }));
}

/**
 * An editor's heartbeat: notes the user there now (a stretch that had lapsed
 * starts again) and answers who else is there. `leaving` removes the user.
 * Rows that lapsed long ago are cleared on the way.
 */
export async function heartbeat(
  viewer: { id: string; name: string; email: string },
  type: ContentEntityType,
  id: string,
  { leaving = false, now = new Date() }: { leaving?: boolean; now?: Date } = {},
): Promise<EditorPresence[]> {
  const db = getDb();
  const lapsed = new Date(now.getTime() - PRESENCE_LAPSE_MS);
  if (leaving) {
    await db.delete(editorPresence).where(and(which(type, id), eq(editorPresence.userId, viewer.id)));
  } else {
    await db
      .insert(editorPresence)
      .values({ entityType: type, entityId: id, userId: viewer.id, userName: viewer.name || viewer.email, since: now, seenAt: now })
      .onConflictDoUpdate({
        target: [editorPresence.entityType, editorPresence.entityId, editorPresence.userId],
        set: {
          userName: viewer.name || viewer.email,
          seenAt: now,
          since: sql`case when ${editorPresence.seenAt} < ${lapsed} then ${now} else ${editorPresence.since} end`,
        },
      });
  }
  await db.delete(editorPresence).where(lt(editorPresence.seenAt, new Date(now.getTime() - 24 * 60 * 60_000)));
  return listEditors(type, id, viewer.id, now, db);
}
