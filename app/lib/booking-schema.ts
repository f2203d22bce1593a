/**
 * The ONE input of a booking write (issue 45, ADR 088), shared by the booking
 * form (its fields are posted with conform's names, `travellers[0].name`), its
 * action and the API (`POST /api/bookings`, `PATCH /api/bookings/{ref}`).
 * Back office only: no public page imports it.
 */
import { z } from "zod";
import { BOOKING_TRAVELLERS_MAX, HOLD_HOURS_MAX, PRIVATE_TRIP, ROOM_SHARINGS, START_STATES } from "./booking";
import { parseIndianDateTime } from "./admin-format";
import { PHONE_MESSAGE, toE164 } from "./phone";
import { paiseToDecimalRupees, rupeeAmountSchema } from "./money";
import { toSingleLine } from "./single-line";

export const TRIP_NOT_CHOSEN = "Choose a departure or a private trip.";

const blankToUndefined = (value: unknown) => (typeof value === "string" && value.trim() === "" ? undefined : value);

const count = (label: string, min: number) =>
  z.preprocess(
    (value) => blankToUndefined(value) ?? (min === 0 ? 0 : undefined),
    z.coerce
      .number({ error: `Enter the number of ${label}.` })
      .int(`Enter a whole number of ${label}.`)
      .min(min, min === 1 ? "At least 1 adult travels on a booking." : `The number of ${label} cannot be negative.`)
      .max(BOOKING_TRAVELLERS_MAX, `At most ${BOOKING_TRAVELLERS_MAX} travellers in one booking.`),
  );

const isoDate = (label: string) =>
  z
    .string({ error: `Enter the ${label}.` })
    .trim()
    .regex(/^\d{4}-\d{2}-\d{2}$/, `Enter the ${label} as a date.`)
    .refine((value) => !Number.isNaN(Date.parse(`${value}T00:00:00Z`)) && new Date(`${value}T00:00:00Z`).toISOString().startsWith(value), {
      message: `Enter the ${label} as a real date.`,
    });

/** A labelled line: the amount in rupees as typed ("1,04,500", "2500.50") or a JSON number, to paise, by the payment forms' one rule (ADR 090). */
const amountLine = z.preprocess(
  (value) => {
    if (!value || typeof value !== "object") return value;
    const record = value as Record<string, unknown>;
    // The API may send paise as it reads them.
    if (record.amount === undefined && typeof record.amountPaise === "number" && Number.isInteger(record.amountPaise)) {
      return { ...record, amount: paiseToDecimalRupees(record.amountPaise) };
    }
    return value;
  },
  z.object({
    label: z.preprocess(toSingleLine, z.string().trim().max(120, "Keep the description under 120 characters.")).default(""),
    amount: rupeeAmountSchema,
  }),
);

const extraSchema = amountLine.refine((extra) => extra.label !== "", { path: ["label"], message: "Say what the extra is for." });

const travellerSchema = z.object({
  name: z.preprocess(toSingleLine, z.string().trim().max(120, "Keep the name under 120 characters.")).default(""),
  age: z.preprocess(
    blankToUndefined,
    z.coerce
      .number({ error: "Enter the age in years." })
      .int("Enter the age in whole years.")
      .min(0, "Enter an age from 0 to 120.")
      .max(120, "Enter an age from 0 to 120.")
      .optional(),
  ),
});

