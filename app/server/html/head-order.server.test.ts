import { describe, expect, it } from "vitest";
import { deferHydration, inlineStylesheets, takeScriptHints } from "./head-order.server";

describe("takeScriptHints", () => {
  const html =
    '<!DOCTYPE html><html><head><meta charSet="utf-8"/>' +
    '<link rel="preload" as="image" imageSrcSet="/a.avif 400w"/>' +
    '<link nonce="n" rel="preload" href="/f.woff2" as="font" type="font/woff2" crossorigin="anonymous"/>' +
    '<link rel="modulepreload" href="/assets/entry.js" nonce="n"/>' +
    '<link rel="modulepreload" href="/assets/root.js" nonce="n"/>' +
    "<style>x{}</style>" +
    '<link nonce="n" rel="stylesheet" href="/assets/global.css"/>' +
    '</head><body><link rel="modulepreload" href="/in-body.js"/></body></html>';

  it("takes the module hints out of the head and returns their URLs in order", () => {
    const { html: out, moduleUrls } = takeScriptHints(html);
    expect(moduleUrls).toEqual(["/assets/entry.js", "/assets/root.js"]);
    expect(out.slice(0, out.indexOf("</head>"))).not.toContain("modulepreload");
  });

  it("keeps the LCP image preload first and puts font preloads after the stylesheets", () => {
    const { html: out } = takeScriptHints(html);
    const order = ['as="image"', "global.css", "f.woff2"].map((s) => out.indexOf(s));
    expect(order).toEqual([...order].sort((a, b) => a - b));
    expect(out.indexOf("f.woff2")).toBeLessThan(out.indexOf("</head>"));
  });

  it("leaves the body alone", () => {
    const { html: out } = takeScriptHints(html);
    expect(out.endsWith('<body><link rel="modulepreload" href="/in-body.js"/></body></html>')).toBe(true);
  });

  it("returns documents without a head unchanged", () => {
    expect(takeScriptHints("<p>x</p>")).toEqual({ html: "<p>x</p>", moduleUrls: [] });
  });
});

describe("inlineStylesheets", () => {
  const html =
    '<html><head><style data-inline-css="">@font-face{}</style>' +
    '<link nonce="n" rel="stylesheet" href="/assets/global-1.css"/>' +
    '<link nonce="n" rel="stylesheet" href="/assets/icons-2.css#"/>' +
    '<link rel="stylesheet" href="/assets/missing-3.css"/>' +
    '</head><body><link rel="stylesheet" href="/assets/global-1.css"/></body></html>';
  const files: Record<string, string> = { "/assets/global-1.css": "body{color:red}", "/assets/icons-2.css": ".i{}" };

  it("moves known stylesheets into the marked style and disables their links, so they are not fetched", () => {
    const out = inlineStylesheets(html, (href) => files[href] ?? null);
    expect(out).toContain('<style data-inline-css="">@font-face{}body{color:red}.i{}</style>');
    expect(out).toContain('<link nonce="n" rel="stylesheet" href="/assets/global-1.css" disabled=""/>');
    expect(out).toContain('href="/assets/icons-2.css#" disabled=""/>');
    expect(out).toContain('<link rel="stylesheet" href="/assets/missing-3.css"/>');
    expect(out).toContain('<body><link rel="stylesheet" href="/assets/global-1.css"/></body>');
  });

  it("leaves a document without the marker alone", () => {
    const plain = html.replace(' data-inline-css=""', "");
    expect(inlineStylesheets(plain, () => "x{}")).toBe(plain);
  });

  it("cannot be broken out of by a stylesheet containing </style>", () => {
    const out = inlineStylesheets(html, () => 'a::after{content:"</style><script>"}');
    expect(out).not.toContain("</style><script>");
  });
});

describe("deferHydration", () => {
  const html =
    '<html><head></head><body><p>content</p><script nonce="n">window.x = 1;</script>' +
    '<script nonce="n" type="module" async="">; import * as route0 from "/assets/root.js"; import * as route1 from "/assets/home.js";\n' +
    '  window.__reactRouterManifest = {"imports": ["/assets/a.js"]};\n' +
    '  window.__reactRouterRouteModules = {"root":route0,"routes/site/home":route1};\n' +
    'import("/assets/entry.client.js");</script></body></html>';

  it("starts the page's modules with startPageScripts, then names the route modules and imports the client entry as before", () => {
    const out = deferHydration(html, ["/assets/entry.client.js", "/assets/chunk.js", "/assets/root.js", "/assets/home.js"]);
    expect(out).not.toMatch(/import \* as/);
    const start = out.indexOf("await (async function startPageScripts(");
    const imports = out.indexOf('const [route0, route1] = await Promise.all([import("/assets/root.js"), import("/assets/home.js")]);');
    expect(start).toBeGreaterThan(-1);
    expect(imports).toBeGreaterThan(start);
    expect(out.indexOf("__reactRouterRouteModules")).toBeGreaterThan(imports);
    expect(out).toMatch(/window\.__reactRouterRouteModules = \{[^}]*\};\s*await import\("\/assets\/entry\.client\.js"\);<\/script>/);
    // Its plan: the hinted modules, the entry left to the bootstrap, the page's nonce; imports written in the page.
    expect(out).toContain(
      '({"modules":["/assets/entry.client.js","/assets/chunk.js","/assets/root.js","/assets/home.js"],"entry":"/assets/entry.client.js","nonce":"n"}, (href) => import(href));',
    );
    expect(out).toContain('<script nonce="n">window.x = 1;</script>');
  });

  it("sends startPageScripts' own source, which waits for the first paint and the hero, preloads, and evaluates in idle time", () => {
    const out = deferHydration(html, ["/assets/root.js"]);
    for (const step of [
      '"first-contentful-paint"',
      'img[fetchpriority="high"]',
      "requestAnimationFrame",
      "requestIdleCallback",
      "setTimeout(preloadNext, 0)",
    ]) {
      expect(out, step).toContain(step);
    }
    expect(out.indexOf("first-contentful-paint")).toBeLessThan(out.indexOf("preloadNext"));
    expect(out.indexOf("preloadNext")).toBeLessThan(out.indexOf("requestIdleCallback"));
  });

  it("leaves a bootstrap without its client entry import alone, rather than gate what it cannot replay", () => {
    const noEntry = html.replace('import("/assets/entry.client.js");', "");
    expect(deferHydration(noEntry)).toBe(noEntry);
  });

  it("leaves documents without a bootstrap alone", () => {
    expect(deferHydration("<p>x</p>")).toBe("<p>x</p>");
  });
});
