import { formatBlogAge, isoDateIn } from "~/lib/blog-format";
import { largestUrl, type MediaView } from "~/lib/media";
import type { BlogCardData, BlogImage } from "~/lib/blog-view-model";
import type { BlogRow } from "~/server/db/schema.server";
import { getMediaByKeys } from "~/server/media/media.server";
import { sanitizeRichHtml } from "~/server/content/sanitize-html.server";

/** Resolves each post's head image: a media key, else a site-relative URL. */
async function blogImages(rows: BlogRow[]): Promise<Map<number, BlogImage>> {
  const media = await getMediaByKeys(rows.map((row) => row.headImage ?? ""));
  return new Map(
    rows.map((row) => {
      const view: MediaView | null = (row.headImage && media[row.headImage]) || null;
      const url = !view && row.headImage?.startsWith("/") ? row.headImage : null;
      return [row.id, { media: view, url, alt: view?.alt || row.title }];
    }),
  );
}

/** Absolute-or-relative URL of a post's share image, for Open Graph and JSON-LD. */
function shareImageUrl(image: BlogImage | undefined): string | null {
  if (image?.media) return largestUrl(image.media);
  return image?.url ?? null;
}

/** The list's cards; ages are worded on the server against the Indian date of `now` (the request's clock). */
export async function toBlogCards(rows: BlogRow[], now: Date): Promise<BlogCardData[]> {
  const today = isoDateIn(now);
  const images = await blogImages(rows);
  return rows.map((row) => ({
    id: row.id,
    title: row.title,
    excerpt: row.excerpt,
    durationMinutes: row.durationMinutes,
    views: row.views,
    age: formatBlogAge(row.uploadDate, today),
    image: images.get(row.id) ?? { media: null, url: null, alt: row.title },
  }));
}

/** The post page's article data; content is sanitized here, on the server. */
export async function toBlogArticle(row: BlogRow, views: number) {
  const images = await blogImages([row]);
  const image = images.get(row.id) ?? { media: null, url: null, alt: row.title };
  return {
    id: row.id,
    slug: row.slug,
    title: row.title,
    excerpt: row.excerpt,
    seoTitle: row.seoTitle,
    seoDescription: row.seoDescription,
    durationMinutes: row.durationMinutes,
    views,
    uploadDate: row.uploadDate,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    status: row.status,
    image,
    shareImage: shareImageUrl(image),
    html: sanitizeRichHtml(row.content),
  };
}
