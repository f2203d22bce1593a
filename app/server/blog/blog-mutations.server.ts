import { and, eq, ne, sql } from "drizzle-orm";
import type { ContentDocument } from "~/lib/content-fields";
import { isoDateIn } from "~/lib/blog-format";
import { defaultDuration, type BlogInput } from "~/lib/blog-schema";
import type { EditConflict, RevisionKind } from "~/lib/revisions";
import { slugify } from "~/lib/slugify";
import type { ActivityKind } from "~/server/activity/activity.server";
import { ContentWriteAbort, writeContent, type ContentChange, type ContentWriteContext } from "~/server/content/content-write.server";
import { describeConflict, documentAtVersion, mergeDocuments } from "~/server/content/conflicts.server";
import { dropDraft } from "~/server/content/drafts.server";
import { sanitizeForSave } from "~/server/content/sanitize-html.server";
import { dropSchedule } from "~/server/content/schedule.server";
import type { Db } from "~/server/db/db.server";
import { blogs, type BlogRow } from "~/server/db/schema.server";
import { getEnv } from "~/server/env.server";
import { deleteMediaIfUnused } from "~/server/media/media-cleanup.server";
import { foreignImagesMessage, parseBlogInput, referencedMediaKeys, resolveHeadImage, rowToBlogInput, type FieldErrors } from "./blog-input.server";

/** A create's answer: the post, or what to fix. */
type BlogSaveResult = { ok: true; row: BlogRow } | { ok: false; fields: FieldErrors };
/** A write to a stored post may also meet a newer version (409, ADR 037). */
type BlogWriteResult = BlogSaveResult | { ok: false; conflict: EditConflict };

/** How a write meets other writers (ADR 037): as PackageWriteOptions. */
type BlogWriteOptions = {
  /** The version the change was based on: another stored version refuses it (409). */
  expectedVersion?: number;
  /** "Overwrite with mine": fields the writer left as they were at this version keep the stored change. */
  mergeFrom?: number;
  /** The editor's save publishes its pending draft changes: they (and their schedule) go. */
  clearDraft?: boolean;
  /** The revision's kind when it is not a plain save (restore, scheduled publishing). */
  kind?: RevisionKind;
};

export const BLOG_SLUG_TAKEN_MESSAGE = "Another blog already uses this address.";

async function slugTaken(tx: Db, slug: string, exceptId?: number): Promise<boolean> {
  const [row] = await tx
    .select({ id: blogs.id })
    .from(blogs)
    .where(exceptId ? and(eq(blogs.slug, slug), ne(blogs.id, exceptId)) : eq(blogs.slug, slug))
    .limit(1);
  return Boolean(row);
}

/** A slug derived from the title gets -2, -3… when taken; one typed by hand must be free. */
export async function chooseSlug(tx: Db, typed: string | undefined, title: string, exceptId?: number) {
  if (typed) return (await slugTaken(tx, typed, exceptId)) ? null : typed;
  // All digits would read as an id in /blogs/{id}.
  const derived = slugify(title);
  const base = !derived || /^\d+$/.test(derived) ? `blog-${derived || "post"}`.replace(/-$/, "") : derived;
  for (let n = 1; ; n++) {
    const candidate = n === 1 ? base : `${base}-${n}`;
    if (!(await slugTaken(tx, candidate, exceptId))) return candidate;
  }
}

/** A unique-index violation on the slug: another write took it between our check and our insert. */
function isSlugConflict(error: unknown): boolean {
  for (let cause = error; cause && typeof cause === "object"; cause = (cause as { cause?: unknown }).cause) {
    const { code, constraint } = cause as { code?: unknown; constraint?: unknown };
    if (code === "23505") return typeof constraint !== "string" || constraint.includes("slug");
  }
  return false;
}

/**
 * Runs a write again after losing a slug race: the next run sees the other
 * post and picks a free slug (or names the field). A few tries cover a burst.
 */
async function retryAfterSlugRace<T>(write: () => Promise<T>, tries = 4): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await write();
    } catch (error) {
      if (attempt >= tries || !isSlugConflict(error)) throw error;
    }
  }
}

const abort = (fields: FieldErrors): never => {
  throw new ContentWriteAbort<BlogWriteResult>({ ok: false, fields });
};

