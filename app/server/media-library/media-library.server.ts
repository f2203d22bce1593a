import { and, desc, eq, sql } from "drizzle-orm";
import type { ContentDocument } from "~/lib/content-fields";
import { fallbackUrl, largestUrl, type MediaVariant } from "~/lib/media";
import { LIBRARY_PAGE_SIZE, type LibraryItem, type LibraryPage, type LibrarySearch, type MediaUse } from "~/lib/media-library";
import { blogDocument } from "~/server/blog/blog-mutations.server";
import { ContentWriteAbort, writeContent, type ContentWriteContext, type DocumentWrite } from "~/server/content/content-write.server";
import { getDb, type Db } from "~/server/db/db.server";
import { blogs, contentDrafts, media, users, type MediaRow } from "~/server/db/schema.server";
import { deleteStoredFilesIfUnclaimed } from "~/server/media/media-files.server";
import { htmlImageSources, loadMediaUses } from "~/server/media/media-uses.server";
import { uploadMediaKey } from "~/server/media/uploads.server";

const UPLOADED_PREFIX = uploadMediaKey("");

/** What a media revision stores: what people edit or see, never the key or file addresses (ADR 043). */
function mediaDocument(row: Pick<MediaRow, "originalName" | "alt" | "width" | "height" | "bytes">): ContentDocument {
  return { name: row.originalName, alt: row.alt, dimensions: `${row.width} × ${row.height}`, bytes: row.bytes };
}

async function imageRows(db: Db) {
  return db
    .select({
      id: media.id,
      key: media.key,
      originalName: media.originalName,
      alt: media.alt,
      width: media.width,
      height: media.height,
      bytes: media.bytes,
      variants: media.variants,
      createdAt: media.createdAt,
      uploader: users.name,
    })
    .from(media)
    .leftJoin(users, eq(users.id, media.uploadedBy))
    .where(eq(media.kind, "image"))
    .orderBy(desc(media.createdAt), desc(media.id));
}

type ImageRow = Awaited<ReturnType<typeof imageRows>>[number];

function toItem(row: ImageRow, uses: MediaUse[]): LibraryItem {
  const view = { ...row, placeholder: "" };
  return {
    id: row.id,
    key: row.key,
    name: row.originalName,
    alt: row.alt,
    width: row.width,
    height: row.height,
    bytes: row.bytes,
    uploader: row.key.startsWith(UPLOADED_PREFIX) ? (row.uploader ?? "A former user") : null,
    createdAt: row.createdAt.toISOString(),
    thumbUrl: fallbackUrl(view, 400),
    url: largestUrl(view),
    uses,
    uploaded: row.key.startsWith(UPLOADED_PREFIX),
  };
}

/** Whether an image matches the search words (file name or alt text) and the filter. */
export function matchesSearch(item: Pick<LibraryItem, "name" | "alt" | "uses">, search: Pick<LibrarySearch, "q" | "filter">): boolean {
  if (search.filter === "unused" && item.uses.length > 0) return false;
  if (search.filter === "no-alt" && item.alt.trim() !== "") return false;
  const words = search.q.toLowerCase().split(/\s+/).filter(Boolean);
  const haystack = `${item.name} ${item.alt}`.toLowerCase();
  return words.every((word) => haystack.includes(word));
}

/**
 * One page of the library: every image, newest first, with where each is
 * used, searched and filtered. The whole list is read and filtered here (the
 * "unused" filter needs every content's references): fine for the agency's
 * few thousand images at most (ADR 043).
 */
export async function listLibrary(search: LibrarySearch, db: Db = getDb()): Promise<LibraryPage> {
  const rows = await imageRows(db);
  const uses = await loadMediaUses(db, rows);
  const matching = rows.map((row) => toItem(row, uses.get(row.key) ?? [])).filter((item) => matchesSearch(item, search));
  const pages = Math.max(1, Math.ceil(matching.length / LIBRARY_PAGE_SIZE));
  const page = Math.min(search.page, pages);
  return {
    items: matching.slice((page - 1) * LIBRARY_PAGE_SIZE, page * LIBRARY_PAGE_SIZE),
    total: matching.length,
    page,
    pages,
    search: { ...search, page },
  };
}

