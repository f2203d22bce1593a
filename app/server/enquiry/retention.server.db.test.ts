import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Db } from "~/server/db/db.server";
import { activity, contactMessages, enquiryNotes, leads, jobs } from "~/server/db/schema.server";
import { closeTestDatabase, openTestDatabase } from "../../../tests/support/test-db";
import { at, insertContact, insertLead, insertStaff } from "../../../tests/support/enquiry-fixtures";
import { addNote } from "./enquiry-detail.server";
import { deleteExpiredEnquiries, retentionCutoff } from "./retention.server";

let db: Db;
const now = new Date("2026-11-23T08:00:00Z");

beforeAll(async () => {
  db = await openTestDatabase();
  const staff = await insertStaff(db, "Ada Admin", "admin");
  const viewer = { id: staff.id, email: staff.email, name: staff.name, role: "admin" as const };
  const old = at("2026-04-01T00:00:00Z");
  const recent = at("2026-10-01T00:00:00Z");
  for (const status of ["new", "contacted", "converted", "closed", "spam"] as const) {
    await insertLead(db, { name: `old ${status}`, status, createdAt: old });
  }
  await insertLead(db, { name: "recent closed", status: "closed", createdAt: recent });
  const oldSpam = await insertContact(db, { firstName: "old spam contact", status: "spam", createdAt: old });
  await insertContact(db, { firstName: "old new contact", status: "new", createdAt: old });
  const [closedLead] = await db.select().from(leads).where(eq(leads.name, "old closed"));
  await db.insert(jobs).values([
    { type: "email", subjectType: "lead", subjectId: closedLead!.id, payload: {} },
    { type: "email", subjectType: "contact-message", subjectId: oldSpam.id, payload: {} },
  ]);
  await addNote({ kind: "lead", id: closedLead!.id }, "closed it", { viewer });
});
afterAll(closeTestDatabase);

describe("retention", () => {
  it("counts months back on the calendar", () => {
    expect(retentionCutoff(6, now).toISOString()).toBe("2026-05-23T08:00:00.000Z");
    expect(retentionCutoff(12, now).toISOString()).toBe("2025-11-23T08:00:00.000Z");
  });

  it("deletes Closed and Spam enquiries older than N months, with their notes and outbox rows, and nothing else", async () => {
    const deleted = { leads: 2, contactMessages: 1, outbox: 2, travellerDetails: 0, reviews: 0, reviewsAnonymised: 0, reviewPhotos: 0 };
    expect(await deleteExpiredEnquiries(6, now)).toEqual(deleted);
    expect((await db.select().from(leads)).map((row) => row.name).sort()).toEqual(["old contacted", "old converted", "old new", "recent closed"]);
    expect((await db.select().from(contactMessages)).map((row) => row.firstName)).toEqual(["old new contact"]);
    expect(await db.select().from(enquiryNotes)).toEqual([]);
    expect(await db.select().from(jobs)).toEqual([]);
    const [entry] = await db.select().from(activity).where(eq(activity.kind, "enquiry.retention-deleted"));
    // The activity entry says the same counts, and after how many months.
    expect(entry!.detail).toEqual({ ...deleted, months: 6 });
  });

  it("does nothing, and logs nothing, when nothing is old enough", async () => {
    expect(await deleteExpiredEnquiries(6, now)).toEqual({
      leads: 0,
      contactMessages: 0,
      outbox: 0,
      travellerDetails: 0,
      reviews: 0,
      reviewsAnonymised: 0,
      reviewPhotos: 0,
    });
    expect(await db.select().from(activity).where(eq(activity.kind, "enquiry.retention-deleted"))).toHaveLength(1);
    // A shorter setting reaches the recent Closed one.
    expect(await deleteExpiredEnquiries(1, now)).toMatchObject({ leads: 1 });
  });
});
