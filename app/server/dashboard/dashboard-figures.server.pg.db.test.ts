// On both engines, PGlite and PostgreSQL (*.pg.db.test.ts, ADR 084): hand-written aggregates in Indian days (time zones, date_trunc, counts read back: a
// string from node-postgres, a number from PGlite).
import { eq, inArray, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Db } from "~/server/db/db.server";
import { blogs, contactMessages, leads, jobs, packages } from "~/server/db/schema.server";
import { closeTestDatabase, openTestDatabase } from "../../../tests/support/test-db";
import { enquiryFigures, mostReadBlogs, outboxHealth, topPackagesByEnquiries, topPackagesByViews } from "./dashboard-figures.server";

// Wednesday 25 November 2026, 10:00 in India.
const NOW = new Date("2026-11-25T04:30:00Z");
const ist = (local: string) => new Date(`${local}+05:30`);

let db: Db;
let bali: { id: number; title: string };
let dubai: { id: number; title: string };

beforeAll(async () => {
  db = await openTestDatabase({ seeded: true });
  const rows = await db.select({ id: packages.id, title: packages.title }).from(packages).orderBy(packages.id).limit(2);
  [bali, dubai] = [rows[0]!, rows[1]!];

  const lead = (createdAt: Date, extra: Partial<typeof leads.$inferInsert> = {}) => ({ name: "Visitor", phone: "+91 90000 00000", createdAt, ...extra });
  const enquiry = (pkg: { id: number; title: string }, createdAt: Date) =>
    lead(createdAt, { source: "package-enquiry", packageId: pkg.id, packageTitle: pkg.title, travellers: 2 });
  await db.insert(leads).values([
    lead(ist("2026-11-25T00:10:00")), // today, just after Indian midnight
    lead(ist("2026-11-24T23:50:00")), // yesterday in India: this week, not today
    enquiry(bali, ist("2026-11-25T09:00:00")), // today
    enquiry(bali, ist("2026-11-23T00:00:00")), // Monday: this week
    enquiry(bali, ist("2026-11-02T12:00:00")), // this month
    enquiry(dubai, ist("2026-11-20T12:00:00")), // this month, last week
    enquiry(dubai, ist("2026-10-31T23:59:00")), // last month, within 30 days
    enquiry(dubai, ist("2026-09-01T12:00:00")), // long ago
  ]);
  await db.insert(contactMessages).values([
    { firstName: "A", lastName: "B", email: "a@example.com", phone: "1", message: "Hi", createdAt: ist("2026-11-25T08:00:00") },
    { firstName: "C", lastName: "D", email: "c@example.com", phone: "2", message: "Hi", createdAt: ist("2026-11-21T08:00:00") },
  ]);
  // One converted enquiry, and one spam message today that no figure counts.
  await db.execute(sql`update leads set status = 'converted' where created_at = ${ist("2026-11-02T12:00:00").toISOString()}::timestamptz`);
  const [spam] = await db
    .insert(contactMessages)
    .values({ firstName: "Spam", lastName: "Bot", email: "s@example.com", phone: "3", message: "Buy", createdAt: ist("2026-11-25T09:30:00") })
    .returning({ id: contactMessages.id });
  await db.execute(sql`update contact_messages set status = 'spam' where id = ${spam!.id}`);
});
afterAll(closeTestDatabase);

