import { fromPrice } from "~/lib/price";
import type { PackageRow } from "~/server/db/schema.server";

/**
 * Whether a brochure can be made: it needs a title and a price. A package
 * being written (a preview without them) has none: the page says
 * 'Brochure link not available' (spec §8).
 */
export function canMakeBrochure(pkg: { title: string; priceFrom: number }): boolean {
  return pkg.title.trim().length > 0 && pkg.priceFrom > 0;
}

/** Where a package's "Download Brochure" goes: its uploaded PDF, else the generated one, else nowhere. */
export function brochureHref(row: Pick<PackageRow, "slug" | "title" | "brochureUrl" | "price" | "priceOptions">): string | null {
  if (isUploadedBrochure(row.brochureUrl)) return row.brochureUrl;
  if (!canMakeBrochure({ title: row.title, priceFrom: fromPrice(row.price, row.priceOptions) })) return null;
  return `/packages/${encodeURIComponent(row.slug)}/brochure.pdf`;
}

/**
 * An uploaded PDF (media storage) overrides the generated brochure. The old
 * shipped files (/brochures/bali.pdf) are gone: such a stored address now
 * means the generated one (it redirects there too).
 */
export function isUploadedBrochure(url: string | null | undefined): url is string {
  return typeof url === "string" && url.startsWith("/media/brochures/");
}
