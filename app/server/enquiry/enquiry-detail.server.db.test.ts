import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Viewer } from "~/server/auth/guard.server";
import type { Db } from "~/server/db/db.server";
import { activity, contactMessages, leads, users } from "~/server/db/schema.server";
import { closeTestDatabase, openTestDatabase } from "../../../tests/support/test-db";
import { insertContact, insertLead, insertStaff } from "../../../tests/support/enquiry-fixtures";
import { handleEnquiryAction } from "./enquiry-page.server";
import { addNote, assignEnquiry, changeStatus, enquiryHistory, getEnquiry, listNotes } from "./enquiry-detail.server";

let db: Db;
let editor: Viewer;
let leadId: number;
let contactId: number;

beforeAll(async () => {
  db = await openTestDatabase();
  const staff = await insertStaff(db, "Esha Editor");
  editor = { id: staff.id, email: staff.email, name: staff.name, role: "editor" };
  leadId = (
    await insertLead(db, {
      source: "package-enquiry",
      name: "Karan Mehta",
      packageTitle: "Bali 7D/6N",
      travellers: 3,
      preferredMonth: "2027-01",
      message: "Honeymoon",
    })
  ).id;
  contactId = (await insertContact(db, { firstName: "Meera", lastName: "Iyer" })).id;
});
afterAll(closeTestDatabase);

const ctx = () => ({ viewer: editor, ip: "203.0.113.9" });

function post(fields: Record<string, string>) {
  return new Request("http://x/admin/enquiries/lead-1", { method: "POST", body: new URLSearchParams(fields) });
}

describe("an enquiry's detail", () => {
  it("holds every field the visitor sent", async () => {
    const lead = await getEnquiry({ kind: "lead", id: leadId });
    expect(lead?.fields).toEqual([
      { label: "Name", value: "Karan Mehta" },
      { label: "Phone", value: "+91 90000 00000" },
      { label: "Package", value: "Bali 7D/6N" },
      { label: "Travellers", value: "3" },
      { label: "Preferred month", value: "January 2027" },
      { label: "Message", value: "Honeymoon" },
    ]);
    const contact = await getEnquiry({ kind: "contact", id: contactId });
    expect(contact).toMatchObject({ name: "Meera Iyer", firstName: "Meera", source: "contact", status: "new" });
    expect(contact?.fields.map((field) => field.label)).toEqual(["First name", "Last name", "E-mail", "Phone", "Message"]);
    expect(await getEnquiry({ kind: "contact", id: 999_999 })).toBeNull();
  });
});

describe("status, assignment and notes", () => {
  it("moves along the pipeline and records each change for the history (once)", async () => {
    const ref = { kind: "lead" as const, id: leadId };
    expect(await changeStatus(ref, "contacted", ctx())).toBe("changed");
    expect(await changeStatus(ref, "contacted", ctx())).toBe("unchanged");
    expect(await changeStatus(ref, "converted", ctx())).toBe("changed");
    const [row] = await db.select().from(leads).where(eq(leads.id, leadId));
    expect(row!.status).toBe("converted");
    const history = await enquiryHistory(ref);
    expect(history.map((entry) => entry.text)).toEqual(["Status: New → Contacted", "Status: Contacted → Converted"]);
    expect(history[0]!.who).toBe("Esha Editor");
    expect(await changeStatus({ kind: "lead", id: 999_999 }, "closed", ctx())).toBe("not-found");
  });

  it("the database refuses a status outside the pipeline", async () => {
    await expect(
      db
        .update(leads)
        .set({ status: "archived" as never })
        .where(eq(leads.id, leadId)),
    ).rejects.toThrow();
  });

  it("assigns to a team member, refuses an unknown one, and unassigns", async () => {
    const ref = { kind: "contact" as const, id: contactId };
    const ravi = await insertStaff(db, "Ravi Rao");
    expect(await assignEnquiry(ref, ravi.id, ctx())).toBe("ok");
    expect((await getEnquiry(ref))?.assignedTo).toBe(ravi.id);
    expect(await assignEnquiry(ref, "no-such-user", ctx())).toBe("unknown-user");
    expect((await getEnquiry(ref))?.assignedTo).toBe(ravi.id);
    // A deleted team member leaves the enquiry unassigned (FK set null).
    await db.delete(users).where(eq(users.id, ravi.id));
    const [row] = await db.select().from(contactMessages).where(eq(contactMessages.id, contactId));
    expect(row!.assignedTo).toBeNull();
    expect((await enquiryHistory(ref)).map((entry) => entry.text)).toEqual(["Assigned to Ravi Rao"]);
    expect(await assignEnquiry(ref, editor.id, ctx())).toBe("ok");
    expect(await assignEnquiry(ref, null, ctx())).toBe("ok");
    expect((await enquiryHistory(ref)).map((entry) => entry.text)).toEqual(["Assigned to Ravi Rao", "Assigned to Esha Editor", "Unassigned"]);
  });

  it("adds notes with author and time; the log says a note was added, not what it says", async () => {
    const ref = { kind: "contact" as const, id: contactId };
    expect(await addNote(ref, "Called, no answer.", ctx())).toBe(true);
    expect(await addNote(ref, "Wants Kerala instead.", ctx())).toBe(true);
    const notes = await listNotes(ref);
    expect(notes.map((note) => [note.body, note.authorName])).toEqual([
      ["Called, no answer.", "Esha Editor"],
      ["Wants Kerala instead.", "Esha Editor"],
    ]);
    expect(notes[0]!.createdAt).toBeInstanceOf(Date);
    expect(await listNotes({ kind: "lead", id: leadId })).toEqual([]);
    const logged = await db.select().from(activity).where(eq(activity.kind, "enquiry.note-added"));
    expect(logged).toHaveLength(2);
    expect(JSON.stringify(logged)).not.toContain("Kerala");
  });
});

describe("the detail page's posts", () => {
  it("refuses an empty note and an unknown status with field errors, and keeps what was typed", async () => {
    const ref = { kind: "lead" as const, id: leadId };
    const empty = await handleEnquiryAction(post({ intent: "note", note: "   " }), ref, ctx());
    expect(empty).toMatchObject({ init: { status: 400 }, data: { intent: "note", errors: { note: ["Write the note first."] } } });
    const bad = await handleEnquiryAction(post({ intent: "status", status: "archived" }), ref, ctx());
    expect(bad).toMatchObject({ init: { status: 400 }, data: { intent: "status", errors: { status: expect.any(Array) } } });
    const long = await handleEnquiryAction(post({ intent: "note", note: "x".repeat(2001) }), ref, ctx());
    expect(long).toMatchObject({ init: { status: 400 }, data: { values: { note: "x".repeat(2001) } } });
  });

  it("redirects back with a notice after a change", async () => {
    const ref = { kind: "lead" as const, id: leadId };
    const response = (await handleEnquiryAction(post({ intent: "status", status: "closed" }), ref, ctx())) as Response;
    expect(response.status).toBe(303);
    expect(response.headers.get("location")).toBe(`/admin/enquiries/lead-${leadId}`);
    expect(response.headers.get("set-cookie")).toContain("pravas_notice=");
    expect((await getEnquiry(ref))?.status).toBe("closed");
  });

  it("answers 404 for an enquiry that does not exist", async () => {
    await expect(handleEnquiryAction(post({ intent: "note", note: "hi" }), { kind: "lead", id: 999_999 }, ctx())).rejects.toMatchObject({
      init: { status: 404 },
    });
  });
});
