import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Viewer } from "~/server/auth/guard.server";
import type { Db } from "~/server/db/db.server";
import { activity, contactMessages, enquiryNotes, leads, jobs } from "~/server/db/schema.server";
import { closeTestDatabase, openTestDatabase } from "../../../tests/support/test-db";
import { fallbackMailDir, fallbackMailName } from "~/server/notify/mail-files.server";
import { createFileMailer } from "~/server/notify/mailer.server";
import { insertContact, insertLead, insertStaff } from "../../../tests/support/enquiry-fixtures";
import { addNote } from "./enquiry-detail.server";
import { handlePersonalDataAction } from "./personal-data-page.server";
import { deletePersonalData, findPersonalData, parsePersonKey, personalDataExport, type PersonKey } from "./personal-data.server";

let db: Db;
let admin: Viewer;
let other: { leadId: number };

const key = (text: string) => parsePersonKey(text) as PersonKey;

async function outboxFor(type: "lead" | "contact-message", id: number) {
  await db.insert(jobs).values({ type: "email", subjectType: type, subjectId: id, payload: { to: "team@example.com", subject: "s", text: "t" } });
}

/** Writes every outbox row's .eml file, as the worker does without SMTP_URL; returns the files by subject ("lead:1"). */
async function writeFallbackMail() {
  const mailer = createFileMailer(fallbackMailDir(), "Pravas <no-reply@pravas.travel>");
  const files = new Map<string, string>();
  for (const row of await db.select().from(jobs)) {
    await mailer.send({ to: "team@example.com", subject: "New lead", text: "Phone: +91 98765 43210" }, row);
    files.set(`${row.subjectType}:${row.subjectId}`, path.join(fallbackMailDir(), fallbackMailName(row)));
  }
  return files;
}

beforeAll(async () => {
  // Without SMTP_URL the notifications are .eml files in DATA_DIR/outbox: a temporary one here.
  process.env.DATA_DIR = fs.mkdtempSync(path.join(os.tmpdir(), "pravas-personal-"));
  db = await openTestDatabase();
  const staff = await insertStaff(db, "Ada Admin", "admin");
  admin = { id: staff.id, email: staff.email, name: staff.name, role: "admin" };
  // One person, three ways of writing their number, one e-mail in two cases.
  const popup = await insertLead(db, { name: "Asha Patil", phone: "+91 98765 43210" });
  const enquiry = await insertLead(db, { source: "package-enquiry", name: "Asha P", phone: "098765-43210", email: "Asha@Example.com", packageTitle: "Bali" });
  const contact = await insertContact(db, { firstName: "Asha", lastName: "Patil", phone: "9876543210", email: "asha@example.com" });
  await outboxFor("lead", popup.id);
  await outboxFor("lead", enquiry.id);
  await outboxFor("contact-message", contact.id);
  await addNote({ kind: "lead", id: enquiry.id }, "Prefers evenings", { viewer: admin });
  await addNote({ kind: "contact", id: contact.id }, "Asked about visas", { viewer: admin });
  // Someone else, who must be left alone.
  other = { leadId: (await insertLead(db, { name: "Ravi Kumar", phone: "+91 91234 56789", email: "ravi@example.com" })).id };
  await outboxFor("lead", other.leadId);
  await addNote({ kind: "lead", id: other.leadId }, "Ravi's note", { viewer: admin });
});
afterAll(async () => {
  await closeTestDatabase();
  fs.rmSync(process.env.DATA_DIR!, { recursive: true, force: true });
});

describe("parsePersonKey", () => {
  it("reads a phone number (its last ten digits) or an e-mail address (lower-cased)", () => {
    expect(parsePersonKey(" +91 98765 43210 ")).toEqual({ kind: "phone", value: "+91 98765 43210", digits: "9876543210" });
    expect(parsePersonKey("Asha@Example.com")).toEqual({ kind: "email", value: "asha@example.com" });
    for (const bad of ["", "asha", "12345", "98765abc", "a@", "@b", "x".repeat(201)]) expect(parsePersonKey(bad)).toBeNull();
  });
});

describe("find and export", () => {
  it("finds a person's leads, contact messages, notes and outbox rows by phone, however it was written", async () => {
    const found = await findPersonalData(key("98765 43210"));
    expect(found.leads.map((row) => row.name).sort()).toEqual(["Asha P", "Asha Patil"]);
    expect(found.contactMessages.map((row) => row.firstName)).toEqual(["Asha"]);
    expect(found.notes.map((note) => note.body).sort()).toEqual(["Asked about visas", "Prefers evenings"]);
    expect(found.outbox).toHaveLength(3);
  });

  it("finds by e-mail ignoring case", async () => {
    const found = await findPersonalData(key("ASHA@example.COM"));
    expect(found.leads.map((row) => row.name)).toEqual(["Asha P"]);
    expect(found.contactMessages).toHaveLength(1);
    expect(found.notes).toHaveLength(2);
    expect(found.outbox).toHaveLength(2);
  });

  it("exports it as JSON", async () => {
    const exported = JSON.parse(
      JSON.stringify(personalDataExport(key("9876543210"), await findPersonalData(key("9876543210")), new Date("2026-11-23T08:00:00Z"))),
    );
    expect(exported).toMatchObject({ exportedAt: "2026-11-23T08:00:00.000Z", query: { phone: "9876543210" } });
    expect(exported.leads).toHaveLength(2);
    expect(exported.contactMessages[0]).toMatchObject({ firstName: "Asha", lastName: "Patil", email: "asha@example.com", message: "Hello" });
    expect(exported.notes.map((note: { body: string }) => note.body).sort()).toEqual(["Asked about visas", "Prefers evenings"]);
    expect(exported.notifications).toHaveLength(3);
  });
});

