import { structuredFields } from "./form-fields";
import type { PackageTermsOverride } from "./package-terms-schema";
import { paymentTermsInput, type PaymentTerms } from "./payment-schedule";
import type { GroupDate, HotelStay, PackageInputDraft, PackageReview, PackageTaxScheme, PriceUnit, PublishStatus, Region } from "./package-schema";

/**
 * What the package editor starts from: every field of the model as the form
 * shows it (numbers may be empty while typing). An empty package for
 * /admin/packages/new, the stored row for /admin/packages/:id.
 */
export type PackageEditorValues = {
  title: string;
  slug: string;
  country: string;
  region: Region | "";
  category: string;
  days: string;
  nights: string;
  description: string;
  longDescription: string;
  priceKind: "single" | "adultChild";
  priceAmount: string;
  priceUnit: PriceUnit;
  priceAdult: string;
  priceChildWithBed: string;
  priceChildNoBed: string;
  priceOptions: {
    label: string;
    amount: string;
    unit: PriceUnit;
    hotels: (Omit<HotelStay, "nights"> & { nights: string })[];
  }[];
  highlights: string[];
  included: string[];
  excluded: string[];
  itinerary: { title: string; description: string; photo: string }[];
  /** Departures; capacity and seats taken by hand as typed ("" for none). */
  groupDates: (Omit<GroupDate, "capacity"> & { capacity: string })[];
  brochureUrl: string;
  ratingStars: string;
  ratingCount: string;
  reviews: (Omit<PackageReview, "stars"> & { stars: string })[];
  seoTitle: string;
  seoDescription: string;
  status: PublishStatus;
  sortOrder: string;
  featured: boolean;
  thumbnail: string;
  gallery: string[];
  /** The package's own terms; null: the site-wide ones (ADR 044). */
  termsOverride: PackageTermsOverride | null;
  /** The default payment terms (issue 46) as typed: the deposit's kind and figure, the balance's days before departure. */
  paymentTerms: {
    depositKind: "percent" | "perPerson";
    depositPercent: string;
    depositPerPerson: string;
    balanceDaysBefore: string;
  };
  /** How GST is charged (issue 47): 5% on the whole package, or 18% on a service charge. */
  taxScheme: PackageTaxScheme;
  /** "yes": an overseas tour package (TCS); "no": not; "": not chosen, the region decides. */
  overseas: "yes" | "no" | "";
};

export const EMPTY_PACKAGE: PackageEditorValues = {
  title: "",
  slug: "",
  country: "",
  region: "",
  category: "",
  days: "",
  nights: "",
  description: "",
  longDescription: "",
  priceKind: "single",
  priceAmount: "",
  priceUnit: "per person",
  priceAdult: "",
  priceChildWithBed: "",
  priceChildNoBed: "",
  priceOptions: [],
  highlights: [],
  included: [],
  excluded: [],
  itinerary: [],
  groupDates: [],
  brochureUrl: "",
  ratingStars: "5",
  ratingCount: "0",
  reviews: [],
  seoTitle: "",
  seoDescription: "",
  status: "draft",
  sortOrder: "0",
  featured: false,
  thumbnail: "",
  gallery: [],
  termsOverride: null,
  paymentTerms: termsFields(null),
  taxScheme: "package",
  overseas: "",
};

/** A package's own terms as the form shows them (a browser copy's may lack an emptied list). */
function ownTerms(value: unknown): PackageTermsOverride | null {
  if (!value || typeof value !== "object") return null;
  const { clauses, conveniences } = value as {
    clauses?: unknown;
    conveniences?: unknown;
  };
  const list = (items: unknown) => (Array.isArray(items) ? items : []);
  return {
    clauses: list(clauses).map((clause) => ({
      title: String(clause?.title ?? ""),
      text: String(clause?.text ?? ""),
    })),
    conveniences: list(conveniences).map((line) => String(line ?? "")),
  };
}