type MediaWriteResult = { ok: true; message: string } | { ok: false; message: string; uses?: MediaUse[]; field?: string };

async function lockImage(tx: Db, id: number): Promise<MediaRow> {
  const [row] = await tx
    .select()
    .from(media)
    .where(and(eq(media.id, id), eq(media.kind, "image")))
    .for("update");
  if (!row) throw new ContentWriteAbort<MediaWriteResult>({ ok: false, message: "This image no longer exists: it may have been deleted." });
  return row;
}

/** Saves an image's alt text: every page that shows the file says it from the next request. */
export function setMediaAlt(ctx: ContentWriteContext, id: number, alt: string): Promise<MediaWriteResult> {
  return writeContent<MediaWriteResult>(ctx, async (tx) => {
    const row = await lockImage(tx, id);
    if (row.alt === alt) return { result: { ok: true, message: "The alt text was already saved." }, revisions: [] };
    await tx.update(media).set({ alt }).where(eq(media.id, id));
    return {
      result: { ok: true, message: `Saved the alt text of ${row.originalName}.` },
      revisions: [{ type: "media", id, kind: "updated", label: row.originalName, document: mediaDocument({ ...row, alt }), previous: mediaDocument(row) }],
      activity: [{ kind: "media.updated", subject: { type: "media", id, label: row.originalName } }],
    };
  });
}

/**
 * Deletes an uploaded image nothing uses: its row, then its files (those no
 * other row shares). A used image is refused with the list of its uses; the
 * site's own photos are never deleted (they are credited at /credits).
 */
export function deleteLibraryImage(ctx: ContentWriteContext, id: number): Promise<MediaWriteResult> {
  let files: string[] = [];
  return writeContent<MediaWriteResult>(ctx, async (tx) => {
    const row = await lockImage(tx, id);
    const uses = (await loadMediaUses(tx, [row])).get(row.key) ?? [];
    if (uses.length > 0) {
      throw new ContentWriteAbort<MediaWriteResult>({ ok: false, message: `${row.originalName} is in use, so it cannot be deleted.`, uses });
    }
    if (!row.key.startsWith(UPLOADED_PREFIX)) {
      throw new ContentWriteAbort<MediaWriteResult>({ ok: false, message: "The site's own photos cannot be deleted: they are credited at /credits." });
    }
    await tx.delete(media).where(eq(media.id, id));
    files = row.variants.map((variant) => variant.url);
    return {
      result: { ok: true, message: `Deleted ${row.originalName}.` },
      revisions: [{ type: "media", id, kind: "deleted", label: row.originalName, document: mediaDocument(row) }],
      activity: [{ kind: "media.deleted", subject: { type: "media", id, label: row.originalName } }],
      afterCommit: async () => void (await deleteStoredFilesIfUnclaimed(files)),
    };
  });
}

/** The new variant closest to an old one: the same format, the nearest width. */
export function matchingVariant(old: Pick<MediaVariant, "format" | "width" | "crop">, next: MediaVariant[]): MediaVariant | undefined {
  // A whole-photo file is matched with a whole-photo file (the portrait cut only with the cut).
  const cut = next.filter((variant) => variant.crop === old.crop);
  const same = cut.filter((variant) => variant.format === old.format);
  return (same.length ? same : cut.length ? cut : next).reduce<MediaVariant | undefined>(
    (best, variant) => (!best || Math.abs(variant.width - old.width) < Math.abs(best.width - old.width) ? variant : best),
    undefined,
  );
}

/**
 * Rich text with every `<img>` showing one of the old files pointed at the
 * matching new file, with the new file's size (so pages reserve the right
 * space). Returns the text unchanged when it shows none of them.
 */
export function replaceImageSources(html: string, old: MediaVariant[], next: MediaVariant[]): string {
  const byUrl = new Map(old.map((variant) => [variant.url, matchingVariant(variant, next)]));
  return html.replace(/<img\b[^>]*>/gi, (tag) => {
    const src = /\ssrc="([^"]*)"/i.exec(tag)?.[1]?.replaceAll("&amp;", "&");
    const replacement = src ? byUrl.get(src) : undefined;
    if (!replacement) return tag;
    let updated = tag.replace(/(\ssrc=")[^"]*(")/i, `$1${replacement.url}$2`);
    for (const [name, value] of [
      ["width", replacement.width],
      ["height", replacement.height],
    ] as const) {
      const attribute = new RegExp(`(\\s${name}=")[^"]*(")`, "i");
      updated = attribute.test(updated) ? updated.replace(attribute, `$1${value}$2`) : updated;
    }
    return updated;
  });
}

