// On both engines, PGlite and PostgreSQL (*.pg.db.test.ts, ADR 084): two servers' schedulers claim each day's digest at once: once each, by the
// database.
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { AdjustableClock } from "~/server/content/clock.server";
import type { Db } from "~/server/db/db.server";
import { digestSends, jobs } from "~/server/db/schema.server";
import { closeTestDatabase, openTestDatabase } from "../../../tests/support/test-db";
import { createSmtpMailer } from "~/server/notify/mailer.server";
import type { JobWorker } from "~/server/jobs/worker.server";
import { notificationWorker } from "../../../tests/support/job-workers";
import { startTestSmtpServer, type TestSmtpServer } from "../../../tests/support/test-smtp";
import { DigestScheduler, digestEnabled, sendDueDigests, setDigestEnabled } from "./digest.server";
import { insertContact, insertLead, insertStaff } from "../../../tests/support/enquiry-fixtures";
import { setFollowUp } from "./follow-up.server";

let db: Db;
let smtp: TestSmtpServer;
let worker: JobWorker;

beforeAll(async () => {
  db = await openTestDatabase();
  smtp = await startTestSmtpServer();
  worker = notificationWorker({ mailer: createSmtpMailer(`smtp://127.0.0.1:${smtp.port}`, "Pravas <no-reply@pravas.travel>"), pollMs: 3_600_000 });
  await worker.start();
});
afterAll(async () => {
  await worker.stop();
  await smtp.close();
  await closeTestDatabase();
});

