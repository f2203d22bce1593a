import { parseWithZod } from "@conform-to/zod/v4";
import { data } from "react-router";
import { blogValuesFromFields, emptyBlogValues } from "~/lib/blog-editor-values";
import { blogInputSchema } from "~/lib/blog-schema";
import { todayIso } from "~/lib/tour-format";
import { redirectWithNotice } from "~/server/admin/notice.server";
import type { Viewer } from "~/server/auth/guard.server";
import { getLogger } from "~/server/logger.server";
import {
  keepSentValuesOnFailure,
  readEditorRequest,
  refusal,
  sentFields,
  runDocumentIntent,
  type EditorActionResult,
} from "~/server/content/editor-actions.server";
import { blogDocuments } from "./blog-documents.server";
import { createBlog, deleteBlog, updateBlog } from "./blog-mutations.server";
import { getBlog } from "./blog-queries.server";

type BlogEditorActionData = EditorActionResult;

/** The spec's notices (§4). */
const BLOG_NOTICES = {
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
 * Create, update or delete from the editor, and the intents that leave the
 * live post alone (draft changes, schedules: runDocumentIntent). Success
 * returns to the list with the notice (spec §4, post/redirect/get); draft
 * changes and schedules come back to the editor. A refused save stays on the
 * form with its field errors and 'Something went wrong!', or a conflict (409).
 */
export async function handleBlogEditorAction(request: Request, viewer: Viewer, id: number | null, ip?: string) {
  const formData = await request.formData();
  const sent = () => blogValuesFromFields(sentFields(formData), emptyBlogValues(todayIso()));
  return keepSentValuesOnFailure("saving a blog", sent, () => blogEditorAction(formData, viewer, id, ip));
}

async function blogEditorAction(formData: FormData, viewer: Viewer, id: number | null, ip?: string) {
  const ctx = { viewer, ip };
  const editor = readEditorRequest(formData);
  if (editor.intent === "delete" && id !== null) return deleteFromEditor(id, ctx);
  const editorPath = `/admin/blogs/${id}`;
  if (id !== null && (editor.intent === "discard-draft" || editor.intent === "unschedule")) {
    return (await runDocumentIntent(blogDocuments, id, editor, () => null, ctx, { live: false, editorPath }))!;
  }

  const submission = parseWithZod(formData, { schema: blogInputSchema });
  if (submission.status !== "success") {
    return data<BlogEditorActionData>({ errors: submission.reply().error ?? {}, notice: BLOG_NOTICES.failed }, { status: 400 });
  }
  if (id !== null && editor.intent !== "save") {
    const live = await getBlog(String(id), { includeDrafts: true });
    if (!live) throw data(null, { status: 404 });
    const answer = await runDocumentIntent(blogDocuments, id, editor, () => submission.value, ctx, { live: live.status === "published", editorPath });
    if (answer) return answer;
  }
  const result = id === null ? await createBlog(submission.value, ctx) : await updateBlog(id, submission.value, ctx, { ...editor.options, clearDraft: true });
  if (!result) throw data(null, { status: 404 });
  if (!result.ok) return refusal(result, editor.intent)!;
  return redirectWithNotice(LIST, { kind: "success", message: id === null ? BLOG_NOTICES.created : BLOG_NOTICES.updated });
}
