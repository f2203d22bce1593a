import { eq, sql } from "drizzle-orm";
import type { ContentDocument } from "~/lib/content-fields";
import type { EditConflict } from "~/lib/revisions";
import type { SiteSettingsInput } from "~/lib/site-settings-schema";
import { describeConflict } from "~/server/content/conflicts.server";
import { ContentWriteAbort, writeContent, type ContentWriteContext } from "~/server/content/content-write.server";
import { siteSettings, type SiteSettingsRow } from "~/server/db/schema.server";

type SettingsWriteResult = { ok: true; row: SiteSettingsRow } | { ok: false; conflict: EditConflict };

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
  return writeContent<SettingsWriteResult>(ctx, async (tx) => {
    const [before] = await tx.select().from(siteSettings).where(eq(siteSettings.id, 1)).limit(1).for("update");
    if (!before) throw new Error("Site settings are missing: the database was not seeded.");
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
      gstPercent: input.gstPercent,
      gstLabel: input.gstLabel,
      tcsPercent: input.tcsPercent,
      tcsLabel: input.tcsLabel,
      leadPopupEnabled: input.leadPopupEnabled,
      bookingHoldHours: input.bookingHoldHours,
      upiId: input.upiId ?? null,
      upiPayeeName: input.upiPayeeName ?? null,
      paymentReminderDays: input.paymentReminderDays,
    };
    const previous = settingsDocument(before);
    if (options.expectedVersion !== undefined && options.expectedVersion !== before.revision) {
      const at = { type: "site-settings" as const, id: "site", baseVersion: options.expectedVersion, version: before.revision, updatedAt: before.updatedAt };
      const mine = settingsDocument({ ...before, ...values });
      throw new ContentWriteAbort<SettingsWriteResult>({ ok: false, conflict: await describeConflict(tx, at, previous, mine) });
    }
    const [row] = await tx
      .update(siteSettings)
      .set({ ...values, revision: sql`${siteSettings.revision} + 1`, updatedAt: new Date() })
      .where(eq(siteSettings.id, 1))
      .returning();
    return {
      result: { ok: true, row: row! },
      revisions: [
        { type: "site-settings", id: "site", version: row!.revision, kind: "updated", label: "Site settings", document: settingsDocument(row!), previous },
      ],
      activity: [{ kind: "settings.updated", subject: { type: "settings", id: "site", label: "Site settings" } }],
    };
  });
}
