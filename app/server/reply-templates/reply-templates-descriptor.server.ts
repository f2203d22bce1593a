import { canEditReplyTemplates } from "~/server/auth/access.server";
import type { ContentTypeDescriptor } from "~/server/content/content-descriptor.server";
import { getDb } from "~/server/db/db.server";
import { REPLY_TEMPLATES_PATH } from "./reply-templates-page.server";
import { REPLY_TEMPLATES_LABEL, replyTemplatesDocument, replyTemplatesVersion } from "./reply-templates.server";

/** The enquiry reply templates (ADR 080): one document, admins only. */
export const replyTemplatesDescriptor: ContentTypeDescriptor = {
  type: "reply-templates",
  editorPath: () => REPLY_TEMPLATES_PATH,
  async liveDocument() {
    const db = getDb();
    return { document: await replyTemplatesDocument(db), version: await replyTemplatesVersion(db), label: REPLY_TEMPLATES_LABEL };
  },
  canSee: canEditReplyTemplates,
};
