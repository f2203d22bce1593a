import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Db } from "~/server/db/db.server";
import { leads, jobs } from "~/server/db/schema.server";
import { closeTestDatabase, openTestDatabase } from "../../../tests/support/test-db";
import { createMailerFromEnv } from "~/server/notify/mailer.server";
import { enquiryNotifiedAt } from "~/server/enquiry/enquiry-detail.server";
import { notificationWorker } from "../../../tests/support/job-workers";
import { createPopupLead } from "./popup-lead.server";

let db: Db;
let outbox: string;
beforeAll(async () => {
  // Without SMTP_URL, notifications are written to DATA_DIR/outbox.
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), "pravas-lead-"));
  process.env.DATA_DIR = dataDir;
  delete process.env.SMTP_URL;
  outbox = path.join(dataDir, "outbox");
  db = await openTestDatabase({ seeded: true });
});
afterAll(closeTestDatabase);

async function readOutboxFiles() {
  const files = await fs.readdir(outbox).catch(() => []);
  return Promise.all(files.map((file) => fs.readFile(path.join(outbox, file), "utf8")));
}

/** The header block of a message: everything before the first empty line. */
const headerBlock = (mail: string) => mail.split(/\r?\n\r?\n/)[0]!;

describe("createPopupLead", () => {
  it("stores the lead with its notification; the outbox worker writes it and records that it did", async () => {
    const { id } = await createPopupLead({ name: "Asha Patil", phone: "+91 90000 11111" });
    const [row] = await db.select().from(leads).where(eq(leads.id, id));
    expect(row).toMatchObject({ source: "popup", name: "Asha Patil", phone: "+91 90000 11111", status: "new" });
    expect(await enquiryNotifiedAt({ kind: "lead", id })).toBeNull();
    const [queued] = await db.select().from(jobs).where(eq(jobs.subjectId, id));
    expect(queued).toMatchObject({ type: "email", subjectType: "lead", status: "pending", attempts: 0 });
    // The request path sends nothing.
    expect(await readOutboxFiles()).toEqual([]);

    const worker = notificationWorker({ mailer: createMailerFromEnv() });
    await worker.runOnce();
    const mails = await readOutboxFiles();
    expect(mails).toHaveLength(1);
    expect(mails[0]).toContain("Phone: +91 90000 11111");
    expect(headerBlock(mails[0]!)).toMatch(/^To: hello@pravas\.travel$/m);
    expect(headerBlock(mails[0]!)).toMatch(/^From: Pravas <no-reply@pravas\.travel>$/m);
    expect(await enquiryNotifiedAt({ kind: "lead", id })).toBeInstanceOf(Date);

    // Sent rows are not sent again.
    expect(await worker.runOnce()).toBe(0);
    expect(await readOutboxFiles()).toHaveLength(1);
  });

  it("cannot add a header through a line break in the visitor's name", async () => {
    await createPopupLead({ name: "Eve\r\nBcc: x@evil.example\r\nX-Injected: yes", phone: "+91 90000 22222" });
    await notificationWorker({ mailer: createMailerFromEnv() }).runOnce();
    const mail = (await readOutboxFiles()).find((text) => text.includes("+91 90000 22222"));
    expect(mail).toBeDefined();
    const headers = headerBlock(mail!);
    expect(headers).not.toMatch(/^(Bcc|X-Injected):/im);
    expect(headers).toMatch(/^Subject: New call-back request from Eve Bcc: x@evil\.example X-Injected: yes$/m);
  });
});
