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
import { fromPrice } from "~/lib/price";
import { BrochureCache, type BrochureSource, type RenderedBrochure } from "./brochure-cache.server";
import { brochureContent } from "./brochure-content.server";
import { canMakeBrochure } from "~/server/package/brochure-link.server";
import { PrintImages } from "./brochure-images.server";
import { COVER_IMAGE, DAY_IMAGE, type renderBrochurePdf } from "./brochure-pdf.server";
import { BrochureRenderThread } from "./brochure-render-thread.server";
import { brochureTerms } from "./brochure-terms.server";
import { DEFAULT_REFUND_RULE, PACKAGE_TERMS } from "~/server/package/package-terms.server";

type BrochureAnswer =
  | { kind: "pdf"; brochure: RenderedBrochure; from: BrochureSource | "preview"; etag: string | null }
  | { kind: "unavailable" }
  | { kind: "failed" };

/** What a kept brochure is valid for: the content version (the row, per request, on PostgreSQL) and the day (departures move on). */
async function currentBrochureVersion(today: string = todayIso()): Promise<string> {
  return brochureVersion(await currentContentVersion(), today);
}

/** The key a brochure is kept under: a content version (as `currentContentVersion` reads it) and a day. */
export const brochureVersion = (contentVersion: number, today: string = todayIso()) => `${contentVersion}-${today}`;

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

  constructor(options: { maxBytes?: number; previousAfterMs?: number; renderPdf?: typeof renderBrochurePdf } = {}) {
    this.cache = new BrochureCache(options.maxBytes, options.previousAfterMs);
    // Off the event loop: a long layout no longer holds every other request (issue 44 finding 10).
    this.renderPdf = options.renderPdf ?? ((content, images) => this.thread.render(content, images));
  }

  private readonly thread = new BrochureRenderThread();

  /** Ends the render thread (tests; the process's exit ends it anyway). */
  close(): Promise<void> {
    return this.thread.close();
  }

  /**
   * Soon after boot, off the request path: lays out a made-up brochure twice
   * where brochures are made (the render thread: it loads the fonts and the JIT
   * compiles the layout code), before the first traveller's download (the
   * first render costs about five times a later one otherwise).
   */
  warmUp(delayMs = 1000): void {
    setTimeout(() => {
      (async () => {
        const content = sampleBrochure();
        for (let i = 0; i < 2; i++) await this.renderPdf(content, { cover: null, days: [] });
      })().catch((error: unknown) => getLogger().warn({ err: error }, "brochure writer warm-up failed"));
    }, delayMs).unref();
  }

  /** The brochure of a package as the request may see it; never throws for a renderer failure. */
  async answer(row: PackageRow): Promise<BrochureAnswer> {
    if (!canMakeBrochure({ title: row.title, priceFrom: fromPrice(row.price, row.priceOptions) })) return { kind: "unavailable" };
    const today = todayIso();
    if (row.status !== "published") {
      // A draft, or draft changes: for the staff member asking, never kept.
      const brochure = await this.renderLogged(row, today);
      return brochure ? { kind: "pdf", brochure, from: "preview", etag: null } : { kind: "failed" };
    }
    const id = await currentBrochureVersion(today);
    try {
      // A slow render answers the previous brochure meanwhile, under that brochure's own ETag.
      const { brochure, from, id: madeFor } = await this.cache.get(row.id, id, () => this.render(row, today));
      return { kind: "pdf", brochure, from, etag: brochureEtag(row.slug, madeFor) };
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
      const [cover, ...days] = await Promise.all([
        this.images.get(content.cover, COVER_IMAGE),
        ...content.days.map((day) => this.images.get(day.photo, DAY_IMAGE)),
      ]);
      const pdf = await this.renderPdf(content, { cover: cover ?? null, days });
      return { pdf, fileName: content.fileName, title: content.title, slug: row.slug };
    } catch (error) {
      getLogger().error({ err: error, packageId: row.id, slug: row.slug }, "brochure could not be rendered");
      throw error;
    }
  }
}

/** A made-up brochure with every part (the warm-up's). */
export function sampleBrochure() {
  const text = "A day of temples, rice terraces and the beach, with time to rest in the afternoon and dinner together in the evening.";
  const hotels = [1, 2, 3].map((n) => ({ destination: `Town ${n}`, nights: n, hotel: "A hotel or similar", roomType: "Deluxe Room", mealPlan: "Breakfast" }));
  return brochureContent({
    pkg: {
      id: 0,
      slug: "sample",
      title: "Sample Tour – Seven Days",
      country: "India",
      region: "national",
      draft: false,
      duration: "7 Days / 6 Nights",
      description: text,
      paragraphs: [text, text, text],
      rating: { stars: 4.8, reviews: 120 },
      thumbnail: null,
      gallery: [],
      itinerary: [1, 2, 3, 4, 5, 6, 7].map((day) => ({ day, title: `Day ${day} sights`, description: `${text} ${text}`, photo: null })),
      departures: [
        {
          id: null,
          name: "Batch A",
          start: "12 Dec 2026",
          end: "18 Dec 2026",
          dates: "12 Dec 2026 – 18 Dec 2026",
          seats: null,
          seatsLeft: null,
          requestable: false,
        },
      ],
      nextDate: "12 Dec 2026",
      features: [],
      highlights: [text, text, text],
      included: [text, text, text],
      excluded: [text, text],
      price: {
        taxNote: "+ 5% GST",
        from: "₹77,500",
        lines: [{ label: "Adult", amount: "₹1,04,500", unit: "per adult" }],
        options: [{ label: "Option 1", amount: "₹27,400", unit: "per person", hotels }],
      },
      brochureUrl: null,
      reviews: [],
      seo: { title: "", description: "", image: null, imageAlt: "", offers: [] },
    },
    terms: PACKAGE_TERMS,
    refundRule: DEFAULT_REFUND_RULE,
    siteUrl: "https://example.com",
    agency: { brandName: "Pravas", tagline: "", phone: "+91 98765 43210", email: "hello@example.com", whatsappNumber: "+919876543210", address: "Pune" },
  });
}
