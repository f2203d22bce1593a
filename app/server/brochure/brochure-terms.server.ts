import type { PackageRow } from "~/server/db/schema.server";
import { getDb } from "~/server/db/db.server";
import { getSiteTerms, resolvePackageTerms, type PackageTerm } from "~/server/package/package-terms.server";
import { getTaxRates } from "~/server/settings/settings.server";

/**
 * The terms a package's brochure prints, as its Terms tab shows them: its own
 * or the site's (ADR 044), with the refund rule and the tax rates put in; and
 * the site's refund rule, which the brochure repeats in a box. The one place
 * the brochure reads terms from.
 */
export async function brochureTerms(row: Pick<PackageRow, "termsOverride">): Promise<{ terms: readonly PackageTerm[]; refundRule: string }> {
  const [site, taxes] = await Promise.all([getSiteTerms(getDb()), getTaxRates()]);
  return { terms: resolvePackageTerms(site, row.termsOverride, taxes).terms, refundRule: site.refundRule };
}
