import { privateServerPort } from "../../playwright.config";
import { deferHydration, inlineStylesheets, takeScriptHints } from "../../app/server/html/head-order.server";
import { COMPILE_HINT } from "../../vite-plugins/framework-compile-hints";
import { expect, test } from "./fixtures";
import { startPrivateServer } from "./private-server";

// ADR 066: the public pages' head rewrite (app/server/html/head-order.server.ts)
// works on React Router's emitted HTML with regular expressions. These tests
// run against the real production build, so a React Router upgrade that
// changes what it emits fails here instead of silently undoing the rewrite.

const head = (html: string) => html.slice(0, html.indexOf("</head>"));
const PAGES = ["/", "/packages", "/packages/bali", "/gallery", "/blogs", "/contact"];

test("with PERF_HEAD_ORDER on (the default), public pages come rewritten, and start by themselves without a warning", async ({ page, request }) => {
  for (const path of PAGES) {
    const html = await (await request.get(path)).text();
    // Booleans, so a failure names the page rather than printing it.
    expect(head(html).includes('rel="modulepreload"'), `${path}: no modulepreload hints in the head`).toBe(false);
    expect(/<style data-inline-css[^>]*>[^<]{200,}<\/style>/.test(html), `${path}: the page's stylesheets are inlined`).toBe(true);
    expect(/<link[^>]*rel="stylesheet"[^>]*disabled=""/.test(head(html)), `${path}: their links are disabled`).toBe(true);
    expect(/await \(async function startPageScripts\(/.test(html), `${path}: the bootstrap starts with startPageScripts (ADR 078)`).toBe(true);
    expect(html.includes('performance.getEntriesByName("first-contentful-paint")'), `${path}: which waits for the first paint`).toBe(true);
    expect(html.indexOf("startPageScripts") < html.indexOf("const [route0"), `${path}: the route modules are named after it`).toBe(true);
    expect(/const \[route0[^\]]*\] = await Promise\.all\(\[import\("\/assets\//.test(html), `${path}: as React Router's setup expects`).toBe(true);
    expect(/await import\("\/assets\/entry\.client-[^"]+\.js"\);<\/script>/.test(html), `${path}: and the client entry comes last`).toBe(true);
    expect(html.indexOf("answerFirstTaps") < html.indexOf("<header"), `${path}: the first-tap script comes before the page`).toBe(true);
  }
  const problems: string[] = [];
  page.on("pageerror", (error) => problems.push(error.message));
  page.on("console", (message) => {
    if (message.type() === "error" || message.type() === "warning") problems.push(`${message.type()}: ${message.text()}`);
  });
  const fetched: string[] = [];
  page.on("request", (request) => fetched.push(new URL(request.url()).pathname));
  await page.goto("/packages/bali", { waitUntil: "load" });
  const listed = JSON.parse(/"modules":(\[[^\]]+\])/.exec(await page.content())?.[1] ?? "[]") as string[];
  expect(listed.length, "the bootstrap lists the page's modules").toBeGreaterThan(3);
  // React DOM (the client entry's chunk) carries V8's compile hint, as the first line (ADR 078).
  const entryModule = await (await request.get(listed.find((href) => href.includes("/entry.client-")) ?? "")).text();
  expect(entryModule.startsWith(`${COMPILE_HINT}\n`), "React DOM's chunk starts with the compile hint").toBe(true);
  // With nobody acting, every module is fetched once and run, and the page hydrates.
  await expect(page.locator("html[data-hydrated]")).toBeAttached({ timeout: 15_000 });
  expect(listed.filter((href) => !fetched.includes(href))).toEqual([]);
  expect(fetched.filter((path) => listed.includes(path)).length, "no module is fetched twice").toBe(listed.length);
  // Hydrated: the tabs are React's now (a click changes the panel without a page load).
  await page.getByRole("tab", { name: "Itinerary" }).click();
  await expect(page.getByRole("tab", { name: "Itinerary" })).toHaveAttribute("aria-selected", "true");
  // Chromium warns of a preload not used within a few seconds of load (ADR 067's pages did, every time).
  await page.waitForTimeout(4_000);
  expect(problems).toEqual([]);
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
      expect(/await import\("\/assets\/entry\.client-[^"]+\.js"\);<\/script>/.test(deferred), `${path}: the client entry's import is found`).toBe(true);
      expect(deferred.includes(`"entry":"${/import\("(\/assets\/entry\.client-[^"]+\.js)"\)/.exec(html)?.[1]}"`), `${path}: and named in the plan`).toBe(true);
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
