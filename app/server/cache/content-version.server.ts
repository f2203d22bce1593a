import { eq, sql } from "drizzle-orm";
import { getDatabaseKind, getDb, type Db } from "~/server/db/db.server";
import { contentVersion } from "~/server/db/schema.server";

const ROW_ID = 1;

/** This process's content writes since it started. */
let localContentWrites = 0;

/**
 * Bumps the content version. Call it inside the transaction of the write it
 * covers: the new version becomes visible to other servers in the same commit
 * as the content, never before it (a sequence would be, and could cache old
 * pages under the new version). `writeContent` does this for every content write.
 * Call `noteContentWritten` once that transaction is over.
 */
export async function bumpContentVersion(db: Db): Promise<void> {
  await db
    .insert(contentVersion)
    .values({ id: ROW_ID, version: 1 })
    .onConflictDoUpdate({ target: contentVersion.id, set: { version: sql`${contentVersion.version} + 1` } });
}

/**
 * After a content write's transaction ended (committed or not): this process
 * knows at once. Not before the commit: a request could then cache a page of
 * the old content under the new version.
 */
export function noteContentWritten() {
  localContentWrites += 1;
}

/** The content version row (0 before the first write). One primary-key read. */
export async function readContentVersion(db: Db = getDb()): Promise<number> {
  const [row] = await db.select({ version: contentVersion.version }).from(contentVersion).where(eq(contentVersion.id, ROW_ID));
  return row?.version ?? 0;
}

/**
 * The version the page cache keys pages by. On PostgreSQL other servers write
 * too, so it is the row, read per request. PGlite admits one process, so every
 * write is this process's own: its count of writes is the version, no read needed.
 */
export async function currentContentVersion(): Promise<number> {
  if (getDatabaseKind() === "postgres") return readContentVersion();
  return localContentWrites;
}
