import type { ContentDocument, ContentEntityType } from "~/lib/content-fields";
import { getDb } from "~/server/db/db.server";
import { blogs, packages, type ContentRevisionRow } from "~/server/db/schema.server";
import { eq } from "drizzle-orm";
import { blogDocument } from "~/server/blog/blog-mutations.server";
import { restoreDeletedBlog } from "~/server/blog/blog-restore.server";
import { isFeatured, packageDocument } from "~/server/package/package-mutations.server";
import { restoreDeletedPackage } from "~/server/package/package-restore.server";
import type { ContentWriteContext } from "./content-write.server";
import type { RestoreResult } from "./restore.server";

/**
 * The entity types with editors, History and a "Recently deleted" list, and
 * where each lives (ADR 037). Issue 21's pages and settings add theirs here.
 */
export const EDITABLE_TYPES = ["package", "blog"] as const;
type EditableType = (typeof EDITABLE_TYPES)[number];

export function isEditableType(type: string): type is EditableType {
  return (EDITABLE_TYPES as readonly string[]).includes(type);
}

export function editorPathOf(type: EditableType, id: string | number): string {
  return type === "package" ? `/admin/packages/${id}` : `/admin/blogs/${id}`;
}

/** The live document of an editable entity, or null when it does not exist (deleted). */
export async function liveDocument(type: ContentEntityType, id: string): Promise<{ document: ContentDocument; version: number; label: string } | null> {
  const key = Number(id);
  if (!Number.isInteger(key) || key <= 0) return null;
  if (type === "package") {
    const [row] = await getDb().select().from(packages).where(eq(packages.id, key)).limit(1);
    return row ? { document: packageDocument(row, await isFeatured(getDb(), key)), version: row.revision, label: row.title } : null;
  }
  if (type === "blog") {
    const [row] = await getDb().select().from(blogs).where(eq(blogs.id, key)).limit(1);
    return row ? { document: blogDocument(row), version: row.revision, label: row.title } : null;
  }
  return null;
}

/** Restores a deleted document from its deletion revision. */
export function restoreDeleted(revision: ContentRevisionRow, ctx: ContentWriteContext): Promise<RestoreResult> {
  if (revision.entityType === "package") return restoreDeletedPackage(revision, ctx);
  if (revision.entityType === "blog") return restoreDeletedBlog(revision, ctx);
  return Promise.resolve({ ok: false, message: "This kind of item cannot be restored here." });
}
