import { getDb } from "~/server/db/db.server";
import { leads } from "~/server/db/schema.server";
import { enqueueEnquiryNotifications } from "~/server/notify/enquiry-notification.server";
import { nudgeOutbox, teamAddress } from "~/server/notify/outbox.server";
import type { PopupLeadInput } from "./lead-schema";

/**
 * Stores a popup lead and, in the same transaction, the team's e-mail about it
 * (NOTIFY_EMAIL, else the agency's e-mail) in the notification outbox. The
 * outbox worker sends it (ADR 020): a mail outage or a crash never loses it.
 */
export async function createPopupLead(input: PopupLeadInput) {
  const to = await teamAddress();
  const lead = await getDb().transaction(async (tx) => {
    const [row] = await tx
      .insert(leads)
      .values({ source: "popup", name: input.name, phone: input.phone })
      .returning({ id: leads.id, createdAt: leads.createdAt });
    if (!row) throw new Error("The lead was not stored.");
    const enquiry = { subject: { type: "lead", id: row.id }, source: "popup", receivedAt: row.createdAt, name: input.name, phone: input.phone } as const;
    await enqueueEnquiryNotifications(tx, enquiry, {
      to,
      text: [
        "A visitor asked to be called back (website popup).",
        "",
        `Name: ${input.name}`,
        `Phone: ${input.phone}`,
        `Received: ${row.createdAt.toISOString()}`,
      ].join("\n"),
    });
    return row;
  });
  nudgeOutbox();
  return { id: lead.id };
}
