import { formatInr, type TaxRates } from "./price";
import type { PackageSnapshot } from "./package-snapshot";
import { percentText, staleTaxRates } from "./package-text";

const SHORT_MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];

/**
 * "2027-03-12" → "12 Mar 2027", as a calendar date: tour-format's
 * formatTourDate in the same words (a test keeps them equal). A copy on
 * purpose: importing that one into the editor moved it into a chunk every
 * public page loads.
 */
export function formatIsoDay(iso: string): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(iso);
  const month = match ? Number(match[2]) : 0;
  return match && month >= 1 && month <= 12 ? `${Number(match[3])} ${SHORT_MONTHS[month - 1]} ${match[1]}` : iso;
}

/** The package editor's sections, in order; the id is also the address's #fragment. */
export const PACKAGE_SECTIONS = [
  { id: "basics", title: "Basics" },
  { id: "prices", title: "Prices" },
  { id: "highlights", title: "Highlights & inclusions" },
  { id: "itinerary", title: "Itinerary" },
  { id: "departures", title: "Departures" },
  { id: "photos", title: "Photos" },
  { id: "brochure", title: "Brochure" },
  { id: "terms", title: "Terms" },
  { id: "reviews", title: "Reviews" },
  { id: "seo", title: "SEO & publishing" },
] as const;

export type PackageSectionId = (typeof PACKAGE_SECTIONS)[number]["id"];

const FIELD_SECTIONS: [RegExp, PackageSectionId][] = [
  [/^(price|priceOptions|paymentTerms|taxScheme|overseas)\b/, "prices"],
  [/^(highlights|included|excluded)\b/, "highlights"],
  [/^itinerary\b/, "itinerary"],
  [/^groupDates\b/, "departures"],
  [/^(thumbnail|gallery|imageAlts)\b/, "photos"],
  [/^brochureUrl$/, "brochure"],
  [/^termsOverride\b/, "terms"],
  [/^(ratingStars|ratingCount|reviews)\b/, "reviews"],
  [/^(seoTitle|seoDescription|status|sortOrder|featured)$/, "seo"],
];

/** The section holding a field, by its form name (e.g. "itinerary[2].title" → itinerary). */
export function sectionOfField(name: string): PackageSectionId {
  return FIELD_SECTIONS.find(([pattern]) => pattern.test(name))?.[1] ?? "basics";
}

/** A consistency warning: it never blocks a save; "Fix" opens `section` and focuses the field whose id is `field`. */
export type PackageWarning = {
  id: string;
  section: PackageSectionId;
  field: string;
  message: string;
};

const RUPEE_AMOUNT = /(?:₹|\bRs\.?|\bINR)\s?(\d(?:[\d,]*\d)?)/gi;

/** Rupee amounts a text states ("From ₹99,500", "Rs. 85000"). */
export function statedPrices(text: string): number[] {
  return [...text.matchAll(RUPEE_AMOUNT)].map((match) => Number(match[1]!.replaceAll(",", ""))).filter((value) => value > 0);
}

/** The amounts a hand-written SEO description states that are no longer a price of the package. */
export function stalePrices(text: string, prices: number[]): number[] {
  if (prices.length === 0) return [];
  return [...new Set(statedPrices(text).filter((stated) => !prices.includes(stated)))];
}

/**
 * "Update the price in it" (issue 49): each stale amount the text states
 * becomes the current "from" price, written as the text wrote it ("₹99,500"
 * or "Rs. 99500" → "₹1,04,500" / "Rs. 1,04,500").
 */
export function withCurrentPrice(text: string, prices: number[], fromPrice: number): string {
  if (fromPrice <= 0) return text;
  const stale = new Set(stalePrices(text, prices));
  return text.replace(RUPEE_AMOUNT, (whole, digits: string) => {
    if (!stale.has(Number(digits.replaceAll(",", "")))) return whole;
    return whole.replace(digits, formatInr(fromPrice).replace("₹", ""));
  });
}

const plural = (count: number, one: string, many = `${one}s`) => `${count} ${count === 1 ? one : many}`;

/**
 * The checks the editor shows before saving (issue 20): the duration against
 * the itinerary, a hand-written SEO description stating a price the package no
 * longer has, departures already in the past, photos without alt text. `today`
 * is an ISO date in Indian time.
 */
