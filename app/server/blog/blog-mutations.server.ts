import { and, eq, ne } from "drizzle-orm";
import { isoDateIn } from "~/lib/blog-format";
import { defaultDuration, type BlogInput } from "~/lib/blog-schema";
import { slugify } from "~/lib/slugify";
import type { ActivityKind } from "~/server/activity/activity.server";
import {
  ContentWriteAbort,
  writeContent,
  type ContentChange,
  type ContentWriteContext,
} from "~/server/content/content-write.server";
import { sanitizeForSave } from "~/server/content/sanitize-html.server";
import type { Db } from "~/server/db/db.server";
import { blogs, type BlogRow } from "~/server/db/schema.server";
import { getEnv } from "~/server/env.server";
import { deleteMediaIfUnused } from "~/server/media/media-cleanup.server";
import {
  foreignImagesMessage,
  parseBlogInput,
  referencedMediaKeys,
  resolveHeadImage,
  type FieldErrors,
} from "./blog-input.server";

export type BlogWriteResult = { ok: true; row: BlogRow } | { ok: false; fields: FieldErrors };

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
async function chooseSlug(tx: Db, typed: string | undefined, title: string, exceptId?: number) {
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
async function toBlogValues(tx: Db, input: BlogInput, before?: BlogRow) {
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

function subjectOf(row: BlogRow) {
  return { type: "blog", id: row.id, label: row.title };
}

async function insertBlog(tx: Db, input: BlogInput): Promise<ContentChange<BlogWriteResult>> {
  const [row] = await tx.insert(blogs).values(await toBlogValues(tx, input)).returning();
  const kinds: ActivityKind[] = ["blog.created", ...(row!.status === "published" ? (["blog.published"] as const) : [])];
  return {
    result: { ok: true, row: row! },
    activity: kinds.map((kind) => ({ kind, subject: subjectOf(row!), detail: { slug: row!.slug } })),
  };
}

async function replaceBlog(tx: Db, id: number, input: BlogInput): Promise<ContentChange<BlogWriteResult | null>> {
  const [before] = await tx.select().from(blogs).where(eq(blogs.id, id)).limit(1).for("update");
  if (!before) return { result: null };
  const [row] = await tx
    .update(blogs)
    .set({ ...(await toBlogValues(tx, input, before)), updatedAt: new Date() })
    .where(eq(blogs.id, id))
    .returning();
  const kinds: ActivityKind[] = ["blog.updated"];
  if (before.status !== row!.status) kinds.push(row!.status === "published" ? "blog.published" : "blog.unpublished");
  const kept = new Set(await referencedMediaKeys(tx, row!));
  const dropped = (await referencedMediaKeys(tx, before)).filter((key) => !kept.has(key));
  return {
    result: { ok: true, row: row! },
    activity: kinds.map((kind) => ({
      kind,
      subject: subjectOf(row!),
      detail: row!.slug !== before.slug ? { slug: row!.slug, previousSlug: before.slug } : { slug: row!.slug },
    })),
    afterCommit: dropped.length ? async () => void (await deleteMediaIfUnused(dropped)) : undefined,
  };
}

/** Creates a post from a full input (validated here). A title alone makes a draft. */
export async function createBlog(value: unknown, ctx: ContentWriteContext): Promise<BlogWriteResult> {
  const parsed = parseBlogInput(value);
  if (!parsed.ok) return parsed;
  return retryAfterSlugRace(() => writeContent(ctx, (tx) => insertBlog(tx, parsed.input)));
}

/**
 * Replaces a post with a full input (validated here); null when there is no
 * such post. Images it no longer uses (a replaced head image, images taken out
 * of the content) are offered to deleteMediaIfUnused after the commit.
 */
export async function updateBlog(id: number, value: unknown, ctx: ContentWriteContext): Promise<BlogWriteResult | null> {
  const parsed = parseBlogInput(value);
  if (!parsed.ok) return parsed;
  return retryAfterSlugRace(() => writeContent(ctx, (tx) => replaceBlog(tx, id, parsed.input)));
}

/** Deletes a post (its view rows go with it); its images once nothing else uses them. Null when there is none. */
export async function deleteBlog(id: number, ctx: ContentWriteContext): Promise<BlogRow | null> {
  return writeContent<BlogRow | null>(ctx, async (tx) => {
    const [existing] = await tx.select().from(blogs).where(eq(blogs.id, id)).limit(1);
    if (!existing) return { result: null };
    const keys = await referencedMediaKeys(tx, existing);
    const [row] = await tx.delete(blogs).where(eq(blogs.id, id)).returning();
    if (!row) return { result: null };
    return {
      result: row,
      activity: [{ kind: "blog.deleted", subject: subjectOf(row), detail: { slug: row.slug } }],
      afterCommit: keys.length ? async () => void (await deleteMediaIfUnused(keys)) : undefined,
    };
  });
}
