import { expect, test } from "./fixtures";
import { raw } from "./raw-http";

// Issue 9 §2–§4, §6 over real HTTP against the production build: client
// mistakes get a 4xx with a clear message, bodies are capped, nothing is half-stored.

const form = (fields: Record<string, string>) => new URLSearchParams(fields).toString();
const FORM = { "content-type": "application/x-www-form-urlencoded" };
const JSON_TYPE = { "content-type": "application/json" };

test("TRACE and other unserved methods get 405 on every path, never 500", async () => {
  for (const path of ["/", "/contact", "/packages/bali", "/api/packages", "/api/leads", "/media/x.avif", "/nope"]) {
    for (const method of ["TRACE", "PROPFIND", "OPTIONS"]) {
      const answer = await raw(method, path);
      expect(answer.status, `${method} ${path}`).toBe(405);
      expect(answer.headers.allow).toBeTruthy();
    }
  }
  const api = await raw("TRACE", "/api/leads");
  expect(JSON.parse(api.body)).toEqual({ error: "Method not allowed." });
});

test("on pages only POST runs the form action: PUT /contact and PATCH /packages/bali store nothing", async ({ db }) => {
  const email = `e2e-put-${Date.now()}@example.com`;
  db.onCleanup(() => db.query("delete from contact_messages where email = $1", [email]));
  db.onCleanup(() => db.query("delete from leads where name = 'Put Tester'"));
  const contact = form({ firstName: "Put", lastName: "Tester", email, phone: "+91 98200 12345", message: "Hi" });
  const enquiry = form({ name: "Put Tester", phone: "+91 98200 12345", travellers: "2" });
  for (const method of ["PUT", "PATCH", "DELETE"]) {
    expect((await raw(method, "/contact", { headers: FORM, body: contact })).status).toBe(405);
    expect((await raw(method, "/contact.data", { headers: FORM, body: contact })).status).toBe(405);
    expect((await raw(method, "/packages/bali", { headers: FORM, body: enquiry })).status).toBe(405);
  }
  expect(await db.query("select id from contact_messages where email = $1", [email])).toHaveLength(0);
  expect(await db.query("select id from leads where name = 'Put Tester'")).toHaveLength(0);
  // POST still works.
  expect((await raw("POST", "/contact", { headers: FORM, body: contact })).status).toBe(303);
  expect(await db.query("select id from contact_messages where email = $1", [email])).toHaveLength(1);
});

test("bad percent-encoding in the path is a 400: a small page for pages, the JSON error under /api", async () => {
  for (const path of ["/%ff", "/%c0%ae", "/packages/%ff", "/contact%c0%ae", "/assets/%ff.js", "/packages/%00"]) {
    const answer = await raw("GET", path, { headers: { accept: "text/html" } });
    expect(answer.status, path).toBe(400);
    expect(answer.type).toContain("text/html");
    expect(answer.body).toContain("Bad request");
  }
  for (const path of ["/api/%ff", "/api/packages/%c0%ae", "/api/leads%00"]) {
    const answer = await raw("POST", path, { headers: JSON_TYPE, body: "{}" });
    expect(answer.status, path).toBe(400);
    expect(JSON.parse(answer.body)).toEqual({ error: expect.stringMatching(/^Bad request/) });
  }
});

test("a malformed session cookie is ignored", async ({ db }) => {
  db.onCleanup(() => db.query("delete from leads where name = 'Cookie Tester'"));
  const [blog] = await db.query<{ id: number }>("select id from blogs where status = 'published' order by id limit 1");
  for (const cookie of ["pravas_session=%ZZ", "pravas_session=%", "pravas_session=%E0%A4%A"]) {
    const headers = { cookie };
    for (const path of ["/api/packages", "/api/packages/bali", "/packages/bali", `/blogs/${blog!.id}`, "/api/blogs"]) {
      expect((await raw("GET", path, { headers })).status, `${cookie} ${path}`).toBe(200);
    }
    const enquiry = await raw("POST", "/api/enquiries", {
      headers: { ...headers, ...JSON_TYPE },
      body: JSON.stringify({ name: "Cookie Tester", phone: "+91 98200 12345", travellers: 2, packageSlug: "bali" }),
    });
    expect(enquiry.status).toBe(201);
    expect(
      (
        await raw("POST", "/packages/bali", {
          headers: { ...headers, ...FORM },
          body: form({ name: "Cookie Tester", phone: "+91 98200 12345", travellers: "2" }),
        })
      ).status,
    ).toBe(303);
  }
  expect(await db.query("select id from leads where name = 'Cookie Tester'")).toHaveLength(6);
});

