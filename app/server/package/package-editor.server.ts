import { data } from "react-router";
import { parseWithZod } from "@conform-to/zod/v4";
import { formatDateTime } from "~/lib/admin-format";
import { imageAltsInputSchema } from "~/lib/image-alt-schema";
import { packageEditorValues, packageValuesFromFields } from "~/lib/package-editor-values";
import { PACKAGE_SECTIONS } from "~/lib/package-checks";
import { missingForPublish, packageInputSchema, PUBLISH_REQUIREMENTS, type PackageInputDraft } from "~/lib/package-schema";
import { fallbackUrl } from "~/lib/media";
import { todayIso } from "~/lib/tour-format";
import { redirectWithNotice } from "~/server/admin/notice.server";
import type { Viewer } from "~/server/auth/guard.server";
import {
  FAILED_NOTICE,
  keepSentValuesOnFailure,
  readEditorRequest,
  sentFields,
  refusal,
  runDocumentIntent,
  type EditorActionResult,
} from "~/server/content/editor-actions.server";
import { loadEditorState } from "~/server/content/editor-state.server";
import { packageDepartureSeats } from "~/server/seats/departure-seats.server";
import { getDb } from "~/server/db/db.server";
import { getMediaByKeys } from "~/server/media/media.server";
import { packageDocuments } from "./package-documents.server";
import { duplicatePackage } from "./package-duplicate.server";
import { createPackage, deletePackage, isFeatured, packageDocument, updatePackage } from "./package-mutations.server";
import { getPackage } from "./package-queries.server";
import { getSiteTerms } from "./package-terms.server";
import { getTaxRates } from "~/server/settings/settings.server";

/** Preview URLs (a small WebP variant) and alt texts of the images a package uses. */
async function imagePreviews(keys: string[]): Promise<{ previews: Record<string, string>; alts: Record<string, string> }> {
  const media = await getMediaByKeys(keys);
  return {
    previews: Object.fromEntries(Object.entries(media).map(([key, view]) => [key, fallbackUrl(view, 400)])),
    alts: Object.fromEntries(Object.entries(media).map(([key, view]) => [key, view.alt])),
  };
}

/**
 * The editor's starting point for a stored package, or null when there is
 * none: its values (from pending draft changes, or a revision being restored,
 * when there is one), and its version, schedule, presence and History.
 */
export async function loadPackageEditor(id: number, viewer: Viewer, url: URL) {
  const row = await getPackage(String(id), { includeDrafts: true });
  if (!row) return null;
  const live = packageDocument(row, await isFeatured(getDb(), id));
  const { state, document } = await loadEditorState("package", id, { version: row.revision, document: live }, viewer.id, url);
  const values = packageEditorValues(document as PackageInputDraft);
  const keys = [values.thumbnail, ...values.gallery, ...values.itinerary.map((day) => day.photo)].filter(Boolean);
  const missing = missingForPublish({ ...row, days: row.days || undefined, price: row.priceFrom > 0 ? row.price : undefined }).map((item) => item.label);
  const { previews, alts } = await imagePreviews(keys);
  return {
    id: row.id,
    slug: row.slug,
    status: row.status,
    updatedAt: row.updatedAt.toISOString(),
    /** Shown in the save bar; formatted here so the server and the browser show the same text. */
    savedAt: formatDateTime(row.updatedAt),
    today: todayIso(),
    taxes: await getTaxRates(),
    values,
    missing,
    previews,
    alts,
    siteTerms: await siteTermsForEditor(),
    // Each stored departure's seats from its bookings (ADR 088), shown beside its fields.
    departureSeats: Object.fromEntries((await packageDepartureSeats(row.id, row.groupDates)).flatMap((date) => (date.id ? [[date.id, date.seats]] : []))),
    ...state,
  };
}

/** The site-wide terms, which "Use this package's own terms" starts from (ADR 044). */
async function siteTermsForEditor() {
  const { clauses, conveniences } = await getSiteTerms(getDb());
  return { clauses, conveniences };
}

/** A new package's editor: what publishing needs, today for the checks, and the site's terms. */
export async function newPackageEditor() {
  return { missing: PUBLISH_REQUIREMENTS.map((item) => item.label), today: todayIso(), taxes: await getTaxRates(), siteTerms: await siteTermsForEditor() };
}

