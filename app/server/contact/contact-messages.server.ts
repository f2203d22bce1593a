import { eq } from "drizzle-orm";
import type { ZodError } from "zod";
import { getDb } from "~/server/db/db.server";
import { contactMessages } from "~/server/db/schema.server";
import { getEnv } from "~/server/env.server";
import { getLogger } from "~/server/logger.server";
import { fieldErrors, isHoneypotFilled } from "~/server/forms/form-input.server";
import { notifyTeam } from "~/server/notify/notify.server";
import { getSiteSettings } from "~/server/settings/settings.server";
import { contactSchema, type ContactInput } from "./contact-schema.server";

export type ContactResult =
  | { ok: true; stored: boolean }
  | { ok: false; fields: Record<string, string>; error: ZodError };

/**
 * Validates, stores, then tells the team. A filled honeypot gets the same
 * success answer and nothing is stored. Throws only if the database fails,
 * so the caller can answer with the failure message and keep what was typed.
 */
export async function submitContactMessage(body: Record<string, unknown>): Promise<ContactResult> {
  if (isHoneypotFilled(body)) return { ok: true, stored: false };
  const parsed = contactSchema.safeParse(body);
  if (!parsed.success) return { ok: false, fields: fieldErrors(parsed.error), error: parsed.error };
  const [row] = await getDb().insert(contactMessages).values(parsed.data).returning({ id: contactMessages.id });
  await notifyAboutMessage(row!.id, parsed.data);
  return { ok: true, stored: true };
}

async function notifyAboutMessage(id: number, message: ContactInput) {
  try {
    const to = getEnv().NOTIFY_EMAIL ?? (await getSiteSettings()).email;
    const delivered = await notifyTeam(to, {
      subject: `Contact form: ${message.firstName} ${message.lastName}`,
      replyTo: message.email,
      text: [
        `New message from the contact form (#${id}).`,
        "",
        `Name: ${message.firstName} ${message.lastName}`,
        `E-mail: ${message.email}`,
        `Phone: ${message.phone}`,
        "",
        message.message,
      ].join("\n"),
    });
    if (delivered) {
      await getDb().update(contactMessages).set({ notifiedAt: new Date() }).where(eq(contactMessages.id, id));
    }
  } catch (error) {
    // The message is stored; a notification problem must not fail the visitor's send.
    getLogger().error({ err: error }, "contact notification failed");
  }
}
