import type { ZodError } from "zod";
import { getDb } from "~/server/db/db.server";
import { contactMessages } from "~/server/db/schema.server";
import { fieldErrors, isHoneypotFilled } from "~/server/forms/form-input.server";
import { enqueueEnquiryNotifications } from "~/server/notify/enquiry-notification.server";
import { nudgeJobs } from "~/server/jobs/jobs.server";
import { teamAddress } from "~/server/settings/settings.server";
import { contactSchema, type ContactInput } from "./contact-schema.server";

type ContactResult = { ok: true; stored: boolean } | { ok: false; fields: Record<string, string>; error: ZodError };

/**
 * Validates, then stores the message and, in the same transaction, the team's
 * e-mail about it in the notification outbox (sent by the outbox worker, ADR
 * 020). A filled honeypot gets the same success answer and nothing is stored.
 * Throws only if the database fails, so the caller can answer with the
 * failure message and keep what was typed.
 */
export async function submitContactMessage(body: Record<string, unknown>, requestId: string | null = null): Promise<ContactResult> {
  if (isHoneypotFilled(body)) return { ok: true, stored: false };
  const parsed = contactSchema.safeParse(body);
  if (!parsed.success) return { ok: false, fields: fieldErrors(parsed.error), error: parsed.error };
  await storeContactMessage(parsed.data, requestId);
  return { ok: true, stored: true };
}

/**
 * Stores a valid message with the team's e-mail about it, in one transaction;
 * throws if the database fails. With the balancer's `requestId`, a request
 * already stored (retried here after another server stored it, ADR 093)
 * stores nothing new and no e-mail; one still being stored is waited for.
 */
export async function storeContactMessage(message: ContactInput, requestId: string | null = null) {
  const to = await teamAddress();
  await getDb().transaction(async (tx) => {
    const [row] = await tx
      .insert(contactMessages)
      .values({ ...message, requestId })
      .onConflictDoNothing({ target: contactMessages.requestId })
      .returning({ id: contactMessages.id, createdAt: contactMessages.createdAt });
    if (!row && requestId) return;
    if (!row) throw new Error("The message was not stored.");
    const enquiry = {
      subject: { type: "contact-message", id: row.id },
      source: "contact",
      receivedAt: row.createdAt,
      name: { firstName: message.firstName, lastName: message.lastName },
      phone: message.phone,
      email: message.email,
      message: message.message,
    } as const;
    await enqueueEnquiryNotifications(tx, enquiry, { to, text: teamEmailText(row.id, message) });
  });
  nudgeJobs();
}

function teamEmailText(id: number, message: ContactInput) {
  return [
    `New message from the contact form (#${id}).`,
    "",
    `Name: ${message.firstName} ${message.lastName}`,
    `E-mail: ${message.email}`,
    `Phone: ${message.phone}`,
    "",
    message.message,
  ].join("\n");
}