/** The fields of a booking a write may set (the form sends all of them; a PATCH some). */
const bookingFieldsSchema = z.object({
  /**
   * A group departure's id, or a private trip (its own dates): the form's choice
   * `PRIVATE_TRIP`, the API's `null`. Absent (the form's placeholder) is not a choice:
   * the refinement asks for one, unless the API sent a private trip's dates alone.
   */
  departureId: z.preprocess(
    (value) => (value === null || value === PRIVATE_TRIP ? null : blankToUndefined(value)),
    z
      .string()
      .trim()
      .regex(/^[A-Za-z0-9_-]{1,40}$/, "Choose a departure from the list.")
      .nullable()
      .optional(),
  ),
  startDate: z.preprocess(blankToUndefined, isoDate("start date").optional()),
  endDate: z.preprocess(blankToUndefined, isoDate("return date").optional()),
  leadName: z.preprocess(
    toSingleLine,
    z.string({ error: "Enter the lead traveller's name." }).trim().min(2, "Enter the lead traveller's name.").max(120, "Keep the name under 120 characters."),
  ),
  leadPhone: z
    .string({ error: "Enter the lead traveller's phone." })
    .trim()
    .min(1, "Enter the lead traveller's phone.")
    .transform((value, ctx) => {
      const e164 = toE164(value);
      if (!e164) {
        ctx.addIssue({ code: "custom", message: PHONE_MESSAGE });
        return z.NEVER;
      }
      return e164;
    }),
  leadEmail: z.preprocess(
    blankToUndefined,
    z.email({ error: "Enter a valid e-mail address, or leave it empty." }).max(200, "Enter a shorter e-mail address.").optional(),
  ),
  adults: count("adults", 1),
  childrenWithBed: count("children with bed", 0),
  childrenNoBed: count("children without bed", 0),
  travellers: z.preprocess(
    // A form's row left empty arrives as nothing at all.
    (value) => (Array.isArray(value) ? Array.from(value, (row: unknown) => row ?? {}) : value),
    z.array(travellerSchema).max(BOOKING_TRAVELLERS_MAX, `At most ${BOOKING_TRAVELLERS_MAX} travellers in one booking.`).default([]),
  ),
  room: z.enum(ROOM_SHARINGS, { error: "Choose twin, triple or single." }),
  /** "" or absent: the package's price; else the label of one of its price options. */
  priceBasis: z.preprocess(toSingleLine, z.string().trim().max(120)).default(""),
  extras: z.preprocess(
    // A form's extra row left empty (no description, no amount) is no extra.
    (value) =>
      Array.isArray(value)
        ? Array.from(value, (row: unknown) => row ?? {}).filter((row) => {
            const record = row as Record<string, unknown>;
            return [record.label, record.amount, record.amountPaise].some((part) => part !== undefined && part !== "");
          })
        : value,
    z.array(extraSchema).max(20, "At most 20 extras.").default([]),
  ),
  discount: z
    .preprocess((value) => {
      if (!value || typeof value !== "object") return value;
      const record = value as Record<string, unknown>;
      // The form's empty discount row: no discount.
      return blankToUndefined(record.amount) === undefined && record.amountPaise === undefined ? undefined : value;
    }, amountLine.optional())
    .nullable()
    .default(null),
  // Empty notes arrive from the form as nothing (conform reads "" as absent): the default, not an error.
  notes: z.string().max(5000, "Keep the notes under 5,000 characters.").default(""),
});

const countsTooMany = (input: { adults: number; childrenWithBed: number; childrenNoBed: number }) =>
  input.adults + input.childrenWithBed + input.childrenNoBed > BOOKING_TRAVELLERS_MAX;

function refineBooking(input: z.output<typeof bookingFieldsSchema>, ctx: z.RefinementCtx) {
  if (input.adults <= BOOKING_TRAVELLERS_MAX && countsTooMany(input)) {
    ctx.addIssue({ code: "custom", path: ["childrenWithBed"], message: `At most ${BOOKING_TRAVELLERS_MAX} travellers in one booking.` });
  }
  const seats = input.adults + input.childrenWithBed + input.childrenNoBed;
  // Counts already refused (a negative one) make no seat total to compare the names with.
  const countsValid = input.adults >= 1 && input.childrenWithBed >= 0 && input.childrenNoBed >= 0;
  if (countsValid && input.travellers.length > seats) {
    ctx.addIssue({ code: "custom", path: ["travellers"], message: `There are ${input.travellers.length} travellers listed for ${seats} seats.` });
  }
}