/** A clock at an Indian time: the test moves it like the e2e server's. */
class ClockAt extends AdjustableClock {
  constructor(iso: string) {
    super();
    this.advance(Date.parse(iso) - Date.now());
  }
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
async function mailsTo(address: string, count: number) {
  for (let waited = 0; waited < 5_000 && smtp.received.filter((mail) => mail.rcptTo.includes(address)).length < count; waited += 20) await sleep(20);
  return smtp.received.filter((mail) => mail.rcptTo.includes(address));
}
/** The body as a mail client shows it (quoted-printable soft breaks joined). */
const body = (raw: string) =>
  Buffer.from(
    raw.replace(/=\r?\n/g, "").replace(/=([0-9A-F]{2})/g, (_match, hex: string) => String.fromCharCode(parseInt(hex, 16))),
    "latin1",
  ).toString("utf8");
const occurrences = (text: string, word: string) => text.split(word).length - 1;

describe("the daily digest", () => {
  it("reaches each team member once at 9:00 Indian time, over SMTP, listing each due item once", async () => {
    const asha = await insertStaff(db, "Asha Shah");
    const bina = await insertStaff(db, "Bina Bose");
    const quiet = await insertStaff(db, "Quiet Qadir", "admin");
    const optedOut = await insertStaff(db, "Omar Out");
    await setDigestEnabled(optedOut.id, false);
    expect(await digestEnabled(optedOut.id)).toBe(false);
    const ashaCtx = { viewer: { ...asha, role: "editor" as const } };
    const setAt = new Date("2026-11-26T02:00:00Z");

    const overdue = await insertLead(db, {
      name: "Overdue Oberoi",
      status: "contacted",
      assignedTo: asha.id,
      source: "package-enquiry",
      packageTitle: "Bali 7D/6N",
    });
    await setFollowUp({ kind: "lead", id: overdue.id }, { dueAt: new Date("2026-11-25T11:30:00Z"), reason: "Quote sent" }, { ...ashaCtx, now: setAt });
    const today = await insertContact(db, { firstName: "Today", lastName: "Tandon", status: "contacted", assignedTo: asha.id });
    await setFollowUp({ kind: "contact", id: today.id }, { dueAt: new Date("2026-11-26T11:30:00Z") }, ashaCtx);
    // Unassigned: it is Asha's because she set it.
    const unassigned = await insertLead(db, { name: "Unassigned Uppal" });
    await setFollowUp({ kind: "lead", id: unassigned.id }, { dueAt: new Date("2026-11-26T06:00:00Z") }, ashaCtx);
    await insertLead(db, { name: "Fresh Fernandes", assignedTo: asha.id });
    const tomorrow = await insertLead(db, { name: "Tomorrow Thakur", status: "contacted", assignedTo: asha.id });
    await setFollowUp({ kind: "lead", id: tomorrow.id }, { dueAt: new Date("2026-11-27T04:30:00Z") }, ashaCtx);
    const closed = await insertLead(db, { name: "Closed Chawla", status: "closed", assignedTo: asha.id });
    await setFollowUp({ kind: "lead", id: closed.id }, { dueAt: new Date("2026-11-26T04:30:00Z") }, ashaCtx);
    const binas = await insertLead(db, { name: "Bina's Customer", status: "contacted", assignedTo: bina.id });
    await setFollowUp({ kind: "lead", id: binas.id }, { dueAt: new Date("2026-11-26T04:30:00Z") }, ashaCtx);
    await insertLead(db, { name: "Optout Customer", assignedTo: optedOut.id });

    // Two servers, each with its own scheduler, at 8:59 am Indian time: nothing yet.
    const clocks = [new ClockAt("2026-11-26T03:29:00Z"), new ClockAt("2026-11-26T03:29:00Z")];
    const servers = clocks.map((clock) => new DigestScheduler({ clock }));
    expect(await Promise.all(servers.map((server) => server.runDue()))).toEqual([0, 0]);
    expect(await db.select().from(digestSends)).toHaveLength(0);

    // 9:00 am: both run at once; each digest is queued once.
    for (const clock of clocks) clock.advance(60_000);
    const queued = await Promise.all(servers.map((server) => server.runDue()));
    expect(queued[0]! + queued[1]!).toBe(2);
    const ashaMails = await mailsTo(asha.email, 1);
    const binaMails = await mailsTo(bina.email, 1);
    expect(ashaMails).toHaveLength(1);
    expect(binaMails).toHaveLength(1);
    expect(await mailsTo(quiet.email, 0)).toHaveLength(0);
    expect(await mailsTo(optedOut.email, 0)).toHaveLength(0);

    const mail = ashaMails[0]!;
    expect(mail.headers.get("subject")).toEqual(["Pravas, Thu, 26 Nov: 3 to call back, 1 new"]);
    const text = body(mail.raw);
    for (const name of ["Overdue Oberoi", "Today Tandon", "Unassigned Uppal", "Fresh Fernandes"]) expect(occurrences(text, name)).toBe(1);
    for (const name of ["Tomorrow Thakur", "Closed Chawla", "Bina's Customer"]) expect(text).not.toContain(name);
    expect(text).toContain("Overdue Oberoi’s enquiry about Bali 7D/6N, +91 90000 00000: overdue since Yesterday, 5:00 pm (Quote sent)");
    expect(text).toContain(`/admin/enquiries/lead-${overdue.id}`);
    expect(occurrences(body(binaMails[0]!.raw), "Bina's Customer")).toBe(1);

    // Later the same day, and on a restart: nothing more. The quiet admin's day is claimed with 0 items.
    for (const clock of clocks) clock.advance(3 * 3_600_000);
    expect(await sendDueDigests(clocks[0]!.now())).toBe(0);
    const claims = await db.select().from(digestSends);
    expect(claims.map((row) => [row.userId, row.day, row.items]).sort()).toEqual(
      [
        [asha.id, "2026-11-26", 4],
        [bina.id, "2026-11-26", 1],
        [quiet.id, "2026-11-26", 0],
      ].sort(),
    );
    expect(await db.select().from(jobs).where(eq(jobs.subjectType, "digest"))).toHaveLength(2);

    // The next day at 9: a new digest (tomorrow's call back is today's now).
    for (const clock of clocks) clock.advance(21 * 3_600_000);
    expect(await servers[1]!.runDue()).toBe(2);
    const next = await mailsTo(asha.email, 2);
    expect(next).toHaveLength(2);
    expect(body(next[1]!.raw)).toContain("Tomorrow Thakur");
  });
});
