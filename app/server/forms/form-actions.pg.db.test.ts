// On both engines, PGlite and PostgreSQL (*.pg.db.test.ts, ADR 084): the form budget lives in rate_limits on PostgreSQL and in memory on PGlite: two
// code paths.
import { count, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { action as contactApi } from "~/routes/api/contact";
import { action as enquiriesApi } from "~/routes/api/enquiries";
import { action as leadsApi } from "~/routes/api/leads";
import { action as contactPage } from "~/routes/site/contact";
import { action as packagePage } from "~/routes/site/package-detail";
import { FETCHER_POST_FIELD } from "~/lib/page-form";
import type { Db } from "~/server/db/db.server";
import { contactMessages, leads, jobs } from "~/server/db/schema.server";
import { insertFormActionData } from "../../../tests/support/form-action-fixtures";
import { closeTestDatabase, openTestDatabase } from "../../../tests/support/test-db";

// The public form actions called as React Router calls them, whatever URL
// reached them (/api/leads, /api/leads.data, /api/%6ceads all run this code).

let db: Db;
beforeAll(async () => {
  db = await openTestDatabase();
  await insertFormActionData(db);
});
afterAll(closeTestDatabase);

type Action = (args: never) => Promise<unknown>;
const call = (action: Action, clientIp: string, init: { method?: string; body?: unknown; form?: Record<string, string>; params?: object }) => {
  const headers = init.form ? { "content-type": "application/x-www-form-urlencoded" } : { "content-type": "application/json" };
  const body = init.form ? new URLSearchParams(init.form).toString() : JSON.stringify(init.body ?? {});
  const request = new Request("http://localhost/any", { method: init.method ?? "POST", headers, body });
  return action({ request, params: init.params ?? {}, context: { clientIp, nonce: "" } } as never);
};
/** What an action answered: a Response (returned or thrown), or React Router's data(). */
async function outcome(promise: Promise<unknown>): Promise<{ status: number; body: unknown }> {
  let value: unknown;
  try {
    value = await promise;
  } catch (thrown) {
    value = thrown;
  }
  if (value instanceof Response) {
    const text = await value.text();
    return { status: value.status, body: value.headers.get("content-type")?.includes("json") ? JSON.parse(text) : text };
  }
  const { data, init } = value as { data: unknown; init?: { status?: number } };
  return { status: init?.status ?? 200, body: data };
}

const rows = async () => ({
  leads: (await db.select({ n: count() }).from(leads))[0]!.n,
  messages: (await db.select({ n: count() }).from(contactMessages))[0]!.n,
});
const bot = { name: "Bot", phone: "1", website: "spam.example" };
const validContact = { firstName: "Asha", lastName: "Patil", email: "asha@example.com", phone: "+91 98765 43210", message: "Hello" };

describe("the public form actions", () => {
  it("share one budget per client (FORM_RATE_LIMIT, 10 per 10 minutes) across every form", async () => {
    const ip = "198.51.100.10";
    const answers = [
      ...(await Promise.all([1, 2, 3, 4].map(() => outcome(call(leadsApi as Action, ip, { body: bot }))))),
      await outcome(call(contactApi as Action, ip, { body: { ...validContact, website: "x" } })),
      await outcome(call(enquiriesApi as Action, ip, { body: bot })),
      await outcome(call(contactPage as Action, ip, { form: { ...validContact, website: "x" } })),
      await outcome(call(contactPage as Action, ip, { form: { ...validContact, website: "x" } })),
      await outcome(call(packagePage as Action, ip, { form: bot, params: { slug: "bali" } })),
      await outcome(call(packagePage as Action, ip, { form: bot, params: { slug: "bali" } })),
    ];
    expect(answers.map((answer) => answer.status)).toEqual([201, 201, 201, 201, 201, 201, 303, 303, 303, 303]);

    const before = await rows();
    expect(await outcome(call(leadsApi as Action, ip, { body: { name: "Asha", phone: "98765" } }))).toMatchObject({
      status: 429,
      body: { error: expect.stringMatching(/Too many requests/) },
    });
    expect((await outcome(call(contactPage as Action, ip, { form: validContact }))).status).toBe(429);
    const page = await outcome(call(packagePage as Action, ip, { form: { name: "Asha", phone: "98765 43210", travellers: "2" }, params: { slug: "bali" } }));
    expect(page).toMatchObject({ status: 429, body: { result: { initialValue: { name: "Asha" } }, failed: expect.stringMatching(/Too many/) } });
    expect(await rows()).toEqual(before);
    // Another client still has its own budget.
    expect((await outcome(call(leadsApi as Action, "198.51.100.11", { body: bot }))).status).toBe(201);
  });

  it("answer one page form action two ways: a fetcher gets the thank-you as data and a reset, a post without JavaScript a redirect (ADR 068)", async () => {
    const before = await rows();
    const byFetcher = await outcome(call(contactPage as Action, "198.51.100.20", { form: { ...validContact, [FETCHER_POST_FIELD]: "1" } }));
    expect(byFetcher).toEqual({ status: 200, body: { sent: "Message sent successfully!", result: expect.objectContaining({ initialValue: null }) } });
    const plain = await outcome(call(contactPage as Action, "198.51.100.20", { form: validContact }));
    expect(plain.status).toBe(303);
    expect(await rows()).toEqual({ ...before, messages: before.messages + 2 });
    // Inline errors come back through Conform's result, with what was typed, and nothing is stored.
    const invalid = await outcome(
      call(packagePage as Action, "198.51.100.20", {
        form: { name: "Asha", phone: "x", travellers: "2", [FETCHER_POST_FIELD]: "1" },
        params: { slug: "bali" },
      }),
    );
    expect(invalid).toMatchObject({
      status: 400,
      body: {
        result: {
          status: "error",
          initialValue: { name: "Asha", phone: "x" },
          error: { phone: expect.arrayContaining([expect.stringMatching(/valid phone/)]) },
        },
      },
    });
    expect(await rows()).toEqual({ ...before, messages: before.messages + 2 });
  });

  it("run only for POST: other methods get 405 and store nothing", async () => {
    const before = await rows();
    for (const method of ["PUT", "PATCH", "DELETE"]) {
      expect(await outcome(call(leadsApi as Action, "198.51.100.20", { method, body: { name: "A", phone: "1" } }))).toMatchObject({
        status: 405,
        body: { error: expect.any(String) },
      });
      expect((await outcome(call(contactPage as Action, "198.51.100.20", { method, form: validContact }))).status).toBe(405);
      expect(
        (
          await outcome(
            call(packagePage as Action, "198.51.100.20", { method, form: { name: "Asha", phone: "98765 43210", travellers: "2" }, params: { slug: "bali" } }),
          )
        ).status,
      ).toBe(405);
    }
    expect(await rows()).toEqual(before);
  });

  it("store an enquiry with a NUL byte, without the NUL, instead of failing", async () => {
    const answer = await outcome(
      call(packagePage as Action, "198.51.100.30", {
        form: { name: "As\u0000ha", phone: "98765 43210", travellers: "2", message: "Hi \ud800" },
        params: { slug: "bali" },
      }),
    );
    expect(answer.status).toBe(303);
    const [row] = await db.select().from(leads).where(eq(leads.name, "Asha"));
    expect(row).toMatchObject({ source: "package-enquiry", name: "Asha", message: "Hi \ufffd" });
  });

  it("fold a name, phone or e-mail typed with line breaks to one line, so the team's e-mail gets no made-up lines", async () => {
    const forged = "Asha\r\nPhone: +91 00000 00000\nE-mail: attacker@example.com";
    const contact = await outcome(
      call(contactApi as Action, "198.51.100.31", { body: { ...validContact, firstName: forged, lastName: "Patil\u2028Rao", phone: "+91 98765\n43210" } }),
    );
    expect(contact.status).toBe(201);
    const popup = await outcome(call(leadsApi as Action, "198.51.100.32", { body: { name: `Ravi\n${forged}`, phone: "98765\r43210" } }));
    expect(popup.status).toBe(201);
    const enquiry = await outcome(
      call(enquiriesApi as Action, "198.51.100.33", { body: { name: `Meera\n${forged}`, phone: "98765\n43211", travellers: 2, packageSlug: "bali" } }),
    );
    expect(enquiry.status).toBe(201);

    const [message] = await db.select().from(contactMessages).where(eq(contactMessages.lastName, "Patil Rao"));
    expect(message).toMatchObject({ firstName: "Asha Phone: +91 00000 00000 E-mail: attacker@example.com", phone: "+91 98765 43210" });
    const mails = (await db.select().from(jobs)).map((row) => row.payload as { text?: string; subject?: string }).filter((p) => p.text);
    for (const name of ["Asha Phone", "Ravi Asha Phone", "Meera Asha Phone"]) {
      const mail = mails.find((p) => p.text!.includes(name));
      expect(mail, name).toBeTruthy();
      const lines = mail!.text!.split("\n");
      // Each field is one line: the forged "Phone:" and "E-mail:" stay inside the name's line.
      expect(lines.filter((line) => line.startsWith("Phone:"))).toHaveLength(1);
      expect(lines.filter((line) => line.startsWith("E-mail:")).length).toBeLessThanOrEqual(1);
      expect(lines.some((line) => line.includes("attacker@example.com") && !line.startsWith("Name:"))).toBe(false);
    }
  });

  it("answer 503 (JSON for the API, the form with what was typed for pages) when the database is down", async () => {
    await closeTestDatabase();
    const ip = "198.51.100.40";
    const json = { status: 503, body: { error: expect.stringMatching(/try again/) } };
    expect(await outcome(call(leadsApi as Action, ip, { body: { name: "Asha", phone: "98765" } }))).toMatchObject(json);
    expect(await outcome(call(contactApi as Action, ip, { body: validContact }))).toMatchObject(json);
    expect(await outcome(call(enquiriesApi as Action, ip, { body: { name: "Asha", phone: "98765 43210", travellers: 2, packageSlug: "bali" } }))).toMatchObject(
      json,
    );
    expect(await outcome(call(contactPage as Action, ip, { form: validContact }))).toMatchObject({
      status: 503,
      body: { result: { initialValue: validContact }, failed: "Something went wrong. Please try again." },
    });
    expect(
      await outcome(call(packagePage as Action, ip, { form: { name: "Asha", phone: "98765 43210", travellers: "2" }, params: { slug: "bali" } })),
    ).toMatchObject({
      status: 503,
      body: { result: { initialValue: { name: "Asha", phone: "98765 43210" } }, failed: expect.stringMatching(/try again/) },
    });
  });
});
