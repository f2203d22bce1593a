import fs from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import { and, eq } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import type { Db } from "~/server/db/db.server";
import { leads, notificationOutbox } from "~/server/db/schema.server";
import { closeTestDatabase, openTestDatabase, seedTestDatabase } from "~/server/db/test-db.server";
import { createPopupLead } from "~/server/lead/popup-lead.server";
import { createSmtpMailer, createThreadSmtpMailer, type Mailer } from "./mailer.server";
import { OutboxWorker, type OutboxWorkerOptions } from "./outbox-worker.server";
import { enqueueWebhook } from "./outbox.server";
import { startTestSmtpServer, type TestSmtpServer } from "./test-smtp.server";
import { createWebhookSender } from "./webhook.server";

const FROM = "Pravas <no-reply@pravas.travel>";

let db: Db;
let dir: string;
let smtp: TestSmtpServer | undefined;
const workers: OutboxWorker[] = [];
const noMail: Mailer = { kind: "smtp", send: async () => ({}), close() {} };
/** Stands for `kill -9` right after the journal write: the worker never gets further. */
const killedHere = () => new Promise<void>(() => {});

beforeAll(async () => {
  delete process.env.NOTIFY_EMAIL;
  delete process.env.WEBHOOK_URL;
  db = await openTestDatabase();
  await seedTestDatabase(db);
  dir = fs.mkdtempSync(path.join(os.tmpdir(), "pravas-journal-"));
});
afterEach(async () => {
  await Promise.all(workers.splice(0).map((worker) => worker.stop()));
  await smtp?.close();
  smtp = undefined;
});
afterAll(async () => {
  await closeTestDatabase();
  fs.rmSync(dir, { recursive: true, force: true });
});

