import { eq } from "drizzle-orm";
import type { BlogInput } from "~/lib/blog-schema";
import { writeContent, type ContentWriteContext } from "~/server/content/content-write.server";
import { ALREADY_RESTORED_MESSAGE, isRestorable, missingMediaKeys, type RestoreResult } from "~/server/content/restore.server";
import type { Db } from "~/server/db/db.server";
import { blogs, type ContentRevisionRow } from "~/server/db/schema.server";
import { parseBlogInput } from "./blog-input.server";
import { blogDocument, chooseSlug, subjectOf, toBlogValues } from "./blog-mutations.server";

const exists = (tx: Db) => async (id: number) => Boolean((await tx.select({ id: blogs.id }).from(blogs).where(eq(blogs.id, id)).limit(1))[0]);

/**
 * Restores a deleted post from its deletion revision, under its old id (so
 * /blogs/{id} works again). It comes back as it was, or as a draft with a new
 * address when its address is taken now; a head image that no longer exists is left out.
 */
export async function restoreDeletedBlog(revision: ContentRevisionRow, ctx: ContentWriteContext): Promise<RestoreResult> {
  return writeContent<RestoreResult>(ctx, async (tx) => {
    if (!(await isRestorable(tx, revision, exists(tx)))) return { result: { ok: false, message: ALREADY_RESTORED_MESSAGE }, revisions: [] };
    const id = Number(revision.entityId);
    let parsed = parseBlogInput(revision.document);
    if (!parsed.ok) parsed = parseBlogInput({ ...revision.document, status: "draft" });
    if (!parsed.ok) return { result: { ok: false, message: "This blog can no longer be restored: its saved form is not valid now." }, revisions: [] };
    let input: BlogInput = parsed.input;
    const missing = input.headImage ? await missingMediaKeys(tx, [input.headImage]) : new Set<string>();
    if (missing.size > 0) input = { ...input, headImage: null };
    const wanted = input.slug ?? "";
    const free = wanted ? await chooseSlug(tx, wanted, input.title) : null;
    const asDraft = input.status === "published" && !free;
    input = { ...input, slug: free ?? undefined, ...(asDraft ? { status: "draft" as const } : {}) };
    const values = await toBlogValues(tx, input);
    const version = revision.version + 1;
    const [row] = await tx
      .insert(blogs)
      .values({ id, ...values, revision: version })
      .returning();
    return {
      result: { ok: true, type: "blog", id, title: row!.title, slug: row!.slug, asDraft, slugChanged: row!.slug !== wanted, droppedMedia: missing.size },
      revisions: [{ type: "blog", id, version, kind: "restored", label: row!.title, document: blogDocument(row!), previous: revision.document }],
      activity: [{ kind: "blog.restored", subject: subjectOf(row!), detail: { slug: row!.slug, ...(asDraft ? { asDraft: true } : {}) } }],
    };
  });
}
