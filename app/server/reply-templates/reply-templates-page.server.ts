import { parseWithZod } from "@conform-to/zod/v4";
import { data } from "react-router";
import type { ReplyTemplateFormItem } from "~/lib/reply-templates";
import { replyTemplateListSchema } from "~/lib/reply-templates";
import { redirectWithNotice } from "~/server/admin/notice.server";
import type { Viewer } from "~/server/auth/guard.server";
import { conflictData, FAILED_NOTICE, readEditorRequest, type EditorActionResult } from "~/server/content/editor-actions.server";
import { restoringNotice, revisionToRestore, siteDocumentHistory } from "~/server/content/site-document-history.server";
import { getDb } from "~/server/db/db.server";
import { REPLY_TEMPLATES_ID, replyTemplatesVersion, listReplyTemplates, saveReplyTemplates } from "./reply-templates.server";

export const REPLY_TEMPLATES_PATH = "/admin/reply-templates";

/** The templates screen's data: the list (or an older version being restored), its version and History. */
export async function loadReplyTemplatesScreen(url: URL) {
  const db = getDb();
  const [templates, version, history, restore] = await Promise.all([
    listReplyTemplates(db),
    replyTemplatesVersion(db),
    siteDocumentHistory(["reply-templates"], REPLY_TEMPLATES_ID),
    revisionToRestore(url, ["reply-templates"], REPLY_TEMPLATES_ID),
  ]);
  const items: ReplyTemplateFormItem[] = restore
    ? ((restore.document as { templates?: ReplyTemplateFormItem[] }).templates ?? [])
    : templates.map(({ name, channel, subject, body }) => ({ name, channel, subject, body }));
  return { templates: items, version, history, restoring: restore ? restoringNotice(restore) : null };
}

/** Saves the list: field errors inline (400), a conflict (409), or back to the screen with the notice. */
export async function handleReplyTemplatesAction(request: Request, viewer: Viewer, ip?: string) {
  const formData = await request.formData();
  const { options } = readEditorRequest(formData);
  const submission = parseWithZod(formData, { schema: replyTemplateListSchema });
  if (submission.status !== "success") return data<EditorActionResult>({ errors: submission.reply().error ?? {}, notice: FAILED_NOTICE }, { status: 400 });
  const result = await saveReplyTemplates(submission.value.templates, { viewer, ip }, { expectedVersion: options.expectedVersion });
  if (!result.ok) return conflictData(result.conflict, "save");
  return redirectWithNotice(REPLY_TEMPLATES_PATH, { kind: "success", message: "Reply templates saved. Every enquiry page offers them now." });
}
