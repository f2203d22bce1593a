import fs from "node:fs/promises";
import { mkdirSync } from "node:fs";
import path from "node:path";
import { Worker } from "node:worker_threads";
import nodemailer from "nodemailer";
import { getEnv } from "~/server/env.server";
import { fallbackMailDir, fallbackMailName } from "./mail-files.server";
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

export type SendResult = { id?: string; journaled?: boolean; journaledAt?: number; syncMs?: number };

export type Mailer = {
  /** What the log calls it: "smtp" or "file". */
  kind: "smtp" | "file";
  /**
   * Resolves once the message is accepted (SMTP 250) or written; rejects
   * otherwise. `journaled`: the mailer already wrote the acceptance to the
   * sent-journal itself (the SMTP thread): written at `journaledAt` (epoch
   * ms), then flushed to disk in `syncMs`.
   */
  send(email: EmailPayload, ref: MailRef): Promise<SendResult>;
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

type ThreadReply = {
  seq: number;
  id?: string;
  journaled?: boolean;
  journalError?: string;
  journaledAt?: number;
  syncMs?: number;
  error?: { message: string; code?: string; responseCode?: number };
};

/**
 * Sends over SMTP from a worker thread (smtp-thread.mjs), which also journals
 * each accepted message (ADR 020): the relay's 250 is read and recorded
 * without waiting for the main thread, which may be busy with requests.
 * The thread starts with the first message and is restarted if it dies.
 */
export function createThreadSmtpMailer(url: string, from: string, options: { journalFile?: string } = {}): Mailer {
  if (options.journalFile) mkdirSync(path.dirname(options.journalFile), { recursive: true });
  let thread: Worker | undefined;
  let seq = 0;
  const waiting = new Map<number, { resolve: (reply: ThreadReply) => void; reject: (error: Error) => void }>();
  const start = () => {
    const started = new Worker(new URL("./smtp-thread.mjs", import.meta.url), {
      workerData: { url, timeouts: SMTP_TIMEOUTS, journalFile: options.journalFile },
    });
    started.unref();
    started.on("message", (reply: ThreadReply) => {
      waiting.get(reply.seq)?.resolve(reply);
      waiting.delete(reply.seq);
    });
    const fail = (error: Error) => {
      if (thread === started) thread = undefined;
      for (const pending of waiting.values()) pending.reject(error);
      waiting.clear();
    };
    started.on("error", fail);
    started.on("exit", (code) => fail(new Error(`the SMTP thread exited (${code})`)));
    return started;
  };
  return {
    kind: "smtp",
    async send(email, ref) {
      thread ??= start();
      const job = { seq: ++seq, outboxId: ref.id, mail: { ...email, from, messageId: outboxMessageId(ref, from) } };
      const reply = await new Promise<ThreadReply>((resolve, reject) => {
        waiting.set(job.seq, { resolve, reject });
        thread!.postMessage(job);
      });
      if (reply.error) throw Object.assign(new Error(reply.error.message), { code: reply.error.code, responseCode: reply.error.responseCode });
      // If the thread could not write the journal, the worker tries (and logs why it cannot).
      return { id: reply.id, journaled: reply.journaled === true && !reply.journalError, journaledAt: reply.journaledAt, syncMs: reply.syncMs };
    },
    close() {
      thread?.postMessage({ type: "close" });
      thread = undefined;
    },
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

/** SMTP (from its thread, journaling to `journalFile`) when SMTP_URL is set, else the .eml files in DATA_DIR/outbox. */
export function createMailerFromEnv(options: { journalFile?: string } = {}): Mailer {
  const env = getEnv();
  return env.SMTP_URL
    ? createThreadSmtpMailer(env.SMTP_URL, env.MAIL_FROM, options)
    : createFileMailer(fallbackMailDir(), env.MAIL_FROM);
}

/** Whether e-mail leaves the server (SMTP_URL is set); without it notifications are only written to DATA_DIR/outbox. */
export function emailIsSetUp(): boolean {
  return Boolean(getEnv().SMTP_URL);
}
