import { draftToPreview } from "~/server/content/preview.server";
import type { PackageRow } from "~/server/db/schema.server";
import { parsePackageInput, toPackageValues } from "./package-input.server";

/** The package as its draft changes would show it, for staff at `?preview=changes`; else as it is. */
export async function withDraftChanges(request: Request, row: PackageRow): Promise<PackageRow> {
  const draft = await draftToPreview(request, "package", row.id);
  const parsed = draft ? parsePackageInput(draft) : null;
  if (!parsed?.ok) return row;
  // At its live address, marked as a draft: the Draft preview banner, noindex, no view counted.
  return { ...row, ...toPackageValues(parsed.input, row.slug), status: "draft" };
}
