import fs from "node:fs/promises";
import path from "node:path";
import nodemailer from "nodemailer";
import { getEnv } from "~/server/env.server";
import { fallbackMailDir, fallbackMailName } from "./mail-files.server";
import type { EmailPayload } from "./notification-jobs.server";

/** The job an e-mail belongs to: it names the fallback file and the Message-ID. */
export type MailRef = { id: number; createdAt: Date };

/**
 * The same Message-ID every time a job is sent: if a crash makes a message go
 * out twice (ADR 050), mail clients and mailboxes see one message, twice.
 */
function outboxMessageId(ref: MailRef, from: string): string {
  const domain = /@([A-Za-z0-9.-]+)/.exec(from)?.[1] ?? "pravas.invalid";
  return `<notification-${ref.id}-${ref.createdAt.getTime()}@${domain}>`;
}

/** An e-mail with an HTML part and inline images (`cid:`), e.g. a payment reminder's UPI QR; sent by its job's own handler. */
export type RichEmail = EmailPayload & { html?: string; attachments?: { filename: string; content: Buffer; cid?: string; contentType?: string }[] };

export type Mailer = {
  /** What the log calls it: "smtp" or "file". */
  kind: "smtp" | "file";
  /** Resolves once the message is accepted (SMTP 250) or written; rejects otherwise. */
  send(email: RichEmail, ref: MailRef): Promise<{ id?: string }>;
  close(): void;
};

/** Upper bounds for one SMTP conversation; the job worker's timeout and lease outlast them. */
const SMTP_TIMEOUTS = { connectionTimeout: 15_000, greetingTimeout: 15_000, socketTimeout: 30_000 };

/** Connections the SMTP pool keeps open: as many as the job worker runs jobs at once. */
const SMTP_POOL_SIZE = 5;

/**
 * Sends over SMTP (nodemailer) through a small pool of connections, reused
 * from one message to the next, so a backlog drains quickly. Settings in the
 * URL win.
 */
export function createSmtpMailer(url: string, from: string): Mailer {
  const transport = nodemailer.createTransport({ url, pool: true, maxConnections: SMTP_POOL_SIZE, ...SMTP_TIMEOUTS } as Parameters<
    typeof nodemailer.createTransport
  >[0]);
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
 * comes from the job, so writing it twice leaves one file.
 */
export function createFileMailer(dir: string, from: string): Mailer {
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: "unix" });
  return {
    kind: "file",
    async send(email, ref) {
      const info = await transport.sendMail({ ...email, from, messageId: outboxMessageId(ref, from) });
      await fs.mkdir(dir, { recursive: true });
      const file = path.join(dir, fallbackMailName(ref));
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
  const mailer = env.SMTP_URL ? createSmtpMailer(env.SMTP_URL, env.MAIL_FROM) : createFileMailer(fallbackMailDir(), env.MAIL_FROM);
  return env.E2E_FIXTURES && env.E2E_FIXTURE_TOKEN ? switchableForTests(mailer) : mailer;
}

/** Test runs only (/__e2e/smtp): a real SMTP server this process's e-mail goes to, instead of its own, until cleared. */
let testSmtp: Mailer | null = null;

/**
 * Points this process's mailer at an SMTP server (an e2e test's in-process
 * one), or back with null: a test then receives an e-mail as a mail server
 * does, over SMTP, as the same bytes a real relay would get (issue 46: the
 * payment reminder with its QR). Only a mailer made with E2E_FIXTURES on listens.
 */
export function sendMailThroughSmtpForTests(url: string | null): void {
  testSmtp?.close();
  testSmtp = url ? createSmtpMailer(url, getEnv().MAIL_FROM) : null;
}

function switchableForTests(mailer: Mailer): Mailer {
  return {
    get kind() {
      return testSmtp ? "smtp" : mailer.kind;
    },
    send: (email, ref) => (testSmtp ?? mailer).send(email, ref),
    close: () => {
      testSmtp?.close();
      mailer.close();
    },
  };
}

/** Whether e-mail leaves the server (SMTP_URL is set); without it notifications are only written to DATA_DIR/outbox. */
export function emailIsSetUp(): boolean {
  return Boolean(getEnv().SMTP_URL);
}
