/**
 * A booking's billing details (ADR 092): what the tax documents print about
 * who pays. The ONE input of their write, shared by the form on the booking's
 * Documents panel, its action and the API (`PATCH /api/bookings/{ref}` with
 * `{ "billing": { … } }`). Back office only.
 */
import { z } from "zod";
import { stateByCode } from "./indian-states";
import { checkGstin, checkPan } from "./tax-ids";

const blankToNull = (value: unknown) => (value === undefined || value === null || (typeof value === "string" && value.trim() === "") ? null : value);
const upper = (value: unknown) => (typeof value === "string" ? value.replace(/\s+/g, "").toUpperCase() : value);

export const billingDetailsSchema = z
  .object({
    /** The lead traveller's (or the paying company's) address, as it goes on the documents: lines kept. */
    address: z
      .preprocess((value) => (typeof value === "string" ? value.replace(/\r\n?/g, "\n").trim() : (value ?? "")), z.string())
      .pipe(z.string().max(300, "Keep the address under 300 characters.")),
    /** The GST state code of the address ("27"); the place of supply of a trip in India. */
    stateCode: z.preprocess(
      blankToNull,
      z
        .string()
        .refine((code) => stateByCode(code) !== null, "Choose the state from the list.")
        .nullable(),
    ),
    /** The PAN for TCS on overseas packages; none: the higher rate the law sets. */
    pan: z.preprocess(
      (value) => blankToNull(upper(value)),
      z
        .string()
        .superRefine((pan, ctx) => {
          const check = checkPan(pan);
          if (!check.ok) ctx.addIssue({ code: "custom", message: check.message });
        })
        .nullable(),
    ),
    /** A registered business that pays: its name and GSTIN go on the documents, and its GSTIN's state is the place of supply. */
    companyName: z.preprocess(
      (value) => blankToNull(typeof value === "string" ? value.replace(/\s+/g, " ").trim() : value),
      z.string().max(120, "Keep the name under 120 characters.").nullable(),
    ),
    gstin: z.preprocess(
      (value) => blankToNull(upper(value)),
      z
        .string()
        .superRefine((gstin, ctx) => {
          const check = checkGstin(gstin);
          if (!check.ok) ctx.addIssue({ code: "custom", message: check.message });
        })
        .nullable(),
    ),
  })
  .superRefine((billing, ctx) => {
    if (billing.gstin && !billing.companyName) {
      ctx.addIssue({ code: "custom", path: ["companyName"], message: "Enter the name of the business whose GSTIN this is." });
    }
  });

export type BillingDetails = z.output<typeof billingDetailsSchema>;

/** The form's fields as text (what a failed save shows again). */
export type BillingFormValues = Record<keyof BillingDetails, string>;

export function billingFormValues(details: { [K in keyof BillingDetails]: BillingDetails[K] | undefined }): BillingFormValues {
  return {
    address: details.address ?? "",
    stateCode: details.stateCode ?? "",
    pan: details.pan ?? "",
    companyName: details.companyName ?? "",
    gstin: details.gstin ?? "",
  };
}
