/**
 * The package page's Terms tab (spec §2, §9) and the side card's convenience
 * list. The team edits the site-wide ones on /admin/site/terms and may give a
 * package its own (ADR 044); the wording here is the first-start default, used
 * until the first save, as environment variables are for the settings.
 */
import { eq } from "drizzle-orm";
import { fillTermText, type PackageTermsOverride, type SiteTermsInput } from "~/lib/package-terms-schema";
import type { PackageTerm } from "~/lib/package-view-model";
import type { TaxRates } from "~/lib/price";
import { getDb, type Db } from "~/server/db/db.server";
import { siteSettings } from "~/server/db/schema.server";
import { getTaxRates } from "~/server/settings/settings.server";

export type { PackageTerm };

/** The refund rule every clause that says {refund} shows. */
export const DEFAULT_REFUND_RULE =
  "If you cancel more than 30 days before departure, 90% of the tour cost is refunded. If you cancel 15 to 30 days before departure, 50% is refunded. Cancellations made less than 15 days before departure are not refunded.";

export const PACKAGE_TERMS: readonly PackageTerm[] = [
  {
    title: "Booking confirmation",
    text: "A booking is confirmed only after full payment of the tour cost has been received. Until then, seats, flights and hotel rooms are held subject to availability and may be released.",
  },
  {
    title: "Cancellation and refunds",
    text: "{refund}",
  },
  {
    title: "Prices and taxes",
    text: "Prices are per person in Indian rupees. {gst} is added to every package, and {tcs} is collected on international packages as required by Indian income-tax rules; TCS can be claimed against your income tax.",
  },
  {
    title: "Price changes",
    text: "Until full payment is made, prices may change because of airfare, exchange-rate, fuel or government tax changes. We tell you about any change before you pay, and you may cancel without charge if you do not accept it.",
  },
  {
    title: "Passports, visas and documents",
    text: "Travellers on international tours need a passport valid for at least six months from the return date. We assist with visa applications, but the decision rests with the embassy, and visa fees are not refundable if a visa is refused.",
  },
  {
    title: "Hotels and rooms",
    text: "Hotels named in the itinerary may be replaced by hotels of a similar standard. Rooms are on a twin-sharing basis; standard check-in and check-out times apply, and early check-in or late check-out depends on the hotel.",
  },
  {
    title: "Changes to the itinerary",
    text: "The order of sightseeing may change because of weather, traffic, local holidays or closures. We replace any visit that cannot take place with a comparable one wherever possible; unused services are not refunded.",
  },
  {
    title: "Health, safety and conduct",
    text: "Please tell us about any medical condition, mobility need or dietary requirement when you book. Travellers follow the guidance of the tour manager and local guides, and we may exclude anyone whose behaviour endangers or disturbs the group.",
  },
  {
    title: "Travel insurance",
    text: "We strongly recommend travel insurance covering medical care, trip cancellation and lost baggage. Unless an inclusion says otherwise, insurance is not part of the package price.",
  },
  {
    title: "Responsibility and disputes",
    text: "We are not liable for delays, losses or extra costs caused by airlines, hotels, strikes, natural events or other circumstances beyond our control. Any dispute is subject to the jurisdiction of the courts in Pune, India.",
  },
];

/** The side card's fixed list of what booking with the agency takes care of. */
const BOOKING_CONVENIENCES: readonly string[] = [
  "Handpicked hotels and comfortable transfers",
  "Experienced tour managers and local guides",
  "Visa and travel-document assistance",
  "Transparent prices with no hidden costs",
  "Support on call and WhatsApp throughout your trip",
];

/** The site-wide terms as stored, or the first-start wording before the first save. */
export async function getSiteTerms(db: Db): Promise<SiteTermsInput> {
  const [row] = await db
    .select({ clauses: siteSettings.packageTerms, conveniences: siteSettings.bookingConveniences, refundRule: siteSettings.refundRule })
    .from(siteSettings)
    .where(eq(siteSettings.id, 1));
  return {
    refundRule: row?.refundRule ?? DEFAULT_REFUND_RULE,
    clauses: row?.clauses ?? [...PACKAGE_TERMS],
    conveniences: row?.conveniences ?? [...BOOKING_CONVENIENCES],
  };
}

/** A package's terms and convenience list as its page and brochure show them: its own, or the site's, with the rule and rates put in. */
export function resolvePackageTerms(site: SiteTermsInput, override: PackageTermsOverride | null | undefined, taxes: TaxRates) {
  const own = override ?? site;
  return {
    terms: own.clauses.map((clause) => ({ title: clause.title, text: fillTermText(clause.text, site.refundRule, taxes) })),
    conveniences: own.conveniences.map((line) => fillTermText(line, site.refundRule, taxes)),
  };
}

/** The terms a package's page and brochure show now: its own or the site's, with the rule and rates put in (ADR 044). */
export async function getPackageTerms(override: PackageTermsOverride | null | undefined) {
  const [site, taxes] = await Promise.all([getSiteTerms(getDb()), getTaxRates()]);
  return resolvePackageTerms(site, override, taxes);
}
