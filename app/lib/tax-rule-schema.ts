import { z } from "zod";
import { isCalendarDate } from "./calendar-date";
import { toSingleLine } from "./single-line";

/**
 * "Add a rule" in Settings → Business and tax (issue 47, ADR 092): a change in
 * the law is a new rule with the date it takes effect, never an edit of the
 * old one. One schema for the form and its action; rates are typed as percents
 * ("2.5") and kept as integer basis points (250), amounts as rupees and kept
 * as paise. The shapes match the engine's GstRule and TcsRule.
 */

export const TAX_RULE_KINDS = {
  "gst-package": "GST, whole package",
  "gst-service-charge": "GST, on a service charge",
  tcs: "TCS, overseas tour packages",
} as const;
export type TaxRuleKind = keyof typeof TAX_RULE_KINDS;

/** GST on tour operator services started on 1 July 2017; no rule can take effect before it. */
const EARLIEST = "2017-07-01";

const PERCENT = /^\d{1,3}(\.\d{1,2})?$/;

/** "2.5" → 250 basis points, from 0 to 100%; exact (no floating point). */
export function percentToBps(typed: string): number | null {
  const text = typed.trim().replace(/%$/, "").trim();
  if (!PERCENT.test(text)) return null;
  const [whole, fraction = ""] = text.split(".");
  const bps = Number(whole) * 100 + Number(fraction.padEnd(2, "0"));
  return bps <= 10_000 ? bps : null;
}

const percent = (what: string) =>
  z.preprocess(
    (value) => (typeof value === "number" ? String(value) : value),
    z.string({ error: `Enter ${what} as a percent, like 5 or 2.5.` }).transform((typed, ctx) => {
      const bps = percentToBps(typed);
      if (bps === null) {
        ctx.addIssue({
          code: "custom",
          message: `Enter ${what} as a percent from 0 to 100, with at most two decimals, like 5 or 2.5.`,
        });
        return z.NEVER;
      }
      return bps;
    }),
  );

/** Rupees as typed ("10,00,000" or "1000000") → paise; empty → null (no threshold). */
const rupeesOrNone = z.preprocess(
  (value) => (typeof value === "string" && value.trim() === "" ? undefined : value),
  z
    .union([z.string(), z.number()])
    .optional()
    .transform((typed, ctx) => {
      if (typed === undefined) return null;
      const text = String(typed).replace(/[₹,\s]/g, "");
      if (!/^\d{1,10}$/.test(text) || Number(text) < 1) {
        ctx.addIssue({
          code: "custom",
          message: "Enter whole rupees, like 1000000, or leave it empty for no threshold.",
        });
        return z.NEVER;
      }
      return Number(text) * 100;
    }),
);

const line = (max: number, required: string) =>
  z.preprocess(toSingleLine, z.string({ error: required }).trim().min(1, required).max(max, `At most ${max} characters.`));

const effectiveFrom = z
  .string({ error: "Enter the date the rule takes effect." })
  .trim()
  .refine(isCalendarDate, "Enter the date the rule takes effect, like 2027-04-01.")
  .refine((date) => date >= EARLIEST, "GST and TCS on tour packages start on 1 July 2017: enter a date from then.");

const source = z
  .string()
  .trim()
  .min(1, "Say where the rule comes from (the notification, section or Finance Act): your accountant will ask.")
  .max(1000, "At most 1,000 characters.");

const gstRuleShape = {
  effectiveFrom,
  rate: percent("the GST rate"),
  sac: z
    .string()
    .trim()
    .regex(/^\d{6}$/, "A SAC is 6 digits, like 998555."),
  documentNote: z.string().trim().min(1, "Enter what the documents of this rule must say.").max(400, "At most 400 characters."),
  source,
};

export const taxRuleInputSchema = z.discriminatedUnion(
  "kind",
  [
    z.object({ kind: z.literal("gst-package"), ...gstRuleShape }),
    z.object({ kind: z.literal("gst-service-charge"), ...gstRuleShape }),
    z
      .object({
        kind: z.literal("tcs"),
        effectiveFrom,
        rate: percent("the TCS rate"),
        threshold: rupeesOrNone,
        rateAbove: z.preprocess((value) => (value === "" ? undefined : value), percent("the rate above the threshold").optional()),
        section: line(120, "Enter the section the documents and the TCS register name."),
        /** Without a PAN the law sets a higher rate: this many times the rate, at least one percent, at most another (s. 206CC, now s. 397(2)). */
        withoutPanTimes: z.coerce
          .number({
            error: "Enter how many times the rate a buyer without a PAN pays, like 2.",
          })
          .int("Enter a whole number, like 2.")
          .min(1, "From 1 to 10.")
          .max(10, "From 1 to 10."),
        withoutPanAtLeast: percent("the lowest rate without a PAN"),
        withoutPanAtMost: percent("the highest rate without a PAN"),
        withoutPanSection: line(120, "Enter the section that sets the rate without a PAN."),
        source,
      })
      .superRefine((input, ctx) => {
        if (input.threshold !== null && input.rateAbove === undefined)
          ctx.addIssue({
            code: "custom",
            path: ["rateAbove"],
            message: "Enter the rate above the threshold, or clear the threshold.",
          });
        if (input.withoutPanAtMost < input.withoutPanAtLeast)
          ctx.addIssue({
            code: "custom",
            path: ["withoutPanAtMost"],
            message: "The highest rate without a PAN cannot be below the lowest.",
          });
        if (input.threshold === null && input.rateAbove !== undefined)
          ctx.addIssue({
            code: "custom",
            path: ["threshold"],
            message: "Enter the threshold the higher rate starts at, or clear that rate.",
          });
      }),
  ],
  { error: "Choose what the rule is for." },
);

export type TaxRuleInput = z.infer<typeof taxRuleInputSchema>;

/** Withdraw a rule entered by mistake: which one, and why (kept with it). */
export const withdrawTaxRuleSchema = z.object({
  ruleId: z.string().trim().min(1, "Choose the rule to withdraw."),
  reason: line(300, "Say why the rule is withdrawn (entered by mistake, a wrong date …): the log keeps it."),
});
