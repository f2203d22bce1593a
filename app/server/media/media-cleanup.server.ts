import { inArray, or, sql } from "drizzle-orm";
import { getDb, type Db } from "~/server/db/db.server";
import { blogs, contentDrafts, contentRevisions, legalPages, media, packages, siteSettings } from "~/server/db/schema.server";
import { getLogger } from "~/server/logger.server";
import { deleteStoredFilesIfUnclaimed } from "./media-files.server";
import { getMediaStorage } from "./storage.server";
import { uploadMediaKey } from "./uploads.server";

/** Uploaded media keys start with this (uploadMediaKey); seeded photos never do. */
const UPLOADED_KEY_PREFIX = uploadMediaKey("");

/**
 * Every string content uses to point at media: exact references (a package's
 * thumbnail, gallery, itinerary photos and brochure; a blog's head image; the
 * home hero photo) and
 * rich text where a key or URL may appear inside (`<img src>` in a blog's
 * content, a package's long description, a legal page).
 */
async function loadReferences(db: Db) {
  const exact = new Set<string>();
  const text: string[] = [];
  const add = (value: string | null | undefined) => {
    if (value) exact.add(value);
  };
  for (const row of await db
    .select({
      thumbnail: packages.thumbnail,
      gallery: packages.gallery,
      itinerary: packages.itinerary,
      brochureUrl: packages.brochureUrl,
      longDescription: packages.longDescription,
    })
    .from(packages)) {
    add(row.thumbnail);
    row.gallery.forEach(add);
    row.itinerary.forEach((day) => add(day.photo));
    add(row.brochureUrl);
    text.push(row.longDescription);
  }
  for (const row of await db.select({ headImage: blogs.headImage, content: blogs.content }).from(blogs)) {
    add(row.headImage);
    text.push(row.content);
  }
  for (const row of await db.select({ body: legalPages.body }).from(legalPages)) text.push(row.body);
  for (const row of await db.select({ hero: siteSettings.heroMediaKey }).from(siteSettings)) add(row.hero);
  const richText = text.join("\n");
  return (identifier: string) => exact.has(identifier) || richText.includes(identifier);
}

/**
 * Whether a kept revision or a pending draft refers to any of these
 * identifiers (ADR 037): a deleted package can be restored, and an old version
 * restored, with its photos, for as long as its revisions are kept. Searched in
 * the database, one query per media item, so the documents are not loaded.
 */
async function keptByRevisions(db: Db, identifiers: string[]): Promise<boolean> {
  if (identifiers.length === 0) return false;
  const mentions = (column: typeof contentRevisions.document | typeof contentDrafts.document) =>
    or(...identifiers.map((identifier) => sql`strpos(${column}::text, ${identifier}) > 0`));
  const [revision] = await db.select({ id: contentRevisions.id }).from(contentRevisions).where(mentions(contentRevisions.document)).limit(1);
  if (revision) return true;
  const [draft] = await db.select({ id: contentDrafts.entityId }).from(contentDrafts).where(mentions(contentDrafts.document)).limit(1);
  return Boolean(draft);
}

type MediaFiles = { key: string; url: string | null; variants: { url: string }[] };

const escapeLike = (text: string) => text.replace(/[%_\\]/g, "\\$&");
const identifiersOf = (row: MediaFiles) => [row.key, ...(row.url ? [row.url] : []), ...row.variants.map((v) => v.url)];
const fileUrlsOf = (row: MediaFiles) => [...(row.url ? [row.url] : []), ...row.variants.map((v) => v.url)];

/**
 * Deletes the uploaded media among `keys` (media keys, a brochure's URL, or an
 * image variant's path) that nothing refers to any more: their rows, then
 * their files. Checks every reference first, kept revisions and pending drafts
 * included; seeded photos are never deleted, nor is a file another media row
 * still uses (the same photo uploaded twice shares its variants).
 * Call it after the change that dropped the references has committed.
 */
export async function deleteMediaIfUnused(keys: string[], options: { db?: Db } = {}): Promise<{ deleted: string[] }> {
  const wanted = [...new Set(keys)].filter((key) => typeof key === "string" && key.length > 0);
  if (wanted.length === 0) return { deleted: [] };
  const db = options.db ?? getDb();
  // Files no row holds any more (an image's old files after its file was replaced, ADR 043).
  await deleteStoredFilesIfUnclaimed(
    wanted.filter((ref) => ref.startsWith("/")),
    { db },
  );

  const candidates = (
    await db
      .select({ key: media.key, url: media.url, variants: media.variants })
      .from(media)
      .where(
        or(
          inArray(media.key, wanted),
          inArray(media.url, wanted),
          ...wanted.filter((ref) => ref.startsWith("/")).map((path) => sql`${media.variants} @> ${JSON.stringify([{ url: path }])}::jsonb`),
        ),
      )
  ).filter((row) => row.key.startsWith(UPLOADED_KEY_PREFIX));
  if (candidates.length === 0) return { deleted: [] };

  const isReferenced = await loadReferences(db);
  const unused: MediaFiles[] = [];
  for (const row of candidates) {
    if (identifiersOf(row).some(isReferenced) || (await keptByRevisions(db, identifiersOf(row)))) continue;
    unused.push(row);
  }
  if (unused.length === 0) return { deleted: [] };
  const deletedKeys = unused.map((row) => row.key);
  await db.delete(media).where(inArray(media.key, deletedKeys));

  const fileUrls = [...new Set(unused.flatMap(fileUrlsOf))];
  // Files shared with a media row that stays (a duplicate upload) stay too.
  const remaining = await db
    .select({ key: media.key, url: media.url, variants: media.variants })
    .from(media)
    .where(or(inArray(media.url, fileUrls), ...fileUrls.map((url) => sql`${media.variants}::text like ${`%${escapeLike(url)}%`}`)));
  const stillUsed = new Set(remaining.flatMap(fileUrlsOf));
  const storage = getMediaStorage();
  for (const url of fileUrls) {
    const storageKey = storage.keyOf(url);
    if (!storageKey || stillUsed.has(url)) continue;
    try {
      await storage.delete(storageKey);
    } catch (error) {
      // The row is gone; an orphan file only costs disk.
      getLogger().warn({ err: error, url }, "could not delete a media file");
    }
  }
  return { deleted: deletedKeys };
}
