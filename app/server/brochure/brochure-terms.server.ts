import type { PackageRow } from "~/server/db/schema.server";
import { PACKAGE_TERMS, type PackageTerm } from "~/server/package/package-terms.server";

/**
 * The terms a package's brochure prints: today the site-wide clauses of the
 * Terms tab. The one place to change when terms become editable (site-wide,
 * with a package's own override): the brochure takes whatever this returns.
 */
export async function brochureTerms(_row: Pick<PackageRow, "id">): Promise<readonly PackageTerm[]> {
  return PACKAGE_TERMS;
}
