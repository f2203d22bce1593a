import { eq } from "drizzle-orm";
import type { ContentDocument } from "~/lib/content-fields";
import { lastUpdatedToday, type LegalPageInput } from "~/lib/legal-page-schema";
import type { EditConflict } from "~/lib/revisions";
import { foreignImagesMessage } from "~/server/blog/blog-input.server";
import { describeConflict } from "~/server/content/conflicts.server";
import { ContentWriteAbort, writeContent, type ContentWriteContext } from "~/server/content/content-write.server";
import { lastRevision } from "~/server/content/revisions.server";
import { sanitizeForSave } from "~/server/content/sanitize-html.server";
import type { Db } from "~/server/db/db.server";
import { legalPages, type LegalPageRow } from "~/server/db/schema.server";
import { getEnv } from "~/server/env.server";

type LegalWriteResult = { ok: true; version: number } | { ok: false; fields: Record<string, string> } | { ok: false; conflict: EditConflict };

export function legalDocument(row: LegalPageRow): ContentDocument {
  return { title: row.title, lastUpdated: row.lastUpdated, body: row.body, seoDescription: row.seoDescription };
}

/** A legal page's version: its last revision's (1 before the first recorded save). */
export async function legalPageVersion(db: Db, slug: string): Promise<number> {
  return (await lastRevision(db, "legal-page", slug))?.version ?? 1;
}

/**
 * Saves a legal page (ADR 041): the HTML sanitized as blogs' is (images from
 * other sites refused), "Last updated" set to today unless written by hand,
 * in one content write with a revision; an older version is refused.
 */
export async function updateLegalPage(
  slug: string,
  input: LegalPageInput,
  ctx: ContentWriteContext,
  options: { expectedVersion?: number } = {},
): Promise<LegalWriteResult | null> {
  return writeContent<LegalWriteResult | null>(ctx, async (tx) => {
    const [before] = await tx.select().from(legalPages).where(eq(legalPages.slug, slug)).limit(1).for("update");
    if (!before) return { result: null, revisions: [] };
    const version = await legalPageVersion(tx, slug);
    const { html, foreignImages } = sanitizeForSave(input.body, getEnv().SITE_URL);
    if (foreignImages.length > 0) throw new ContentWriteAbort<LegalWriteResult>({ ok: false, fields: { body: foreignImagesMessage(foreignImages) } });
    const values = { body: html, lastUpdated: input.lastUpdated || lastUpdatedToday(), seoDescription: input.seoDescription ?? "" };
    if (options.expectedVersion !== undefined && options.expectedVersion !== version) {
      const last = await lastRevision(tx, "legal-page", slug);
      const at = { type: "legal-page" as const, id: slug, baseVersion: options.expectedVersion, version, updatedAt: last?.createdAt ?? before.updatedAt };
      throw new ContentWriteAbort<LegalWriteResult>({
        ok: false,
        conflict: await describeConflict(tx, at, legalDocument(before), legalDocument({ ...before, ...values })),
      });
    }
    const [row] = await tx
      .update(legalPages)
      .set({ ...values, updatedAt: new Date() })
      .where(eq(legalPages.id, before.id))
      .returning();
    return {
      result: { ok: true, version: version + 1 },
      revisions: [
        {
          type: "legal-page",
          id: slug,
          version: version + 1,
          kind: "updated",
          label: row!.title,
          document: legalDocument(row!),
          previous: legalDocument(before),
        },
      ],
      activity: [{ kind: "legal.updated", subject: { type: "legal-page", id: slug, label: row!.title } }],
    };
  });
}
