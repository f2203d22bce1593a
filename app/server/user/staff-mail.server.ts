import nodemailer, { type Transporter } from "nodemailer";
import { getEnv } from "~/server/env.server";
import { getLogger } from "~/server/logger.server";

/**
 * E-mail to staff (invitations, password-reset links). Kept in one function
 * so it can move onto the durable outbox that enquiry notifications use.
 */
type StaffMail = { to: string; subject: string; text: string };

/** The transport, made once per SMTP address. */
let transporter: { url: string; transport: Transporter } | undefined;

/** Invitations and e-mailed reset links need SMTP; without it the admin gets a one-time link to pass on. */
export function isStaffMailConfigured(): boolean {
  return Boolean(getEnv().SMTP_URL);
}

/** Sends now; false (and logged) when SMTP is missing or refuses. Never logs the message body (it holds a link). */
export async function sendStaffMail(mail: StaffMail): Promise<boolean> {
  const env = getEnv();
  if (!env.SMTP_URL) return false;
  try {
    if (transporter?.url !== env.SMTP_URL) transporter = { url: env.SMTP_URL, transport: nodemailer.createTransport(env.SMTP_URL) };
    await transporter.transport.sendMail({ from: env.MAIL_FROM, to: mail.to, subject: mail.subject, text: mail.text });
    return true;
  } catch (error) {
    getLogger().error({ err: error, subject: mail.subject }, "staff e-mail could not be sent");
    return false;
  }
}
