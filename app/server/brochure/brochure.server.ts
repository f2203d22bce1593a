/**
 * Brochures made from the live package (ADR 042): GET /packages/{slug}/brochure.pdf.
 * Published packages are rendered once per content version and day and kept
 * in memory; a staff member's draft or draft-changes preview is rendered for
 * them alone, each time.
 */
import { currentContentVersion } from "~/server/cache/content-version.server";
import type { PackageRow } from "~/server/db/schema.server";
import { getEnv } from "~/server/env.server";
import { getLogger } from "~/server/logger.server";
import { toPackageDetail } from "~/server/package/package-detail.server";
import { getSiteSettings } from "~/server/settings/settings.server";
import { todayIso } from "~/lib/tour-format";
import { lowestPrice } from "~/lib/price";
import { BrochureCache, type RenderedBrochure } from "./brochure-cache.server";
import { brochureContent, canMakeBrochure } from "./brochure-content.server";
import { PrintImages } from "./brochure-images.server";
import { COVER_IMAGE, DAY_IMAGE, renderBrochurePdf, warmUpPdfWriter } from "./brochure-pdf.server";
import { brochureTerms } from "./brochure-terms.server";

export type BrochureAnswer =
  | { kind: "pdf"; brochure: RenderedBrochure; from: "hit" | "render" | "shared" | "preview"; etag: string | null }
  | { kind: "unavailable" }
  | { kind: "failed" };

/** What a kept brochure is valid for: the content version (the row, per request, on PostgreSQL) and the day (departures move on). */
export async function currentBrochureVersion(today: string = todayIso()): Promise<string> {
  return `${await currentContentVersion()}-${today}`;
}

/** The answer's headers, the same from the route and from the server's fast path. */
export function brochureHeaders(brochure: RenderedBrochure, from: string, etag: string | null): Record<string, string> {
  return {
    "Content-Type": "application/pdf",
    "Content-Disposition": `inline; filename="${brochure.fileName}"`,
    // Published: every request asks again (a version read), so no copy outlives a write.
    "Cache-Control": etag ? "public, no-cache" : "private, no-store",
    "X-Brochure-Cache": from,
    "X-Content-Type-Options": "nosniff",
    ...(etag ? { ETag: etag } : {}),
  };
}

export const brochureEtag = (slug: string, id: string) => `"brochure-${slug}-${id}"`;

/** The brochure service of one server process: the cache and the print-size photos (load context). */
export class BrochureService {
  readonly cache: BrochureCache;
  private readonly images = new PrintImages();

  private readonly renderPdf: typeof renderBrochurePdf;

  constructor(options: { maxBytes?: number; renderPdf?: typeof renderBrochurePdf } = {}) {
    this.cache = new BrochureCache(options.maxBytes);
    this.renderPdf = options.renderPdf ?? renderBrochurePdf;
  }

  /** Loads the fonts and the writer's code soon after boot, once, off the request path. */
  warmUp(delayMs = 1500): void {
    setTimeout(() => {
      warmUpPdfWriter().catch((error: unknown) => getLogger().warn({ err: error }, "brochure writer warm-up failed"));
    }, delayMs).unref();
  }

  /** The brochure of a package as the request may see it; never throws for a renderer failure. */
  async answer(row: PackageRow): Promise<BrochureAnswer> {
    if (!canMakeBrochure({ title: row.title, priceFrom: lowestPrice(row.price, row.priceOptions) })) return { kind: "unavailable" };
    const today = todayIso();
    if (row.status !== "published") {
      // A draft, or draft changes: for the staff member asking, never kept.
      const brochure = await this.renderLogged(row, today);
      return brochure ? { kind: "pdf", brochure, from: "preview", etag: null } : { kind: "failed" };
    }
    const id = await currentBrochureVersion(today);
    try {
      const { brochure, from } = await this.cache.get(row.id, id, () => this.render(row, today));
      return { kind: "pdf", brochure, from, etag: brochureEtag(row.slug, id) };
    } catch {
      // Logged once, by the render every waiting request shared.
      return { kind: "failed" };
    }
  }

  private async renderLogged(row: PackageRow, today: string): Promise<RenderedBrochure | null> {
    try {
      return await this.render(row, today);
    } catch {
      return null;
    }
  }

  /** One render: the package page's data, the terms, the settings, the photos; then the PDF. */
  private async render(row: PackageRow, today: string): Promise<RenderedBrochure> {
    try {
      const [pkg, settings, { terms, refundRule }] = await Promise.all([toPackageDetail(row, today), getSiteSettings(), brochureTerms(row)]);
      const content = brochureContent({
        pkg,
        terms,
        refundRule,
        siteUrl: getEnv().SITE_URL,
        agency: {
          brandName: settings.brandName,
          tagline: settings.tagline,
          phone: settings.phonePrimary,
          email: settings.email,
          whatsappNumber: settings.whatsappNumber,
          address: settings.address,
        },
      });
      const [cover, ...days] = await Promise.all([this.images.get(content.cover, COVER_IMAGE), ...content.days.map((day) => this.images.get(day.photo, DAY_IMAGE))]);
      const pdf = await this.renderPdf(content, { cover: cover ?? null, days });
      return { pdf, fileName: content.fileName, title: content.title, slug: row.slug };
    } catch (error) {
      getLogger().error({ err: error, packageId: row.id, slug: row.slug }, "brochure could not be rendered");
      throw error;
    }
  }
}
