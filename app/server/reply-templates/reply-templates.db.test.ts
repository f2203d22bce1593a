import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Viewer } from "~/server/auth/guard.server";
import { listRevisions } from "~/server/content/revisions.server";
import type { Db } from "~/server/db/db.server";
import { activity, leads, seedLedger } from "~/server/db/schema.server";
import { closeTestDatabase, openTestDatabase } from "../../../tests/support/test-db";
import { insertContact, insertLead, insertStaff } from "../../../tests/support/enquiry-fixtures";
import { handleReplySent } from "~/server/enquiry/enquiry-page.server";
import { enquiryHistory, getEnquiry, listNotes, recordReplySent } from "~/server/enquiry/enquiry-detail.server";
import { replyTemplates as seedTemplates } from "~/server/seed/data/reply-templates";
import { listReplyTemplates, saveReplyTemplates } from "./reply-templates.server";
import { handleReplyTemplatesAction } from "./reply-templates-page.server";

let db: Db;
let admin: Viewer;
let editor: Viewer;

beforeAll(async () => {
  db = await openTestDatabase();
  const a = await insertStaff(db, "Anu Admin", "admin");
  admin = { id: a.id, email: a.email, name: a.name, role: "admin" };
  const e = await insertStaff(db, "Ravi Kumar");
  editor = { id: e.id, email: e.email, name: e.name, role: "editor" };
});
afterAll(closeTestDatabase);

describe("the first templates", () => {
  // Seeding after the migration adds none twice: seed.pg.db.test.ts counts three.
  it("come with the migration, word for word the seed's, and recorded as seeded", async () => {
    const migrated = await listReplyTemplates(db);
    expect(migrated.map(({ name, channel, subject, body }) => ({ name, channel, subject, body }))).toEqual(seedTemplates);
    const ledger = await db.select().from(seedLedger).where(eq(seedLedger.kind, "reply-template"));
    expect(ledger.map((row) => row.key).sort()).toEqual(seedTemplates.map((template) => template.name).sort());
  });
});

describe("saving the list (admins' screen)", () => {
  it("replaces the list in order, with a revision and an activity entry, and refuses a save based on an older version", async () => {
    const first = await saveReplyTemplates(
      [
        { name: "Bali quote", channel: "whatsapp", subject: "", body: "Hi {name}, the {package} quote for {departure}. {agent}" },
        { name: "Welcome mail", channel: "email", subject: "Welcome, {name}", body: "Dear {name}" },
      ],
      { viewer: admin },
      { expectedVersion: 1 },
    );
    expect(first).toEqual({ ok: true, version: 2 });
    expect((await listReplyTemplates(db)).map((template) => template.name)).toEqual(["Bali quote", "Welcome mail"]);
    const revisions = await listRevisions("reply-templates", "all", db);
    expect(revisions[0]?.version).toBe(2);
    expect(revisions[0]?.changes.map((change) => change.label)).toEqual(["reply templates"]);
    const [entry] = await db.select().from(activity).where(eq(activity.kind, "reply-templates.updated"));
    expect(entry?.subjectLabel).toBe("Reply templates");

    const stale = await saveReplyTemplates([{ name: "Other", channel: "whatsapp", subject: "", body: "x" }], { viewer: admin }, { expectedVersion: 1 });
    expect(stale.ok).toBe(false);
    expect((await listReplyTemplates(db)).map((template) => template.name)).toEqual(["Bali quote", "Welcome mail"]);
  });

  it("answers field errors inline (400) from the same schema as the form", async () => {
    const body = new URLSearchParams({
      baseVersion: "2",
      "templates[0].name": "",
      "templates[0].channel": "email",
      "templates[0].subject": "",
      "templates[0].body": "Hi {nmae}",
    });
    const response = (await handleReplyTemplatesAction(new Request("http://x/admin/reply-templates", { method: "POST", body }), admin)) as unknown as {
      init: { status: number };
      data: { errors: Record<string, string[]> };
    };
    expect(response.init.status).toBe(400);
    expect(response.data.errors["templates[0].name"]).toEqual(["Name the template."]);
    expect(response.data.errors["templates[0].subject"]).toEqual(["An e-mail needs a subject."]);
    expect(response.data.errors["templates[0].body"]?.[0]).toMatch(/^Use only \{name\}/);
  });
});