/** The payment terms' fields: the stored ones (or the defaults), or as a browser copy kept them. */
function termsFields(value: unknown): PackageEditorValues["paymentTerms"] {
  const stored = value && typeof value === "object" && "deposit" in value;
  const sent = (value && typeof value === "object" && !stored ? value : paymentTermsInput(stored ? (value as PaymentTerms) : null)) as Record<string, unknown>;
  const text = (key: string) => (sent[key] === undefined || sent[key] === null ? "" : String(sent[key]));
  return {
    depositKind: sent.depositKind === "perPerson" ? "perPerson" : "percent",
    depositPercent: text("depositPercent"),
    depositPerPerson: text("depositPerPerson"),
    balanceDaysBefore: text("balanceDaysBefore"),
  };
}

const num = (value: number | string | null | undefined) => (value === null || value === undefined ? "" : String(value));

/**
 * The form's values of a package document (the live package, its draft
 * changes, or a revision being restored: ADR 037).
 */
export function packageEditorValues(document: PackageInputDraft): PackageEditorValues {
  const price = document.price;
  return {
    ...EMPTY_PACKAGE,
    title: document.title ?? "",
    slug: document.slug ?? "",
    country: document.country ?? "",
    region: document.region ?? "",
    category: document.category ?? "",
    days: num(document.days),
    nights: document.days ? num(document.nights) : "",
    description: document.description ?? "",
    longDescription: document.longDescription ?? "",
    priceKind: price?.kind ?? "single",
    priceAmount: price?.kind === "single" && (price.amount ?? 0) > 0 ? String(price.amount) : "",
    priceUnit: price?.kind === "single" ? (price.unit ?? "per person") : "per person",
    priceAdult: price?.kind === "adultChild" ? num(price.adult) : "",
    priceChildWithBed: price?.kind === "adultChild" ? num(price.childWithBed) : "",
    priceChildNoBed: price?.kind === "adultChild" ? num(price.childNoBed) : "",
    priceOptions: (document.priceOptions ?? []).map((option) => ({
      label: option.label,
      amount: String(option.amount),
      unit: option.unit ?? "per person",
      hotels: (option.hotels ?? []).map((hotel) => ({
        ...hotel,
        roomType: hotel.roomType ?? "",
        mealPlan: hotel.mealPlan ?? "",
        nights: String(hotel.nights),
      })),
    })),
    highlights: document.highlights ?? [],
    included: document.included ?? [],
    excluded: document.excluded ?? [],
    itinerary: (document.itinerary ?? []).map(({ title, description, photo }) => ({
      title,
      description: description ?? "",
      photo: photo ?? "",
    })),
    groupDates: (document.groupDates ?? []).map(({ capacity, ...date }) => ({
      ...date,
      capacity: num(capacity),
    })),
    brochureUrl: document.brochureUrl ?? "",
    ratingStars: num(document.ratingStars ?? 5),
    ratingCount: num(document.ratingCount ?? 0),
    reviews: (document.reviews ?? []).map((review) => ({
      ...review,
      stars: String(review.stars),
    })),
    seoTitle: document.seoTitle ?? "",
    seoDescription: document.seoDescription ?? "",
    status: document.status ?? "draft",
    sortOrder: num(document.sortOrder ?? 0),
    featured: document.featured ?? false,
    thumbnail: document.thumbnail ?? "",
    gallery: document.gallery ?? [],
    termsOverride: ownTerms(document.termsOverride),
    paymentTerms: termsFields(document.paymentTerms),
    taxScheme: document.taxScheme === "service-charge" ? "service-charge" : "package",
    overseas: overseasField(document.overseas),
  };
}

/** The overseas choice as the form shows it: stored as a boolean (or null), kept by a browser copy as "yes" or "no". */
function overseasField(value: unknown): PackageEditorValues["overseas"] {
  if (value === true || value === "yes") return "yes";
  if (value === false || value === "no") return "no";
  return "";
}

/**
 * The form's values from the fields a browser copy kept (useFormDraft): they
 * carry conform's names (`price.adult`, `itinerary[2].title`), typed as text.
 */
export function packageValuesFromFields(fields: [string, string][]): PackageEditorValues {
  const sent = structuredFields(fields) as Record<string, unknown>;
  return packageEditorValues({
    ...sent,
    featured: sent.featured === "on",
  } as unknown as PackageInputDraft);
}
