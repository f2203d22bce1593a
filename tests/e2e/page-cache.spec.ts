import type { APIRequestContext, APIResponse } from "@playwright/test";
import { ADMIN, expect, signInRequest, test } from "./admin-helpers";

// The page cache (ADR 003): anonymous visitors' pages are answered from memory,
// and nothing it must not break breaks. `X-Page-Cache` says hit or miss;
// without it the page was rendered for this request alone.

const BROWSER_UA = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36";

function cspNonce(response: APIResponse) {
  return /'nonce-([^']+)'/.exec(response.headers()["content-security-policy"] ?? "")?.[1];
}

/** Requests `url` until the cache answers it (the first may fill it). */
async function cachedGet(request: APIRequestContext, url: string, headers: Record<string, string> = {}) {
  await request.get(url, { headers });
  const response = await request.get(url, { headers });
  expect(response.headers()["x-page-cache"], `${url} should come from the cache`).toBe("hit");
  return response;
}

test("two cache hits carry different CSP nonces, each the one its own page uses, and gzip that decodes", async ({ request }) => {
  const first = await cachedGet(request, "/packages/dubai");
  const second = await request.get("/packages/dubai");
  expect(second.headers()["x-page-cache"]).toBe("hit");
  expect(second.headers()["content-encoding"]).toBe("gzip");
  const [nonceA, nonceB] = [cspNonce(first), cspNonce(second)];
  expect(nonceA).toMatch(/^[A-Za-z0-9+/]{22}==$/);
  expect(nonceB).not.toBe(nonceA);
  for (const [response, nonce] of [
    [first, nonceA],
    [second, nonceB],
  ] as const) {
    const html = await response.text(); // decoded from gzip by the client
    expect(html).toContain("</html>");
    const nonces = [...html.matchAll(/nonce="([^"]+)"/g)].map((match) => match[1]);
    expect(nonces.length).toBeGreaterThan(0);
    expect(new Set(nonces)).toEqual(new Set([nonce]));
  }
});

test("a hit in a browser runs its scripts under the response's nonce (the page hydrates)", async ({ page, request }) => {
  await cachedGet(request, "/");
  const blocked: string[] = [];
  page.on("console", (message) => {
    if (/Content Security Policy/i.test(message.text())) blocked.push(message.text());
  });
  const response = await page.goto("/");
  expect(response?.headers()["x-page-cache"]).toBe("hit");
  await expect(page.locator("html[data-hydrated]")).toBeAttached({ timeout: 15_000 });
  expect(blocked).toEqual([]);
});

test("no Set-Cookie comes from the cache, and a made-up session cookie is served the cached page", async ({ request }) => {
  await cachedGet(request, "/");
  const forged = await request.get("/", { headers: { cookie: "pravas_session=made-up.value" } });
  expect(forged.headers()["x-page-cache"]).toBe("hit");
  for (const response of [forged, await request.get("/")]) {
    expect(response.headers()["set-cookie"]).toBeUndefined();
  }
});

test("signed-in staff neither get nor leave cached pages", async ({ playwright, request, db }) => {
  const staff = await playwright.request.newContext({ baseURL: test.info().project.use.baseURL });
  try {
    await signInRequest(staff, ADMIN);
    await cachedGet(request, "/packages/dubai");
    const signedIn = await staff.get("/packages/dubai");
    expect(signedIn.ok()).toBe(true);
    expect(signedIn.headers()["x-page-cache"]).toBeUndefined();

    // Empty the cache; a staff visit first must not fill it for visitors.
    await db.query("update content_version set version = version + 1");
    expect((await staff.get("/packages/dubai")).headers()["x-page-cache"]).toBeUndefined();
    expect((await request.get("/packages/dubai")).headers()["x-page-cache"]).toBe("miss");
  } finally {
    await staff.dispose();
  }
});

test("a blog view is counted on a cache hit", async ({ request, db }) => {
  const [blog] = await db.query<{ id: number }>("select id from blogs where status = 'published' order by id desc limit 1");
  const url = `/blogs/${blog!.id}`;
  const views = async () => (await db.query<{ views: number }>("select views from blogs where id = $1", [blog!.id]))[0]!.views;
  await request.get(url, { headers: { "user-agent": "curl/8 (not counted: a bot)" } }); // fills the cache
  const before = await views();
  const visitor = `${BROWSER_UA} cache-hit-${Date.now()}`;
  const hit = await request.get(url, { headers: { "user-agent": visitor } });
  expect(hit.headers()["x-page-cache"]).toBe("hit");
  expect(await views()).toBe(before + 1);
  // The same visitor again the same day, from the cache or rendered: still one view.
  await request.get(url, { headers: { "user-agent": visitor } });
  await db.query("update content_version set version = version + 1");
  expect((await request.get(url, { headers: { "user-agent": visitor } })).headers()["x-page-cache"]).toBe("miss");
  expect(await views()).toBe(before + 1);
  // Prefetches and HEAD requests are not views, from the cache neither.
  await request.get(url, { headers: { "user-agent": `${BROWSER_UA} prefetch-${Date.now()}`, "sec-purpose": "prefetch" } });
  await request.head(url, { headers: { "user-agent": `${BROWSER_UA} head-${Date.now()}` } });
  expect(await views()).toBe(before + 1);
});

test("form results and notices are never cached", async ({ request }) => {
  // (Campaign tags are not notices: `?utm_source=mail` is the page itself, ADR 034.)
  for (const url of ["/contact?sent=1", "/packages/dubai?enquiry=sent"]) {
    await request.get(url);
    const again = await request.get(url);
    expect(again.ok()).toBe(true);
    expect(again.headers()["x-page-cache"], url).toBeUndefined();
  }
  const posted = await request.post("/contact", { form: { name: "Cache Test", email: "not-an-email", message: "x" } });
  expect(posted.status()).toBe(400);
  expect(posted.headers()["x-page-cache"]).toBeUndefined();
  const contact = await cachedGet(request, "/contact");
  expect(await contact.text()).not.toContain("Cache Test");
});

test("an admin's save is live at the next request for a cached page", async ({ playwright, request }) => {
  const staff = await playwright.request.newContext({ baseURL: test.info().project.use.baseURL });
  const { id, title } = (await (await request.get("/api/packages/dubai")).json()) as { id: number; title: string };
  try {
    await signInRequest(staff, ADMIN);
    expect(await (await cachedGet(request, "/packages/dubai")).text()).toContain(title);
    expect(await (await cachedGet(request, "/packages")).text()).toContain(title);
    const renamed = `${title} (cache ${Date.now()})`;
    expect((await staff.put(`/api/packages/${id}`, { data: { title: renamed } })).ok()).toBe(true);
    const page = await request.get("/packages/dubai");
    expect(page.headers()["x-page-cache"]).toBe("miss");
    expect(await page.text()).toContain(renamed);
    // Every cached page went, not just the one edited: the listing shows the new title too.
    expect(await (await request.get("/packages")).text()).toContain(renamed);
  } finally {
    await staff.put(`/api/packages/${id}`, { data: { title } });
    await staff.dispose();
  }
});
