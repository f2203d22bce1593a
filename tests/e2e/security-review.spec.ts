import fs from "node:fs";
import path from "node:path";
import { e2eDataDir } from "../../playwright.config";
import { ADMIN, expect, signInRequest, test } from "./admin-helpers";
import { raw } from "./raw-http";

// Issue 19 (the pre-launch security review) over real HTTP against the
// production build: each test failed on the code the review tried.

test("the back office has one address: any other letter case is redirected to /admin, keeping the query", async () => {
  const cases: [string, string][] = [
    ["/Admin/users", "/admin/users"],
    ["/ADMIN/enquiries?status=new", "/admin/enquiries?status=new"],
    ["/Admin/users.data", "/admin/users.data"],
    ["/%61dmin", "/admin"],
    ["/aDmIn/", "/admin/"],
  ];
  for (const [path, canonical] of cases) {
    const answer = await raw("GET", path);
    expect(answer.status, path).toBe(308);
    expect(answer.headers.location, path).toBe(canonical);
    expect(answer.headers["cache-control"], path).toBe("no-store");
  }
  // A sign-in posted to another case keeps its method and body through the redirect.
  expect((await raw("POST", "/ADMIN", { headers: { "content-type": "application/x-www-form-urlencoded" }, body: "email=a" })).status).toBe(308);
  // Paths that only start with the letters are not the back office.
  expect((await raw("GET", "/administrator")).status).toBe(404);
});

test("every answer carries a Permissions-Policy Chromium accepts, and nosniff once", async ({ page, request }) => {
  const errors: string[] = [];
  page.on("console", (message) => {
    if (message.type() === "error") errors.push(message.text());
  });
  const response = await page.goto("/");
  const policy = response!.headers()["permissions-policy"] ?? "";
  expect(policy).toContain("camera=()");
  expect(policy).toContain("geolocation=()");
  expect(policy).toContain("payment=()");
  await page.waitForLoadState("load");
  expect(errors.filter((text) => /permissions-policy/i.test(text))).toEqual([]);

  await signInRequest(request, ADMIN);
  for (const path of ["/", "/admin/enquiries.csv", "/api/packages"]) {
    const answer = await request.get(path);
    const sniff = answer.headersArray().filter((header) => header.name.toLowerCase() === "x-content-type-options");
    expect(
      sniff.map((header) => header.value),
      path,
    ).toEqual(["nosniff"]);
  }
});

test("AVIF images are served as image/avif, with nosniff and long caching", async ({ request }) => {
  const html = await (await request.get("/")).text();
  const avif = /\/media\/[\w.-]+\.avif/.exec(html)?.[0];
  expect(avif, "the home page offers AVIF variants").toBeTruthy();
  const answer = await raw("GET", avif!);
  expect(answer.status).toBe(200);
  expect(answer.type).toBe("image/avif");
  expect(answer.headers["x-content-type-options"]).toBe("nosniff");
  expect(answer.headers["cache-control"]).toContain("immutable");
});

test("JSON nested 5,000 deep in the staff API is a 400 with the error shape, never a 500", async ({ request }) => {
  await signInRequest(request, ADMIN);
  const deep = `{"title":"Deep","longDescription":${"[".repeat(5000)}${"]".repeat(5000)}}`;
  for (const [method, path] of [
    ["POST", "/api/packages"],
    ["PUT", "/api/packages/1"],
    ["POST", "/api/blogs"],
  ] as const) {
    const answer = await request.fetch(path, { method, headers: { "content-type": "application/json" }, data: deep });
    expect(answer.status(), `${method} ${path}`).toBe(400);
    expect((await answer.json()).error).toMatch(/nested at most 32 levels/);
  }
});

test("HEAD and campaign tags are answered from the page cache", async () => {
  // Never requested plainly in this run: the tags must not make it a new page.
  const path = `/legal/disclaimer?utm_source=brochure&utm_medium=qr&gclid=${Date.now()}`;
  await raw("HEAD", path);
  const second = await raw("HEAD", path);
  expect(second.status).toBe(200);
  expect(second.headers["x-page-cache"]).toBe("hit");
  expect(second.body).toBe("");
  const get = await raw("GET", "/legal/disclaimer?utm_campaign=other&fbclid=1");
  expect(get.headers["x-page-cache"]).toBe("hit");
  expect(get.body).toContain("Disclaimer");
  expect(get.body).not.toContain("utm_");
});

test("page renders that miss the cache are capped per client; cached pages and other visitors are not", async () => {
  const attacker = "127.0.0.77";
  await raw("GET", "/gallery"); // cached for everyone
  let last = await raw("HEAD", "/gallery?x=0", { localAddress: attacker });
  for (let n = 1; n <= 300 && last.status !== 429; n++) last = await raw("HEAD", `/gallery?x=${n}`, { localAddress: attacker });
  expect(last.status).toBe(429);
  expect(Number(last.headers["retry-after"])).toBeGreaterThan(0);
  // The same client still gets what the cache holds; another client still gets renders.
  expect((await raw("GET", "/gallery", { localAddress: attacker })).status).toBe(200);
  expect((await raw("GET", "/gallery?x=other-visitor", { localAddress: "127.0.0.78" })).status).toBe(200);
});

test("the data directory is the server's own: no file or folder in it is open to other users", async ({ request, db }) => {
  const email = `private-${Date.now()}@example.com`;
  db.onCleanup(() => db.query("delete from contact_messages where email = $1", [email]));
  const answer = await request.post("/api/contact", {
    data: { firstName: "Priya", lastName: "Nair", email, phone: "+91 98450 12345", message: "Is the Bali trip open in March?" },
  });
  expect(answer.status()).toBe(201);
  // Without SMTP the notification is written to DATA_DIR/outbox as an .eml file.
  const outbox = path.join(e2eDataDir, "outbox");
  await expect.poll(() => (fs.existsSync(outbox) ? fs.readdirSync(outbox).filter((name) => name.endsWith(".eml")).length : 0)).toBeGreaterThan(0);

  const open: string[] = [];
  const visit = (entry: string) => {
    const stat = fs.lstatSync(entry);
    if ((stat.mode & 0o077) !== 0) open.push(`${entry} ${(stat.mode & 0o777).toString(8)}`);
    if (stat.isDirectory()) for (const name of fs.readdirSync(entry)) visit(path.join(entry, name));
  };
  visit(e2eDataDir);
  expect(open).toEqual([]);
});
