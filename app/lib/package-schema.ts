/**
 * Runtime schemas (Zod 4) of a package: every JSON column's shape and the ONE
 * input of a package write, shared by the editor's form (parsed with
 * `@conform-to/zod/v4` parseWithZod, which turns form strings into numbers and
 * empty fields into "missing"), its action, the REST API and the seed.
 *
 * Public route components must import only TYPES from here (`import type`), so
 * that Zod never reaches the public pages' JavaScript.
 */
import { z } from "zod";

const MAX_RUPEES = 100_000_000;

/** Money is stored as whole rupees (integers) and formatted with formatInr. */
export const rupeesSchema = z
  .number({ error: "Enter an amount in rupees." })
  .int("Enter whole rupees.")
  .min(0, "The amount cannot be negative.")
  .max(MAX_RUPEES, "That amount is too large.");

const text = (max: number, label = "This field") =>
  z
    .string({ error: `${label} is required.` })
    .trim()
    .min(1, `${label} is required.`)
    .max(max, `${label} must be at most ${max} characters.`);

/** Free text that may be left empty: stored as "". */
const optionalText = (max: number, label = "This field") =>
  z.string().trim().max(max, `${label} must be at most ${max} characters.`).default("");

const isoDate = (label: string) =>
  z
    .string({ error: `${label} is required.` })
    .regex(/^\d{4}-\d{2}-\d{2}$/, `${label} must be a date (yyyy-mm-dd).`)
    .refine((value) => !Number.isNaN(Date.parse(`${value}T00:00:00Z`)), `${label} must be a real date.`);

export const PRICE_UNITS = ["per person", "per adult"] as const;
export const priceUnitSchema = z.enum(PRICE_UNITS, { error: "Choose per person or per adult." });

export const REGIONS = ["international", "national"] as const;
export const regionSchema = z.enum(REGIONS, { error: "Choose international or national." });

export const PUBLISH_STATUSES = ["draft", "published"] as const;
export const publishStatusSchema = z.enum(PUBLISH_STATUSES, { error: "Choose draft or published." });

/** The two price shapes of spec §3, as stored. */
export const packagePriceSchema = z.discriminatedUnion("kind", [
  z.object({ kind: z.literal("single"), amount: rupeesSchema, unit: priceUnitSchema.default("per person") }),
  z.object({
    kind: z.literal("adultChild"),
    adult: rupeesSchema,
    childWithBed: rupeesSchema,
    childNoBed: rupeesSchema,
  }),
]);

export const hotelStaySchema = z.object({
  destination: text(120, "Destination"),
  nights: z.number({ error: "Enter the nights." }).int().min(0).max(60),
  hotel: text(200, "Hotel"),
  roomType: optionalText(120, "Room type"),
  mealPlan: optionalText(120, "Meal plan"),
});

export const priceOptionSchema = z.object({
  label: text(120, "Option label"),
  amount: rupeesSchema,
  unit: priceUnitSchema.default("per person"),
  hotels: z.array(hotelStaySchema).max(30).default([]),
});

export const itineraryDaySchema = z.object({
  day: z.number({ error: "Enter the day number." }).int().min(1).max(365),
  title: text(200, "Day title"),
  description: optionalText(5000, "Day description"),
  /** Media key (or URL) of the day's photo; "" when none. */
  photo: z.string().trim().max(500).default(""),
});

export const groupDateSchema = z
  .object({
    name: text(120, "Departure name"),
    /** yyyy-mm-dd */
    start: isoDate("Start date"),
    /** yyyy-mm-dd */
    end: isoDate("End date"),
  })
  .refine((value) => value.end >= value.start, {
    path: ["end"],
    message: "The end date must not be before the start date.",
  });

export const packageReviewSchema = z.object({
  stars: z.number({ error: "Choose 1 to 5 stars." }).int().min(1, "Choose 1 to 5 stars.").max(5, "Choose 1 to 5 stars."),
  review: text(2000, "Review"),
  name: text(120, "Reviewer name"),
});

const listItem = (label: string) => text(500, label);

export type Rupees = number;
export type PriceUnit = z.infer<typeof priceUnitSchema>;
export type Region = z.infer<typeof regionSchema>;
export type PublishStatus = z.infer<typeof publishStatusSchema>;
export type PackagePrice = z.output<typeof packagePriceSchema>;
export type HotelStay = z.output<typeof hotelStaySchema>;
export type PriceOption = z.output<typeof priceOptionSchema>;
export type ItineraryDay = z.output<typeof itineraryDaySchema>;
export type GroupDate = z.output<typeof groupDateSchema>;
export type PackageReview = z.output<typeof packageReviewSchema>;

/** URL path segment of a package: lower-case words joined by hyphens. */
export const SLUG_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

export { slugify } from "./slugify";

/**
 * A price while editing: a draft may leave the amounts empty (stored as 0);
 * publishing needs them (see missingForPublish).
 */
export const packagePriceInputSchema = z.discriminatedUnion("kind", [
  z.object({ kind: z.literal("single"), amount: rupeesSchema.optional(), unit: priceUnitSchema.default("per person") }),
  z.object({
    kind: z.literal("adultChild"),
    adult: rupeesSchema.optional(),
    childWithBed: rupeesSchema.optional(),
    childNoBed: rupeesSchema.optional(),
  }),
]);

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
  /** URL or media key of the PDF brochure; empty means none. */
  brochureUrl: z.string().trim().max(500).optional(),
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

export type PublishRequirement = (typeof PUBLISH_REQUIREMENTS)[number];

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
export const packageInputSchema = packageFieldsSchema.superRefine((input, ctx) => {
  if (input.status !== "published") return;
  for (const { field, label } of missingForPublish(input)) {
    ctx.addIssue({ code: "custom", path: [field], message: `Needed to publish: ${label}.` });
  }
});

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

export type AdminPackagePayload = z.output<typeof adminPackagePayloadSchema>;

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
    const name = issue.path.reduce<string>(
      (acc, part) => (typeof part === "number" ? `${acc}[${part}]` : acc ? `${acc}.${String(part)}` : String(part)),
      "",
    );
    const key = name || "form";
    fields[key] ??= issue.message;
  }
  return fields;
}
