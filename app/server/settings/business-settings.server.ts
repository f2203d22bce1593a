import type { BusinessSettingsFormValues, BusinessSettingsInput } from "~/lib/business-settings-schema";
import type { ContentWriteContext } from "~/server/content/content-write.server";
import type { SiteSettingsRow } from "~/server/db/schema.server";
import { documentSeriesValues, writeSettingsColumns } from "./settings-mutations.server";

/**
 * Settings → Business and tax (issue 47, ADR 092): the agency's legal name,
 * address, state, GSTIN, PAN, series prefixes and the two tax choices, columns
 * of the one site_settings row. Saved as one content write like the rest of
 * the settings: the same version (a save from an older screen is refused with
 * what changed), a revision in the settings' History and an activity entry.
 */

/** The stored row as the form shows it. */
export function businessFormValues(row: SiteSettingsRow): BusinessSettingsFormValues {
  return {
    businessLegalName: row.businessLegalName,
    businessAddress: row.businessAddress,
    businessStateCode: row.businessStateCode ?? "",
    gstin: row.gstin ?? "",
    pan: row.pan ?? "",
    ...documentSeriesValues(row),
  };
}

export function updateBusinessSettings(input: BusinessSettingsInput, ctx: ContentWriteContext, options: { expectedVersion?: number } = {}) {
  return writeSettingsColumns(
    {
      businessLegalName: input.businessLegalName,
      businessAddress: input.businessAddress,
      businessStateCode: input.businessStateCode,
      gstin: input.gstin ?? null,
      pan: input.pan ?? null,
      invoicePrefix: input.invoicePrefix,
      receiptVoucherPrefix: input.receiptVoucherPrefix,
      paymentReceiptPrefix: input.paymentReceiptPrefix,
      refundVoucherPrefix: input.refundVoucherPrefix,
      creditNotePrefix: input.creditNotePrefix,
      overseasPlaceOfSupply: input.overseasPlaceOfSupply,
      autoReceiptVouchers: input.autoReceiptVouchers,
    },
    ctx,
    options,
    { kind: "settings.business-updated", label: "Business and tax" },
  );
}
