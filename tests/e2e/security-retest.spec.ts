import { createStaff, expect, signInRequest, test, uniqueEmail } from "./admin-helpers";
import { raw } from "./raw-http";

// Issue 44 (the ASVS L2 re-test) over real HTTP against the production build:
// each test failed on main as the re-test found it (34835bb).

test("a back-office post that is not a form is a 415 or 400, never a 500 (finding 9)", async ({ request, db }) => {
  const bodies: [string, string, number][] = [
    ["text/plain", "email=a@b.c&password=x", 415],
    ["application/json", '{"email":"a@b.c"}', 415],
    ["application/xml", "<a/>", 415],
    ["multipart/form-data", "no boundary at all", 400],
    ["multipart/form-data; boundary=x", "--y\r\nnot a part\r\n", 400],
  ];
  for (const path of ["/admin", "/admin/two-factor", "/admin/reset-password/abcdefghijklmnopqrstuvwxyz012345", "/admin/users.data"]) {
    for (const [type, body, status] of bodies) {
      const answer = await raw("POST", path, { headers: { "content-type": type }, body });
      expect(answer.status, `${type} to ${path}: ${answer.body.slice(0, 120)}`).toBe(status);
    }
    // No content type at all, with a body.
    expect((await raw("POST", path, { body: "email=a" })).status, `untyped body to ${path}`).toBe(415);
  }
  // Signed in, the same for a back-office form: the action never sees it.
  const editor = await createStaff(db, { password: "pepper-vine-estate-7" });
  await signInRequest(request, editor);
  const answer = await request.post("/admin/account", { headers: { "content-type": "text/plain" }, data: "intent=end-other-sessions" });
  expect(answer.status()).toBe(415);
  // A real form still works, and a sign-out still needs no body.
  const signIn = await raw("POST", "/admin", {
    headers: { "content-type": "application/x-www-form-urlencoded" },
    body: `email=${encodeURIComponent(uniqueEmail("nobody"))}&password=wrong`,
  });
  expect(signIn.status).toBe(401);
  expect((await request.post("/admin/logout", { maxRedirects: 0 })).status()).toBe(302);
});

test("the public API's lists and the sitemap are answered from the page cache by content version (finding 11)", async ({ request, db }) => {
  for (const url of ["/api/packages", "/api/blogs", "/sitemap.xml"]) {
    const first = await request.get(url);
    const again = await request.get(url);
    expect(again.status(), url).toBe(200);
    expect(again.headers()["x-page-cache"], `${url} should come from the cache`).toBe("hit");
    expect(await again.body()).toEqual(await first.body());
  }
  expect(Array.isArray(await (await request.get("/api/packages")).json())).toBe(true);
  // A write anywhere is seen at the next request.
  await db.query("update content_version set version = version + 1");
  expect((await request.get("/api/blogs")).headers()["x-page-cache"]).toBe("miss");
  // A query the cache does not key is rendered each time (and counted by the render limit).
  expect((await request.get("/api/packages?fresh=1")).headers()["x-page-cache"]).toBeUndefined();
});