type PackageEditorActionData = EditorActionResult;

/**
 * The editor's action: create, save, delete, and the intents that leave the
 * live package alone (draft changes, schedules: runDocumentIntent). Success
 * redirects with a notice (post/redirect/get); a refused save returns field
 * errors (400) or a conflict (409) and the form keeps every typed value.
 */
export async function handlePackageEditorAction(request: Request, viewer: Viewer, id: number | null, ip?: string) {
  const formData = await request.formData();
  return keepSentValuesOnFailure(
    "saving a package",
    () => packageValuesFromFields(sentFields(formData)),
    () => packageEditorAction(formData, viewer, id, ip),
  );
}

async function packageEditorAction(formData: FormData, viewer: Viewer, id: number | null, ip?: string) {
  const ctx = { viewer, ip };
  const editor = readEditorRequest(formData);
  if (editor.intent === "delete" && id !== null) {
    const row = await getPackage(String(id), { includeDrafts: true });
    if (!row) throw data(null, { status: 404 });
    if (String(formData.get("confirmTitle") ?? "").trim() !== row.title) {
      return redirectWithNotice(`/admin/packages/${id}`, { kind: "error", message: "Package name did not match. Deletion cancelled." });
    }
    const deleted = await deletePackage(id, ctx);
    // A package with live bookings stays (ADR 088): the notice says why.
    if (deleted && !deleted.ok && "fields" in deleted)
      return redirectWithNotice(`/admin/packages/${id}`, { kind: "error", message: Object.values(deleted.fields)[0]! });
    return redirectWithNotice("/admin/packages", { kind: "success", message: "Package deleted successfully!" });
  }
  if (id !== null && (editor.intent === "discard-draft" || editor.intent === "unschedule")) {
    return (await runDocumentIntent(packageDocuments, id, editor, () => null, ctx, { live: false, editorPath: `/admin/packages/${id}` }))!;
  }

  if (formData.get("intent") === "duplicate" && id !== null) {
    const copy = await duplicatePackage(id, ctx);
    if (!copy) throw data(null, { status: 404 });
    if (!copy.ok) return redirectWithNotice(`/admin/packages/${id}`, { kind: "error", message: FAILED_NOTICE });
    return redirectWithNotice(`/admin/packages/${copy.row.id}`, {
      kind: "success",
      message: `Draft copy made: you are now editing “${copy.row.title}”.`,
    });
  }

  const submission = parseWithZod(formData, { schema: packageInputSchema });
  const alts = parseWithZod(formData, { schema: imageAltsInputSchema });
  if (submission.status !== "success" || alts.status !== "success") {
    const errors = { ...(submission.status === "success" ? {} : submission.reply().error), ...(alts.status === "success" ? {} : alts.reply().error) };
    return data<PackageEditorActionData>({ errors, notice: FAILED_NOTICE }, { status: 400 });
  }
  if (id !== null && editor.intent !== "save") {
    const live = await getPackage(String(id), { includeDrafts: true });
    if (!live) throw data(null, { status: 404 });
    const editorPath = `/admin/packages/${id}`;
    const answer = await runDocumentIntent(packageDocuments, id, editor, () => submission.value, ctx, { live: live.status === "published", editorPath });
    if (answer) return answer;
  }
  const imageAlts = alts.value.imageAlts;
  const result =
    id === null
      ? await createPackage(submission.value, ctx, { imageAlts })
      : await updatePackage(id, submission.value, ctx, { ...editor.options, clearDraft: true, imageAlts });
  if (!result) throw data(null, { status: 404 });
  if (!result.ok) return refusal(result, editor.intent)!;
  // Back on the section the save was made from (the editor posts which one is open).
  const section = String(formData.get("section") ?? "");
  const fragment = section !== "basics" && PACKAGE_SECTIONS.some((known) => known.id === section) ? `#${section}` : "";
  return redirectWithNotice(`/admin/packages/${result.row.id}${fragment}`, {
    kind: "success",
    message: id === null ? "Package created successfully!" : "Package updated successfully!",
  });
}
