import { eq } from "drizzle-orm";
import type { ContentDocument, ContentEntityType } from "~/lib/content-fields";
import type { RevisionSummary } from "~/lib/revisions";
import { canEditContent, canEditLegalPages, canEditReplyTemplates, canEditSiteTerms, canManageSettings } from "~/server/auth/access.server";
import type { Viewer } from "~/server/auth/guard.server";
import { getDb } from "~/server/db/db.server";
import { legalPages, type ContentRevisionRow } from "~/server/db/schema.server";
import { HOME_DOCUMENT_LABELS, homeDocument, listVersion, type HomeDocumentType } from "~/server/home/home-content.server";
import { legalDocument, legalPageVersion } from "~/server/legal/legal-mutations.server";
import { getSiteTerms } from "~/server/package/package-terms.server";
import { siteTermsVersion } from "~/server/package/site-terms-mutations.server";
import { REPLY_TEMPLATES_LABEL, replyTemplatesDocument, replyTemplatesVersion } from "~/server/reply-templates/reply-templates.server";
import { REPLY_TEMPLATES_PATH } from "~/server/reply-templates/reply-templates-page.server";
import { settingsDocument } from "~/server/settings/settings-mutations.server";
import { getStoredSiteSettings } from "~/server/settings/settings.server";
import { getRevision, listRevisions, revisionSummary } from "./revisions.server";

/**
 * The site-wide documents (ADR 041, 044): settings, the home screen's four,
 * the package terms and the legal pages. Like packages and blogs, each screen
 * has a History whose revisions open against the current version and load
 * back into the form ("Restore this version": unsaved until saved).
 */
const SITE_DOCUMENT_TYPES = ["site-settings", "home-hero", "home-cards", "home-faqs", "home-reviews", "site-terms", "legal-page", "reply-templates"] as const;
type SiteDocumentType = (typeof SITE_DOCUMENT_TYPES)[number];
export const HOME_DOCUMENT_TYPES = ["home-hero", "home-cards", "home-faqs", "home-reviews"] as const;

export function isSiteDocumentType(type: string): type is SiteDocumentType {
  return (SITE_DOCUMENT_TYPES as readonly string[]).includes(type);
}

export function siteDocumentPath(type: SiteDocumentType, id: string): string {
  if (type === "site-settings") return "/admin/settings";
  if (type === "site-terms") return "/admin/site/terms";
  if (type === "legal-page") return `/admin/site/legal/${id}`;
  if (type === "reply-templates") return REPLY_TEMPLATES_PATH;
  return "/admin/site/home";
}

/** Who may see a site document's revisions: the people who may edit it (settings hold the team's notification address). */
export function canSeeSiteDocument(viewer: Viewer | null, type: SiteDocumentType): boolean {
  if (type === "site-settings") return canManageSettings(viewer);
  if (type === "site-terms") return canEditSiteTerms(viewer);
  if (type === "legal-page") return canEditLegalPages(viewer);
  if (type === "reply-templates") return canEditReplyTemplates(viewer);
  return canEditContent(viewer);
}

const isHomeType = (type: SiteDocumentType): type is HomeDocumentType => (HOME_DOCUMENT_TYPES as readonly string[]).includes(type);

/** The current document, its version and its name; null when there is none (a legal page that does not exist). */
export async function liveSiteDocument(type: SiteDocumentType, id: string): Promise<{ document: ContentDocument; version: number; label: string } | null> {
  const db = getDb();
  if (isHomeType(type)) return { document: await homeDocument(db, type), version: await listVersion(db, type), label: HOME_DOCUMENT_LABELS[type] };
  if (type === "site-terms") return { document: { ...(await getSiteTerms(db)) }, version: await siteTermsVersion(db), label: "Package terms" };
  if (type === "reply-templates") return { document: await replyTemplatesDocument(db), version: await replyTemplatesVersion(db), label: REPLY_TEMPLATES_LABEL };
  if (type === "site-settings") {
    const row = await getStoredSiteSettings();
    return { document: settingsDocument(row), version: row.revision, label: "Site settings" };
  }
  const [row] = await db.select().from(legalPages).where(eq(legalPages.slug, id)).limit(1);
  return row ? { document: legalDocument(row), version: await legalPageVersion(db, id), label: row.title } : null;
}

/** The History of one or more site documents (the home screen shows its four together), newest first, each named. */
export async function siteDocumentHistory(types: readonly SiteDocumentType[], id: string): Promise<(RevisionSummary & { label: string })[]> {
  const lists = await Promise.all(
    types.map(async (type) =>
      (await listRevisions(type as ContentEntityType, id)).map((entry) => ({ ...entry, label: HOME_DOCUMENT_LABELS[type as HomeDocumentType] ?? "" })),
    ),
  );
  return lists.flat().sort((a, b) => b.id - a.id);
}

/** The revision `?restore=` names, when it is one of these documents'. */
export async function revisionToRestore(url: URL, types: readonly SiteDocumentType[], id: string): Promise<ContentRevisionRow | null> {
  const revisionId = Number(url.searchParams.get("restore") ?? "");
  if (!Number.isInteger(revisionId) || revisionId <= 0) return null;
  const revision = await getRevision(revisionId);
  return revision && (types as readonly string[]).includes(revision.entityType) && revision.entityId === id ? revision : null;
}

/** What the screen says while a restored version is in its form. */
export function restoringNotice(revision: ContentRevisionRow) {
  const summary = revisionSummary(revision);
  return { id: summary.id, at: summary.at, who: summary.who, label: revision.label, type: revision.entityType };
}
