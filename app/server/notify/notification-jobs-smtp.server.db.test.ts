import { eq } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { submitContactMessage } from "~/server/contact/contact-messages.server";
import type { Db } from "~/server/db/db.server";
import { contactMessages, jobs, packages } from "~/server/db/schema.server";
import { closeTestDatabase, openTestDatabase } from "../../../tests/support/test-db";
import { createEnquiry } from "~/server/lead/package-enquiry.server";
import { createPopupLead } from "~/server/lead/popup-lead.server";
import { createSmtpMailer } from "./mailer.server";
import { enquiryNotifiedAt } from "~/server/enquiry/enquiry-detail.server";
import { failingDeliveries, listFailingJobs, retryJob } from "~/server/jobs/failing-jobs.server";
import { mailFailureMessage } from "~/lib/mail-failure";
import type { JobWorker, JobWorkerOptions } from "~/server/jobs/worker.server";
import { notificationWorker } from "../../../tests/support/job-workers";
import { startTestSmtpServer, type TestSmtpServer } from "../../../tests/support/test-smtp";

const FROM = "Pravas <no-reply@pravas.travel>";
const TEAM = "hello@pravas.travel";

let db: Db;
let smtp: TestSmtpServer | undefined;
const workers: JobWorker[] = [];

beforeAll(async () => {
  delete process.env.NOTIFY_EMAIL;
  db = await openTestDatabase({ seeded: true });
});
afterEach(async () => {
  await Promise.all(workers.splice(0).map((worker) => worker.stop()));
  await smtp?.close();
  smtp = undefined;
});
afterAll(closeTestDatabase);

