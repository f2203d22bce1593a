import { canEditContent } from "~/server/auth/access.server";
import type { ContentTypeDescriptor } from "~/server/content/content-descriptor.server";
import { getDb } from "~/server/db/db.server";
import { HOME_DOCUMENT_LABELS, HOME_DOCUMENT_TYPES, homeDocument, listVersion } from "./home-content.server";

/** The home screen's four documents (ADR 041, 044, 080): one editor screen, one History, editors and admins. */
export const homeDescriptors: ContentTypeDescriptor[] = HOME_DOCUMENT_TYPES.map((type) => ({
  type,
  editorPath: () => "/admin/site/home",
  async liveDocument() {
    const db = getDb();
    return { document: await homeDocument(db, type), version: await listVersion(db, type), label: HOME_DOCUMENT_LABELS[type] };
  },
  canSee: canEditContent,
}));
