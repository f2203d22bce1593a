import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { formatDateTime } from "~/lib/admin-format";
import { storeContactMessage } from "~/server/contact/contact-messages.server";
import type { Db } from "~/server/db/db.server";
import { contactMessages, jobs, leads } from "~/server/db/schema.server";
import { getEnv } from "~/server/env.server";
import { createEnquiry, findEnquiryPackage } from "~/server/lead/package-enquiry.server";
import { createPopupLead } from "~/server/lead/popup-lead.server";
import { closeTestDatabase, openTestDatabase } from "../../../tests/support/test-db";

let db: Db;
beforeAll(async () => {
  db = await openTestDatabase({ seeded: true });
});
afterAll(closeTestDatabase);

async function teamEmailText(subjectType: "lead" | "contact-message", id: number) {
  const [job] = await db
    .select()
    .from(jobs)
    .where(and(eq(jobs.subjectType, subjectType), eq(jobs.subjectId, id), eq(jobs.type, "email")));
  return (job!.payload as { text: string }).text;
}

const site = () => getEnv().SITE_URL.replace(/\/$/, "");

describe("the team's e-mail about an enquiry (issue 49)", () => {
  it("a call-back request says when it came in Indian time, and links to it in the back office", async () => {
    const { id } = await createPopupLead({ name: "Meera Iyer", phone: "+91 98450 11223" });
    const [row] = await db.select().from(leads).where(eq(leads.id, id));
    const text = await teamEmailText("lead", id);
    expect(text).toContain(`Received: ${formatDateTime(row!.createdAt)} (Indian time)`);
    expect(text).toMatch(/Received: \d{1,2} [A-Z][a-z]{2} \d{4}, \d{1,2}:\d{2} [ap]m \(Indian time\)/);
    expect(text).not.toMatch(/\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/);
    expect(text).toContain(`Open it in the back office: ${site()}/admin/enquiries/lead-${id}`);
  });

  it("so do a package enquiry and a contact message", async () => {
    const pkg = (await findEnquiryPackage({ packageSlug: "bali" }))!;
    const { id } = await createEnquiry({ name: "Asha Rao", phone: "+91 98765 43210", travellers: 3 }, pkg);
    expect(await teamEmailText("lead", id)).toContain(`Open it in the back office: ${site()}/admin/enquiries/lead-${id}`);

    await storeContactMessage({ firstName: "Ravi", lastName: "Kumar", email: "ravi@example.com", phone: "+91 90000 33333", message: "Hello" });
    const [message] = await db.select().from(contactMessages).where(eq(contactMessages.email, "ravi@example.com"));
    const text = await teamEmailText("contact-message", message!.id);
    expect(text).toContain(`Received: ${formatDateTime(message!.createdAt)} (Indian time)`);
    expect(text).toContain(`Open it in the back office: ${site()}/admin/enquiries/contact-${message!.id}`);
  });
});