describe("deletion", () => {
  it("needs the phone or e-mail typed again: a mismatch deletes nothing", async () => {
    const form = new URLSearchParams({ intent: "delete", q: "98765 43210", confirm: "98765 43211" });
    const answer = await handlePersonalDataAction(new Request("http://x/", { method: "POST", body: form }), admin);
    expect(answer).toMatchObject({ init: { status: 400 }, data: { deleteError: expect.stringContaining("Nothing was deleted") } });
    expect((await findPersonalData(key("9876543210"))).leads).toHaveLength(2);
  });

  it("deletes everything about the person in one go, logs the counts but not the data, and leaves others alone", async () => {
    const files = await writeFallbackMail();
    expect(files.size).toBe(4);
    // One of Asha's files is already gone (removed by hand): that is fine.
    const [popupLead] = await db.select().from(leads).where(eq(leads.name, "Asha Patil"));
    fs.rmSync(files.get(`lead:${popupLead!.id}`)!);
    // A copy left half-written by a crash holds her data too.
    const [contact] = await db.select().from(contactMessages);
    const partial = `${files.get(`contact-message:${contact!.id}`)!}.4242.tmp`;
    fs.writeFileSync(partial, "Phone: +91 98765 43210");
    // An earlier activity entry named her enquiry ("Asha Patil's call-back request", issue 23).
    await db
      .insert(activity)
      .values({ kind: "enquiry.status-changed", subjectType: "enquiry", subjectId: `lead-${popupLead!.id}`, subjectLabel: "Asha Patil’s call-back request" });
    const form = new URLSearchParams({ intent: "delete", q: "98765 43210", confirm: "+91 98765-43210" });
    const response = (await handlePersonalDataAction(new Request("http://x/", { method: "POST", body: form }), admin)) as Response;
    expect(response.status).toBe(303);
    const found = await findPersonalData(key("9876543210"));
    expect(found).toEqual({
      booked: { bookings: [], travellers: [], details: [], bookingEmails: [], events: [], reviews: [] },
      leads: [],
      contactMessages: [],
      notes: [],
      outbox: [],
    });
    expect(await db.select().from(contactMessages)).toEqual([]);
    // Ravi's lead, note and outbox row stay.
    expect((await db.select().from(leads)).map((row) => row.id)).toEqual([other.leadId]);
    expect((await db.select().from(enquiryNotes)).map((note) => note.body)).toEqual(["Ravi's note"]);
    expect((await db.select().from(jobs)).map((row) => row.subjectId)).toEqual([other.leadId]);
    // Her .eml files are gone, Ravi's stays.
    expect(fs.readdirSync(fallbackMailDir())).toEqual([path.basename(files.get(`lead:${other.leadId}`)!)]);

    const [entry] = await db.select().from(activity).where(eq(activity.kind, "enquiry.personal-data-deleted"));
    expect(entry!.detail).toEqual({ leads: 2, contactMessages: 1, notes: 2, outbox: 3, bookings: 0 });
    const logged = JSON.stringify(entry);
    for (const secret of ["98765", "43210", "asha", "Asha", "Patil"]) expect(logged).not.toContain(secret);
    // The earlier entry keeps what was done, no longer whose.
    const earlier = await db.select().from(activity).where(eq(activity.kind, "enquiry.status-changed"));
    expect(earlier.map((row) => row.subjectLabel)).toEqual(["a deleted enquiry"]);
  });

  it("rolls back everything when a step fails, and keeps the .eml files", async () => {
    const lead = await insertLead(db, { name: "Tx Test", phone: "+91 95555 12345" });
    await outboxFor("lead", lead.id);
    const files = await writeFallbackMail();
    // A viewer whose id names no user makes the activity insert fail (FK), the last step.
    const ghost = { ...admin, id: "no-such-user" };
    await expect(deletePersonalData(key("9555512345"), { viewer: ghost })).rejects.toThrow();
    const found = await findPersonalData(key("9555512345"));
    expect(found.leads).toHaveLength(1);
    expect(found.outbox).toHaveLength(1);
    expect(fs.existsSync(files.get(`lead:${lead.id}`)!)).toBe(true);
  });
});
