import { z } from "zod";
import type { PackageTerm } from "./package-view-model";
import { fillTaxWords } from "./package-text";
import type { TaxRates } from "./price";
import { toSingleLine } from "./single-line";

/**
 * The package page's terms (ADR 044): site-wide clauses and the convenience
 * list, which a package may replace with its own, and the one refund rule.
 * Clause texts may say {refund} (the refund rule), {gst} and {tcs} (the tax
 * settings, "5% GST"), so the rule and the rates are written in one place.
 */
const text = (max: number, required: string) => z.string({ error: required }).trim().min(1, required).max(max, `At most ${max} characters.`);

const termClauseSchema = z.object({
  title: z.preprocess(toSingleLine, text(120, "Enter the clause's title.")),
  text: text(2000, "Enter the clause's text."),
});

// A list whose every row was removed posts nothing: read as empty, so the "keep one" message shows.
const orEmpty = (value: unknown) => value ?? [];
const clauses = z.array(termClauseSchema).min(1, "Keep at least one clause.").max(30, "At most 30 clauses.");
const conveniences = z
  .array(z.preprocess(toSingleLine, text(200, "Enter the line, or remove it.")))
  .min(1, "Keep at least one line.")
  .max(12, "At most 12 lines.");

export const siteTermsInputSchema = z.object({
  refundRule: text(2000, "Enter the refund rule."),
  clauses: z.preprocess(orEmpty, clauses),
  conveniences: z.preprocess(orEmpty, conveniences),
});

/**
 * A package's own terms (the editor's Terms section, "Use this package's own
 * terms"); the form also posts termsOverride.own so that an emptied list is
 * still read as the package's own.
 */
export const packageTermsOverrideSchema = z.object({ clauses: z.preprocess(orEmpty, clauses), conveniences: z.preprocess(orEmpty, conveniences) });

export type SiteTermsInput = z.infer<typeof siteTermsInputSchema>;
export type PackageTermsOverride = z.infer<typeof packageTermsOverrideSchema>;
export type { PackageTerm };

export const TERMS_PLACEHOLDERS = "{refund} (the refund rule), {gst} and {tcs} (the tax settings)";

/** A clause's text as visitors read it: the refund rule and the tax rates put in. */
export function fillTermText(value: string, refundRule: string, taxes: TaxRates): string {
  return fillTaxWords(value.replaceAll("{refund}", refundRule), taxes);
}
