/**
 * Runtime schemas (Zod 4) of the JSON shapes a package stores (prices, price
 * options with hotels, itinerary days, group departures, reviews) and the
 * field builders they share with the package input (package-schema.ts). The
 * seed, the editor's action and the REST API all parse with these.
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

export const text = (max: number, label = "This field") =>
  z
    .string({ error: `${label} is required.` })
    .trim()
    .min(1, `${label} is required.`)
    .max(max, `${label} must be at most ${max} characters.`);

/** Free text that may be left empty: stored as "". */
export const optionalText = (max: number, label = "This field") => z.string().trim().max(max, `${label} must be at most ${max} characters.`).default("");

const isoDate = (label: string) =>
  z
    .string({ error: `${label} is required.` })
    .regex(/^\d{4}-\d{2}-\d{2}$/, `${label} must be a date (yyyy-mm-dd).`)
    .refine((value) => !Number.isNaN(Date.parse(`${value}T00:00:00Z`)), `${label} must be a real date.`);

const PRICE_UNITS = ["per person", "per adult"] as const;
export const priceUnitSchema = z.enum(PRICE_UNITS, { error: "Choose per person or per adult." });

const REGIONS = ["international", "national"] as const;
export const regionSchema = z.enum(REGIONS, { error: "Choose international or national." });

const PUBLISH_STATUSES = ["draft", "published"] as const;
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
    /** Stable id (ADR 059): seat requests name the departure by it. Given when first stored; kept by every later save. */
    id: z
      .string()
      .regex(/^[A-Za-z0-9_-]{1,40}$/, "Unknown departure id.")
      .optional(),
    name: text(120, "Departure name"),
    /** yyyy-mm-dd */
    start: isoDate("Start date"),
    /** yyyy-mm-dd */
    end: isoDate("End date"),
    /** Seats on the departure; none means no seat limit, no seat display and no seat requests. Bookings take them (ADR 088). */
    capacity: z
      .number({ error: "Enter the seats as a number." })
      .int("Enter whole seats.")
      .min(1, "At least 1 seat.")
      .max(1000, "At most 1000 seats.")
      .optional(),
  })
  .refine((value) => typeof value.start !== "string" || typeof value.end !== "string" || value.end >= value.start, {
    path: ["end"],
    message: "The end date must not be before the start date.",
    // Said with the departure's other errors (seats typed as words), not after them (issue 49).
    when: (payload) => typeof payload.value === "object" && payload.value !== null,
  });

export const packageReviewSchema = z.object({
  stars: z.number({ error: "Choose 1 to 5 stars." }).int().min(1, "Choose 1 to 5 stars.").max(5, "Choose 1 to 5 stars."),
  review: text(2000, "Review"),
  name: text(120, "Reviewer name"),
});

export type PriceUnit = z.infer<typeof priceUnitSchema>;
export type Region = z.infer<typeof regionSchema>;
export type PublishStatus = z.infer<typeof publishStatusSchema>;
export type PackagePrice = z.output<typeof packagePriceSchema>;
export type HotelStay = z.output<typeof hotelStaySchema>;
export type PriceOption = z.output<typeof priceOptionSchema>;
export type ItineraryDay = z.output<typeof itineraryDaySchema>;
export type GroupDate = z.output<typeof groupDateSchema>;
export type PackageReview = z.output<typeof packageReviewSchema>;
