import { parseWithZod } from "@conform-to/zod/v4";
import { restoringNotice, revisionToRestore, siteDocumentHistory } from "~/server/content/site-document-history.server";
import type { SiteSettingsRow } from "~/server/db/schema.server";
import { data } from "react-router";
import { formatPhone } from "~/lib/phone";
import { siteSettingsInputSchema, type SiteSettingsFormValues } from "~/lib/site-settings-schema";
import { redirectWithNotice } from "~/server/admin/notice.server";
import type { Viewer } from "~/server/auth/guard.server";
import {
  conflictData,
  FAILED_NOTICE,
  keepSentValuesOnFailure,
  readEditorRequest,
  sentFields,
  type EditorActionResult,
} from "~/server/content/editor-actions.server";
import { getEnv } from "~/server/env.server";
import { paymentGatewayStatus } from "~/server/payment/gateway-from-env.server";
import { getStoredSiteSettings, getTaxRates } from "./settings.server";
import { updateSiteSettings } from "./settings-mutations.server";

const SETTINGS_PATH = "/admin/settings";
const SETTINGS_SAVED = "Settings saved. The website shows them now.";

/** The screen's data: the stored settings (or an older version being restored) as the form shows them, their version and History. */
export async function loadSettingsPage(url: URL, now: Date) {
  const [stored, history, restore, taxes] = await Promise.all([
    getStoredSiteSettings(),
    siteDocumentHistory(["site-settings"], "site"),
    revisionToRestore(url, ["site-settings"], "site"),
    getTaxRates(now),
  ]);
  // A revision's document holds the same fields as the row (settingsDocument), absent where the row is null.
  const row = restore ? { ...stored, ...nullsForMissing(restore.document) } : stored;
  const values: SiteSettingsFormValues = {
    brandName: row.brandName,
    phonePrimary: formatPhone(row.phonePrimary),
    phoneSecondary: row.phoneSecondary ? formatPhone(row.phoneSecondary) : "",
    email: row.email,
    whatsappNumber: formatPhone(`+${row.whatsappNumber}`),
    whatsappMessage: row.whatsappMessage,
    whatsappPackageMessage: row.whatsappPackageMessage,
    instagramUrl: row.instagramUrl ?? "",
    linkedinUrl: row.linkedinUrl ?? "",
    websiteUrl: row.websiteUrl ?? "",
    footerDescription: row.footerDescription,
    notifyEmail: row.notifyEmail ?? "",
    gstPercent: String(row.gstPercent),
    gstLabel: row.gstLabel,
    tcsPercent: String(row.tcsPercent),
    tcsLabel: row.tcsLabel,
    leadPopupEnabled: row.leadPopupEnabled,
    bookingHoldHours: String(row.bookingHoldHours),
    upiId: row.upiId ?? "",
    upiPayeeName: row.upiPayeeName ?? "",
    paymentReminderDays: row.paymentReminderDays.join(", "),
  };
  return {
    values,
    gateway: paymentGatewayStatus(getEnv()),
    taxes,
    version: stored.revision,
    updatedAt: stored.updatedAt.toISOString(),
    history,
    restoring: restore ? restoringNotice(restore) : null,
  };
}

const OPTIONAL_SETTINGS = ["phoneSecondary", "instagramUrl", "linkedinUrl", "websiteUrl", "notifyEmail", "upiId", "upiPayeeName"] as const;

function nullsForMissing(document: Record<string, unknown>) {
  return {
    ...Object.fromEntries(OPTIONAL_SETTINGS.map((key) => [key, null])),
    ...document,
  } as Partial<SiteSettingsRow>;
}

/** The values a failed save sent back, for the form to show again (ADR 040). */
function sentValues(formData: FormData): SiteSettingsFormValues {
  const sent = new Map(sentFields(formData));
  const text = (name: keyof SiteSettingsFormValues) => sent.get(name) ?? "";
  return {
    brandName: text("brandName"),
    phonePrimary: text("phonePrimary"),
    phoneSecondary: text("phoneSecondary"),
    email: text("email"),
    whatsappNumber: text("whatsappNumber"),
    whatsappMessage: text("whatsappMessage"),
    whatsappPackageMessage: text("whatsappPackageMessage"),
    instagramUrl: text("instagramUrl"),
    linkedinUrl: text("linkedinUrl"),
    websiteUrl: text("websiteUrl"),
    footerDescription: text("footerDescription"),
    notifyEmail: text("notifyEmail"),
    gstPercent: text("gstPercent"),
    gstLabel: text("gstLabel"),
    tcsPercent: text("tcsPercent"),
    tcsLabel: text("tcsLabel"),
    leadPopupEnabled: sent.get("leadPopupEnabled") === "on",
    bookingHoldHours: text("bookingHoldHours"),
    upiId: text("upiId"),
    upiPayeeName: text("upiPayeeName"),
    paymentReminderDays: text("paymentReminderDays"),
  };
}

/**
 * Saves the settings (admins; the route's guard checked it): field errors
 * come back inline (400), a save based on an older version is refused (409)
 * with what changed, success redirects with the notice.
 */
export async function handleSettingsAction(request: Request, viewer: Viewer, ip?: string) {
  const formData = await request.formData();
  return keepSentValuesOnFailure(
    "saving the site settings",
    () => sentValues(formData),
    async () => {
      const submission = parseWithZod(formData, {
        schema: siteSettingsInputSchema,
      });
      if (submission.status !== "success") {
        return data<EditorActionResult>({ errors: submission.reply().error ?? {}, notice: FAILED_NOTICE }, { status: 400 });
      }
      const editor = readEditorRequest(formData);
      const result = await updateSiteSettings(
        submission.value,
        { viewer, ip },
        {
          expectedVersion: editor.options.expectedVersion ?? editor.options.mergeFrom,
        },
      );
      if (!result.ok) return conflictData(result.conflict, "save");
      return redirectWithNotice(SETTINGS_PATH, {
        kind: "success",
        message: SETTINGS_SAVED,
      });
    },
  );
}
