import { max } from "drizzle-orm";
import { absoluteUrl } from "~/lib/seo";
import { listPublishedBlogs } from "~/server/blog/blog-queries.server";
import { getDb } from "~/server/db/db.server";
import { media } from "~/server/db/schema.server";
import { listLegalPages } from "~/server/legal/legal-queries.server";
import { listPublishedPackages } from "~/server/package/package-queries.server";
import { getSiteSettings } from "~/server/settings/settings.server";

type SitemapEntry = { path: string; lastmod: Date };

function latest(...dates: (Date | null | undefined)[]): Date {
  const times = dates.filter((date): date is Date => date instanceof Date).map((date) => date.getTime());
  return new Date(times.length ? Math.max(...times) : 0);
}

/**
 * Every public page with the time its content last changed: a list page
 * changes when any of its items does, the contact page with the settings.
 */
export async function sitemapEntries(): Promise<SitemapEntry[]> {
  const [packages, blogs, legal, settings, [photos]] = await Promise.all([
    listPublishedPackages(),
    listPublishedBlogs(),
    listLegalPages(),
    getSiteSettings(),
    getDb()
      .select({ latest: max(media.createdAt) })
      .from(media),
  ]);
  const packagesChanged = latest(...packages.map((pkg) => pkg.updatedAt));
  const blogsChanged = latest(...blogs.map((blog) => blog.updatedAt));
  return [
    { path: "/", lastmod: latest(packagesChanged, settings.updatedAt) },
    { path: "/packages", lastmod: packagesChanged },
    ...packages.map((pkg) => ({ path: `/packages/${pkg.slug}`, lastmod: pkg.updatedAt })),
    { path: "/gallery", lastmod: latest(packagesChanged, photos?.latest) },
    { path: "/blogs", lastmod: blogsChanged },
    ...blogs.map((blog) => ({ path: `/blogs/${blog.id}`, lastmod: blog.updatedAt })),
    { path: "/contact", lastmod: settings.updatedAt },
    ...legal.map((page) => ({ path: `/legal/${page.slug}`, lastmod: page.updatedAt })),
    { path: "/credits", lastmod: latest(photos?.latest) },
  ];
}

function escapeXml(value: string): string {
  return value.replace(/[<>&'"]/g, (char) => `&#${char.charCodeAt(0)};`);
}

export function sitemapXml(siteUrl: string, entries: SitemapEntry[]): string {
  const urls = entries.map(
    (entry) => `  <url>\n    <loc>${escapeXml(absoluteUrl(siteUrl, entry.path))}</loc>\n    <lastmod>${entry.lastmod.toISOString()}</lastmod>\n  </url>`,
  );
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls.join("\n")}\n</urlset>\n`;
}

export function robotsTxt(siteUrl: string): string {
  return ["User-agent: *", "Disallow: /admin", "Disallow: /api", "", `Sitemap: ${absoluteUrl(siteUrl, "/sitemap.xml")}`, ""].join("\n");
}
