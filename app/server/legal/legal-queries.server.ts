import { asc, eq } from "drizzle-orm";
import { htmlToText } from "~/lib/content-fields";
import { DEFAULT_DETAILS_NOTICE, DETAILS_NOTICE_SLUG } from "~/lib/traveller-details";
import { sanitizeRichHtml } from "~/server/content/sanitize-html.server";
import { getDb } from "~/server/db/db.server";
import type { DbExecutor } from "~/server/jobs/jobs.server";
import { legalPages } from "~/server/db/schema.server";

/** The four legal pages in footer order; anything else is listed after them. */
const ORDER = ["privacy-policy", "terms-conditions", "refund-policy", "disclaimer"];

/** Legal texts shown elsewhere, not as pages of their own (the trip page's notice, ADR 117): edited here, never at /legal/…. */
const NOT_PAGES = new Set([DETAILS_NOTICE_SLUG]);

/** The legal pages (the site's list and sitemap); `withNotices`: the editor's list, the trip page's notice too (last). */
export async function listLegalPages(options: { withNotices?: boolean } = {}) {
  const rows = await getDb()
    .select({ slug: legalPages.slug, title: legalPages.title, updatedAt: legalPages.updatedAt })
    .from(legalPages)
    .orderBy(asc(legalPages.id));
  const rank = (slug: string) => (ORDER.includes(slug) ? ORDER.indexOf(slug) : NOT_PAGES.has(slug) ? ORDER.length + 1 : ORDER.length);
  return rows.filter((row) => options.withNotices || !NOT_PAGES.has(row.slug)).sort((a, b) => rank(a.slug) - rank(b.slug));
}

/** The trip page's notice of what is collected, why and for how long (ADR 108, 117): its HTML to show and its text to keep with a consent. */
export async function tripDetailsNotice(db: DbExecutor = getDb()): Promise<{ html: string; text: string }> {
  const [row] = await db.select({ body: legalPages.body }).from(legalPages).where(eq(legalPages.slug, DETAILS_NOTICE_SLUG)).limit(1);
  const html = row?.body.trim() ? sanitizeRichHtml(row.body) : `<p>${DEFAULT_DETAILS_NOTICE}</p>`;
  return { html, text: htmlToText(html) };
}

/** One legal page with its body sanitized for rendering, or null (a notice shown elsewhere is not a page). */
export async function getLegalPage(slug: string) {
  if (NOT_PAGES.has(slug)) return null;
  const [row] = await getDb().select().from(legalPages).where(eq(legalPages.slug, slug)).limit(1);
  if (!row) return null;
  return {
    slug: row.slug,
    title: row.title,
    lastUpdated: row.lastUpdated,
    seoDescription: row.seoDescription,
    updatedAt: row.updatedAt.toISOString(),
    html: sanitizeRichHtml(row.body),
  };
}
