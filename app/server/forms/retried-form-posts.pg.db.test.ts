// On both engines, PGlite and PostgreSQL (*.pg.db.test.ts, ADR 084): the same request stored at once from two connections, where
// PostgreSQL's unique index makes the second insert wait for the first transaction (ADR 093).
import { count, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { action as contactApi } from "~/routes/api/contact";
import { action as enquiriesApi } from "~/routes/api/enquiries";
import { action as leadsApi } from "~/routes/api/leads";
import { action as seatRequestsApi } from "~/routes/api/seat-requests";
import { action as contactPage } from "~/routes/site/contact";
import { action as packagePage } from "~/routes/site/package-detail";
import { FETCHER_POST_FIELD } from "~/lib/page-form";
import { SEAT_REQUEST_INTENT } from "~/lib/seats";
import type { Db } from "~/server/db/db.server";
import { contactMessages, jobs, leads, seatRequests } from "~/server/db/schema.server";
import { insertFormActionData } from "../../../tests/support/form-action-fixtures";
import { closeTestDatabase, openTestDatabase } from "../../../tests/support/test-db";

// A load balancer (deploy/nginx.conf) sends a public form post again to the other
// server, with the same X-Request-Id, when the first reset the connection: maybe
// before the app read it, maybe after it stored it (a crash). Each post here is
// called twice with one request id, as the two servers would run it.

let db: Db;
let packageId: number;
beforeAll(async () => {
  db = await openTestDatabase();
  packageId = await insertFormActionData(db, [{ id: "dOpen", name: "Spring Batch", start: "2031-03-01", end: "2031-03-07", capacity: 30 }]);
});
afterAll(closeTestDatabase);

type Action = (args: never) => Promise<unknown>;
let client = 0;
/** One post as React Router runs it, from a client of its own (the form budget), with the balancer's request id. */
function post(action: Action, requestId: string | null, init: { body?: unknown; form?: Record<string, string>; params?: object }) {
  const headers = init.form ? { "content-type": "application/x-www-form-urlencoded" } : { "content-type": "application/json" };
  const body = init.form ? new URLSearchParams(init.form).toString() : JSON.stringify(init.body ?? {});
  const request = new Request("http://localhost/any", { method: "POST", headers, body });
  const clientIp = `198.51.100.${++client}`;
  return answer(action({ request, params: init.params ?? {}, context: { clientIp, requestId, nonce: "" } } as never));
}
async function answer(promise: Promise<unknown>): Promise<{ status: number; body: unknown; location?: string | null }> {
  const value = await promise.catch((thrown: unknown) => thrown);
  if (value instanceof Response) {
    const text = await value.text();
    const body: unknown = value.headers.get("content-type")?.includes("json") ? JSON.parse(text) : text;
    return { status: value.status, body, location: value.headers.get("location") };
  }
  const { data, init } = value as { data: unknown; init?: { status?: number } };
  return { status: init?.status ?? 200, body: data };
}

let ids = 0;
/** A fresh id in nginx's `$request_id` form (32 hex digits). */
const newRequestId = () => (++ids).toString(16).padStart(32, "a");

const leadsOf = async (phone: string) => (await db.select({ n: count() }).from(leads).where(eq(leads.phone, phone)))[0]!.n;
/** The team's e-mails queued about the leads with this phone (one per stored enquiry). */
const emailsAboutLeads = async (phone: string) => {
  const rows = await db.select({ id: leads.id }).from(leads).where(eq(leads.phone, phone));
  const queued = await db.select({ subjectId: jobs.subjectId }).from(jobs).where(eq(jobs.type, "email"));
  return queued.filter((job) => rows.some((row) => row.id === job.subjectId)).length;
};

const enquiry = (phone: string) => ({ name: "Meera Iyer", phone, email: "meera@example.com", travellers: 2, packageSlug: "bali" });

describe("a public form post sent twice with one request id (ADR 093)", () => {
  it("an enquiry: one lead, one e-mail, and 201 both times; without an id, two", async () => {
    const requestId = newRequestId();
    const first = await post(enquiriesApi as Action, requestId, { body: enquiry("+91 90000 10001") });
    const again = await post(enquiriesApi as Action, requestId, { body: enquiry("+91 90000 10001") });
    expect([first.status, again.status]).toEqual([201, 201]);
    expect(again.body).toEqual(first.body);
    expect(await leadsOf("+91 90000 10001")).toBe(1);
    expect(await emailsAboutLeads("+91 90000 10001")).toBe(1);

    // Two posts (a visitor who sent the form twice) are two enquiries, as before.
    await post(enquiriesApi as Action, null, { body: enquiry("+91 90000 10002") });
    await post(enquiriesApi as Action, null, { body: enquiry("+91 90000 10002") });
    expect(await leadsOf("+91 90000 10002")).toBe(2);
  });

  it("an enquiry posted twice at once (the two servers): one lead, one e-mail, 201 both times", async () => {
    const requestId = newRequestId();
    const answers = await Promise.all([1, 2].map(() => post(enquiriesApi as Action, requestId, { body: enquiry("+91 90000 10003") })));
    expect(answers.map((one) => one.status)).toEqual([201, 201]);
    expect(await leadsOf("+91 90000 10003")).toBe(1);
    expect(await emailsAboutLeads("+91 90000 10003")).toBe(1);
  });

  it("a retry that arrives while the first try is still in its transaction waits for it, then stores nothing new", async () => {
    const requestId = newRequestId();
    const phone = "+91 90000 10004";
    let retried: Promise<{ status: number }> | undefined;
    let answeredBeforeCommit = false;
    await db.transaction(async (tx) => {
      // The first try (the other server): its lead is written, not yet committed.
      await tx.insert(leads).values({ source: "package-enquiry", name: "Meera Iyer", phone, packageId, requestId });
      retried = post(enquiriesApi as Action, requestId, { body: enquiry(phone) });
      void retried.then(() => (answeredBeforeCommit = true));
      await new Promise((resolve) => setTimeout(resolve, 300));
    });
    const settled = answeredBeforeCommit;
    expect((await retried!).status).toBe(201);
    expect(settled, "the retry waited for the first try's commit").toBe(false);
    expect(await leadsOf(phone)).toBe(1);
    // The first try's own e-mail was never queued here (its transaction wrote only the lead): the retry queued none.
    expect(await emailsAboutLeads(phone)).toBe(0);
  });

  it("a retry whose first try rolled back stores the enquiry", async () => {
    const requestId = newRequestId();
    const phone = "+91 90000 10005";
    let retried: Promise<{ status: number }> | undefined;
    await db
      .transaction(async (tx) => {
        await tx.insert(leads).values({ source: "package-enquiry", name: "Meera Iyer", phone, packageId, requestId });
        retried = post(enquiriesApi as Action, requestId, { body: enquiry(phone) });
        await new Promise((resolve) => setTimeout(resolve, 300));
        throw new Error("the first server failed");
      })
      .catch(() => {});
    expect((await retried!).status).toBe(201);
    expect(await leadsOf(phone)).toBe(1);
    expect(await emailsAboutLeads(phone)).toBe(1);
  });

  it("a popup lead, twice at once (one group commit) and once more later: one lead, one e-mail", async () => {
    const requestId = newRequestId();
    const body = { name: "Ravi Kumar", phone: "+91 90000 10006" };
    const [first, second] = await Promise.all([1, 2].map(() => post(leadsApi as Action, requestId, { body })));
    const third = await post(leadsApi as Action, requestId, { body });
    expect([first!.status, second!.status, third.status]).toEqual([201, 201, 201]);
    // Others in the same batch are stored as usual.
    const [, other] = await Promise.all([
      post(leadsApi as Action, requestId, { body }),
      post(leadsApi as Action, newRequestId(), { body: { name: "Asha Patil", phone: "+91 90000 10007" } }),
    ]);
    expect(other!.status).toBe(201);
    expect(await leadsOf("+91 90000 10006")).toBe(1);
    expect(await emailsAboutLeads("+91 90000 10006")).toBe(1);
    expect(await leadsOf("+91 90000 10007")).toBe(1);
  });

  it("a contact message, from the API and from the page: one message, one e-mail each", async () => {
    const message = (phone: string) => ({ firstName: "Asha", lastName: "Patil", email: "asha@example.com", phone, message: "Hello" });
    const requestId = newRequestId();
    const answers = await Promise.all([1, 2].map(() => post(contactApi as Action, requestId, { body: message("+91 90000 10008") })));
    expect(answers.map((one) => one.status)).toEqual([201, 201]);
    const pageId = newRequestId();
    const fromPage = { ...message("+91 90000 10009"), [FETCHER_POST_FIELD]: "1" };
    const pageAnswers = [await post(contactPage as Action, pageId, { form: fromPage }), await post(contactPage as Action, pageId, { form: fromPage })];
    expect(pageAnswers.map((one) => one.status)).toEqual([200, 200]);
    expect(pageAnswers[1]!.body).toMatchObject({ sent: expect.any(String) });
    for (const phone of ["+91 90000 10008", "+91 90000 10009"]) {
      const rows = await db.select({ id: contactMessages.id }).from(contactMessages).where(eq(contactMessages.phone, phone));
      expect(rows).toHaveLength(1);
      const queued = await db.select().from(jobs).where(eq(jobs.subjectType, "contact-message"));
      expect(queued.filter((job) => job.subjectId === rows[0]!.id && job.type === "email")).toHaveLength(1);
    }
  });

  it("a seat request, twice at once and once more later: one request, and the same reference every time", async () => {
    const requestId = newRequestId();
    const body = { name: "Kiran Rao", phone: "+91 90000 10010", departureId: "dOpen", adults: 2, room: "twin", packageSlug: "bali" };
    const answers = await Promise.all([1, 2].map(() => post(seatRequestsApi as Action, requestId, { body })));
    answers.push(await post(seatRequestsApi as Action, requestId, { body }));
    expect(answers.map((one) => one.status)).toEqual([201, 201, 201]);
    const references = answers.map((one) => (one.body as { reference: string }).reference);
    expect(new Set(references).size).toBe(1);
    expect(await db.select().from(seatRequests).where(eq(seatRequests.reference, references[0]!))).toHaveLength(1);
    expect(await leadsOf("+91 90000 10010")).toBe(1);
    expect(await emailsAboutLeads("+91 90000 10010")).toBe(1);

    // The package page's form (without JavaScript): redirected to the same reference both times.
    const pageId = newRequestId();
    const form = { intent: SEAT_REQUEST_INTENT, ...body, adults: "1", phone: "+91 90000 10011" };
    const pageAnswers = [
      await post(packagePage as Action, pageId, { form, params: { slug: "bali" } }),
      await post(packagePage as Action, pageId, { form, params: { slug: "bali" } }),
    ];
    expect(pageAnswers.map((one) => one.status)).toEqual([303, 303]);
    expect(pageAnswers[0]!.location).toMatch(/ref=PRV-/);
    expect(pageAnswers[1]!.location).toBe(pageAnswers[0]!.location);
    expect(await leadsOf("+91 90000 10011")).toBe(1);
  });

  it("the same id on another form is that form's own post: a request stores one row of one kind", async () => {
    const requestId = newRequestId();
    await post(enquiriesApi as Action, requestId, { body: enquiry("+91 90000 10012") });
    await post(leadsApi as Action, requestId, { body: { name: "Ravi Kumar", phone: "+91 90000 10012" } });
    expect(await leadsOf("+91 90000 10012")).toBe(2);
  });
});
