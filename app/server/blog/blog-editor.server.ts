import { and, desc, eq, ilike, or, type SQL } from "drizzle-orm";
import type { AdminBlogCard, AdminBlogFilters } from "~/lib/admin-blog-list";
import { isoDateIn } from "~/lib/blog-format";
import { emptyBlogValues, type BlogEditorValues } from "~/lib/blog-editor-values";
import type { BlogInputDraft } from "~/lib/blog-schema";
import type { Viewer } from "~/server/auth/guard.server";
import { listDraftIds } from "~/server/content/drafts.server";
import { loadEditorState, type EditorState } from "~/server/content/editor-state.server";
import { listSchedules } from "~/server/content/schedule.server";
import { fallbackUrl } from "~/lib/media";
import { getDb } from "~/server/db/db.server";
import { blogs, type BlogRow } from "~/server/db/schema.server";
import { getMediaByKeys } from "~/server/media/media.server";
import { blogDocument } from "./blog-mutations.server";

/** What /admin/blogs/:id loads: the form's default values and what the page shows beside them (ADR 037: version, draft changes, schedule, presence, History). */
type BlogEditorData = EditorState & {
  id: number;
  slug: string;
  status: BlogRow["status"];
  views: number;
  createdAt: string;
  updatedAt: string;
  values: BlogEditorValues;
  /** A small preview URL of the head image; null when there is none. */
  headImagePreview: string | null;
};

/** The form's values of a blog document (the live post, its draft changes, or a revision being restored). */
function blogEditorValues(document: BlogInputDraft): BlogEditorValues {
  return {
    title: document.title ?? "",
    slug: document.slug ?? "",
    content: document.content ?? "",
    headImage: document.headImage ?? "",
    excerpt: document.excerpt ?? "",
    durationMinutes: document.durationMinutes === undefined ? "" : String(document.durationMinutes),
    uploadDate: document.uploadDate ?? "",
    status: document.status ?? "draft",
    seoTitle: document.seoTitle ?? "",
    seoDescription: document.seoDescription ?? "",
  };
}

/** A head image's preview URL: a small variant of a media item, or the stored site path. */
async function headImagePreview(headImage: string | null): Promise<string | null> {
  if (!headImage) return null;
  const view = (await getMediaByKeys([headImage]))[headImage];
  if (view) return fallbackUrl(view, 400);
  return headImage.startsWith("/") ? headImage : null;
}

/** The editor's starting point for a stored post (drafts included), or null when there is none. */
export async function getBlogForEditor(id: number, viewer: Viewer, url: URL): Promise<BlogEditorData | null> {
  const [row] = await getDb().select().from(blogs).where(eq(blogs.id, id)).limit(1);
  if (!row) return null;
  const { state, document } = await loadEditorState("blog", id, { version: row.revision, document: blogDocument(row) }, viewer.id, url);
  const values = blogEditorValues(document as BlogInputDraft);
  return {
    id: row.id,
    slug: row.slug,
    status: row.status,
    views: row.views,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    values,
    headImagePreview: await headImagePreview(values.headImage || null),
    ...state,
  };
}

/** The empty form of /admin/blogs/new, dated today (Indian date). */
export function newBlogValues(now: Date = new Date()): BlogEditorValues {
  return emptyBlogValues(isoDateIn(now));
}

const escapeLike = (text: string) => text.replace(/[%_\\]/g, "\\$&");

/** The back office's blog list: drafts included, newest first, head images resolved. */
export async function listBlogsForAdmin({ q, status }: AdminBlogFilters): Promise<AdminBlogCard[]> {
  const conditions: SQL[] = [];
  if (status) conditions.push(eq(blogs.status, status));
  if (q) {
    const pattern = `%${escapeLike(q)}%`;
    conditions.push(or(ilike(blogs.title, pattern), ilike(blogs.slug, pattern), ilike(blogs.excerpt, pattern))!);
  }
  const rows = await getDb()
    .select()
    .from(blogs)
    .where(and(...conditions))
    .orderBy(desc(blogs.createdAt), desc(blogs.id));
  const [media, schedules, drafts] = await Promise.all([getMediaByKeys(rows.map((row) => row.headImage ?? "")), listSchedules("blog"), listDraftIds("blog")]);
  return rows.map((row) => {
    const view = (row.headImage && media[row.headImage]) || null;
    return {
      id: row.id,
      slug: row.slug,
      title: row.title,
      status: row.status,
      views: row.views,
      createdAt: row.createdAt.toISOString(),
      uploadDate: row.uploadDate,
      headImage: view,
      headImageUrl: !view && row.headImage?.startsWith("/") ? row.headImage : null,
      scheduledFor: schedules.get(String(row.id))?.publishAt.toISOString() ?? null,
      hasDraftChanges: drafts.has(String(row.id)),
    };
  });
}
