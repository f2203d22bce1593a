import { eq } from "drizzle-orm";
import { formatPhone } from "~/lib/phone";
import type { TaxRates } from "~/lib/price";
import type { SiteSettingsView } from "~/lib/site-view-model";
import { getDb } from "~/server/db/db.server";
import { getEnv } from "~/server/env.server";
import { siteSettings, type SiteSettingsRow } from "~/server/db/schema.server";
import { indianDate } from "~/lib/follow-up";
import { noteRates } from "~/server/tax/tax-note.server";
import { loadTaxRules } from "~/server/tax/tax-store.server";

/** The stored settings row as written (phones in E.164): the settings screen and its writes. */
export async function getStoredSiteSettings(): Promise<SiteSettingsRow> {
  const [row] = await getDb().select().from(siteSettings).where(eq(siteSettings.id, 1));
  if (!row) throw new Error("Site settings are missing: the database was not seeded.");
  return row;
}

/** What public pages read of the settings: no internal addresses (the team's notification e-mail) in their data. */
type PublicSiteSettings = SiteSettingsView & Pick<SiteSettingsRow, "whatsappPackageMessage" | "leadPopupEnabled" | "updatedAt">;

/** The agency's settings as pages show them (single row, seeded at first start): phones as "+91 98450 12345". */
export async function getSiteSettings(): Promise<PublicSiteSettings> {
  const row = await getStoredSiteSettings();
  return {
    brandName: row.brandName,
    tagline: row.tagline,
    footerDescription: row.footerDescription,
    phonePrimary: formatPhone(row.phonePrimary),
    phoneSecondary: row.phoneSecondary ? formatPhone(row.phoneSecondary) : null,
    email: row.email,
    whatsappNumber: row.whatsappNumber,
    whatsappMessage: row.whatsappMessage,
    whatsappPackageMessage: row.whatsappPackageMessage,
    instagramUrl: row.instagramUrl,
    linkedinUrl: row.linkedinUrl,
    websiteUrl: row.websiteUrl,
    address: row.address,
    leadPopupEnabled: row.leadPopupEnabled,
    updatedAt: row.updatedAt,
  };
}

/**
 * The taxes every price note, JSON-LD offer and brochure adds: the rates of
 * the tax rules in force on `on` (a moment, or an Indian date) (issue 47, ADR 092), worded
 * as the settings say (ADR 041). A rule added for a later date shows from
 * that day (public pages are rendered again at least every minute, brochures
 * every day).
 */
export async function getTaxRates(on: Date | string = new Date()): Promise<TaxRates> {
  const [{ gstPercent, gstLabel, tcsPercent, tcsLabel }, rules] = await Promise.all([getStoredSiteSettings(), loadTaxRules(getDb())]);
  // The settings' own rates were the note's before the rules (ADR 041): the fallback while a kind has no rule in force.
  return {
    gstLabel,
    tcsLabel,
    ...noteRates(rules, typeof on === "string" ? on : indianDate(on), {
      gstPercent,
      serviceChargeGstPercent: 18,
      tcsPercent,
    }),
  };
}

/** Where the team's e-mail goes: the settings' "enquiry e-mails to", else NOTIFY_EMAIL (a first-start default), else the agency's e-mail. */
export async function teamAddress(): Promise<string> {
  const settings = await getStoredSiteSettings();
  return settings.notifyEmail ?? getEnv().NOTIFY_EMAIL ?? settings.email;
}
