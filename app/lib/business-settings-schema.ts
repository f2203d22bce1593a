import { z } from "zod";
import { stateByCode, stateLabel } from "./indian-states";
import { toSingleLine } from "./single-line";
import { checkGstin, checkPan } from "./tax-ids";

/**
 * Settings → Business and tax (issue 47, ADR 092): what every tax document
 * prints of the agency and how its series are numbered. One schema for the
 * form, its action and any API: a GSTIN and a PAN are checked as far as they
 * can be without asking the tax department, and the GSTIN's state must be the
 * address's (a GSTIN is a registration in one state).
 */

/** The document series whose prefixes the team chooses, in the order the form shows them. */
export const SERIES_PREFIX_FIELDS = [
  { name: "invoicePrefix", label: "Tax invoices", example: "PRV" },
  { name: "receiptVoucherPrefix", label: "Receipt vouchers", example: "RV" },
  { name: "paymentReceiptPrefix", label: "Payment receipts", example: "RC" },
  { name: "refundVoucherPrefix", label: "Refund vouchers", example: "RF" },
  { name: "creditNotePrefix", label: "Credit notes", example: "CN" },
] as const;

export type SeriesPrefixField = (typeof SERIES_PREFIX_FIELDS)[number]["name"];

/** Where an overseas tour is supplied (IGST Act s. 12 leaves room; accountants differ): the traveller's state, or the agency's. */
export const OVERSEAS_PLACE_OF_SUPPLY = {
  traveller: "The traveller's state (IGST when it is not ours)",
  agency: "Our state (CGST and SGST)",
} as const;
export type OverseasPlaceOfSupply = keyof typeof OVERSEAS_PLACE_OF_SUPPLY;

const text = (max: number, required: string) => z.preprocess(toSingleLine, z.string().trim().min(1, required).max(max, `At most ${max} characters.`));

/** Empty means "not given"; anything typed is normalised (upper case, spaces out) by the check. */
const optionalId = (check: (value: string) => { ok: true } | { ok: false; message: string }, normalise: (value: string) => string) =>
  z
    .preprocess((value) => (typeof value === "string" && value.trim() === "" ? undefined : toSingleLine(value)), z.string().optional())
    .transform((value, ctx) => {
      if (value === undefined) return undefined;
      const result = check(value);
      if (!result.ok) {
        ctx.addIssue({ code: "custom", message: result.message });
        return z.NEVER;
      }
      return normalise(value);
    });

const normaliseId = (value: string) => value.replace(/[\s-]/g, "").toUpperCase();

const seriesPrefix = z.preprocess(
  (value) => (typeof value === "string" ? value.trim().toUpperCase() : value),
  z.string().regex(/^[A-Z0-9]{1,4}$/, "Use 1 to 4 capital letters or digits, like PRV: a number must fit in 16 characters."),
);

const prefixShape = Object.fromEntries(SERIES_PREFIX_FIELDS.map((field) => [field.name, seriesPrefix])) as Record<SeriesPrefixField, typeof seriesPrefix>;

export const businessSettingsSchema = z
  .object({
    businessLegalName: text(120, "Enter the agency's legal name, as on its GST registration."),
    businessAddress: z.string().trim().min(1, "Enter the agency's address: every tax document prints it.").max(400, "At most 400 characters."),
    businessStateCode: z
      .string({ error: "Choose the state the address is in." })
      .refine((code) => stateByCode(code) !== null, "Choose the state the address is in."),
    gstin: optionalId(checkGstin, normaliseId),
    pan: optionalId(checkPan, normaliseId),
    ...prefixShape,
    overseasPlaceOfSupply: z.enum(Object.keys(OVERSEAS_PLACE_OF_SUPPLY) as [OverseasPlaceOfSupply, ...OverseasPlaceOfSupply[]], {
      error: "Choose the place of supply for overseas tours.",
    }),
    autoReceiptVouchers: z.preprocess((value) => value === "on" || value === true, z.boolean()),
  })
  .superRefine((input, ctx) => {
    if (input.gstin && stateByCode(input.businessStateCode)) {
      const gstinState = input.gstin.slice(0, 2);
      if (gstinState !== input.businessStateCode) {
        ctx.addIssue({
          code: "custom",
          path: ["gstin"],
          message: `This GSTIN is registered in ${stateLabel(gstinState)}, but the address is in ${stateLabel(input.businessStateCode)}: a GSTIN belongs to one state. Check the state or the GSTIN.`,
        });
      }
    }
    if (input.gstin && input.pan && input.gstin.slice(2, 12) !== input.pan) {
      ctx.addIssue({
        code: "custom",
        path: ["pan"],
        message: `Characters 3 to 12 of the GSTIN are the agency's PAN (${input.gstin.slice(2, 12)}); this PAN is another one.`,
      });
    }
    const seen = new Map<string, string>();
    for (const field of SERIES_PREFIX_FIELDS) {
      const prefix = input[field.name];
      const earlier = seen.get(prefix);
      if (earlier) {
        ctx.addIssue({
          code: "custom",
          path: [field.name],
          message: `${earlier} already use ${prefix}: each series needs its own prefix, or two documents could get the same number.`,
        });
      } else seen.set(prefix, field.label);
    }
  });

export type BusinessSettingsInput = z.infer<typeof businessSettingsSchema>;

/** The form's values as typed. */
export type BusinessSettingsFormValues = Record<
  "businessLegalName" | "businessAddress" | "businessStateCode" | "gstin" | "pan" | SeriesPrefixField | "overseasPlaceOfSupply",
  string
> & {
  autoReceiptVouchers: boolean;
};
