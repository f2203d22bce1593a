import { parseWithZod } from "@conform-to/zod/v4";
import { restoringNotice, revisionToRestore, siteDocumentHistory } from "~/server/content/site-document-history.server";
import { eq } from "drizzle-orm";
import { data } from "react-router";
import { legalPageInputSchema, type LegalEditorValues } from "~/lib/legal-page-schema";
import { redirectWithNotice } from "~/server/admin/notice.server";
import type { Viewer } from "~/server/auth/guard.server";
import {
  conflictData,
  FAILED_NOTICE,
  fieldErrorsData,
  keepSentValuesOnFailure,
  readEditorRequest,
  sentFields,
  type EditorActionResult,
} from "~/server/content/editor-actions.server";
import { getDb } from "~/server/db/db.server";
import { legalPages } from "~/server/db/schema.server";
import { listLegalPages } from "./legal-queries.server";
import { legalPageVersion, updateLegalPage } from "./legal-mutations.server";

/** The legal pages for the list screen. */
export async function loadLegalList() {
  return (await listLegalPages({ withNotices: true })).map((page) => ({ slug: page.slug, title: page.title, updatedAt: page.updatedAt.toISOString() }));
}

/** One legal page as its editor starts from it (the stored HTML), its version, or null. */
export async function loadLegalEditor(slug: string, url: URL) {
  const [row] = await getDb().select().from(legalPages).where(eq(legalPages.slug, slug)).limit(1);
  if (!row) return null;
  const [version, history, restore] = await Promise.all([
    legalPageVersion(getDb(), slug),
    siteDocumentHistory(["legal-page"], slug),
    revisionToRestore(url, ["legal-page"], slug),
  ]);
  // History's "Restore this version" loads the old text as unsaved changes; saving it dates the page today.
  const old = restore?.document as { body?: string; lastUpdated?: string; seoDescription?: string } | undefined;
  const values: LegalEditorValues = old
    ? { body: old.body ?? "", lastUpdated: "", seoDescription: old.seoDescription ?? "" }
    : { body: row.body, lastUpdated: "", seoDescription: row.seoDescription };
  return {
    slug: row.slug,
    title: row.title,
    storedLastUpdated: row.lastUpdated,
    values,
    version,
    history,
    restoring: restore ? restoringNotice(restore) : null,
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** Saves a legal page from its editor: field errors inline, a conflict (409), or back to the page with the notice. */
export async function handleLegalEditorAction(request: Request, viewer: Viewer, slug: string, ip?: string) {
  const formData = await request.formData();
  const sent = () => {
    const fields = new Map(sentFields(formData));
    return {
      body: fields.get("body") ?? "",
      lastUpdated: fields.get("lastUpdated") ?? "",
      seoDescription: fields.get("seoDescription") ?? "",
    } satisfies LegalEditorValues;
  };
  return keepSentValuesOnFailure("saving a legal page", sent, async () => {
    const submission = parseWithZod(formData, { schema: legalPageInputSchema });
    if (submission.status !== "success") return data<EditorActionResult>({ errors: submission.reply().error ?? {}, notice: FAILED_NOTICE }, { status: 400 });
    const { options } = readEditorRequest(formData);
    const result = await updateLegalPage(slug, submission.value, { viewer, ip }, { expectedVersion: options.expectedVersion });
    if (!result) throw data(null, { status: 404 });
    if (!result.ok) return "conflict" in result ? conflictData(result.conflict, "save") : fieldErrorsData(result.fields);
    return redirectWithNotice(`/admin/site/legal/${slug}`, { kind: "success", message: "Page saved. The website shows it now." });
  });
}