describe("dashboard figures", () => {
  it("counts enquiries today, this week and this month in Indian days, all sources, never spam", async () => {
    const figures = await enquiryFigures(NOW);
    expect(figures).toMatchObject({ today: 3, week: 5, month: 8, total: 10, converted: 1 });
    expect(figures.convertedShare).toBeCloseTo(0.1);
  });

  it("breaks the last 30 days down by source, every source listed", async () => {
    expect((await enquiryFigures(NOW)).bySource).toEqual([
      { source: "popup", count: 2 },
      { source: "package-enquiry", count: 5 },
      { source: "seat-request", count: 0 },
      { source: "contact", count: 2 },
    ]);
  });

  it("ranks packages by enquiries in the last 30 days", async () => {
    expect(await topPackagesByEnquiries({ now: NOW })).toEqual([
      expect.objectContaining({ id: bali.id, title: bali.title, count: 3 }),
      expect.objectContaining({ id: dubai.id, title: dubai.title, count: 2 }),
    ]);
  });

  it("ranks packages by page views and published blogs by reads", async () => {
    await db.update(packages).set({ views: 7 }).where(eq(packages.id, dubai.id));
    await db.update(packages).set({ views: 3 }).where(eq(packages.id, bali.id));
    expect((await topPackagesByViews()).map((row) => [row.id, row.count])).toEqual([
      [dubai.id, 7],
      [bali.id, 3],
    ]);
    const posts = await db.select({ id: blogs.id }).from(blogs).where(eq(blogs.status, "published")).orderBy(blogs.id).limit(2);
    await db.update(blogs).set({ views: 0 });
    await db.update(blogs).set({ views: 40 }).where(eq(blogs.id, posts[1]!.id));
    await db.update(blogs).set({ views: 12 }).where(eq(blogs.id, posts[0]!.id));
    expect((await mostReadBlogs()).map((row) => [row.id, row.count])).toEqual([
      [posts[1]!.id, 40],
      [posts[0]!.id, 12],
    ]);
    await db.update(blogs).set({ status: "draft" }).where(eq(blogs.id, posts[1]!.id));
    expect((await mostReadBlogs()).map((row) => row.id)).toEqual([posts[0]!.id]);
  });

  it("reports the outbox's health: pending, failing and the last delivery", async () => {
    expect(await outboxHealth()).toEqual({ pending: 0, failing: 0, lastSentAt: null });
    const sentAt = new Date("2026-11-25T04:00:00Z");
    const rows = await db
      .insert(jobs)
      .values([
        { type: "email", subjectType: "lead", subjectId: 9001, payload: {}, status: "done", doneAt: sentAt },
        { type: "email", subjectType: "lead", subjectId: 9002, payload: {}, status: "pending" },
        { type: "webhook", subjectType: "lead", subjectId: 9002, payload: {}, status: "pending", attempts: 4 },
        { type: "email", subjectType: "lead", subjectId: 9003, payload: {}, status: "failed", attempts: 12 },
      ])
      .returning({ id: jobs.id });
    expect(await outboxHealth()).toEqual({ pending: 2, failing: 2, lastSentAt: sentAt });
    // Backups and image cuts run as jobs too: not notifications waiting or sent, but failing ones are listed and counted.
    rows.push(
      ...(await db
        .insert(jobs)
        .values([
          { type: "backup", subjectType: "backup-day", subjectId: 20261125, payload: {}, status: "done", doneAt: new Date("2026-11-25T05:00:00Z") },
          { type: "backup", subjectType: "backup-now", subjectId: 29_000_000, payload: {}, status: "pending" },
          { type: "media.portrait-cut", subjectType: "media", subjectId: 9004, payload: {}, status: "failed", attempts: 12 },
        ])
        .returning({ id: jobs.id })),
    );
    expect(await outboxHealth()).toEqual({ pending: 2, failing: 3, lastSentAt: sentAt });
    // Without SMTP an e-mail was only written to a file: only webhook deliveries count as sent.
    expect((await outboxHealth({ emailDelivered: false })).lastSentAt).toBeNull();
    const webhookAt = new Date("2026-11-25T03:00:00Z");
    const [webhook] = await db
      .insert(jobs)
      .values({ type: "webhook", subjectType: "lead", subjectId: 9001, payload: {}, status: "done", doneAt: webhookAt })
      .returning({ id: jobs.id });
    rows.push(webhook!);
    expect((await outboxHealth({ emailDelivered: false })).lastSentAt).toEqual(webhookAt);
    await db.delete(jobs).where(
      inArray(
        jobs.id,
        rows.map((row) => row.id),
      ),
    );
  });
});