/**
 * The column values of a validated input: HTML sanitized (images from other
 * sites refused with a message), head image resolved to a media key, slug
 * free, reading time computed when empty. Aborts the write on a field error.
 */
export async function toBlogValues(tx: Db, input: BlogInput, before?: BlogRow) {
  const siteOrigin = getEnv().SITE_URL;
  const { html, foreignImages } = sanitizeForSave(input.content, siteOrigin);
  const fields: FieldErrors = {};
  if (foreignImages.length > 0) fields.content = foreignImagesMessage(foreignImages);
  const head = await resolveHeadImage(tx, input.headImage, siteOrigin);
  if (!head.ok) fields.headImage = head.message;
  const slug = await chooseSlug(tx, input.slug ?? before?.slug, input.title, before?.id);
  if (!slug) fields.slug = BLOG_SLUG_TAKEN_MESSAGE;
  if (Object.keys(fields).length > 0 || !head.ok || !slug) return abort(fields);
  return {
    slug,
    title: input.title,
    content: html,
    headImage: head.headImage,
    excerpt: input.excerpt,
    durationMinutes: defaultDuration({ content: html, durationMinutes: input.durationMinutes }),
    uploadDate: input.uploadDate ?? before?.uploadDate ?? isoDateIn(new Date()),
    status: input.status,
    seoTitle: input.seoTitle,
    seoDescription: input.seoDescription,
  } satisfies Omit<typeof blogs.$inferInsert, "id" | "views" | "createdAt" | "updatedAt">;
}

export function subjectOf(row: Pick<BlogRow, "id" | "title">) {
  return { type: "blog", id: row.id, label: row.title };
}

/** A post's document (its revisions' JSON): the full input as stored. */
export function blogDocument(row: Parameters<typeof rowToBlogInput>[0]): ContentDocument {
  // Through the schema, so every document has one form and compares field by field.
  const input = rowToBlogInput(row);
  const parsed = parseBlogInput(input);
  return JSON.parse(JSON.stringify(parsed.ok ? parsed.input : input)) as ContentDocument;
}

/**
 * The stored post, locked for this write, checked against the version the
 * writer based the change on (a conflict aborts the write, ADR 037). Returns
 * the row, its document and the column values to write (merged with the
 * stored change on "Overwrite with mine").
 */
export async function lockBlogForWrite(tx: Db, id: number, input: BlogInput | null, options: BlogWriteOptions) {
  const [before] = await tx.select().from(blogs).where(eq(blogs.id, id)).limit(1).for("update");
  if (!before) return null;
  const current = blogDocument(before);
  let values = input ? await toBlogValues(tx, input, before) : null;
  if (options.expectedVersion !== undefined && options.expectedVersion !== before.revision) {
    const at = { type: "blog" as const, id, baseVersion: options.expectedVersion, version: before.revision, updatedAt: before.updatedAt };
    throw new ContentWriteAbort<BlogWriteResult>({ ok: false, conflict: await describeConflict(tx, at, current, values && blogDocument(values)) });
  }
  if (values && options.mergeFrom !== undefined && options.mergeFrom !== before.revision) {
    const merged = parseBlogInput(mergeDocuments(await documentAtVersion(tx, "blog", id, options.mergeFrom), current, blogDocument(values)));
    if (!merged.ok) return abort(merged.fields);
    values = await toBlogValues(tx, merged.input, before);
  }
  return { before, current, values };
}

async function insertBlog(tx: Db, input: BlogInput): Promise<ContentChange<BlogSaveResult>> {
  const [row] = await tx
    .insert(blogs)
    .values(await toBlogValues(tx, input))
    .returning();
  const kinds: ActivityKind[] = ["blog.created", ...(row!.status === "published" ? (["blog.published"] as const) : [])];
  return {
    result: { ok: true, row: row! },
    revisions: [{ type: "blog", id: row!.id, version: row!.revision, kind: "created", label: row!.title, document: blogDocument(row!), previous: null }],
    activity: kinds.map((kind) => ({ kind, subject: subjectOf(row!), detail: { slug: row!.slug } })),
  };
}

/**
 * Writes a validated input over a post inside a content write: the core of a
 * save, of publishing draft changes and of scheduled publishing. Images it no
 * longer uses are offered to deleteMediaIfUnused after the commit.
 */
