import { parseWithZod } from "@conform-to/zod/v4";
import { data } from "react-router";
import { blogInputSchema } from "~/lib/blog-schema";
import { redirectWithNotice } from "~/server/admin/notice.server";
import type { Viewer } from "~/server/auth/guard.server";
import { getLogger } from "~/server/logger.server";
import { createBlog, deleteBlog, updateBlog } from "./blog-mutations.server";

export type BlogEditorActionData = { errors: Record<string, string[] | null>; notice: string };

/** The spec's notices (§4). */
export const BLOG_NOTICES = {
  created: "Blog created successfully!",
  updated: "Blog updated successfully!",
  deleted: "Blog deleted successfully!",
  deleteFailed: "Failed to delete blog!",
  failed: "Something went wrong!",
} as const;

const LIST = "/admin/blogs";

async function deleteFromEditor(id: number, ctx: { viewer: Viewer; ip?: string }) {
  try {
    const row = await deleteBlog(id, ctx);
    if (row) return redirectWithNotice(LIST, { kind: "success", message: BLOG_NOTICES.deleted });
  } catch (error) {
    getLogger().error({ err: error, blogId: id }, "deleting a blog failed");
  }
  // Gone already, or the delete failed: the list says so either way.
  return redirectWithNotice(LIST, { kind: "error", message: BLOG_NOTICES.deleteFailed });
}

/**
 * Create, update or delete from the editor. Success returns to the list with
 * the notice (spec §4, post/redirect/get); a refused save stays on the form
 * with its field errors and 'Something went wrong!'.
 */
export async function handleBlogEditorAction(request: Request, viewer: Viewer, id: number | null, ip?: string) {
  const formData = await request.formData();
  const ctx = { viewer, ip };
  if (formData.get("intent") === "delete" && id !== null) return deleteFromEditor(id, ctx);

  const submission = parseWithZod(formData, { schema: blogInputSchema });
  if (submission.status !== "success") {
    return data<BlogEditorActionData>({ errors: submission.reply().error ?? {}, notice: BLOG_NOTICES.failed }, { status: 400 });
  }
  const result = id === null ? await createBlog(submission.value, ctx) : await updateBlog(id, submission.value, ctx);
  if (!result) throw data(null, { status: 404 });
  if (!result.ok) {
    const errors = Object.fromEntries(Object.entries(result.fields).map(([name, message]) => [name, [message]]));
    return data<BlogEditorActionData>({ errors, notice: BLOG_NOTICES.failed }, { status: 400 });
  }
  return redirectWithNotice(LIST, { kind: "success", message: id === null ? BLOG_NOTICES.created : BLOG_NOTICES.updated });
}
