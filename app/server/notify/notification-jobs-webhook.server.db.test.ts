import http from "node:http";
import type { AddressInfo } from "node:net";
import { and, eq, sql } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { submitContactMessage } from "~/server/contact/contact-messages.server";
import type { Db } from "~/server/db/db.server";
import { jobs, packages } from "~/server/db/schema.server";
import { closeTestDatabase, openTestDatabase } from "../../../tests/support/test-db";
import { createEnquiry } from "~/server/lead/package-enquiry.server";
import { createPopupLead } from "~/server/lead/popup-lead.server";
import { createSmtpMailer, type Mailer } from "./mailer.server";
import { listFailingJobs, retryJob } from "~/server/jobs/failing-jobs.server";
import type { JobWorker } from "~/server/jobs/worker.server";
import { notificationWorker } from "../../../tests/support/job-workers";
import { startTestSmtpServer } from "../../../tests/support/test-smtp";
import type { WebhookFormat } from "~/server/env.server";
import { createWebhookSender } from "./webhook.server";

type Received = { contentType: string; delivery: string; body: string };
/** What the endpoint does with the next request: answer with a status, or never answer. */
type Behaviour = number | "hang";

/** A real HTTP endpoint in this process that records each POST and answers as told (200 once the script runs out). */
async function startHookServer() {
  const received: Received[] = [];
  const script: Behaviour[] = [];
  const hanging: http.ServerResponse[] = [];
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", () => {
      received.push({
        contentType: req.headers["content-type"] ?? "",
        delivery: String(req.headers["x-pravas-delivery"] ?? ""),
        body: Buffer.concat(chunks).toString("utf8"),
      });
      const behaviour = script.shift() ?? 200;
      if (behaviour === "hang") return void hanging.push(res);
      res.writeHead(behaviour, { "content-type": "text/plain" }).end(behaviour === 200 ? "ok" : "boom");
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/hook`,
    received,
    script,
    close: () => {
      for (const res of hanging) res.destroy();
      server.closeAllConnections();
      return new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

let db: Db;
let hook: Awaited<ReturnType<typeof startHookServer>>;
const workers: JobWorker[] = [];
const noMail: Mailer = { kind: "smtp", send: async () => ({}), close() {} };

beforeAll(async () => {
  hook = await startHookServer();
  // Read once, at the first getEnv(): set before anything in this file asks.
  process.env.WEBHOOK_URL = hook.url;
  process.env.NOTIFY_EMAIL = "team@agency.example";
  db = await openTestDatabase({ seeded: true });
});
afterEach(async () => {
  await Promise.all(workers.splice(0).map((worker) => worker.stop()));
  hook.received.length = 0;
  hook.script.length = 0;
});
afterAll(async () => {
  await hook.close();
  await closeTestDatabase();
});

function webhookWorker(format: WebhookFormat = "json", options: { timeoutMs?: number; mailer?: Mailer; retryDelayMs?: number } = {}) {
  const worker = notificationWorker({
    mailer: options.mailer ?? noMail,
    webhook: createWebhookSender({ url: hook.url, format, timeoutMs: options.timeoutMs ?? 2_000 }),
    baseDelayMs: options.retryDelayMs ?? 50,
    maxDelayMs: options.retryDelayMs ?? 50,
  });
  workers.push(worker);
  return worker;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const webhookRow = async (subjectType: "lead" | "contact-message", id: number) =>
  (
    await db
      .select()
      .from(jobs)
      .where(and(eq(jobs.subjectId, id), eq(jobs.subjectType, subjectType), eq(jobs.type, "webhook")))
  )[0]!;

/** A backoff no pass over the queue outlasts, however slow the machine: the retry waits for makeDue(). */
const HOUR_MS = 3_600_000;
/** The backoff is over: the row's next attempt is now. */
const makeDue = (row: { id: number }) =>
  db
    .update(jobs)
    .set({ runAt: sql`now()` })
    .where(eq(jobs.id, row.id));

/** Runs the worker until nothing is due, waiting out short backoffs. */
async function drain(worker: JobWorker, rounds = 6, pauseMs = 80) {
  for (let i = 0; i < rounds; i++) {
    while ((await worker.runOnce()) > 0);
    await sleep(pauseMs);
  }
}

async function firstPackage() {
  const [pkg] = await db.select({ id: packages.id, title: packages.title, slug: packages.slug }).from(packages).limit(1);
  return pkg!;
}

describe("the enquiry notifications with WEBHOOK_URL and NOTIFY_EMAIL set", () => {
  it("e-mails NOTIFY_EMAIL over real SMTP: subject names the source and the visitor, Reply-To is the visitor, From is ours", async () => {
    const smtp = await startTestSmtpServer();
    try {
      const pkg = await firstPackage();
      await createEnquiry({ name: "Asha Rao", phone: "+91 90000 40001", email: "asha@example.com", travellers: 2 }, pkg);
      const worker = notificationWorker({ mailer: createSmtpMailer(smtp.url, "Pravas <no-reply@pravas.travel>") });
      workers.push(worker);
      while ((await worker.runOnce()) > 0);
      const mail = smtp.received.find((received) => received.raw.includes("+91 90000 40001"))!;
      expect(mail.rcptTo).toEqual(["team@agency.example"]);
      expect(mail.headers.get("to")).toEqual(["team@agency.example"]);
      expect(mail.headers.get("reply-to")).toEqual(["asha@example.com"]);
      expect(mail.headers.get("from")).toEqual(["Pravas <no-reply@pravas.travel>"]);
      expect(mail.headers.get("subject")).toEqual([`New package enquiry from Asha Rao — ${pkg.title}`]);
    } finally {
      await smtp.close();
    }
  });

  it("queues the webhook copy with the enquiry and POSTs it once as JSON", async () => {
    const pkg = await firstPackage();
    const { id } = await createEnquiry(
      { name: "Asha Rao", phone: "+91 90000 40002", email: "asha@example.com", travellers: 3, preferredMonth: "2027-01" },
      pkg,
    );
    expect(await webhookRow("lead", id)).toMatchObject({ status: "pending" });

    await drain(webhookWorker());
    const hits = hook.received.filter((hit) => hit.body.includes("+91 90000 40002"));
    expect(hits).toHaveLength(1);
    expect(hits[0]!.contentType).toBe("application/json");
    expect(JSON.parse(hits[0]!.body)).toMatchObject({
      event: "enquiry.created",
      enquiry: { type: "lead", id },
      source: "package-enquiry",
      name: "Asha Rao",
      firstName: "Asha",
      lastName: "Rao",
      email: "asha@example.com",
      travellers: 3,
      preferredMonth: "2027-01",
      package: { id: pkg.id, title: pkg.title, url: expect.stringMatching(new RegExp(`/packages/${pkg.slug}$`)) },
    });
    expect(await webhookRow("lead", id)).toMatchObject({ status: "done", attempts: 1 });
  });

  it("after a 500, the retry's 200 is the one success: no second POST", async () => {
    hook.script.push(500);
    const { id } = await createPopupLead({ name: "Ravi", phone: "+91 90000 40003" });
    const worker = webhookWorker("json", { retryDelayMs: HOUR_MS });
    expect(await worker.runOnce()).toBeGreaterThan(0);
    while ((await worker.runOnce()) > 0);
    const failed = await webhookRow("lead", id);
    expect(failed).toMatchObject({ status: "pending", attempts: 1 });
    expect(failed.lastError).toMatch(/HTTP 500 boom/);

    await makeDue(failed);
    await drain(worker);
    const hits = hook.received.filter((hit) => hit.body.includes("+91 90000 40003"));
    expect(hits).toHaveLength(2);
    // The same delivery id both times, so a receiver could drop a repeat.
    expect(new Set(hits.map((hit) => hit.delivery)).size).toBe(1);
    expect(await webhookRow("lead", id)).toMatchObject({ status: "done", attempts: 2, lastError: null });
  });

  it("an endpoint that does not answer times out and is tried again", async () => {
    hook.script.push("hang");
    const { id } = await createPopupLead({ name: "Slow", phone: "+91 90000 40004" });
    const worker = webhookWorker("json", { timeoutMs: 300, retryDelayMs: HOUR_MS });
    const started = Date.now();
    while ((await worker.runOnce()) > 0);
    expect(Date.now() - started).toBeLessThan(5_000);
    const timedOut = await webhookRow("lead", id);
    expect(timedOut).toMatchObject({ status: "pending", attempts: 1 });
    expect(timedOut.lastError).toMatch(/no answer within 300 ms/);

    await makeDue(timedOut);
    await drain(worker);
    expect(await webhookRow("lead", id)).toMatchObject({ status: "done", attempts: 2 });
  });

  it("keeps failing until given up; the dashboard lists it and its retry sends it", async () => {
    hook.script.push(503, 503);
    const { id } = await createPopupLead({ name: "Down", phone: "+91 90000 40005" });
    const worker = notificationWorker({
      mailer: noMail,
      webhook: createWebhookSender({ url: hook.url, format: "json" }),
      baseDelayMs: 20,
      maxDelayMs: 20,
      maxAttempts: 2,
    });
    workers.push(worker);
    await drain(worker, 3);
    const failed = await webhookRow("lead", id);
    expect(failed).toMatchObject({ status: "failed", attempts: 2 });
    expect((await listFailingJobs()).find((row) => row.id === failed.id)).toMatchObject({ type: "webhook" });

    expect(await retryJob(failed.id)).toBe(true);
    await drain(worker, 2);
    expect(await webhookRow("lead", id)).toMatchObject({ status: "done" });
    expect(hook.received.filter((hit) => hit.body.includes("+91 90000 40005"))).toHaveLength(3);
  });

  it("WEBHOOK_FORMAT=sheet posts the old site's flat fields as a JSON text body (Apps Script's e.postData.contents)", async () => {
    await submitContactMessage({ firstName: "Meera", lastName: "Nair", email: "meera@example.com", phone: "+91 90000 40006", message: "Kerala in May?" });
    await drain(webhookWorker("sheet"), 2);
    const hit = hook.received.find((received) => received.body.includes("+91 90000 40006"))!;
    expect(hit.contentType).toBe("text/plain;charset=utf-8");
    expect(JSON.parse(hit.body)).toMatchObject({
      source: "contact",
      name: "Meera Nair",
      firstName: "Meera",
      lastName: "Nair",
      email: "meera@example.com",
      phone: "+91 90000 40006",
      message: "Kerala in May?",
      package: "",
    });
  });

  it("WEBHOOK_FORMAT=form posts URL-encoded fields (e.parameter.name)", async () => {
    await createPopupLead({ name: "Kiran Das", phone: "+91 90000 40007" });
    await drain(webhookWorker("form"), 2);
    const hit = hook.received.find((received) => received.body.includes("40007"))!;
    expect(hit.contentType).toBe("application/x-www-form-urlencoded");
    const fields = new URLSearchParams(hit.body);
    expect(fields.get("name")).toBe("Kiran Das");
    expect(fields.get("phone")).toBe("+91 90000 40007");
    expect(fields.get("source")).toBe("popup");
  });
});
