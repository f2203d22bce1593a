/**
 * What a brochure says, worked out from the package as its page shows it
 * (ADR 042): plain strings, formatted the way the site formats them, so the
 * PDF writer only lays them out and the wording is tested without a PDF.
 */
import { formatPhone } from "~/lib/phone";
import type { MediaView } from "~/lib/media";
import type { PackageDetail, PackageTerm, PriceOptionView } from "~/lib/package-view-model";
import type { PriceLine } from "~/lib/price";

/** The agency's contacts, as the site settings hold them. */
export type BrochureAgency = {
  brandName: string;
  tagline: string;
  phone: string;
  email: string;
  /** E.164 ("+919876543210"): shown formatted. */
  whatsappNumber: string;
  address: string;
};

export type BrochureContent = {
  title: string;
  country: string;
  duration: string;
  cover: MediaView | null;
  /** "★ 4.8 · 126 reviews", or null for a package without reviews. */
  rating: string | null;
  /** "12 Mar 2027", or "Dates Coming Soon". */
  nextDeparture: string;
  paragraphs: string[];
  /** "₹21,500": the lowest price anyone pays. */
  priceFrom: string;
  priceLines: PriceLine[];
  priceOptions: PriceOptionView[];
  /** "All prices in Indian rupees, + 5% GST + 5% TCS." */
  taxNote: string;
  highlights: string[];
  included: string[];
  excluded: string[];
  /** Sorted by day (stored order is not trusted). */
  days: { label: string; title: string; description: string; photo: MediaView | null }[];
  departures: { name: string; dates: string }[];
  /** The clauses but the refund rule's. */
  terms: PackageTerm[];
  /** The refund rule, in a box before the other clauses: what travellers ask first. */
  refundRule: PackageTerm | null;
  contacts: { label: string; value: string; href: string }[];
  agency: BrochureAgency;
  /** The package page, tagged so the agency sees visits that came from a brochure. */
  packageUrl: string;
  metadata: { title: string; author: string; subject: string; keywords: string };
  fileName: string;
};

/** "919876543210" or "+919876543210" -> "+91 98765 43210"; "" for none. */
export function whatsappText(number: string): string {
  const digits = number.replace(/\D/g, "");
  return digits ? formatPhone(`+${digits}`) : "";
}

/** "★ 4.8 · 126 reviews"; "★ 5 · 1 review"; null without reviews. */
export function ratingText(stars: number, reviews: number): string | null {
  if (reviews <= 0 || stars <= 0) return null;
  const shown = Number.isInteger(stars) ? String(stars) : stars.toFixed(1);
  return `★ ${shown} · ${reviews} ${reviews === 1 ? "review" : "reviews"}`;
}

/** "All prices in Indian rupees, + 5% GST + 5% TCS." (no taxes: "All prices in Indian rupees."). */
export function brochureTaxNote(taxNote: string): string {
  return taxNote ? `All prices in Indian rupees, ${taxNote}.` : "All prices in Indian rupees.";
}

/** "pravas-bali-brochure.pdf": letters, digits and dashes only (a safe Content-Disposition name). */
export function brochureFileName(brandName: string, slug: string): string {
  const part = (value: string) =>
    value
      .normalize("NFKD")
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, "-")
      .replace(/^-+|-+$/g, "");
  return [part(brandName), part(slug), "brochure"].filter(Boolean).join("-") + ".pdf";
}

/** The package page with `?utm_source=brochure` (the page cache ignores tracking tags). */
export function brochurePackageUrl(siteUrl: string, slug: string): string {
  const url = new URL(`/packages/${encodeURIComponent(slug)}`, siteUrl);
  url.searchParams.set("utm_source", "brochure");
  url.searchParams.set("utm_medium", "pdf");
  return url.toString();
}

/**
 * The refund rule for its box, and the other clauses: the clause that states
 * the rule (or, failing that, the clause about refunds) is printed once, in
 * the box. Terms without one still get the site's rule.
 */
export function splitRefundRule(terms: readonly PackageTerm[], refundRule: string | undefined): { refundRule: PackageTerm | null; others: PackageTerm[] } {
  const rule = refundRule?.trim();
  const clause = (rule ? terms.find((term) => term.text.includes(rule)) : undefined) ?? terms.find((term) => /refund/i.test(term.title));
  const others = terms.filter((term) => term !== clause);
  if (clause) return { refundRule: clause, others };
  return { refundRule: rule ? { title: "Cancellation and refunds", text: rule } : null, others };
}

/** Everything the brochure says, from the package page's data, the terms and the agency. */
export function brochureContent(input: {
  pkg: PackageDetail;
  terms: readonly PackageTerm[];
  /** The site's refund rule (ADR 044), printed in its own box. */
  refundRule?: string;
  agency: BrochureAgency;
  siteUrl: string;
}): BrochureContent {
  const { pkg, terms, agency, siteUrl } = input;
  const { refundRule, others } = splitRefundRule(terms, input.refundRule);
  const whatsapp = whatsappText(agency.whatsappNumber);
  const contacts = [
    agency.phone ? { label: "Phone", value: agency.phone, href: `tel:${agency.phone.replace(/[^\d+]/g, "")}` } : null,
    whatsapp ? { label: "WhatsApp", value: whatsapp, href: `https://wa.me/${agency.whatsappNumber.replace(/\D/g, "")}` } : null,
    agency.email ? { label: "E-mail", value: agency.email, href: `mailto:${agency.email}` } : null,
  ].filter((contact): contact is { label: string; value: string; href: string } => contact !== null);
  const author = agency.brandName || "Pravas";
  return {
    title: pkg.title,
    country: pkg.country,
    duration: pkg.duration,
    cover: pkg.thumbnail,
    rating: ratingText(pkg.rating.stars, pkg.rating.reviews),
    nextDeparture: pkg.nextDate ?? "Dates Coming Soon",
    paragraphs: pkg.paragraphs,
    priceFrom: pkg.price.from,
    priceLines: pkg.price.lines,
    priceOptions: pkg.price.options,
    taxNote: brochureTaxNote(pkg.price.taxNote),
    highlights: pkg.highlights.filter((text) => text.trim()),
    included: pkg.included.filter((text) => text.trim()),
    excluded: pkg.excluded.filter((text) => text.trim()),
    days: [...pkg.itinerary]
      .sort((a, b) => a.day - b.day)
      .map((day) => ({ label: `Day ${day.day}`, title: day.title, description: day.description, photo: day.photo })),
    departures: pkg.departures.map((departure) => ({ name: departure.name, dates: departure.dates })),
    terms: others,
    refundRule,
    contacts,
    agency,
    packageUrl: brochurePackageUrl(siteUrl, pkg.slug),
    metadata: {
      title: `${pkg.title} (${pkg.duration}) | ${author}`,
      author,
      subject: [pkg.title, pkg.country, pkg.duration, `from ${pkg.price.from}`].filter(Boolean).join(" – "),
      keywords: [pkg.country, pkg.title, "tour package", "brochure"].filter(Boolean).join(", "),
    },
    fileName: brochureFileName(author, pkg.slug),
  };
}
