import { eq } from "drizzle-orm";
import { canEditContent } from "~/server/auth/access.server";
import type { ContentTypeDescriptor } from "~/server/content/content-descriptor.server";
import { getDb } from "~/server/db/db.server";
import { parseId } from "~/server/http.server";
import { blogs } from "~/server/db/schema.server";
import { publishScheduledBlog } from "./blog-documents.server";
import { blogDocument } from "./blog-mutations.server";
import { restoreDeletedBlog } from "./blog-restore.server";

/** Blog posts as content (ADR 037, 080): an editor per post, History, Recently deleted and scheduled publishing. */
export const blogDescriptor: ContentTypeDescriptor = {
  type: "blog",
  editorPath: (id) => `/admin/blogs/${id}`,
  async liveDocument(id) {
    const key = parseId(id);
    if (!key) return null;
    const [row] = await getDb().select().from(blogs).where(eq(blogs.id, key)).limit(1);
    return row ? { document: blogDocument(row), version: row.revision, label: row.title } : null;
  },
  canSee: canEditContent,
  restoreDeleted: restoreDeletedBlog,
  publicPath: (slug) => `/blogs/${slug}`,
  publishScheduled: publishScheduledBlog,
};
