import { and, desc, eq, type SQL } from "drizzle-orm";
import { getDb } from "~/server/db/db.server";
import { blogs, type BlogRow } from "~/server/db/schema.server";
import { parseId } from "~/server/http.server";

type VisibilityOptions = { includeDrafts?: boolean };

function visible({ includeDrafts = false }: VisibilityOptions, condition?: SQL) {
  return and(includeDrafts ? undefined : eq(blogs.status, "published"), condition);
}

/** Blogs, newest first. */
export async function listBlogs(options: VisibilityOptions = {}): Promise<BlogRow[]> {
  return getDb().select().from(blogs).where(visible(options)).orderBy(desc(blogs.uploadDate), desc(blogs.id));
}

export function listPublishedBlogs() {
  return listBlogs();
}

/** Finds a blog by numeric id or by slug. */
export async function getBlog(idOrSlug: string, options: VisibilityOptions = {}): Promise<BlogRow | null> {
  const id = parseId(idOrSlug);
  const [row] = await getDb()
    .select()
    .from(blogs)
    .where(visible(options, id ? eq(blogs.id, id) : eq(blogs.slug, idOrSlug)))
    .limit(1);
  return row ?? null;
}
