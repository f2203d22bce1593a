import { largestUrl } from "~/lib/media";
import type { BlogRow } from "~/server/db/schema.server";
import { getMediaByKeys } from "~/server/media/media.server";
import { sanitizeRichHtml } from "~/server/content/sanitize-html.server";

/** The API's JSON shape of a blog; content is sanitized like the page's. */
export async function toBlogsJson(rows: BlogRow[], { withContent }: { withContent: boolean }) {
  const media = await getMediaByKeys(rows.map((row) => row.headImage ?? ""));
  return rows.map((row) => {
    const head = row.headImage ? media[row.headImage] : undefined;
    return {
      id: row.id,
      slug: row.slug,
      title: row.title,
      excerpt: row.excerpt,
      duration: row.durationMinutes,
      views: row.views,
      uploadDate: row.uploadDate,
      headImg: head ? largestUrl(head) : row.headImage && row.headImage.startsWith("/") ? row.headImage : null,
      link: `/blogs/${row.id}`,
      status: row.status,
      ...(withContent ? { content: sanitizeRichHtml(row.content) } : {}),
      createdAt: row.createdAt.toISOString(),
      updatedAt: row.updatedAt.toISOString(),
      /** The version a write sends back (If-Match or `version`) to be refused if someone changed it since (ADR 037). */
      version: row.revision,
    };
  });
}
