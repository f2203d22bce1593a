import { and, eq, sql } from "drizzle-orm";
import { apiPayloadToInput, blogInputSchema, issuesToFields, type BlogInput, type BlogInputDraft } from "~/lib/blog-schema";
import type { Db } from "~/server/db/db.server";
import { media, type BlogRow } from "~/server/db/schema.server";
import { ownImagePath } from "~/server/content/sanitize-html.server";
import { jsonError } from "~/server/http.server";
import type { FieldErrors } from "~/server/package/package-input.server";

export type { FieldErrors };
type ParsedBlogInput = { ok: true; input: BlogInput } | { ok: false; fields: FieldErrors };

export const FOREIGN_HEAD_IMAGE_MESSAGE = "Upload the head image here: images from other sites are blocked.";
export const UNKNOWN_HEAD_IMAGE_MESSAGE = "There is no uploaded image with this reference.";

/** The foreign images' message: the save refuses them rather than dropping them silently (ADR 027). */
export function foreignImagesMessage(sources: string[]): string {
  const list = sources.slice(0, 3).join(", ") + (sources.length > 3 ? ` and ${sources.length - 3} more` : "");
  return `Images from other sites are blocked on this site. Upload them here instead, or remove them: ${list}`;
}

/** The API's 400 answer for a blog write that does not validate: `{ error, fields }`. */
export function blogFieldsError(fields: FieldErrors) {
  const names = Object.keys(fields);
  return jsonError(400, `Please check ${names.join(", ")}: ${Object.values(fields)[0]}`, fields);
}

/** Validates a full input (JSON or already-coerced form values). */
export function parseBlogInput(value: unknown): ParsedBlogInput {
  const parsed = blogInputSchema.safeParse(value);
  return parsed.success ? { ok: true, input: parsed.data } : { ok: false, fields: issuesToFields(parsed.error.issues) };
}

/** Text as the database can store it: no NUL, no lone surrogate. */
const storable = (value: unknown) => (typeof value === "string" ? value.replaceAll("\0", "").toWellFormed() : value);

/**
 * An API body: the spec's `{ title, content, headImg }` or any part of the
 * full input. A create without a status is published, as the spec's blogs
 * were. On update the body is laid over the stored post, so fields it leaves
 * out keep their values; new content without a reading time gets a new one.
 */
export function parseBlogBody(body: unknown, existing?: BlogInputDraft): ParsedBlogInput {
  if (!body || typeof body !== "object" || Array.isArray(body)) {
    return { ok: false, fields: { form: "Send a JSON object." } };
  }
  const fields = apiPayloadToInput(Object.fromEntries(Object.entries(body as Record<string, unknown>).map(([key, value]) => [key, storable(value)])));
  if (!existing) return renameHeadImage(parseBlogInput({ status: "published", ...fields }), body);
  const base: Partial<BlogInputDraft> = { ...existing };
  if ("content" in fields && !("durationMinutes" in fields)) delete base.durationMinutes;
  return renameHeadImage(parseBlogInput({ ...base, ...fields }), body);
}

/** Field errors named as the caller named the fields: the spec's payload says headImg for the head image. */
export function fieldsAsSent(fields: FieldErrors, body: object): FieldErrors {
  if (!("headImg" in body) || !fields.headImage) return fields;
  const { headImage, ...rest } = fields;
  return { ...rest, headImg: headImage };
}

function renameHeadImage(result: ParsedBlogInput, body: object): ParsedBlogInput {
  return result.ok ? result : { ok: false, fields: fieldsAsSent(result.fields, body) };
}

/** The stored post as an input (the base of an API update). */
export function rowToBlogInput(row: Omit<BlogRow, "id" | "views" | "revision" | "createdAt" | "updatedAt">): BlogInputDraft {
  return {
    title: row.title,
    slug: row.slug,
    content: row.content,
    headImage: row.headImage,
    excerpt: row.excerpt,
    durationMinutes: row.durationMinutes,
    uploadDate: row.uploadDate,
    status: row.status,
    seoTitle: row.seoTitle,
    seoDescription: row.seoDescription,
  };
}

/** Media keys whose image variants (or document URL) are at these site paths. */
async function mediaKeysAt(db: Db, paths: string[]): Promise<Map<string, string>> {
  const keys = new Map<string, string>();
  for (const path of new Set(paths)) {
    const [row] = await db
      .select({ key: media.key })
      .from(media)
      .where(sql`${media.variants} @> ${JSON.stringify([{ url: path }])}::jsonb or ${media.url} = ${path}`)
      .limit(1);
    if (row) keys.set(path, row.key);
  }
  return keys;
}

/**
 * The head image as stored: a media key. Our image URLs (a variant's path, or
 * its absolute URL on the site's origin) become their key; another site's URL
 * and an unknown key are field errors.
 */
export async function resolveHeadImage(
  db: Db,
  headImage: string | null,
  siteOrigin: string,
): Promise<{ ok: true; headImage: string | null } | { ok: false; message: string }> {
  if (!headImage) return { ok: true, headImage: null };
  if (/^(?:[a-z][a-z0-9+.-]*:|[/\\]{2})/i.test(headImage) && !/^https?:\/\//i.test(headImage)) {
    return { ok: false, message: FOREIGN_HEAD_IMAGE_MESSAGE };
  }
  const isUrl = /^https?:\/\//i.test(headImage) || headImage.startsWith("/");
  if (isUrl) {
    const path = ownImagePath(headImage, siteOrigin);
    if (path === null) return { ok: false, message: FOREIGN_HEAD_IMAGE_MESSAGE };
    const key = (await mediaKeysAt(db, [path])).get(path);
    // A site path no media row knows (e.g. a file in public/) is kept as a URL.
    return { ok: true, headImage: key ?? path };
  }
  const [row] = await db
    .select({ key: media.key })
    .from(media)
    .where(and(eq(media.key, headImage), eq(media.kind, "image")))
    .limit(1);
  return row ? { ok: true, headImage: row.key } : { ok: false, message: UNKNOWN_HEAD_IMAGE_MESSAGE };
}

/** The `src` of every image in stored (sanitized) HTML. */
function contentImagePaths(html: string): string[] {
  const paths: string[] = [];
  for (const match of html.matchAll(/<img\b[^>]*?\ssrc="([^"]*)"/gi)) {
    paths.push(match[1]!.replaceAll("&amp;", "&"));
  }
  return [...new Set(paths)];
}

/** The media keys a post refers to: its head image and the images in its content. */
export async function referencedMediaKeys(db: Db, row: Pick<BlogRow, "headImage" | "content">): Promise<string[]> {
  const byPath = await mediaKeysAt(db, contentImagePaths(row.content));
  return [...new Set([...(row.headImage ? [row.headImage] : []), ...byPath.values()])];
}
