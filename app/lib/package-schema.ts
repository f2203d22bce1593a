/**
 * The ONE input of a package write (Zod 4), shared by the editor's form
 * (parsed with `@conform-to/zod/v4` parseWithZod, which turns form strings
 * into numbers and empty fields into "missing"), its action, the REST API and
 * the seed; what publishing needs; and the spec's admin payload. The stored
 * JSON shapes are in package-shapes.ts, re-exported here.
 *
 * Public route components must import only TYPES from here (`import type`), so
 * that Zod never reaches the public pages' JavaScript.
 */
import { z } from "zod";
import { packageTermsOverrideSchema } from "./package-terms-schema";
import { paymentTermsSchema } from "./payment-schedule";
import {
  groupDateSchema,
  itineraryDaySchema,
  optionalText,
  packageReviewSchema,
  priceOptionSchema,
  priceUnitSchema,
  publishStatusSchema,
  regionSchema,
  rupeesSchema,
  text,
} from "./package-shapes";

export {
  groupDateSchema,
  publishStatusSchema,
  type GroupDate,
  type HotelStay,
  type ItineraryDay,
  type PackagePrice,
  type PackageReview,
  type PriceOption,
  type PriceUnit,
  type PublishStatus,
  type Region,
} from "./package-shapes";

/** URL path segment of a package: lower-case words joined by hyphens. */
export const SLUG_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

export { slugify } from "./slugify";

/**
 * A price while editing: a draft may leave the amounts empty (stored as 0);
 * publishing needs them (see missingForPublish).
 */
const packagePriceInputSchema = z.discriminatedUnion("kind", [
  z.object({
    kind: z.literal("single"),
    amount: rupeesSchema.optional(),
    unit: priceUnitSchema.default("per person"),
  }),
  z.object({
    kind: z.literal("adultChild"),
    adult: rupeesSchema.optional(),
    childWithBed: rupeesSchema.optional(),
    childNoBed: rupeesSchema.optional(),
  }),
]);

const listItem = (label: string) => text(500, label);

/**
 * Where a brochure may be: a PDF uploaded here (`/media/brochures/…`, checked
 * against the media table when saved) or one the site itself ships
 * (`/brochures/…`). Never another site, `//host` or a `data:` address: the
 * public "Download Brochure" button must not send travellers elsewhere (ADR 035).
 */
const BROCHURE_PATH = /^\/(?:media\/brochures|brochures)\/[a-z0-9][a-z0-9._-]{0,150}\.pdf$/;
const isBrochurePath = (value: string) => BROCHURE_PATH.test(value) && !value.includes("..");
export const BROCHURE_URL_MESSAGE = "Upload the brochure here as a PDF: links to other addresses are not allowed.";

/** A package's GST scheme (ADR 092), in the order the editor offers them. */
export const TAX_SCHEMES = ["package", "service-charge"] as const;
export type PackageTaxScheme = (typeof TAX_SCHEMES)[number];

const packageFieldsSchema = z.object({
  title: text(200, "Title"),
  /** Derived from the title when empty. */
  slug: z
    .string()
    .trim()
    .max(80, "The address must be at most 80 characters.")
    .regex(SLUG_PATTERN, "Use lower-case letters, digits and single hyphens (e.g. bali-group-tour).")
    .optional(),
  country: optionalText(80, "Country"),
  region: regionSchema.optional(),
  category: optionalText(60, "Category"),
  days: z.number({ error: "Enter the number of days." }).int("Enter whole days.").min(1, "At least 1 day.").max(90).optional(),
  nights: z.number({ error: "Enter the number of nights." }).int("Enter whole nights.").min(0, "Nights cannot be negative.").max(90).optional(),
  description: optionalText(600, "Short description"),
  longDescription: optionalText(20_000, "Long description"),
  price: packagePriceInputSchema.optional(),
  priceOptions: z.array(priceOptionSchema).max(20).default([]),
  highlights: z.array(listItem("Highlight")).max(50).default([]),
  included: z.array(listItem("Included item")).max(50).default([]),
  excluded: z.array(listItem("Excluded item")).max(50).default([]),
  itinerary: z.array(itineraryDaySchema).max(60).default([]),
  groupDates: z.array(groupDateSchema).max(50).default([]),
  /** The PDF brochure: an uploaded one's address (or one the site ships); empty means none. */
  brochureUrl: z
    .string()
    .trim()
    .max(500)
    .refine((value) => value === "" || isBrochurePath(value), BROCHURE_URL_MESSAGE)
    .optional(),
  ratingStars: z.number({ error: "Enter a rating from 0 to 5." }).min(0, "From 0 to 5.").max(5, "From 0 to 5.").default(5),
  ratingCount: z.number({ error: "Enter the number of ratings." }).int().min(0).max(10_000_000).default(0),
  reviews: z.array(packageReviewSchema).max(50).default([]),
  seoTitle: optionalText(120, "SEO title"),
  seoDescription: optionalText(320, "SEO description"),
  status: publishStatusSchema.default("draft"),
  sortOrder: z.number({ error: "Enter a whole number." }).int().min(-100_000).max(100_000).default(0),
  /** Shown in the home page's Top Destinations carousel. */
  featured: z.boolean().default(false),
  /** Media key (or URL) of the card image; "" when none yet. */
  thumbnail: z.string().trim().max(500).default(""),
  gallery: z.array(z.string().trim().min(1).max(500)).max(60).default([]),
  /** This package's own terms clauses and convenience list; null: the site-wide ones (ADR 044). */
  termsOverride: packageTermsOverrideSchema.nullable().default(null),
  /** The deposit and balance a booking copies into its schedule (issue 46); null: the defaults (25%, 30 days before departure). */
  paymentTerms: paymentTermsSchema.nullable().default(null),
  /** How GST is worked out (issue 47, ADR 092): 5% on the whole package, or 18% on a separate service charge. */
  taxScheme: z.enum(TAX_SCHEMES, { error: "Choose how GST is charged on this package." }).default("package"),
  /** An overseas tour package: TCS on every amount received. The form sends "yes" or "no"; null: the region decides (international). */
  overseas: z.preprocess((value) => (value === "yes" ? true : value === "no" ? false : value === "" ? null : value), z.boolean().nullable().default(null)),
});