test("a NUL byte in a field is dropped: the package enquiry without JavaScript is stored, not lost", async ({ db }) => {
  db.onCleanup(() => db.query("delete from leads where phone = '+91 98200 00001'"));
  const answer = await raw("POST", "/packages/bali", {
    headers: FORM,
    body: form({ name: "Nul\u0000 Tester", phone: "+91 98200 00001", travellers: "2", message: "Bali \u0000in March" }),
  });
  expect(answer.status).toBe(303);
  expect(answer.headers.location).toBe("/packages/bali?enquiry=sent#enquire");
  const rows = await db.query("select name, message, package_title from leads where phone = '+91 98200 00001'");
  expect(rows).toEqual([{ name: "Nul Tester", message: "Bali in March", package_title: expect.stringContaining("Bali") }]);
  const json = await raw("POST", "/api/leads", { headers: JSON_TYPE, body: '{"name":"Nul\\u0000 Tester","phone":"+91 98200 00001"}' });
  expect(json.status).toBe(201);
});

test("API failures share the one JSON error shape", async () => {
  const health = await raw("PUT", "/api/health", { headers: JSON_TYPE, body: "{}" });
  expect(health.status).toBe(405);
  expect(health.headers.allow).toBe("GET, HEAD");
  expect(JSON.parse(health.body)).toEqual({ error: expect.any(String) });
  for (const path of ["/api/leads", "/api/enquiries", "/api/contact"]) {
    const get = await raw("GET", path);
    expect(get.status).toBe(405);
    expect(Object.keys(JSON.parse(get.body))).toEqual(["error"]);
  }
});

test("bodies over 64 KiB get 413 with the JSON error, declared or streamed, and nothing is stored", async ({ db }) => {
  const before = await db.query<{ n: number }>("select count(*)::int as n from leads");
  const big = JSON.stringify({ name: "Big Body", phone: "+91 98200 12345", message: "x".repeat(100 * 1024) });
  for (const path of ["/api/leads", "/api/enquiries", "/api/contact", "/contact", "/packages/bali"]) {
    const declared = await raw("POST", path, { headers: JSON_TYPE, body: big });
    expect(declared.status, path).toBe(413);
    expect(JSON.parse(declared.body)).toEqual({ error: expect.stringMatching(/too large/) });
    // Chunked: no Content-Length, counted as it streams.
    const chunked = await raw("POST", path, { headers: FORM, chunks: Array.from({ length: 20 }, () => Buffer.alloc(8 * 1024, "a")) });
    expect(chunked.status, `${path} chunked`).toBe(413);
  }
  // Just under the cap is read as usual.
  const small = await raw("POST", "/api/leads", { headers: JSON_TYPE, body: JSON.stringify({ name: "x", phone: "1", website: "y".repeat(60 * 1024) }) });
  expect(small.status).toBe(201);
  expect(await db.query("select count(*)::int as n from leads")).toEqual(before);
});

test("X-Forwarded-For is not trusted by default: forged addresses count as one visitor", async ({ db }) => {
  const [blog] = await db.query<{ id: number; views: number }>("select id, views from blogs where status = 'published' order by id desc limit 1");
  const userAgent = `Mozilla/5.0 (X11; Linux x86_64) Chrome/141.0 XffTest/${Date.now()}`;
  for (let i = 1; i <= 5; i++) {
    expect((await raw("GET", `/blogs/${blog!.id}`, { headers: { "user-agent": userAgent, "x-forwarded-for": `203.0.113.${i}` } })).status).toBe(200);
  }
  const [after] = await db.query<{ views: number }>("select views from blogs where id = $1", [blog!.id]);
  expect(after!.views).toBe(blog!.views + 1);
});

test("a test run (with the fixture route) serves the production pages: first-paint CSS inlined", async () => {
  const page = await raw("GET", "/packages/bali", { headers: { accept: "text/html" } });
  expect(page.status).toBe(200);
  const inlined = /<style data-inline-css="">([\s\S]*?)<\/style>/.exec(page.body)?.[1] ?? "";
  expect(inlined.length).toBeGreaterThan(10_000);
});
