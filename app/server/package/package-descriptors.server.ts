import { eq } from "drizzle-orm";
import { canEditContent, canEditSiteTerms } from "~/server/auth/access.server";
import type { ContentTypeDescriptor } from "~/server/content/content-descriptor.server";
import { getDb } from "~/server/db/db.server";
import { parseId } from "~/server/http.server";
import { packages } from "~/server/db/schema.server";
import { publishScheduledPackage } from "./package-documents.server";
import { isFeatured, packageDocument } from "./package-mutations.server";
import { restoreDeletedPackage } from "./package-restore.server";
import { getSiteTerms } from "./package-terms.server";
import { siteTermsVersion } from "./site-terms-mutations.server";

/** Packages as content (ADR 037, 080): an editor per package, History, Recently deleted and scheduled publishing. */
export const packageDescriptor: ContentTypeDescriptor = {
  type: "package",
  editorPath: (id) => `/admin/packages/${id}`,
  async liveDocument(id) {
    const key = parseId(id);
    if (!key) return null;
    const [row] = await getDb().select().from(packages).where(eq(packages.id, key)).limit(1);
    return row ? { document: packageDocument(row, await isFeatured(getDb(), key)), version: row.revision, label: row.title } : null;
  },
  canSee: canEditContent,
  restoreDeleted: restoreDeletedPackage,
  publicPath: (slug) => `/packages/${slug}`,
  publishScheduled: publishScheduledPackage,
};

/** The terms every package shows unless it has its own (ADR 044): one document, admins only. */
export const siteTermsDescriptor: ContentTypeDescriptor = {
  type: "site-terms",
  editorPath: () => "/admin/site/terms",
  async liveDocument() {
    const db = getDb();
    return { document: { ...(await getSiteTerms(db)) }, version: await siteTermsVersion(db), label: "Package terms" };
  },
  canSee: canEditSiteTerms,
};
