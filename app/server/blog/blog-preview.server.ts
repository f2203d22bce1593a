import { draftToPreview } from "~/server/content/preview.server";
import type { BlogRow } from "~/server/db/schema.server";
import { parseBlogInput } from "./blog-input.server";

/** The post as its draft changes would show it, for staff at `?preview=changes`; else as it is. */
export async function withBlogDraftChanges(request: Request, row: BlogRow): Promise<BlogRow> {
  const draft = await draftToPreview(request, "blog", row.id);
  const parsed = draft ? parseBlogInput(draft) : null;
  if (!parsed?.ok) return row;
  const input = parsed.input;
  // Stored drafts are sanitized and their head image resolved when saved. Shown as a draft: banner, noindex, no view counted.
  return {
    ...row,
    title: input.title,
    content: input.content,
    headImage: input.headImage,
    excerpt: input.excerpt,
    durationMinutes: input.durationMinutes ?? row.durationMinutes,
    uploadDate: input.uploadDate ?? row.uploadDate,
    seoTitle: input.seoTitle,
    seoDescription: input.seoDescription,
    status: "draft",
  };
}
