import fs from "node:fs/promises";
import path from "node:path";
import nodemailer, { type Transporter } from "nodemailer";
import { getEnv } from "~/server/env.server";
import { getLogger } from "~/server/logger.server";

export type Notification = { subject: string; text: string; replyTo?: string };

let transporter: Transporter | null | undefined;

function getTransporter(): Transporter | null {
  if (transporter === undefined) {
    const url = getEnv().SMTP_URL;
    transporter = url ? nodemailer.createTransport(url) : null;
  }
  return transporter;
}

/**
 * Tells the team about a new enquiry. Called after the enquiry is stored, and
 * never throws: a mail failure must not lose or fail the visitor's enquiry.
 * Without SMTP the message is written to DATA_DIR/outbox, so it still reaches
 * whoever runs the site. Returns whether it was delivered or written.
 */
export async function notifyTeam(to: string, notification: Notification): Promise<boolean> {
  const env = getEnv();
  try {
    const mailer = getTransporter();
    if (mailer) {
      await mailer.sendMail({ from: env.MAIL_FROM, to, ...notification });
    } else {
      const outbox = path.resolve(env.DATA_DIR, "outbox");
      await fs.mkdir(outbox, { recursive: true });
      const file = path.join(outbox, `${new Date().toISOString().replace(/[:.]/g, "-")}-${Math.random().toString(36).slice(2, 8)}.eml`);
      const headers = [`To: ${to}`, `From: ${env.MAIL_FROM}`, `Subject: ${notification.subject}`];
      if (notification.replyTo) headers.push(`Reply-To: ${notification.replyTo}`);
      await fs.writeFile(file, `${headers.join("\n")}\n\n${notification.text}\n`);
    }
    return true;
  } catch (error) {
    getLogger().error({ err: error }, "notification failed");
    return false;
  }
}
