import { canManageSettings } from "~/server/auth/access.server";
import type { ContentTypeDescriptor } from "~/server/content/content-descriptor.server";
import { settingsDocument } from "./settings-mutations.server";
import { getStoredSiteSettings } from "./settings.server";

/** The site settings (ADR 041, 080): one document, admins only (they hold the team's notification address). */
export const siteSettingsDescriptor: ContentTypeDescriptor = {
  type: "site-settings",
  editorPath: () => "/admin/settings",
  async liveDocument() {
    const row = await getStoredSiteSettings();
    return { document: settingsDocument(row), version: row.revision, label: "Site settings" };
  },
  canSee: canManageSettings,
};
