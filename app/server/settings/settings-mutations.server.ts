import { eq, sql } from "drizzle-orm";
import type { ContentDocument } from "~/lib/content-fields";
import type { EditConflict } from "~/lib/revisions";
import type { SiteSettingsInput } from "~/lib/site-settings-schema";
import { describeConflict } from "~/server/content/conflicts.server";
import { ContentWriteAbort, writeContent, type ContentWriteContext } from "~/server/content/content-write.server";
import { siteSettings, type SiteSettingsRow } from "~/server/db/schema.server";

/** The document series' prefixes and the two tax choices, as stored: the settings' History and the Business and tax form show them alike. */
export function documentSeriesValues(row: SiteSettingsRow) {
  return {
    invoicePrefix: row.invoicePrefix,
    receiptVoucherPrefix: row.receiptVoucherPrefix,
    paymentReceiptPrefix: row.paymentReceiptPrefix,
    refundVoucherPrefix: row.refundVoucherPrefix,
    creditNotePrefix: row.creditNotePrefix,
    overseasPlaceOfSupply: row.overseasPlaceOfSupply,
    autoReceiptVouchers: row.autoReceiptVouchers,
  };
}

export type SettingsWriteResult = { ok: true; row: SiteSettingsRow } | { ok: false; conflict: EditConflict };

/** The settings as one document (their revisions' JSON): exactly the fields the screen edits. */
export function settingsDocument(row: SiteSettingsRow): ContentDocument {
  return {
    brandName: row.brandName,
    phonePrimary: row.phonePrimary,
    phoneSecondary: row.phoneSecondary ?? undefined,
    email: row.email,
    whatsappNumber: row.whatsappNumber,
    whatsappMessage: row.whatsappMessage,
    whatsappPackageMessage: row.whatsappPackageMessage,
    instagramUrl: row.instagramUrl ?? undefined,
    linkedinUrl: row.linkedinUrl ?? undefined,
    websiteUrl: row.websiteUrl ?? undefined,
    footerDescription: row.footerDescription,
    notifyEmail: row.notifyEmail ?? undefined,
    gstPercent: row.gstPercent,
    gstLabel: row.gstLabel,
    tcsPercent: row.tcsPercent,
    tcsLabel: row.tcsLabel,
    leadPopupEnabled: row.leadPopupEnabled,
    bookingHoldHours: row.bookingHoldHours,
    upiId: row.upiId ?? undefined,
    upiPayeeName: row.upiPayeeName ?? undefined,
    // Business and tax (issue 47): saved from their own screen, kept in the same History.
    businessLegalName: row.businessLegalName || undefined,
    businessAddress: row.businessAddress || undefined,
    businessStateCode: row.businessStateCode ?? undefined,
    gstin: row.gstin ?? undefined,
    pan: row.pan ?? undefined,
    ...documentSeriesValues(row),
    paymentReminderDays: row.paymentReminderDays,
  };
}

/**
 * Saves the site settings in one content write (ADR 041): activity, content
 * version (every cached page shows them at the next request) and a revision.
 * With the version the screen loaded, a newer stored one refuses it (409).
 */
export async function updateSiteSettings(
  input: SiteSettingsInput,
  ctx: ContentWriteContext,
  options: { expectedVersion?: number } = {},
): Promise<SettingsWriteResult> {
  const values = {
    brandName: input.brandName,
    phonePrimary: input.phonePrimary,
    phoneSecondary: input.phoneSecondary ?? null,
    email: input.email,
    whatsappNumber: input.whatsappNumber,
    whatsappMessage: input.whatsappMessage,
    whatsappPackageMessage: input.whatsappPackageMessage,
    instagramUrl: input.instagramUrl ?? null,
    linkedinUrl: input.linkedinUrl ?? null,
    websiteUrl: input.websiteUrl ?? null,
    footerDescription: input.footerDescription ?? "",
    notifyEmail: input.notifyEmail ?? null,
    // The rates are tax rules now (Settings → Business and tax); an API client may still send the old columns.
    ...(input.gstPercent === undefined ? {} : { gstPercent: input.gstPercent }),
    gstLabel: input.gstLabel,
    ...(input.tcsPercent === undefined ? {} : { tcsPercent: input.tcsPercent }),
    tcsLabel: input.tcsLabel,
    leadPopupEnabled: input.leadPopupEnabled,
    bookingHoldHours: input.bookingHoldHours,
    upiId: input.upiId ?? null,
    upiPayeeName: input.upiPayeeName ?? null,
    paymentReminderDays: input.paymentReminderDays,
  };
  return writeSettingsColumns(values, ctx, options, {
    kind: "settings.updated",
    label: "Site settings",
  });
}

/**
 * Writes some of the settings row's columns (the site settings, or Business
 * and tax) as one content write: the row's one version, so a save from an
 * older screen of either is refused with what changed; a revision of the
 * whole settings document; the activity entry.
 */
export async function writeSettingsColumns(
  values: Partial<Omit<SiteSettingsRow, "id" | "revision" | "updatedAt">>,
  ctx: ContentWriteContext,
  options: { expectedVersion?: number },
  activity: {
    kind: "settings.updated" | "settings.business-updated";
    label: string;
  },
): Promise<SettingsWriteResult> {
  return writeContent<SettingsWriteResult>(ctx, async (tx) => {
    const [before] = await tx.select().from(siteSettings).where(eq(siteSettings.id, 1)).limit(1).for("update");
    if (!before) throw new Error("Site settings are missing: the database was not seeded.");
    const previous = settingsDocument(before);
    if (options.expectedVersion !== undefined && options.expectedVersion !== before.revision) {
      const at = {
        type: "site-settings" as const,
        id: "site",
        baseVersion: options.expectedVersion,
        version: before.revision,
        updatedAt: before.updatedAt,
      };
      const mine = settingsDocument({ ...before, ...values });
      throw new ContentWriteAbort<SettingsWriteResult>({
        ok: false,
        conflict: await describeConflict(tx, at, previous, mine),
      });
    }
    const [row] = await tx
      .update(siteSettings)
      .set({
        ...values,
        revision: sql`${siteSettings.revision} + 1`,
        updatedAt: new Date(),
      })
      .where(eq(siteSettings.id, 1))
      .returning();
    return {
      result: { ok: true, row: row! },
      revisions: [
        {
          type: "site-settings",
          id: "site",
          version: row!.revision,
          kind: "updated",
          label: "Site settings",
          document: settingsDocument(row!),
          previous,
        },
      ],
      activity: [
        {
          kind: activity.kind,
          subject: { type: "settings", id: "site", label: activity.label },
        },
      ],
    };
  });
}
