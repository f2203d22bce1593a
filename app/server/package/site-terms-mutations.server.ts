import { eq } from "drizzle-orm";
import type { ContentDocument } from "~/lib/content-fields";
import type { SiteTermsInput } from "~/lib/package-terms-schema";
import type { EditConflict } from "~/lib/revisions";
import { describeConflict } from "~/server/content/conflicts.server";
import { ContentWriteAbort, writeContent, type ContentWriteContext } from "~/server/content/content-write.server";
import { lastRevision } from "~/server/content/revisions.server";
import type { Db } from "~/server/db/db.server";
import { siteSettings } from "~/server/db/schema.server";
import { getSiteTerms } from "./package-terms.server";

type SiteTermsWriteResult = { ok: true; version: number } | { ok: false; conflict: EditConflict };

const LABEL = "Package terms";

/** The terms' version: their last revision's (1 before the first recorded save). */
export async function siteTermsVersion(db: Db): Promise<number> {
  return (await lastRevision(db, "site-terms", "site"))?.version ?? 1;
}

/**
 * Saves the site-wide terms clauses, convenience list and refund rule in one
 * content write (ADR 044): a revision, activity, and the content version, so
 * every package page shows them at the next request. A save based on an older
 * version is refused with what changed.
 */
export async function saveSiteTerms(input: SiteTermsInput, ctx: ContentWriteContext, options: { expectedVersion?: number } = {}) {
  return writeContent<SiteTermsWriteResult>(ctx, async (tx) => {
    await tx.execute("lock table site_settings in share row exclusive mode");
    const version = await siteTermsVersion(tx);
    const previous = (await getSiteTerms(tx)) as ContentDocument;
    if (options.expectedVersion !== undefined && options.expectedVersion !== version) {
      const last = await lastRevision(tx, "site-terms", "site");
      const at = { type: "site-terms" as const, id: "site", baseVersion: options.expectedVersion, version, updatedAt: last?.createdAt ?? new Date() };
      throw new ContentWriteAbort<SiteTermsWriteResult>({ ok: false, conflict: await describeConflict(tx, at, previous, { ...input }) });
    }
    await tx
      .update(siteSettings)
      .set({ packageTerms: input.clauses, bookingConveniences: input.conveniences, refundRule: input.refundRule, updatedAt: new Date() })
      .where(eq(siteSettings.id, 1));
    return {
      result: { ok: true, version: version + 1 },
      revisions: [{ type: "site-terms", id: "site", version: version + 1, kind: "updated", label: LABEL, document: { ...input }, previous }],
      activity: [{ kind: "terms.updated", subject: { type: "site-terms", id: "site", label: LABEL } }],
    };
  });
}