export function packageWarnings(snapshot: PackageSnapshot, today: string, taxes: TaxRates): PackageWarning[] {
  const warnings: PackageWarning[] = [];
  const { days, nights, itineraryDays } = snapshot;
  if (itineraryDays > 0 && days !== null && days !== itineraryDays) {
    warnings.push({
      id: "days-itinerary",
      section: "basics",
      field: "days",
      message: `The package says ${plural(days, "day")}, but the itinerary has ${plural(itineraryDays, "day")}.`,
    });
  }
  if (days !== null && nights !== null && (nights > days || nights < days - 2)) {
    warnings.push({
      id: "nights-days",
      section: "basics",
      field: "nights",
      message: `${plural(nights, "night")} for ${plural(days, "day")}: a trip of ${plural(days, "day")} usually has ${plural(Math.max(days - 1, 0), "night")}.`,
    });
  }
  warnings.push(...taxRateWarnings(snapshot, taxes));
  if (snapshot.seoDescription.trim() !== "") {
    const stale = stalePrices(snapshot.seoDescription, snapshot.prices);
    if (stale.length > 0) {
      warnings.push({
        id: "seo-price",
        section: "seo",
        field: "seoDescription",
        message: `The SEO description says ${stale.map(formatInr).join(", ")}, which is no longer a price of this package: “Update the price in it”, or write {price}.`,
      });
    }
  }
  const past = snapshot.departures.filter((departure) => departure.start !== "" && departure.start < today);
  if (past.length > 0) {
    const first = past[0]!;
    warnings.push({
      id: "departures-past",
      section: "departures",
      field: `groupDates[${first.index}].start`,
      message:
        past.length === 1
          ? `Departure ${first.index + 1}${first.name ? ` (${first.name})` : ""} started on ${formatIsoDay(first.start)}, in the past: the website no longer shows it.`
          : `${past.length} departures are in the past: the website no longer shows them.`,
    });
  }
  const withoutAlt = photosWithoutAlt(snapshot);
  if (withoutAlt.length > 0) {
    warnings.push({
      id: "photos-alt",
      section: "photos",
      field: `${withoutAlt[0]!.field}-alt`,
      message: `${plural(withoutAlt.length, "photo")} without alt text: people who cannot see ${withoutAlt.length === 1 ? "it" : "them"} are told nothing.`,
    });
  }
  return warnings;
}

/**
 * Free text that states a tax rate the settings no longer have ("5% TCS" when
 * TCS is 2%, issue 49): one warning per field, pointing at it; {gst} and
 * {tcs} always say the current rate.
 */
function taxRateWarnings(snapshot: PackageSnapshot, taxes: TaxRates): PackageWarning[] {
  return snapshot.texts.flatMap(({ field, label, text }) => {
    const stale = staleTaxRates(text, taxes);
    if (stale.length === 0) return [];
    const current = `${percentText(taxes.gstPercent)} ${taxes.gstLabel} and ${percentText(taxes.tcsPercent)} ${taxes.tcsLabel}`;
    return [
      {
        id: `tax-rate-${field}`,
        section: sectionOfField(field),
        field,
        message: `${label} says ${stale.map((rate) => `“${rate}”`).join(" and ")}, but the settings say ${current}: write {gst} or {tcs} to show the current rate.`,
      },
    ];
  });
}

/** Photos (thumbnail, gallery) whose alt text is empty; one media file counts once. */
function photosWithoutAlt(snapshot: PackageSnapshot) {
  const seen = new Set<string>();
  return snapshot.photos.filter((photo) => {
    if (photo.key === "" || seen.has(photo.key)) return false;
    seen.add(photo.key);
    return photo.alt.trim() === "";
  });
}

/** A section's badge in the navigation: a count, or a warning when the section has one. */
export type SectionBadge = { text: string; warning: boolean };

export function sectionBadges(snapshot: PackageSnapshot, warnings: PackageWarning[], today: string): Record<PackageSectionId, SectionBadge> {
  const warned = (section: PackageSectionId) => warnings.filter((warning) => warning.section === section).length;
  const count = (text: string): SectionBadge => ({ text, warning: false });
  const photosMissingAlt = photosWithoutAlt(snapshot).length;
  const pastDepartures = snapshot.departures.filter((departure) => departure.start !== "" && departure.start < today).length;
  const lowest = snapshot.fromPrice;
  const uniquePhotos = new Set(snapshot.photos.map((photo) => photo.key)).size;
  return {
    basics:
      warned("basics") > 0
        ? { text: plural(warned("basics"), "check"), warning: true }
        : count(snapshot.days !== null ? plural(snapshot.days, "day") : "No duration"),
    prices: count(lowest > 0 ? `From ${formatInr(lowest)}` : "No price"),
    highlights:
      warned("highlights") > 0 ? { text: "Old tax rate", warning: true } : count(plural(snapshot.highlights + snapshot.included + snapshot.excluded, "line")),
    itinerary: warned("itinerary") > 0 ? { text: "Old tax rate", warning: true } : count(plural(snapshot.itineraryDays, "day")),
    departures: pastDepartures > 0 ? { text: `${pastDepartures} in the past`, warning: true } : count(plural(snapshot.departures.length, "departure")),
    photos: photosMissingAlt > 0 ? { text: `${photosMissingAlt} without alt text`, warning: true } : count(plural(uniquePhotos, "photo")),
    // An uploaded PDF, else the one made from the package (ADR 042), which needs a price.
    brochure: count(snapshot.brochure ? "Uploaded PDF" : lowest > 0 ? "Generated" : "None"),
    terms: count(snapshot.ownTerms ? "Own" : "Site-wide"),
    reviews: count(plural(snapshot.reviews, "review")),
    seo: warned("seo") > 0 ? { text: "Price out of date", warning: true } : count(snapshot.status === "published" ? "Published" : "Draft"),
  };
}
