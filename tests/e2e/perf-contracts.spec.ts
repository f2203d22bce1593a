import { privateServerPort } from "../../playwright.config";
import { deferHydration, inlineStylesheets, takeScriptHints } from "../../app/server/html/head-order.server";
import { actOnPage, expect, test } from "./fixtures";
import { startPrivateServer } from "./private-server";

// ADR 066: the public pages' head rewrite (app/server/html/head-order.server.ts)
// works on React Router's emitted HTML with regular expressions. These tests
// run against the real production build, so a React Router upgrade that
// changes what it emits fails here instead of silently undoing the rewrite.

const head = (html: string) => html.slice(0, html.indexOf("</head>"));
const PAGES = ["/", "/packages", "/packages/bali", "/gallery", "/blogs", "/contact"];

test("with PERF_HEAD_ORDER on (the default), public pages come rewritten, and hydrate", async ({ page, request }) => {
  for (const path of PAGES) {
    const html = await (await request.get(path)).text();
    // Booleans, so a failure names the page rather than printing it.
    expect(head(html).includes('rel="modulepreload"'), `${path}: no modulepreload hints in the head`).toBe(false);
    expect(/<style data-inline-css[^>]*>[^<]{200,}<\/style>/.test(html), `${path}: the page's stylesheets are inlined`).toBe(true);
    expect(/<link[^>]*rel="stylesheet"[^>]*disabled=""/.test(head(html)), `${path}: their links are disabled`).toBe(true);
    expect(html.includes('performance.getEntriesByName("first-contentful-paint")'), `${path}: the bootstrap waits for the first paint`).toBe(true);
    expect(/const \[route0[^\]]*\] = await Promise\.all\(\[import\("\/assets\//.test(html), `${path}: the route modules are imported after it`).toBe(true);
    expect(html.indexOf("await firstAction;") < html.indexOf("const [route0"), `${path}: at the visitor's first action (ADR 067)`).toBe(true);
    expect(
      /await import\("\/assets\/entry\.client-[^"]+\.js"\);\s*const replayEarlyClicks = /.test(html),
      `${path}: held clicks replayed after the client entry`,
    ).toBe(true);
  }
  const errors: string[] = [];
  page.on("pageerror", (error) => errors.push(error.message));
  const fetched: string[] = [];
  page.on("request", (request) => fetched.push(new URL(request.url()).pathname));
  await page.goto("/packages/bali");
  // Before any action, every module the bootstrap lists is fetched (one hint per task), and none has run.
  const listed = JSON.parse(/const hrefs = (\[[^\]]+\]);/.exec(await page.content())?.[1] ?? "[]") as string[];
  expect(listed.length, "the bootstrap lists the page's modules").toBeGreaterThan(3);
  // Within 8 s, before the 10 s fallback would import them anyway.
  await expect.poll(() => listed.filter((href) => !fetched.includes(href)), { timeout: 8_000 }).toEqual([]);
  await expect(page.locator("html[data-hydrated]")).not.toBeAttached();
  await actOnPage(page);
  await expect(page.locator("html[data-hydrated]")).toBeAttached({ timeout: 15_000 });
  // Hydrated: the tabs are React's now (a click changes the panel without a page load).
  await page.getByRole("tab", { name: "Itinerary" }).click();
  await expect(page.getByRole("tab", { name: "Itinerary" })).toHaveAttribute("aria-selected", "true");
  expect(errors).toEqual([]);
});

test("with PERF_HEAD_ORDER off, pages are React Router's own, which the rewrite's patterns still match", async ({ browser }) => {
  const server = await startPrivateServer(privateServerPort, { PERF_HEAD_ORDER: "off" });
  const context = await browser.newContext({ baseURL: server.baseURL });
  try {
    for (const path of PAGES) {
      const html = await (await context.request.get(path)).text();
      expect(head(html).includes('rel="modulepreload"'), `${path}: React Router's own modulepreload hints`).toBe(true);
      expect(html.includes('performance.getEntriesByName("first-contentful-paint")'), `${path}: not rewritten`).toBe(false);
      // The contract: each step of the rewrite finds what it looks for in the real HTML.
      const { html: withoutHints, moduleUrls } = takeScriptHints(html);
      expect(moduleUrls.length, `${path}: module hints found`).toBeGreaterThan(2);
      expect(moduleUrls.every((url) => url.startsWith("/assets/") && url.endsWith(".js"))).toBe(true);
      expect(head(withoutHints).includes('rel="modulepreload"'), `${path}: all hints taken`).toBe(false);
      const inlined = inlineStylesheets(html, (href) => `/* ${href} */`);
      expect(/<style data-inline-css[^>]*>[^<]*\/\* \/assets\/[^*]+\.css \*\//.test(inlined), `${path}: the stylesheets are found and inlined`).toBe(true);
      const deferred = deferHydration(withoutHints, moduleUrls);
      expect(deferred !== withoutHints, `${path}: React Router's bootstrap script is found`).toBe(true);
      expect(/const \[route0[^\]]*\] = await Promise\.all\(\[import\("\/assets\//.test(deferred), `${path}: its route imports are deferred`).toBe(true);
      expect(/import \* as route\d+ from/.test(deferred), `${path}: no static route import is left`).toBe(false);
      expect(
        /await import\("\/assets\/entry\.client-[^"]+\.js"\);\s*const replayEarlyClicks = /.test(deferred),
        `${path}: the client entry's import is found`,
      ).toBe(true);
    }
    const page = await context.newPage();
    await page.goto("/packages/bali");
    await expect(page.locator("html[data-hydrated]")).toBeAttached({ timeout: 30_000 });
    await page.getByRole("tab", { name: "Itinerary" }).click();
    await expect(page.getByRole("tab", { name: "Itinerary" })).toHaveAttribute("aria-selected", "true");
  } finally {
    await context.close();
    await server.stop();
  }
});
