import { fromPrice } from "~/lib/price";
import type { PackageRow } from "~/server/db/schema.server";
import { canMakeBrochure } from "./brochure-content.server";

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