describe("a reply sent from the enquiry page", () => {
  it("records the note, names the enquirer in the activity, and moves New to Contacted in the same tap", async () => {
    const lead = await insertLead(db, { source: "package-enquiry", name: "Asha Rao", packageTitle: "Bali 7D/6N", preferredMonth: "2027-01" });
    const ref = { kind: "lead" as const, id: lead.id };
    const request = new Request(`http://x/admin/enquiries/lead-${lead.id}/reply-sent`, {
      method: "POST",
      body: new URLSearchParams({ template: "Bali quote", channel: "whatsapp", markContacted: "on" }),
    });
    const response = await handleReplySent(request, ref, { viewer: editor });
    expect(response.status).toBe(200);
    expect(((await response.json()) as { message: string }).message).toBe(
      "Sent “Bali quote” on WhatsApp: noted, and Asha Rao’s enquiry about Bali 7D/6N is Contacted now.",
    );
    const notes = await listNotes(ref);
    expect(notes.map((note) => [note.body, note.authorName])).toEqual([["Sent “Bali quote” on WhatsApp", "Ravi Kumar"]]);
    expect((await getEnquiry(ref))?.status).toBe("contacted");
    const history = await enquiryHistory(ref);
    expect(history.map((entry) => entry.text)).toEqual(["Sent “Bali quote” on WhatsApp", "Status: New → Contacted"]);
    const rows = await db
      .select()
      .from(activity)
      .where(eq(activity.subjectId, `lead-${lead.id}`));
    expect(rows.every((row) => row.subjectLabel === "Asha Rao’s enquiry about Bali 7D/6N")).toBe(true);
  });

  it("refuses a record without a channel (400, the JSON error shape) and a missing enquiry (404)", async () => {
    const post = (body: Record<string, string>, id = 1) =>
      new Request(`http://x/admin/enquiries/lead-${id}/reply-sent`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify(body),
      });
    const refused = await handleReplySent(post({}), { kind: "lead", id: 1 }, { viewer: editor });
    expect(refused.status).toBe(400);
    expect(await refused.json()).toEqual({ error: "Choose WhatsApp or e-mail.", fields: { channel: "Choose WhatsApp or e-mail." } });
    const missing = await handleReplySent(post({ channel: "whatsapp" }, 999_999), { kind: "lead", id: 999_999 }, { viewer: editor });
    expect(missing.status).toBe(404);
  });

  it("leaves any other status as it is, and works without a template or the box ticked", async () => {
    const contact = await insertContact(db, { firstName: "Meera", lastName: "Iyer" });
    const ref = { kind: "contact" as const, id: contact.id };
    expect(await recordReplySent(ref, { channel: "email", markContacted: false }, { viewer: editor })).toEqual({ contacted: false });
    expect((await getEnquiry(ref))?.status).toBe("new");
    const lead = await insertLead(db, { name: "Karan", status: "converted" });
    const leadRef = { kind: "lead" as const, id: lead.id };
    expect(await recordReplySent(leadRef, { template: "Welcome mail", channel: "email", markContacted: true }, { viewer: editor })).toEqual({
      contacted: false,
    });
    const [row] = await db.select({ status: leads.status }).from(leads).where(eq(leads.id, lead.id));
    expect(row?.status).toBe("converted");
    expect((await listNotes(ref))[0]?.body).toBe("Sent a reply by e-mail");
    expect(await recordReplySent({ kind: "lead", id: 999_999 }, { channel: "whatsapp", markContacted: true }, { viewer: editor })).toBeNull();
  });
});
