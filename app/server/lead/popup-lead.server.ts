import { eq } from "drizzle-orm";
import { getDb } from "~/server/db/db.server";
import { leads } from "~/server/db/schema.server";
import { getEnv } from "~/server/env.server";
import { notifyTeam } from "~/server/notify/notify.server";
import { getSiteSettings } from "~/server/settings/settings.server";
import type { PopupLeadInput } from "./lead-schema";

/**
 * Stores a popup lead first, then tells the team (NOTIFY_EMAIL, else the
 * agency's e-mail). A failed notification never loses the lead: it stays
 * stored with notifiedAt empty.
 */
export async function createPopupLead(input: PopupLeadInput) {
  const [lead] = await getDb()
    .insert(leads)
    .values({ source: "popup", name: input.name, phone: input.phone })
    .returning({ id: leads.id, createdAt: leads.createdAt });
  if (!lead) throw new Error("The lead was not stored.");

  const settings = await getSiteSettings();
  const delivered = await notifyTeam(getEnv().NOTIFY_EMAIL ?? settings.email, {
    subject: `New call-back request: ${input.name}`,
    text: [
      "A visitor asked to be called back (website popup).",
      "",
      `Name: ${input.name}`,
      `Phone: ${input.phone}`,
      `Received: ${lead.createdAt.toISOString()}`,
    ].join("\n"),
  });
  if (delivered) await getDb().update(leads).set({ notifiedAt: new Date() }).where(eq(leads.id, lead.id));
  return { id: lead.id, notified: delivered };
}