function worker(options: OutboxWorkerOptions, keep = true) {
  const created = new OutboxWorker({ pollMs: 3_600_000, baseDelayMs: 20, maxDelayMs: 40, ...options });
  if (keep) workers.push(created);
  return created;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
async function until(condition: () => boolean, what: string) {
  for (let waited = 0; !condition(); waited += 10) {
    if (waited > 5_000) throw new Error(`timed out waiting for ${what}`);
    await sleep(10);
  }
}
const outboxRow = async (subjectId: number, channel: "email" | "webhook") =>
  (await db.select().from(notificationOutbox).where(and(eq(notificationOutbox.subjectId, subjectId), eq(notificationOutbox.subjectType, "lead"), eq(notificationOutbox.channel, channel))))[0]!;
const journalText = (file: string) => (fs.existsSync(file) ? fs.readFileSync(file, "utf8") : "");

describe("the sent-journal closes the window between the relay's 250 and the database's mark", () => {
  it("a crash after the relay accepted and the journal was written, before the mark: the restarted worker marks it sent and does not resend", async () => {
    smtp = await startTestSmtpServer();
    const journalFile = path.join(dir, "smtp.journal");
    const { id: leadId } = await createPopupLead({ name: "Journaled", phone: "+91 90000 50001" });
    const row = await outboxRow(leadId, "email");

    // The relay says 250, the worker journals it, and the process dies there.
    const crashed = worker({ mailer: createSmtpMailer(smtp.url, FROM), journalFile, afterJournal: killedHere }, false);
    void crashed.runOnce();
    await until(() => journalText(journalFile) === `${row.id}\n`, "the journal entry");
    expect(smtp.received).toHaveLength(1);
    expect(await outboxRow(leadId, "email")).toMatchObject({ status: "pending", attempts: 1, lockedBy: crashed.id });

    // A fresh worker on the same database and journal, with the relay still up.
    const restarted = worker({ mailer: createSmtpMailer(smtp.url, FROM), journalFile });
    await restarted.start();
    await restarted.idle();
    expect(smtp.received.filter((mail) => mail.raw.includes("+91 90000 50001"))).toHaveLength(1);
    const marked = await outboxRow(leadId, "email");
    expect(marked).toMatchObject({ status: "sent", lockedBy: null, attempts: 1 });
    expect(marked.sentAt).toBeInstanceOf(Date);
    const [lead] = await db.select().from(leads).where(eq(leads.id, leadId));
    expect(lead!.notifiedAt).toBeInstanceOf(Date);
    expect(journalText(journalFile)).toBe("");
  });

  it("the SMTP thread journals the 250 itself: after a crash there, the restarted worker marks the row and the relay has it once", async () => {
    smtp = await startTestSmtpServer();
    const journalFile = path.join(dir, "thread", "smtp.journal");
    const { id: leadId } = await createPopupLead({ name: "Threaded", phone: "+91 90000 50006" });
    const row = await outboxRow(leadId, "email");

    const crashedMailer = createThreadSmtpMailer(smtp.url, FROM, { journalFile });
    const crashed = worker({ mailer: crashedMailer, journalFile, afterJournal: killedHere }, false);
    void crashed.runOnce();
    await until(() => journalText(journalFile) === `${row.id}\n`, "the journal entry");
    crashedMailer.close();
    const [mail] = smtp.received;
    expect(mail!.rcptTo).toEqual(["hello@pravas.travel"]);
    expect(mail!.headers.get("from")).toEqual([FROM]);
    expect(mail!.headers.get("message-id")).toEqual([`<notification-${row.id}-${row.createdAt.getTime()}@pravas.travel>`]);

    const restarted = worker({ mailer: createThreadSmtpMailer(smtp.url, FROM, { journalFile }), journalFile });
    await restarted.start();
    await restarted.idle();
    expect(smtp.received).toHaveLength(1);
    expect(await outboxRow(leadId, "email")).toMatchObject({ status: "sent", lockedBy: null });
    const [lead] = await db.select().from(leads).where(eq(leads.id, leadId));
    expect(lead!.notifiedAt).toBeInstanceOf(Date);
    expect(journalText(journalFile)).toBe("");

    // And it sends the next one as usual, once, and empties the journal again.
    const { id: nextLead } = await createPopupLead({ name: "Next", phone: "+91 90000 50007" });
    // (The lead nudges the running worker.)
    await restarted.idle();
    expect(smtp.received.filter((received) => received.raw.includes("+91 90000 50007"))).toHaveLength(1);
    expect(await outboxRow(nextLead, "email")).toMatchObject({ status: "sent" });
    expect(journalText(journalFile)).toBe("");
  });

  it("the same for the webhook: a 2xx journaled just before a crash is not posted again", async () => {
    const received: string[] = [];
    const server = http.createServer((req, res) => {
      req.resume();
      req.on("end", () => {
        received.push(String(req.headers["x-pravas-delivery"]));
        res.writeHead(200).end("ok");
      });
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    try {
      const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`;
      const journalFile = path.join(dir, "webhook.journal");
      const { id: leadId } = await createPopupLead({ name: "Hooked", phone: "+91 90000 50002" });
      await db.update(notificationOutbox).set({ status: "sent" }).where(eq(notificationOutbox.channel, "email"));
      await enqueueWebhook(db, { type: "lead", id: leadId }, {
        event: "enquiry.created",
        enquiry: { type: "lead", id: leadId },
        source: "popup",
        receivedAt: new Date().toISOString(),
        name: "Hooked",
        firstName: "Hooked",
        lastName: "",
        phone: "+91 90000 50002",
        email: null,
        message: null,
        package: null,
        travellers: null,
        preferredMonth: null,
      });
      const row = await outboxRow(leadId, "webhook");

      const crashed = worker({ mailer: noMail, webhook: createWebhookSender({ url, format: "json" }), journalFile, afterJournal: killedHere }, false);
      void crashed.runOnce();
      await until(() => journalText(journalFile) === `${row.id}\n`, "the journal entry");
      expect(received).toHaveLength(1);

      const restarted = worker({ mailer: noMail, webhook: createWebhookSender({ url, format: "json" }), journalFile });
      await restarted.start();
      await restarted.idle();
      expect(received).toEqual([`notification-${row.id}-${row.createdAt.getTime()}`]);
      expect(await outboxRow(leadId, "webhook")).toMatchObject({ status: "sent", lockedBy: null });
    } finally {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    }
  });

  it("an acceptance that comes after the send timed out is journaled: the retry marks the row instead of sending it again", async () => {
    const journalFile = path.join(dir, "late.journal");
    let sends = 0;
    const slowRelay: Mailer = {
      kind: "smtp",
      async send() {
        sends++;
        await sleep(150);
        return {};
      },
      close() {},
    };
    const { id: leadId } = await createPopupLead({ name: "Late", phone: "+91 90000 50003" });
    const sender = worker({ mailer: slowRelay, journalFile, sendTimeoutMs: 30 });
    expect(await sender.runOnce()).toBe(1);
    expect(await outboxRow(leadId, "email")).toMatchObject({ status: "pending", attempts: 1 });
    expect((await outboxRow(leadId, "email")).lastError).toMatch(/timed out/);
    await sleep(200); // the relay's 250 arrives; the backoff (20-40 ms) has passed
    expect(journalText(journalFile)).toMatch(/^\d+\n$/);
    expect(await sender.runOnce()).toBe(1);
    expect(sends).toBe(1);
    expect(await outboxRow(leadId, "email")).toMatchObject({ status: "sent", attempts: 2 });
    const [lead] = await db.select().from(leads).where(eq(leads.id, leadId));
    expect(lead!.notifiedAt).toBeInstanceOf(Date);
    expect(journalText(journalFile)).toBe("");
  });

  it("ignores a line cut short by a power loss, and a row the database already records as sent", async () => {
    smtp = await startTestSmtpServer();
    const journalFile = path.join(dir, "torn.journal");
    const { id: sentLead } = await createPopupLead({ name: "Already", phone: "+91 90000 50004" });
    const { id: newLead } = await createPopupLead({ name: "Fresh", phone: "+91 90000 50005" });
    const alreadySent = await outboxRow(sentLead, "email");
    await db.update(notificationOutbox).set({ status: "sent", sentAt: new Date("2026-01-01T00:00:00Z") }).where(eq(notificationOutbox.id, alreadySent.id));
    fs.writeFileSync(journalFile, `${alreadySent.id}\n99`);

    const restarted = worker({ mailer: createSmtpMailer(smtp.url, FROM), journalFile });
    await restarted.start();
    await restarted.idle();
    // The sent row keeps its first sent_at; the fresh one goes out once.
    expect((await outboxRow(sentLead, "email")).sentAt).toEqual(new Date("2026-01-01T00:00:00Z"));
    expect(smtp.received.filter((mail) => mail.raw.includes("+91 90000 50005"))).toHaveLength(1);
    expect(await outboxRow(newLead, "email")).toMatchObject({ status: "sent" });
    expect(journalText(journalFile)).toBe("");
  });
});
