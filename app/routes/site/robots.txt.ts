import { robotsTxt } from "~/server/seo/sitemap.server";
import { getEnv } from "~/server/env.server";

/** /robots.txt: the admin area and the API are not for crawlers. */
export function loader() {
  return new Response(robotsTxt(getEnv().SITE_URL), {
    headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-cache" },
  });
}
