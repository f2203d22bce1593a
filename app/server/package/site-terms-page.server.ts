import { parseWithZod } from "@conform-to/zod/v4";
import { data } from "react-router";
import { siteTermsInputSchema, type SiteTermsInput } from "~/lib/package-terms-schema";
import { restoringNotice, revisionToRestore, siteDocumentHistory } from "~/server/content/site-document-history.server";
import { redirectWithNotice } from "~/server/admin/notice.server";
import type { Viewer } from "~/server/auth/guard.server";
import { conflictData, FAILED_NOTICE, readEditorRequest, type EditorActionResult } from "~/server/content/editor-actions.server";
import { getDb } from "~/server/db/db.server";
import { getSiteTerms } from "./package-terms.server";
import { saveSiteTerms, siteTermsVersion } from "./site-terms-mutations.server";

const SITE_TERMS_PATH = "/admin/site/terms";

/** The terms screen's data: what is in force now (or an older version being restored), its version and History. */
export async function loadSiteTermsScreen(url: URL) {
  const db = getDb();
  const [terms, version, history, restore] = await Promise.all([
    getSiteTerms(db),
    siteTermsVersion(db),
    siteDocumentHistory(["site-terms"], "site"),
    revisionToRestore(url, ["site-terms"], "site"),
  ]);
  return { terms: restore ? (restore.document as SiteTermsInput) : terms, version, history, restoring: restore ? restoringNotice(restore) : null };
}

/** Saves the terms: field errors inline (400), a conflict (409), or back to the screen with the notice. */
export async function handleSiteTermsAction(request: Request, viewer: Viewer, ip?: string) {
  const formData = await request.formData();
  const { options } = readEditorRequest(formData);
  const submission = parseWithZod(formData, { schema: siteTermsInputSchema });
  if (submission.status !== "success") return data<EditorActionResult>({ errors: submission.reply().error ?? {}, notice: FAILED_NOTICE }, { status: 400 });
  const result = await saveSiteTerms(submission.value, { viewer, ip }, { expectedVersion: options.expectedVersion });
  if (!result.ok) return conflictData(result.conflict, "save");
  return redirectWithNotice(SITE_TERMS_PATH, { kind: "success", message: "Terms saved. Every package page shows them now." });
}