export async function replaceBlog(tx: Db, id: number, input: BlogInput, options: BlogWriteOptions): Promise<ContentChange<BlogWriteResult | null>> {
  const locked = await lockBlogForWrite(tx, id, input, options);
  if (!locked) return { result: null, revisions: [] };
  const { before, current } = locked;
  const [row] = await tx
    .update(blogs)
    .set({ ...locked.values!, revision: sql`${blogs.revision} + 1`, updatedAt: new Date() })
    .where(eq(blogs.id, id))
    .returning();
  if (options.clearDraft) {
    await dropDraft(tx, "blog", id);
    await dropSchedule(tx, "blog", id, "publish-changes");
  }
  if (row!.status === "published") await dropSchedule(tx, "blog", id, "publish");
  const kinds: ActivityKind[] = ["blog.updated"];
  if (before.status !== row!.status) kinds.push(row!.status === "published" ? "blog.published" : "blog.unpublished");
  const statusKind: RevisionKind = before.status === row!.status ? "updated" : row!.status === "published" ? "published" : "unpublished";
  const kept = new Set(await referencedMediaKeys(tx, row!));
  const dropped = (await referencedMediaKeys(tx, before)).filter((key) => !kept.has(key));
  return {
    result: { ok: true, row: row! },
    revisions: [
      { type: "blog", id, version: row!.revision, kind: options.kind ?? statusKind, label: row!.title, document: blogDocument(row!), previous: current },
    ],
    activity: kinds.map((kind) => ({
      kind,
      subject: subjectOf(row!),
      detail: {
        ...(row!.slug !== before.slug ? { slug: row!.slug, previousSlug: before.slug } : { slug: row!.slug }),
        ...(options.kind === "scheduled-publish" ? { scheduled: true } : {}),
      },
    })),
    afterCommit: dropped.length ? async () => void (await deleteMediaIfUnused(dropped)) : undefined,
  };
}

/** Creates a post from a full input (validated here). A title alone makes a draft. */
export async function createBlog(value: unknown, ctx: ContentWriteContext): Promise<BlogSaveResult> {
  const parsed = parseBlogInput(value);
  if (!parsed.ok) return parsed;
  return retryAfterSlugRace(() => writeContent(ctx, (tx) => insertBlog(tx, parsed.input)));
}

/**
 * Replaces a post with a full input (validated here); null when there is no
 * such post. Images it no longer uses (a replaced head image, images taken out
 * of the content) are offered to deleteMediaIfUnused after the commit.
 */
export async function updateBlog(id: number, value: unknown, ctx: ContentWriteContext, options: BlogWriteOptions = {}): Promise<BlogWriteResult | null> {
  const parsed = parseBlogInput(value);
  if (!parsed.ok) return parsed;
  return retryAfterSlugRace(() => writeContent(ctx, (tx) => replaceBlog(tx, id, parsed.input, options)));
}

/**
 * Deletes a post (its view rows, draft changes and schedule go with it); its
 * images once nothing else uses them. Null when there is none. Its last
 * document stays in its revisions, so it can be restored for 30 days (ADR 037).
 */
export async function deleteBlog(
  id: number,
  ctx: ContentWriteContext,
  options: Pick<BlogWriteOptions, "expectedVersion"> = {},
): Promise<BlogWriteResult | null> {
  return writeContent<BlogWriteResult | null>(ctx, async (tx) => {
    const locked = await lockBlogForWrite(tx, id, null, options);
    if (!locked) return { result: null, revisions: [] };
    const keys = await referencedMediaKeys(tx, locked.before);
    const [row] = await tx.delete(blogs).where(eq(blogs.id, id)).returning();
    await dropDraft(tx, "blog", id);
    await dropSchedule(tx, "blog", id);
    return {
      result: { ok: true, row: row! },
      revisions: [{ type: "blog", id, version: row!.revision + 1, kind: "deleted", label: row!.title, document: locked.current }],
      activity: [{ kind: "blog.deleted", subject: subjectOf(row!), detail: { slug: row!.slug } }],
      afterCommit: keys.length ? async () => void (await deleteMediaIfUnused(keys)) : undefined,
    };
  });
}
