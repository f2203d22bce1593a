import { or, sql } from "drizzle-orm";
import { getDb, type Db } from "~/server/db/db.server";
import { blogs, contentDrafts, contentRevisions, legalPages, media, packages } from "~/server/db/schema.server";
import { getLogger } from "~/server/logger.server";
import { getMediaStorage, type MediaStorage } from "./storage.server";

const escapeLike = (text: string) => text.replace(/[%_\\]/g, "\\$&");

/** Whether any content, kept revision or pending draft names this file's address (searched in the database). */
async function mentioned(db: Db, url: string): Promise<boolean> {
  const like = `%${escapeLike(url)}%`;
  const checks = [
    db
      .select({ id: blogs.id })
      .from(blogs)
      .where(sql`${blogs.content} like ${like}`)
      .limit(1),
    db
      .select({ id: packages.id })
      .from(packages)
      .where(sql`${packages.longDescription} like ${like}`)
      .limit(1),
    db
      .select({ id: legalPages.id })
      .from(legalPages)
      .where(sql`${legalPages.body} like ${like}`)
      .limit(1),
    db
      .select({ id: contentRevisions.id })
      .from(contentRevisions)
      .where(sql`strpos(${contentRevisions.document}::text, ${url}) > 0`)
      .limit(1),
    db
      .select({ id: contentDrafts.entityId })
      .from(contentDrafts)
      .where(sql`strpos(${contentDrafts.document}::text, ${url}) > 0`)
      .limit(1),
  ];
  for (const check of checks) if ((await check).length > 0) return true;
  return false;
}

/**
 * Deletes stored image files (by their public address) that no media row
 * holds and nothing names any more: an image's old files after its file was
 * replaced or it was deleted (ADR 043). A file a kept revision still names
 * (an old version of an article) stays until that revision is pruned; a
 * file another row shares (the same photo uploaded twice) stays.
 */
export async function deleteStoredFilesIfUnclaimed(urls: string[], options: { db?: Db; storage?: MediaStorage } = {}): Promise<string[]> {
  if (urls.length === 0) return [];
  const db = options.db ?? getDb();
  const storage = options.storage ?? getMediaStorage();
  const deleted: string[] = [];
  for (const url of new Set(urls)) {
    const storageKey = storage.keyOf(url);
    if (!storageKey) continue;
    const [claimed] = await db
      .select({ id: media.id })
      .from(media)
      .where(or(sql`${media.url} = ${url}`, sql`${media.variants} @> ${JSON.stringify([{ url }])}::jsonb`))
      .limit(1);
    if (claimed || (await mentioned(db, url))) continue;
    try {
      await storage.delete(storageKey);
      deleted.push(url);
    } catch (error) {
      getLogger().warn({ err: error, url }, "could not delete a media file");
    }
  }
  return deleted;
}

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * Deletes stored files that no media row claims and nothing names, once they
 * are a day old (an upload being processed has its files before its row):
 * what an upload that failed after its variants were written left behind
 * (issue 44 finding 6: 70 files from 5 uploads with a NUL in their name), or a
 * crash between an image's files and its row. One read of the media rows, one
 * listing of the store; only the unclaimed few are looked up further.
 */
export async function sweepOrphanFiles(options: { olderThanMs?: number; now?: number; db?: Db; storage?: MediaStorage } = {}): Promise<string[]> {
  const { olderThanMs = DAY_MS, now = Date.now() } = options;
  const db = options.db ?? getDb();
  const storage = options.storage ?? getMediaStorage();
  const claimed = new Set<string>();
  for (const row of await db.select({ url: media.url, variants: media.variants }).from(media)) {
    if (row.url) claimed.add(row.url);
    for (const variant of row.variants) claimed.add(variant.url);
  }
  const unclaimed: string[] = [];
  for await (const file of storage.list()) {
    if (!file.modifiedAt || now - file.modifiedAt.getTime() < olderThanMs) continue;
    const url = storage.urlOf(file.key);
    if (!claimed.has(url)) unclaimed.push(url);
  }
  return deleteStoredFilesIfUnclaimed(unclaimed, { db, storage });
}
