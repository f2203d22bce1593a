import { asc, eq } from "drizzle-orm";
import { sanitizeRichHtml } from "~/server/content/sanitize-html.server";
import { getDb } from "~/server/db/db.server";
import { legalPages } from "~/server/db/schema.server";

/** The four legal pages in footer order; anything else is listed after them. */
const ORDER = ["privacy-policy", "terms-conditions", "refund-policy", "disclaimer"];

export async function listLegalPages() {
  const rows = await getDb()
    .select({ slug: legalPages.slug, title: legalPages.title, updatedAt: legalPages.updatedAt })
    .from(legalPages)
    .orderBy(asc(legalPages.id));
  const rank = (slug: string) => (ORDER.includes(slug) ? ORDER.indexOf(slug) : ORDER.length);
  return rows.sort((a, b) => rank(a.slug) - rank(b.slug));
}

/** One legal page with its body sanitized for rendering, or null. */
export async function getLegalPage(slug: string) {
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