function worker(port: number, options: Partial<JobWorkerOptions> = {}) {
  const created = notificationWorker({ mailer: createSmtpMailer(`smtp://127.0.0.1:${port}`, FROM), baseDelayMs: 20, maxDelayMs: 40, ...options });
  workers.push(created);
  return created;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const mailsAbout = (server: TestSmtpServer, marker: string) => server.received.filter((mail) => mail.raw.includes(marker));
const outboxRow = async (subjectType: "lead" | "contact-message", id: number) =>
  (await db.select().from(jobs).where(eq(jobs.subjectId, id))).find((row) => row.subjectType === subjectType)!;

describe("the outbox over a real SMTP server", () => {
  it("delivers each kind of enquiry once, to the team, with the visitor as Reply-To and no injected header", async () => {
    smtp = await startTestSmtpServer();
    const injected = "\r\nBcc: x@evil.example\r\nX-Injected: yes";
    const lead = await createPopupLead({ name: `Asha${injected}`, phone: "+91 90000 30001" });
    await submitContactMessage({
      firstName: `Ravi${injected}`,
      lastName: "Kumar",
      email: "ravi@example.com",
      phone: "+91 90000 30002",
      message: `Hello${injected}`,
    });
    const [pkg] = await db.select({ id: packages.id, title: packages.title, slug: packages.slug }).from(packages).limit(1);
    await createEnquiry({ name: `Meera${injected}`, phone: "+91 90000 30003", email: "meera@example.com", travellers: 2 }, pkg!);
    expect(smtp.received).toHaveLength(0);

    const sender = worker(smtp.port);
    while ((await sender.runOnce()) > 0);
    expect(smtp.received).toHaveLength(3);
    for (const mail of smtp.received) {
      expect(mail.rcptTo).toEqual([TEAM]);
      expect(mail.headers.get("to")).toEqual([TEAM]);
      expect(mail.headers.get("from")).toEqual([FROM]);
      expect(mail.headers.has("bcc")).toBe(false);
      expect(mail.headers.has("x-injected")).toBe(false);
    }
    const [popup] = mailsAbout(smtp, "Phone: +91 90000 30001");
    expect(popup!.headers.get("subject")).toEqual(["New call-back request from Asha Bcc: x@evil.example X-Injected: yes"]);
    expect(popup!.headers.has("reply-to")).toBe(false);
    const [contact] = mailsAbout(smtp, "Phone: +91 90000 30002");
    expect(contact!.headers.get("reply-to")).toEqual(["ravi@example.com"]);
    expect(contact!.headers.get("subject")).toEqual(["New contact message from Ravi Bcc: x@evil.example X-Injected: yes Kumar"]);
    const [enquiry] = mailsAbout(smtp, "Phone: +91 90000 30003");
    expect(enquiry!.headers.get("reply-to")).toEqual(["meera@example.com"]);
    expect(enquiry!.headers.get("subject")).toEqual([`New package enquiry from Meera Bcc: x@evil.example X-Injected: yes — ${pkg!.title}`]);
    // Without WEBHOOK_URL no webhook copy is queued.
    expect((await db.select().from(jobs)).filter((row) => row.type === "webhook")).toHaveLength(0);

    const messageIds = smtp.received.map((mail) => mail.headers.get("message-id")?.[0]);
    expect(new Set(messageIds).size).toBe(3);
    expect(messageIds.every((id) => /^<notification-\d+-\d+@pravas\.travel>$/.test(id ?? ""))).toBe(true);

    expect(await sender.runOnce()).toBe(0);
    expect(smtp.received).toHaveLength(3);
    // When each enquiry was notified: its e-mail job's done time.
    expect(await enquiryNotifiedAt({ kind: "lead", id: lead.id })).toBeInstanceOf(Date);
    const messages = await db.select().from(contactMessages).where(eq(contactMessages.phone, "+91 90000 30002"));
    expect(await enquiryNotifiedAt({ kind: "contact", id: messages[0]!.id })).toBeInstanceOf(Date);
  });

  it("sends a new enquiry at once when the worker runs (in-process nudge, no poll)", async () => {
    smtp = await startTestSmtpServer();
    await worker(smtp.port, { pollMs: 3_600_000 }).start();
    await createPopupLead({ name: "Nudged", phone: "+91 90000 30010" });
    for (let waited = 0; waited < 5_000 && mailsAbout(smtp, "+91 90000 30010").length === 0; waited += 20) await sleep(20);
    expect(mailsAbout(smtp, "+91 90000 30010")).toHaveLength(1);
  });

  it("after an outage (server down, then refusing) and recovery, delivers exactly once", async () => {
    // Down: nothing listens on the port.
    const probe = await startTestSmtpServer();
    const port = probe.port;
    await probe.close();
    const { id } = await createPopupLead({ name: "Outage", phone: "+91 90000 30020" });
    const sender = worker(port, { baseDelayMs: 300, maxDelayMs: 300 });
    expect(await sender.runOnce()).toBe(1);
    let row = await outboxRow("lead", id);
    expect(row).toMatchObject({ status: "pending", attempts: 1, lockedBy: null });
    expect(row.lastError).toMatch(/ECONNREFUSED/);
    expect(row.runAt.getTime()).toBeGreaterThan(row.lastAttemptAt!.getTime());
    expect(await sender.runOnce()).toBe(0); // not due yet: backoff

    // Up, but refusing with a temporary error.
    smtp = await startTestSmtpServer(port);
    smtp.refuse({ code: 451, message: "Try again later" });
    await sleep(400);
    expect(await sender.runOnce()).toBe(1);
    row = await outboxRow("lead", id);
    expect(row).toMatchObject({ status: "pending", attempts: 2 });
    expect(row.lastError).toMatch(/451/);
    expect(mailsAbout(smtp, "+91 90000 30020")).toHaveLength(0);

    // Recovered.
    smtp.refuse(null);
    await sleep(400);
    expect(await sender.runOnce()).toBe(1);
    await sleep(400);
    expect(await sender.runOnce()).toBe(0);
    expect(mailsAbout(smtp, "+91 90000 30020")).toHaveLength(1);
    expect(await outboxRow("lead", id)).toMatchObject({ status: "done", attempts: 3, lastError: null });
  });

  it("gives up after the last attempt but keeps the row, which the dashboard can retry", async () => {
    smtp = await startTestSmtpServer();
    smtp.refuse({ code: 550, message: "Mailbox unavailable" });
    const { id } = await createPopupLead({ name: "Refused", phone: "+91 90000 30030" });
    const sender = worker(smtp.port, { maxAttempts: 2 });
    await sender.runOnce();
    await sleep(100);
    await sender.runOnce();
    const failed = await outboxRow("lead", id);
    expect(failed).toMatchObject({ status: "failed", attempts: 2 });
    expect(failed.lastError).toMatch(/550/);
    await sleep(100);
    expect(await sender.runOnce()).toBe(0);
    expect((await listFailingJobs()).map((row) => row.id)).toContain(failed.id);

    smtp.refuse(null);
    expect(await retryJob(failed.id)).toBe(true);
    expect(await sender.runOnce()).toBe(1);
    expect(mailsAbout(smtp, "+91 90000 30030")).toHaveLength(1);
    expect(await outboxRow("lead", id)).toMatchObject({ status: "done" });
    expect(await retryJob(failed.id)).toBe(false);
    expect((await listFailingJobs()).map((row) => row.id)).not.toContain(failed.id);
  });

  it("after a crash mid-send, another server sends it once its lease ends, and only once", async () => {
    smtp = await startTestSmtpServer();
    const { id } = await createPopupLead({ name: "Crashed", phone: "+91 90000 30040" });
    // A worker claims the row and dies before sending (its process was killed).
    const crashed = worker(smtp.port, { leaseMs: 300 });
    expect((await crashed.claim("short", 25)).map((row) => row.subject?.id)).toContain(id);
    const restarted = worker(smtp.port);
    expect(await restarted.runOnce()).toBe(0); // the lease still holds
    await sleep(400);
    expect(await restarted.runOnce()).toBe(1);
    expect(await restarted.runOnce()).toBe(0);
    expect(mailsAbout(smtp, "+91 90000 30040")).toHaveLength(1);
    expect(await outboxRow("lead", id)).toMatchObject({ status: "done", attempts: 2 });
  });

  it("says since when and why e-mails fail, and once one delivery succeeds sends every failed one at once, not after its back-off (issue 49)", async () => {
    const probe = await startTestSmtpServer();
    const port = probe.port;
    await probe.close();
    expect(await failingDeliveries("email")).toBeNull();
    const waiting = await createPopupLead({ name: "Waiting", phone: "+91 90000 30050" });
    const givenUp = await createPopupLead({ name: "Given up", phone: "+91 90000 30051" });
    // Back-off of 10 minutes: without the retry on success, nothing would go again within this test.
    const sender = worker(port, { baseDelayMs: 600_000, maxDelayMs: 600_000 });
    expect(await sender.runOnce()).toBe(2);
    await db
      .update(jobs)
      .set({ status: "failed" })
      .where(eq(jobs.id, (await outboxRow("lead", givenUp.id)).id));
    const failure = await failingDeliveries("email");
    expect(failure!.lastError).toMatch(/ECONNREFUSED/);
    expect(failure!.since).toEqual((await outboxRow("lead", waiting.id)).createdAt);
    expect(mailFailureMessage(failure!, new Date())).toMatch(/^E-mails to the team are failing since .+: the mail server refuses connections\.$/);

    // The relay is back; a new enquiry's e-mail goes, and with it the two that failed.
    smtp = await startTestSmtpServer(port);
    await createPopupLead({ name: "Fresh", phone: "+91 90000 30052" });
    expect(await sender.runOnce()).toBe(1);
    expect(await sender.runOnce()).toBe(2);
    for (const phone of ["+91 90000 30050", "+91 90000 30051", "+91 90000 30052"]) expect(mailsAbout(smtp, phone)).toHaveLength(1);
    expect(await outboxRow("lead", givenUp.id)).toMatchObject({ status: "done" });
    expect(await failingDeliveries("email")).toBeNull();
  });
});