/**
 * Replaces an image's file with one uploaded just before (its own media row,
 * `uploadKey`): the image keeps its key and alt text, so every package,
 * blog head image and hero that uses it shows the new file at the next
 * request; articles that show the old file's address are rewritten to the
 * new one (each a blog revision). The old files are deleted once no row and
 * no content, revision or draft names them (ADR 043).
 */
export function replaceImageFile(ctx: ContentWriteContext, id: number, uploadKey: string): Promise<MediaWriteResult> {
  let oldFiles: string[] = [];
  return writeContent<MediaWriteResult>(ctx, async (tx) => {
    const row = await lockImage(tx, id);
    const [upload] = await tx
      .select()
      .from(media)
      .where(and(eq(media.key, uploadKey), eq(media.kind, "image")))
      .for("update");
    if (!upload || upload.id === row.id) {
      throw new ContentWriteAbort<MediaWriteResult>({ ok: false, message: "The new file was not found: upload it again.", field: "upload" });
    }
    if (((await loadMediaUses(tx, [upload])).get(upload.key) ?? []).length > 0) {
      throw new ContentWriteAbort<MediaWriteResult>({ ok: false, message: "That file is already used elsewhere: upload a new file.", field: "upload" });
    }
    await tx.delete(media).where(eq(media.id, upload.id));
    await tx
      .update(media)
      // The new file is the team's own: the old photo's credit (author, licence, source) does not carry over.
      .set({
        originalName: upload.originalName,
        width: upload.width,
        height: upload.height,
        placeholder: upload.placeholder,
        variants: upload.variants,
        bytes: upload.bytes,
        uploadedBy: upload.uploadedBy,
        author: null,
        license: null,
        source: null,
      })
      .where(eq(media.id, row.id));
    oldFiles = row.variants.map((variant) => variant.url).filter((url) => !upload.variants.some((variant) => variant.url === url));

    const revisions: DocumentWrite[] = [
      {
        type: "media",
        id,
        kind: "updated",
        label: upload.originalName,
        document: mediaDocument({ ...row, originalName: upload.originalName, width: upload.width, height: upload.height, bytes: upload.bytes }),
        previous: mediaDocument(row),
      },
    ];
    const oldUrls = new Set(row.variants.map((variant) => variant.url));
    for (const blog of await tx.select().from(blogs)) {
      if (!htmlImageSources(blog.content).some((src) => oldUrls.has(src))) continue;
      const content = replaceImageSources(blog.content, row.variants, upload.variants);
      const [updated] = await tx
        .update(blogs)
        .set({ content, revision: sql`${blogs.revision} + 1`, updatedAt: new Date() })
        .where(eq(blogs.id, blog.id))
        .returning();
      revisions.push({
        type: "blog",
        id: blog.id,
        version: updated!.revision,
        kind: "updated",
        label: blog.title,
        document: blogDocument(updated!),
        previous: blogDocument(blog),
      });
    }
    // Pending draft changes of a post follow too.
    for (const draft of await tx.select().from(contentDrafts).where(eq(contentDrafts.entityType, "blog"))) {
      const document = draft.document as ContentDocument;
      const content = String(document.content ?? "");
      const next = replaceImageSources(content, row.variants, upload.variants);
      if (next === content) continue;
      await tx
        .update(contentDrafts)
        .set({ document: { ...document, content: next } })
        .where(and(eq(contentDrafts.entityType, "blog"), eq(contentDrafts.entityId, draft.entityId)));
    }
    return {
      result: { ok: true, message: `Replaced the file: every use of it now shows ${upload.originalName}.` },
      revisions,
      activity: [{ kind: "media.replaced", subject: { type: "media", id, label: upload.originalName }, detail: { from: row.originalName } }],
      afterCommit: async () => void (await deleteStoredFilesIfUnclaimed(oldFiles)),
    };
  });
}