/** What publishing needs beyond a draft, in the words the form shows. */
export const PUBLISH_REQUIREMENTS = [
  { field: "country", label: "a country" },
  { field: "region", label: "a region (international or national)" },
  { field: "days", label: "the number of days" },
  { field: "nights", label: "the number of nights" },
  { field: "description", label: "a short description" },
  { field: "price", label: "a price" },
  { field: "thumbnail", label: "a thumbnail" },
] as const;

type PublishRequirement = (typeof PUBLISH_REQUIREMENTS)[number];

type PublishCheckable = {
  country?: string;
  region?: string;
  days?: number;
  nights?: number;
  description?: string;
  price?: z.output<typeof packagePriceInputSchema>;
  thumbnail?: string;
};

function hasPrice(price: PublishCheckable["price"]): boolean {
  if (!price) return false;
  if (price.kind === "single") return (price.amount ?? 0) > 0;
  return (price.adult ?? 0) > 0 && price.childWithBed !== undefined && price.childNoBed !== undefined;
}

/** The publishing requirements a package does not meet yet (empty: it can be published). */
export function missingForPublish(input: PublishCheckable): PublishRequirement[] {
  return PUBLISH_REQUIREMENTS.filter(({ field }) => {
    if (field === "price") return !hasPrice(input.price);
    const value = input[field];
    return value === undefined || value === "";
  });
}

/**
 * The input of a package write (create or full update). A title alone is a
 * valid draft; publishing also needs what PUBLISH_REQUIREMENTS lists, and each
 * missing one is an issue on its own field.
 */
export const packageInputSchema = packageFieldsSchema.superRefine(
  (input, ctx) => {
    if (input.status !== "published") return;
    for (const { field, label } of missingForPublish(input)) {
      ctx.addIssue({
        code: "custom",
        path: [field],
        message: `Needed to publish: ${label}.`,
      });
    }
  },
  // Said together with the other fields' errors (an empty price, a mistyped date), not
  // only once those are fixed: a save shows every field to fix at once (issue 49).
  {
    when: (payload) => typeof payload.value === "object" && payload.value !== null,
  },
);

export type PackageInput = z.output<typeof packageInputSchema>;
/** What a caller may send (before defaults). */
export type PackageInputDraft = z.input<typeof packageInputSchema>;

/**
 * The spec's admin payload (§7): price in rupees, duration in days, thumbnail
 * and images as URLs (or media keys). Mapped onto the full input by
 * adminPayloadToInput.
 */
export const adminPackagePayloadSchema = z.object({
  title: text(200, "Title"),
  description: optionalText(600, "Description").optional(),
  longDescription: optionalText(20_000, "Long description").optional(),
  price: rupeesSchema.optional(),
  duration: z.number({ error: "Enter the duration in days." }).int().min(1, "At least 1 day.").max(90).optional(),
  category: optionalText(60, "Category").optional(),
  thumbnail: z.string().trim().max(500).optional(),
  images: z.array(z.string().trim().min(1).max(500)).max(60).optional(),
  status: publishStatusSchema.optional(),
});

type AdminPackagePayload = z.output<typeof adminPackagePayloadSchema>;

/** Whether a JSON body is the spec's admin payload rather than the full model. */
export function isAdminPayload(body: unknown): boolean {
  if (!body || typeof body !== "object") return false;
  const record = body as Record<string, unknown>;
  return "duration" in record || "images" in record || typeof record.price === "number";
}

/** The admin payload's fields as (partial) full-model input; absent fields stay absent. */
export function adminPayloadToInput(payload: AdminPackagePayload): Partial<PackageInputDraft> {
  const input: Partial<PackageInputDraft> = { title: payload.title };
  if (payload.description !== undefined) input.description = payload.description;
  if (payload.longDescription !== undefined) input.longDescription = payload.longDescription;
  if (payload.category !== undefined) input.category = payload.category;
  if (payload.price !== undefined) input.price = { kind: "single", amount: payload.price, unit: "per person" };
  if (payload.duration !== undefined) {
    input.days = payload.duration;
    input.nights = Math.max(payload.duration - 1, 0);
  }
  if (payload.thumbnail !== undefined) input.thumbnail = payload.thumbnail;
  if (payload.images !== undefined) input.gallery = payload.images;
  if (payload.status !== undefined) input.status = payload.status;
  return input;
}

/** Zod issues as `{ "itinerary[0].title": "message" }`: the API's `fields` and conform's names. */
export function issuesToFields(issues: readonly z.core.$ZodIssue[]): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const issue of issues) {
    const name = issue.path.reduce<string>((acc, part) => (typeof part === "number" ? `${acc}[${part}]` : acc ? `${acc}.${String(part)}` : String(part)), "");
    const key = name || "form";
    fields[key] ??= issue.message;
  }
  return fields;
}
