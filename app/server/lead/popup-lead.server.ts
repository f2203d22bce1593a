import { GroupCommit } from "~/server/db/group-commit.server";
import { getDb } from "~/server/db/db.server";
import { leads } from "~/server/db/schema.server";
import { enqueueManyEnquiryNotifications, type NewEnquiry } from "~/server/notify/enquiry-notification.server";
import { nudgeJobs } from "~/server/jobs/jobs.server";
import { teamAddress } from "~/server/settings/settings.server";
import type { PopupLeadInput } from "./lead-schema";

/**
 * Stores a popup lead and, in the same transaction, the team's e-mail about it
 * (NOTIFY_EMAIL, else the agency's e-mail) in the notification outbox. The
 * outbox worker sends it (ADR 050): a mail outage or a crash never loses it.
 * Resolves once the lead is committed. Leads posted at the same moment share
 * one transaction (group commit), which is what keeps a burst fast on the
 * embedded database.
 */
export function createPopupLead(input: PopupLeadInput): Promise<{ id: number }> {
  return popupLeadWrites.submit(input);
}

const popupLeadWrites = new GroupCommit(storePopupLeads);

/** One transaction: the leads in one statement, then their e-mails in another. */
async function storePopupLeads(inputs: PopupLeadInput[]): Promise<{ id: number }[]> {
  const to = await teamAddress();
  const rows = await getDb().transaction(async (tx) => {
    const inserted = await tx
      .insert(leads)
      .values(inputs.map((input) => ({ source: "popup" as const, name: input.name, phone: input.phone })))
      .returning({ id: leads.id, createdAt: leads.createdAt });
    if (inserted.length !== inputs.length) throw new Error("The leads were not stored.");
    // Serial ids are drawn in the order of the VALUES list: sorted, they line up with `inputs`.
    inserted.sort((a, b) => a.id - b.id);
    await enqueueManyEnquiryNotifications(
      tx,
      inserted.map((row, index) => popupLeadNotification(to, inputs[index]!, row)),
    );
    return inserted;
  });
  nudgeJobs();
  return rows.map((row) => ({ id: row.id }));
}

function popupLeadNotification(to: string, input: PopupLeadInput, row: { id: number; createdAt: Date }) {
  const enquiry: NewEnquiry = { subject: { type: "lead", id: row.id }, source: "popup", receivedAt: row.createdAt, name: input.name, phone: input.phone };
  const text = ["A visitor asked to be called back (website popup).", "", `Name: ${input.name}`, `Phone: ${input.phone}`].join("\n");
  return { enquiry, email: { to, text } };
}
