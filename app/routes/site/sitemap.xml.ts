import { sitemapEntries, sitemapXml } from "~/server/seo/sitemap.server";
import { getEnv } from "~/server/env.server";

/** /sitemap.xml: every public page, published package and blog, and the legal pages. */
export async function loader() {
  return new Response(sitemapXml(getEnv().SITE_URL, await sitemapEntries()), {
    headers: { "Content-Type": "application/xml; charset=utf-8", "Cache-Control": "no-cache" },
  });
}
