import { inArray } from "drizzle-orm";
import type { ContentDocument } from "~/lib/content-fields";
import type { MediaVariant } from "~/lib/media";
import type { MediaUse } from "~/lib/media-library";
import { documentMediaRefs } from "./document-media.server";
import type { Db } from "~/server/db/db.server";
import { blogs, contentDrafts, legalPages, packages } from "~/server/db/schema.server";
import { heroImageKey } from "./media-hero.server";

/** The `src` of every image in HTML. */
export function htmlImageSources(html: string): string[] {
  return [...html.matchAll(/<img\b[^>]*?\ssrc="([^"]*)"/gi)].map((match) => match[1]!.replaceAll("&amp;", "&"));
}

type MediaFiles = { key: string; url?: string | null; variants: MediaVariant[] };

/**
 * Where every image is used (issue 21 §4, ADR 043): by media key, the places
 * that show it, each with its editor's address. Covers a package's thumbnail,
 * gallery and itinerary day photos, a blog's head image and the images in its
 * article, images in the legal pages, the home hero image, and pending draft
 * changes of packages and blogs (saved but not yet published: deleting their
 * image would break them). Rich text names an image by a variant's address,
 * which `files` maps back to its key.
 */
export async function loadMediaUses(db: Db, files: MediaFiles[]): Promise<Map<string, MediaUse[]>> {
  const keyOf = new Map<string, string>();
  for (const file of files) {
    keyOf.set(file.key, file.key);
    if (file.url) keyOf.set(file.url, file.key);
    for (const variant of file.variants) keyOf.set(variant.url, file.key);
  }
  const uses = new Map<string, MediaUse[]>();
  const add = (reference: string | null | undefined, label: string, href: string) => {
    const key = reference ? keyOf.get(reference) : undefined;
    if (!key) return;
    const list = uses.get(key) ?? [];
    if (!list.some((use) => use.label === label && use.href === href)) list.push({ label, href });
    uses.set(key, list);
  };

  const packageRows = await db
    .select({ id: packages.id, title: packages.title, thumbnail: packages.thumbnail, gallery: packages.gallery, itinerary: packages.itinerary })
    .from(packages);
  const titles = new Map<string, string>();
  for (const row of packageRows) {
    titles.set(`package:${row.id}`, row.title);
    const href = `/admin/packages/${row.id}`;
    add(row.thumbnail, `${row.title} (thumbnail)`, `${href}#photos`);
    for (const item of row.gallery) add(item, `${row.title} (gallery)`, `${href}#photos`);
    row.itinerary.forEach((day, index) => add(day.photo, `${row.title} (day ${index + 1} photo)`, `${href}#itinerary`));
  }
  const blogRows = await db.select({ id: blogs.id, title: blogs.title, headImage: blogs.headImage, content: blogs.content }).from(blogs);
  for (const row of blogRows) {
    titles.set(`blog:${row.id}`, row.title);
    const href = `/admin/blogs/${row.id}`;
    add(row.headImage, `${row.title} (head image)`, href);
    for (const src of htmlImageSources(row.content)) add(src, `${row.title} (in the article)`, href);
  }
  for (const row of await db.select({ slug: legalPages.slug, title: legalPages.title, body: legalPages.body }).from(legalPages)) {
    for (const src of htmlImageSources(row.body)) add(src, `${row.title} (in the page)`, `/admin/site/legal/${row.slug}`);
  }
  const hero = await heroImageKey(db);
  if (hero) add(hero, "Home page (hero image)", "/admin/site/home");

  const drafts = await db
    .select({ type: contentDrafts.entityType, id: contentDrafts.entityId, document: contentDrafts.document })
    .from(contentDrafts)
    .where(inArray(contentDrafts.entityType, ["package", "blog"]));
  for (const draft of drafts) {
    const type = draft.type as "package" | "blog";
    const title = titles.get(`${type}:${draft.id}`) ?? String((draft.document as ContentDocument).title ?? type);
    const href = type === "package" ? `/admin/packages/${draft.id}` : `/admin/blogs/${draft.id}`;
    for (const reference of documentMediaRefs(type, draft.document as ContentDocument)) add(reference, `${title} (draft changes)`, href);
  }
  return uses;
}
