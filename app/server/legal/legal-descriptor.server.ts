import { eq } from "drizzle-orm";
import { canEditLegalPages } from "~/server/auth/access.server";
import type { ContentTypeDescriptor } from "~/server/content/content-descriptor.server";
import { getDb } from "~/server/db/db.server";
import { legalPages } from "~/server/db/schema.server";
import { legalDocument, legalPageVersion } from "./legal-mutations.server";

/** The legal pages (ADR 041, 080): one document per page, by slug, admins only. */
export const legalPageDescriptor: ContentTypeDescriptor = {
  type: "legal-page",
  editorPath: (slug) => `/admin/site/legal/${slug}`,
  async liveDocument(slug) {
    const db = getDb();
    const [row] = await db.select().from(legalPages).where(eq(legalPages.slug, slug)).limit(1);
    return row ? { document: legalDocument(row), version: await legalPageVersion(db, slug), label: row.title } : null;
  },
  canSee: canEditLegalPages,
};
