import fs from "node:fs/promises";
import path from "node:path";
import nodemailer from "nodemailer";
import { getEnv } from "~/server/env.server";
import type { EmailPayload } from "./outbox.server";

/** The outbox row an e-mail belongs to: it names the fallback file and the Message-ID. */
export type MailRef = { id: number; createdAt: Date };

/**
 * The same Message-ID every time a row is sent: if a crash makes a message go
 * out twice (ADR 020), mail clients and mailboxes see one message, twice.
 */
export function outboxMessageId(ref: MailRef, from: string): string {
  const domain = /@([A-Za-z0-9.-]+)/.exec(from)?.[1] ?? "pravas.invalid";
  return `<notification-${ref.id}-${ref.createdAt.getTime()}@${domain}>`;
}

export type Mailer = {
  /** What the log calls it: "smtp" or "file". */
  kind: "smtp" | "file";
  /** Resolves once the message is accepted (SMTP 250) or written; rejects otherwise. */
  send(email: EmailPayload, ref: MailRef): Promise<{ id?: string }>;
  close(): void;
};

/**
 * Upper bounds for one SMTP conversation. The worker's lease on a row must
 * outlast them, or a second worker could take the row while it is being sent.
 */
export const SMTP_TIMEOUTS = { connectionTimeout: 15_000, greetingTimeout: 15_000, socketTimeout: 30_000 };

/**
 * Sends over SMTP (nodemailer). One connection per message: sends are rare,
 * and nothing lingers to be closed at shutdown. Settings in the URL win.
 */
export function createSmtpMailer(url: string, from: string): Mailer {
  const transport = nodemailer.createTransport({ url, ...SMTP_TIMEOUTS } as Parameters<typeof nodemailer.createTransport>[0]);
  return {
    kind: "smtp",
    async send(email, ref) {
      const info = await transport.sendMail({ ...email, from, messageId: outboxMessageId(ref, from) });
      return { id: info.messageId };
    },
    close: () => transport.close(),
  };
}

/**
 * Without SMTP: nodemailer's own stream transport builds the message, so every
 * header is encoded by nodemailer (a line break in a name cannot start a new
 * header), and it is written to DATA_DIR/outbox/<created>-<id>.eml. The name
 * comes from the outbox row, so writing it twice leaves one file.
 */
export function createFileMailer(dir: string, from: string): Mailer {
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: "unix" });
  return {
    kind: "file",
    async send(email, ref) {
      const info = await transport.sendMail({ ...email, from, messageId: outboxMessageId(ref, from) });
      await fs.mkdir(dir, { recursive: true });
      const name = `${ref.createdAt.toISOString().replace(/[:.]/g, "-")}-${ref.id}.eml`;
      const file = path.join(dir, name);
      // Written whole or not at all: a reader never sees half a message.
      const partial = `${file}.${process.pid}.tmp`;
      await fs.writeFile(partial, info.message as Buffer);
      await fs.rename(partial, file);
      return { id: file };
    },
    close: () => transport.close(),
  };
}

/** SMTP when SMTP_URL is set, else the .eml files in DATA_DIR/outbox. */
export function createMailerFromEnv(): Mailer {
  const env = getEnv();
  return env.SMTP_URL
    ? createSmtpMailer(env.SMTP_URL, env.MAIL_FROM)
    : createFileMailer(path.resolve(env.DATA_DIR, "outbox"), env.MAIL_FROM);
}
