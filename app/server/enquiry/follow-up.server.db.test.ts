import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Viewer } from "~/server/auth/guard.server";
import type { Db } from "~/server/db/db.server";
import { activity, enquiryFollowUps, leads } from "~/server/db/schema.server";
import { closeTestDatabase, openTestDatabase } from "../../../tests/support/test-db";
import { insertContact, insertLead, insertStaff } from "../../../tests/support/enquiry-fixtures";
import { handleEnquiryAction } from "./enquiry-page.server";
import { enquiryHistory } from "./enquiry-detail.server";
import { clearFollowUp, countDueToday, getFollowUp, listDue, setFollowUp } from "./follow-up.server";

let db: Db;
let editor: Viewer;

beforeAll(async () => {
  db = await openTestDatabase();
  const staff = await insertStaff(db, "Esha Editor");
  editor = { id: staff.id, email: staff.email, name: staff.name, role: "editor" };
});
afterAll(closeTestDatabase);

// 26 Nov 2026, 2:00 pm Indian time.
const NOW = new Date("2026-11-26T08:30:00Z");
const ctx = (now = NOW) => ({ viewer: editor, ip: "203.0.113.9", now });

function post(key: string, fields: Record<string, string>) {
  return new Request(`http://x/admin/enquiries/${key}`, { method: "POST", body: new URLSearchParams({ intent: "follow-up", ...fields }) });
}

describe("follow-up dates", () => {
  it("one tap sets Tomorrow 10 am Indian time, with a history entry naming the enquirer", async () => {
    const lead = await insertLead(db, { source: "package-enquiry", name: "Karan Mehta", packageTitle: "Bali 7D/6N" });
    const response = await handleEnquiryAction(post(`lead-${lead.id}`, { when: "tomorrow", reason: "Send the quote" }), { kind: "lead", id: lead.id }, ctx());
    expect((response as Response).status).toBe(303);
    expect(await getFollowUp({ kind: "lead", id: lead.id })).toMatchObject({
      dueAt: new Date("2026-11-27T04:30:00Z"),
      reason: "Send the quote",
      setByName: "Esha Editor",
    });
    const [entry] = await db.select().from(activity).where(eq(activity.kind, "enquiry.follow-up-set"));
    expect(entry!.subjectLabel).toBe("Karan Mehta’s enquiry about Bali 7D/6N");
    const history = await enquiryHistory({ kind: "lead", id: lead.id });
    expect(history.at(-1)!.text).toBe("Call back set for 27 Nov, 10:00 am (Send the quote)");
  });

  it("Today 5 pm is 5 pm, and an hour on (to the quarter) once 5 pm has passed", async () => {
    const contact = await insertContact(db, { firstName: "Meera", lastName: "Iyer" });
    const ref = { kind: "contact" as const, id: contact.id };
    await handleEnquiryAction(post(`contact-${contact.id}`, { when: "today" }), ref, ctx());
    expect((await getFollowUp(ref))!.dueAt).toEqual(new Date("2026-11-26T11:30:00Z"));
    // 6:10 pm: 7:15 pm.
    await handleEnquiryAction(post(`contact-${contact.id}`, { when: "today" }), ref, ctx(new Date("2026-11-26T12:40:00Z")));
    expect((await getFollowUp(ref))!.dueAt).toEqual(new Date("2026-11-26T13:45:00Z"));
    await handleEnquiryAction(post(`contact-${contact.id}`, { when: "in-3-days" }), ref, ctx());
    expect((await getFollowUp(ref))!.dueAt).toEqual(new Date("2026-11-29T04:30:00Z"));
  });

  it("a picked date is Indian time; a past or impossible one is refused beside the date", async () => {
    const lead = await insertLead(db, { name: "Picked Person" });
    const ref = { kind: "lead" as const, id: lead.id };
    await handleEnquiryAction(post(`lead-${lead.id}`, { when: "pick", date: "2026-12-01", time: "09:30" }), ref, ctx());
    expect((await getFollowUp(ref))!.dueAt).toEqual(new Date("2026-12-01T04:00:00Z"));
    const past = (await handleEnquiryAction(post(`lead-${lead.id}`, { when: "pick", date: "2026-11-25", time: "09:30" }), ref, ctx())) as {
      data: { errors: Record<string, string[]> };
      init: { status: number };
    };
    expect(past.init.status).toBe(400);
    expect(past.data.errors.date).toEqual(["Choose a time from now on."]);
    const impossible = (await handleEnquiryAction(post(`lead-${lead.id}`, { when: "pick", date: "2026-11-31", time: "09:30" }), ref, ctx())) as {
      data: { errors: Record<string, string[]> };
    };
    expect(impossible.data.errors.date).toEqual(["Choose a date that exists."]);
    const missing = (await handleEnquiryAction(post(`lead-${lead.id}`, { when: "pick" }), ref, ctx())) as { data: { errors: Record<string, string[]> } };
    expect(missing.data.errors.date).toEqual(["Choose a date."]);
    expect((await getFollowUp(ref))!.dueAt).toEqual(new Date("2026-12-01T04:00:00Z"));
  });

  it("clearing records it once; the Due view sorts overdue, today and upcoming, leaving out closed ones", async () => {
    await db.delete(enquiryFollowUps);
    const overdue = await insertLead(db, { name: "Over Due" });
    const today = await insertLead(db, { name: "Due Today", status: "contacted" });
    const later = await insertContact(db, { firstName: "Up", lastName: "Coming" });
    const closed = await insertLead(db, { name: "Closed One", status: "closed" });
    const cleared = await insertLead(db, { name: "Cleared One" });
    await setFollowUp({ kind: "lead", id: overdue.id }, { dueAt: new Date("2026-11-25T04:30:00Z") }, ctx());
    await setFollowUp({ kind: "lead", id: today.id }, { dueAt: new Date("2026-11-26T11:30:00Z") }, ctx());
    await setFollowUp({ kind: "contact", id: later.id }, { dueAt: new Date("2026-11-27T04:30:00Z") }, ctx());
    await setFollowUp({ kind: "lead", id: closed.id }, { dueAt: new Date("2026-11-26T04:30:00Z") }, ctx());
    await setFollowUp({ kind: "lead", id: cleared.id }, { dueAt: new Date("2026-11-26T04:30:00Z") }, ctx());
    expect(await clearFollowUp({ kind: "lead", id: cleared.id }, ctx())).toBe("cleared");
    expect(await clearFollowUp({ kind: "lead", id: cleared.id }, ctx())).toBe("none");
    expect((await enquiryHistory({ kind: "lead", id: cleared.id })).map((entry) => entry.text)).toEqual([
      "Call back set for 26 Nov, 10:00 am",
      "Call-back date cleared",
    ]);

    const due = await listDue(NOW);
    expect(due.overdue.map((row) => row.name)).toEqual(["Over Due"]);
    expect(due.today.map((row) => row.name)).toEqual(["Due Today"]);
    expect(due.upcoming.map((row) => row.name)).toEqual(["Up Coming"]);
    // The sidebar: due by the end of today, overdue included; "not new" leaves out what New already counts.
    expect(await countDueToday(NOW)).toBe(2);
    expect(await countDueToday(NOW, { notNew: true })).toBe(1);
    // Deleting the enquiry deletes its follow-up.
    await db.delete(leads).where(eq(leads.id, overdue.id));
    expect((await listDue(NOW)).overdue).toEqual([]);
  });
});
