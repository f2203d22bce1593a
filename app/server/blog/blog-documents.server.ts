import { eq, sql } from "drizzle-orm";
import { blogInputSchema, issuesToFields, type BlogInput } from "~/lib/blog-schema";
import type { DocumentAdapter } from "~/server/content/document-adapter.server";
import { scheduledPublisherFor } from "~/server/content/draft-changes.server";
import type { Db } from "~/server/db/db.server";
import { blogs } from "~/server/db/schema.server";
import { parseBlogInput } from "./blog-input.server";
import { blogDocument, lockBlogForWrite, replaceBlog } from "./blog-mutations.server";

/** Blogs for the generic draft changes, schedules and restore (ADR 037). */
export const blogDocuments: DocumentAdapter<BlogInput> = {
  type: "blog",
  parse: parseBlogInput,
  publishable(input) {
    const parsed = blogInputSchema.safeParse({ ...input, status: "published" });
    return parsed.success ? { ok: true, input: parsed.data } : { ok: false, fields: issuesToFields(parsed.error.issues) };
  },
  async lock(tx, id, sent, options) {
    const locked = await lockBlogForWrite(tx, id, sent, options);
    if (!locked) return null;
    const { before, current, values } = locked;
    return {
      version: before.revision,
      published: before.status === "published",
      label: before.title,
      current,
      // What draft changes would store: sanitized and checked as a save would be.
      document: values ? blogDocument(values) : null,
    };
  },
  bumpVersion: (tx, id) => bumpBlogVersion(tx, id),
  async replace(tx, id, input, options) {
    const change = await replaceBlog(tx, id, input, options);
    return { ...change, result: change.result?.ok ? { version: change.result.row.revision } : null };
  },
  activity: {
    draftSaved: "blog.draft-saved",
    draftDiscarded: "blog.draft-discarded",
    scheduled: "blog.scheduled",
    unscheduled: "blog.unscheduled",
    scheduleFailed: "blog.schedule-failed",
  },
};

/** A write that leaves the live post alone still makes a new version. */
async function bumpBlogVersion(tx: Db, id: number): Promise<number> {
  const [row] = await tx
    .update(blogs)
    .set({ revision: sql`${blogs.revision} + 1` })
    .where(eq(blogs.id, id))
    .returning({ revision: blogs.revision });
  return row!.revision;
}

/** The worker's handler for blogs. */
export const publishScheduledBlog = scheduledPublisherFor(blogDocuments);
