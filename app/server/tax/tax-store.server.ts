import { asc, eq, isNull } from "drizzle-orm";
import type { Db } from "~/server/db/db.server";
import { siteSettings, taxRules, type SiteSettingsRow, type TaxRuleRow } from "~/server/db/schema.server";
import type { NumberedKind } from "~/server/document/document-number.server";
import type { GstRule, GstScheme, TaxRules, TcsRule } from "./tax-rules.server";

/**
 * The tax rules and the agency's business details as stored (ADR 092): the
 * figures engine's inputs read from the database. Rules are rows of
 * `tax_rules` (append-only; a withdrawn row is ignored), seeded once from
 * TAX_RULES_SEED; the business details are columns of site_settings.
 */

type GstFigures = Pick<GstRule, "sac" | "rateBps">;
type TcsRuleFigures = Pick<TcsRule, "section" | "slabs" | "withoutPan">;

/** A rule as a `tax_rules` row (the seed and Settings → Business and tax add rules through this). */
export function taxRuleRow(rule: { kind: "gst"; rule: GstRule } | { kind: "tcs"; rule: TcsRule }): typeof taxRules.$inferInsert {
  if (rule.kind === "gst") {
    const { id, scheme, effectiveFrom, sac, rateBps, documentNote, source } = rule.rule;
    return { id, kind: "gst", scheme, effectiveFrom, figures: { sac, rateBps } satisfies GstFigures, documentNote, source };
  }
  const { id, effectiveFrom, section, slabs, withoutPan, source } = rule.rule;
  return { id, kind: "tcs", scheme: null, effectiveFrom, figures: { section, slabs, withoutPan } satisfies TcsRuleFigures, documentNote: "", source };
}

/** Every rule of the seed as rows, in order. */
export function seedTaxRuleRows(seed: TaxRules): (typeof taxRules.$inferInsert)[] {
  return [...seed.gst.map((rule) => taxRuleRow({ kind: "gst", rule })), ...seed.tcs.map((rule) => taxRuleRow({ kind: "tcs", rule }))];
}

/** Rows back into the engine's rules (withdrawn rows left out by the caller). */
export function taxRulesFromRows(rows: readonly TaxRuleRow[]): TaxRules {
  const gst: GstRule[] = [];
  const tcs: TcsRule[] = [];
  for (const row of rows) {
    if (row.withdrawnAt) continue;
    if (row.kind === "gst") {
      const figures = row.figures as GstFigures;
      gst.push({
        id: row.id,
        scheme: row.scheme as GstScheme,
        effectiveFrom: row.effectiveFrom,
        sac: figures.sac,
        rateBps: figures.rateBps,
        documentNote: row.documentNote,
        source: row.source,
      });
    } else {
      const figures = row.figures as TcsRuleFigures;
      tcs.push({
        id: row.id,
        effectiveFrom: row.effectiveFrom,
        section: figures.section,
        slabs: figures.slabs,
        withoutPan: figures.withoutPan,
        source: row.source,
      });
    }
  }
  return { gst, tcs };
}

/** The rules in force at any date: every row not withdrawn (the engine picks, per document date, the latest on or before it). */
export async function loadTaxRules(db: Db): Promise<TaxRules> {
  const rows = await db.select().from(taxRules).where(isNull(taxRules.withdrawnAt)).orderBy(asc(taxRules.effectiveFrom), asc(taxRules.id));
  return taxRulesFromRows(rows);
}

/** What the tax documents need of the agency (Settings → Business and tax). */
export type BusinessSettings = {
  legalName: string;
  tradeName: string;
  address: string;
  stateCode: string | null;
  gstin: string | null;
  pan: string | null;
  phone: string;
  email: string;
  prefixes: Record<NumberedKind, string>;
  overseasPlaceOfSupply: "traveller" | "agency";
  autoReceiptVouchers: boolean;
  upi: { id: string; payeeName: string } | null;
};

export function businessSettingsFromRow(row: SiteSettingsRow): BusinessSettings {
  return {
    legalName: row.businessLegalName,
    tradeName: row.brandName,
    address: row.businessAddress,
    stateCode: row.businessStateCode,
    gstin: row.gstin,
    pan: row.pan,
    phone: row.phonePrimary,
    email: row.email,
    prefixes: {
      "tax-invoice": row.invoicePrefix,
      "receipt-voucher": row.receiptVoucherPrefix,
      "payment-receipt": row.paymentReceiptPrefix,
      "refund-voucher": row.refundVoucherPrefix,
      "credit-note": row.creditNotePrefix,
    },
    overseasPlaceOfSupply: row.overseasPlaceOfSupply,
    autoReceiptVouchers: row.autoReceiptVouchers,
    upi: row.upiId ? { id: row.upiId, payeeName: row.upiPayeeName ?? row.brandName } : null,
  };
}

export async function loadBusinessSettings(db: Db): Promise<BusinessSettings> {
  const [row] = await db.select().from(siteSettings).where(eq(siteSettings.id, 1));
  if (!row) throw new Error("Site settings are missing: the database was not seeded.");
  return businessSettingsFromRow(row);
}

/**
 * What is missing before a tax document can be issued, in the team's words
 * (null when nothing): the legal name, address, state and GSTIN.
 */
export function businessDetailsProblem(business: BusinessSettings): string | null {
  const missing = [
    !business.legalName.trim() && "legal name",
    !business.address.trim() && "address",
    !business.stateCode && "state",
    !business.gstin && "GSTIN",
  ].filter(Boolean);
  if (missing.length === 0) return null;
  return `Add the agency's ${missing.join(", ").replace(/, ([^,]*)$/, " and $1")} in Settings → Business and tax before issuing tax documents.`;
}
