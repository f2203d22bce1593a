import { z } from "zod";
import { ROOM_PREFERENCES, SEAT_REQUEST_TRAVELLERS_MAX } from "~/lib/seats";
import { enquirySchema } from "~/server/lead/package-enquiry.server";

const blankToUndefined = (value: unknown) => (typeof value === "string" && value.trim() === "" ? undefined : value);

const count = (label: string, min: number) =>
  z.preprocess(
    blankToUndefined,
    z.coerce
      .number({ error: `Please enter the number of ${label}.` })
      .int(`Please enter a whole number of ${label}.`)
      .min(min, min === 1 ? `At least 1 adult travels on a seat request.` : `The number of ${label} cannot be negative.`)
      .max(SEAT_REQUEST_TRAVELLERS_MAX, `At most ${SEAT_REQUEST_TRAVELLERS_MAX} travellers in one request.`),
  );

/**
 * A seat request (issue 26 §3): one schema for the package page's form, its
 * action and POST /api/seat-requests. Name, phone, e-mail and message follow
 * the package enquiry form's rules.
 */
export const seatRequestSchema = z
  .object({
    departureId: z
      .string({ error: "Please choose a departure." })
      .trim()
      .regex(/^[A-Za-z0-9_-]{1,40}$/, "Please choose a departure."),
    name: enquirySchema.shape.name,
    phone: enquirySchema.shape.phone,
    email: enquirySchema.shape.email,
    adults: count("adults", 1),
    children: z.preprocess((value) => blankToUndefined(value) ?? 0, count("children", 0)),
    room: z.enum(ROOM_PREFERENCES, { error: "Please choose twin, triple or single." }),
    message: enquirySchema.shape.message,
  })
  // Said once: 100 adults is the adults field's error alone.
  .refine((input) => input.adults > SEAT_REQUEST_TRAVELLERS_MAX || input.adults + input.children <= SEAT_REQUEST_TRAVELLERS_MAX, {
    path: ["children"],
    message: `At most ${SEAT_REQUEST_TRAVELLERS_MAX} travellers in one request.`,
  });

/** The API names the package by id or slug; the page's form takes it from the URL. */
export const apiSeatRequestSchema = z.intersection(
  seatRequestSchema,
  z.object({
    packageId: z.preprocess(blankToUndefined, z.coerce.number().int().positive().optional()),
    packageSlug: z.preprocess(blankToUndefined, z.string().max(100).optional()),
  }),
);

export type SeatRequestInput = z.infer<typeof seatRequestSchema>;
export type ApiSeatRequestInput = z.infer<typeof apiSeatRequestSchema>;