type TripFields = Pick<z.output<typeof bookingFieldsSchema>, "departureId" | "startDate" | "endDate">;

/** A departure, or a private trip with its dates: never a private trip because nothing was chosen. */
function refineTrip(input: TripFields, ctx: z.RefinementCtx) {
  if (input.departureId === undefined && !input.startDate && !input.endDate) {
    ctx.addIssue({ code: "custom", path: ["departureId"], message: TRIP_NOT_CHOSEN });
    return;
  }
  if (!input.departureId) {
    if (!input.startDate) ctx.addIssue({ code: "custom", path: ["startDate"], message: "Give the private trip its start date." });
    if (!input.endDate) ctx.addIssue({ code: "custom", path: ["endDate"], message: "Give the private trip its return date." });
    if (input.startDate && input.endDate && input.endDate < input.startDate)
      ctx.addIssue({ code: "custom", path: ["endDate"], message: "The return date must not be before the start date." });
  }
}

const TRIP_FIELDS = new Set<PropertyKey>(["departureId", "startDate", "endDate"]);
/**
 * The trip is checked when its own fields parsed, even if others did not (Zod skips a
 * refinement after any failed field by default): the first save names every field to fix.
 */
const tripChecked = { when: (payload: z.core.ParsePayload) => !payload.issues.some((issue) => TRIP_FIELDS.has(issue.path?.[0] ?? "")) };

/** The hold's deadline: an ISO time (the API) or a `datetime-local` read as Indian time (the form). */
export const holdUntilSchema = z.preprocess(
  blankToUndefined,
  z
    .string()
    .trim()
    .transform((value, ctx) => {
      const date = /[zZ]|[+-]\d{2}:?\d{2}$/.test(value) ? new Date(value) : parseIndianDateTime(value);
      if (!date || Number.isNaN(date.getTime())) {
        ctx.addIssue({ code: "custom", message: "Enter the hold's deadline as a date and time." });
        return z.NEVER;
      }
      return date;
    })
    .optional(),
);

/** A new booking: which package, how it starts, and where it came from. */
export const newBookingSchema = z
  .object({
    ...bookingFieldsSchema.shape,
    packageId: z.coerce.number({ error: "Choose a package." }).int("Choose a package.").positive("Choose a package."),
    state: z.enum(START_STATES, { error: "Choose hold, confirm or waitlist." }).default("held"),
    holdUntil: holdUntilSchema,
    /** The enquiry it is made from: "lead-12" or "contact-5". */
    enquiry: z.preprocess(
      blankToUndefined,
      z
        .string()
        .regex(/^(lead|contact)-\d{1,9}$/, "Unknown enquiry.")
        .optional(),
    ),
  })
  .superRefine(refineBooking)
  .superRefine(refineTrip, tripChecked);

/** An edit: the whole form, or (the API's PATCH) the fields sent laid over the stored booking first. */
export const bookingEditSchema = z
  .object({ ...bookingFieldsSchema.shape, holdUntil: holdUntilSchema })
  .superRefine(refineBooking)
  .superRefine(refineTrip, tripChecked);

/** Why a booking is cancelled: required, said in the timeline and the traveller's e-mail. */
export const cancelSchema = z.object({
  reason: z.preprocess(
    toSingleLine,
    z
      .string({ error: "Say why the booking is cancelled." })
      .trim()
      .min(3, "Say why the booking is cancelled.")
      .max(500, "Keep the reason under 500 characters."),
  ),
});

/** The hold setting (site settings): 1 to 720 hours. */
export const holdHoursSchema = z.coerce
  .number({ error: "Enter the hours as a number." })
  .int("Enter whole hours.")
  .min(1, "At least 1 hour.")
  .max(HOLD_HOURS_MAX, `At most ${HOLD_HOURS_MAX} hours (30 days).`);

export type NewBookingInput = z.output<typeof newBookingSchema>;
export type BookingEditInput = z.output<typeof bookingEditSchema>;
