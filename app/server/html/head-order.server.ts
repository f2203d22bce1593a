import fs from "node:fs";
import path from "node:path";

/**
 * Document tuning for a fast first paint on slow phones, applied to each
 * rendered page (app/entry.server.tsx); ADRs 018 and 019 give the reasons.
 *
 * 1. The page's stylesheets (a few KiB gzipped in all) are inlined into the
 *    marked <style> element, and their <link>s get `disabled`, so the browser
 *    neither waits for them nor fetches them. React Router keeps managing the
 *    <link> elements on client navigation (new routes' links load as usual),
 *    and React does not compare attributes when hydrating in production.
 * 2. React 19 hoists every <link rel="modulepreload"> to the top of <head>,
 *    so a dozen script downloads compete with the HTML, fonts and hero image.
 *    The server HTML is complete and works without JavaScript, so scripts
 *    wait: the modulepreload hints leave the head (React re-adds them after
 *    hydration, harmlessly) and font preloads move after the styles.
 * 3. React Router's bootstrap is an async module script whose static imports
 *    would start downloading at once. It now waits for the presented first
 *    paint and the hero image (not the window's load event), then preloads
 *    the modules in parallel without running them, and runs them and hydrates
 *    at the visitor's first action (a touch, click, scroll, key or focus),
 *    or 10 s after load, in time for the lead popup (deferHydration, ADR 067).
 *    A click on a script-only button in between is replayed once React listens.
 */
const MODULE_HINT = /<link\b(?=[^>]*\brel="modulepreload")[^>]*\bhref="([^"]+)"[^>]*>/g;
const FONT_HINT = /<link\b(?=[^>]*\brel="preload")(?=[^>]*\bas="font")[^>]*>/g;
const STYLESHEET_LINK = /<link\b(?=[^>]*\brel="stylesheet")[^>]*\bhref="(\/assets\/[^"#?]+\.css)[^"]*"[^>]*?\/?>/g;
const INLINE_CSS_MARKER = "data-inline-css";

type DeferredHead = { html: string; moduleUrls: string[] };

/** Takes the modulepreload hints out of <head> (returning their URLs) and moves font preloads after the styles. */
export function takeScriptHints(html: string): DeferredHead {
  const headEnd = html.indexOf("</head>");
  if (headEnd < 0) return { html, moduleUrls: [] };
  const moduleUrls: string[] = [];
  let head = html.slice(0, headEnd).replace(MODULE_HINT, (_tag, href: string) => {
    moduleUrls.push(href);
    return "";
  });
  const fonts = head.match(FONT_HINT) ?? [];
  head = head.replace(FONT_HINT, "") + fonts.join("");
  return { html: head + html.slice(headEnd), moduleUrls };
}

/** Inlines the head's /assets stylesheets into the marked <style>; unknown files stay linked. */
export function inlineStylesheets(html: string, readCss: (href: string) => string | null): string {
  const headEnd = html.indexOf("</head>");
  const markerAt = html.indexOf(`<style ${INLINE_CSS_MARKER}`);
  if (headEnd < 0 || markerAt < 0 || markerAt > headEnd) return html;
  let css = "";
  let head = html.slice(0, headEnd).replace(STYLESHEET_LINK, (tag: string, href: string) => {
    const text = readCss(href);
    if (text === null) return tag;
    css += text;
    return tag.replace(/\s*\/?>$/, ' disabled=""/>');
  });
  if (!css) return html;
  const styleClose = head.indexOf("</style>", head.indexOf(`<style ${INLINE_CSS_MARKER}`));
  head = head.slice(0, styleClose) + css.replaceAll("</style", "<\\/style") + head.slice(styleClose);
  return head + html.slice(headEnd);
}

const cssCache = new Map<string, string | null>();

/**
 * Reads a built stylesheet from the client build, cached. Only in a production
 * build (Vite sets PROD at build time), whatever NODE_ENV says: a test run
 * serves the same pages as production; the dev server has no built CSS.
 */
function readBuiltCss(href: string): string | null {
  if (!import.meta.env.PROD) return null;
  let text = cssCache.get(href);
  if (text === undefined) {
    const file = path.resolve(process.env.BUILD_DIR ?? "build", "client", href.replace(/^\//, ""));
    try {
      text = fs.readFileSync(file, "utf8");
    } catch {
      text = null;
    }
    cssCache.set(href, text);
  }
  return text;
}

const BOOTSTRAP_SCRIPT = /(<script\b[^>]*type="module"[^>]*>)([\s\S]*?)(<\/script>)/;
const ROUTE_IMPORT = /;?\s*import \* as (route\d+) from ("[^"]+");/g;
/**
 * Resolves once the first contentful paint has been presented and the page's
 * LCP candidates (its high-priority images, the hero) have loaded, plus two
 * frames so they are painted too; so downloading and running scripts never
 * delays what the visitor first sees, but no longer waits for every other
 * image and font below (ADR 019). Hidden tabs never paint, so they go on at
 * load; a cap 3 s after load covers browsers without paint timing.
 */
const AFTER_FIRST_PAINT = `await new Promise((resolve) => {
  const frames = () => requestAnimationFrame(() => requestAnimationFrame(() => setTimeout(resolve, 0)));
  const painted = () => performance.getEntriesByName("first-contentful-paint").length > 0;
  const firstPaint = new Promise((done) => {
    if (painted()) return done();
    try {
      new PerformanceObserver((_list, observer) => { if (painted()) { observer.disconnect(); done(); } }).observe({ type: "paint", buffered: true });
    } catch {}
  });
  const heroes = [...document.querySelectorAll('img[fetchpriority="high"]')].map((img) => img.complete ? null : new Promise((done) => { img.addEventListener("load", done); img.addEventListener("error", done); }));
  Promise.all([firstPaint, ...heroes]).then(frames);
  const loaded = () => {
    setTimeout(resolve, 3000);
    if (document.visibilityState === "hidden") resolve();
  };
  if (document.readyState === "complete") loaded(); else addEventListener("load", loaded, { once: true });
});`;

/**
 * Until React listens, clicks on buttons that only script can answer are kept
 * for replay; links, submit buttons and popover buttons work as HTML, so they
 * are left to the browser.
 */
const HOLD_EARLY_CLICKS = `const earlyClicks = [];
const holdClick = (event) => {
  const control = event.target instanceof Element ? event.target.closest('button[type="button"]:not([popovertarget]):not([commandfor])') : null;
  if (!control) return;
  // Kept from React too, which starts listening before it has hydrated: replayed once, below.
  event.stopPropagation();
  earlyClicks.push(control);
};
addEventListener("click", holdClick, { capture: true });`;

/**
 * Settles at the visitor's first action, or 10 s after load (the lead popup
 * shows at 15 s); listening from the start, so an action during the wait for
 * the first paint counts. Not pointer movement: Chromium sends a mouse move of
 * its own after layout when the pointer rests over the page.
 */
const FIRST_ACTION = `const firstAction = new Promise((resolve) => {
  const kinds = ["pointerdown", "touchstart", "keydown", "focusin", "wheel", "scroll"];
  const go = () => {
    for (const kind of kinds) removeEventListener(kind, go, { capture: true });
    resolve();
  };
  for (const kind of kinds) addEventListener(kind, go, { capture: true, passive: true });
  const loaded = () => setTimeout(go, 10000);
  if (document.readyState === "complete") loaded(); else addEventListener("load", loaded, { once: true });
});`;

/**
 * Runs once the client entry has called hydrateRoot, and replays when React has
 * hydrated (the root marks <html data-hydrated>): a click while React is still
 * hydrating was dropped, and the test passed only because the carousel's
 * autoplay moved it on by the same one card.
 */
const REPLAY_EARLY_CLICKS = `const replayEarlyClicks = () => {
  removeEventListener("click", holdClick, { capture: true });
  for (const control of earlyClicks) if (control.isConnected) control.click();
};
if (document.documentElement.hasAttribute("data-hydrated")) replayEarlyClicks();
else new MutationObserver((_, observer) => {
  if (!document.documentElement.hasAttribute("data-hydrated")) return;
  observer.disconnect();
  replayEarlyClicks();
}).observe(document.documentElement, { attributes: true, attributeFilter: ["data-hydrated"] });`;

/**
 * Fetches every module before the first action, so hydration does not wait on
 * a chain of imports; as plain preloads, which are not compiled until they are
 * imported. One hint per task: the browser starts each fetch on the main
 * thread, and 14 at once made one task of 18–54 ms, which a phone's 4× slower
 * CPU turns into blocking time (Lighthouse traces of /gallery and /).
 */
function preloadModules(urls: string[], nonce: string | undefined): string {
  if (urls.length === 0) return "";
  const setNonce = nonce ? ` link.nonce = ${JSON.stringify(nonce)};` : "";
  return `{ const hrefs = ${JSON.stringify(urls)}; const preloadNext = () => { const href = hrefs.shift(); if (!href) return; const link = document.createElement("link"); link.rel = "preload"; link.as = "script"; link.crossOrigin = "anonymous"; link.href = href;${setNonce} document.head.append(link); setTimeout(preloadNext, 0); }; preloadNext(); }\n`;
}

/** The bootstrap's last statement: the client entry, which hydrates as it runs. */
const ENTRY_IMPORT = /\bimport\(("[^"]+")\);?\s*$/;

export function deferHydration(html: string, moduleUrls: string[] = []): string {
  return html.replace(BOOTSTRAP_SCRIPT, (whole, open: string, body: string, close: string) => {
    const imports: { name: string; url: string }[] = [];
    const rest = body.replace(ROUTE_IMPORT, (_match, name: string, url: string) => {
      imports.push({ name, url });
      return "";
    });
    const entryUrl = ENTRY_IMPORT.exec(rest)?.[1];
    if (imports.length === 0 || !entryUrl) return whole;
    const nonce = /\bnonce="([^"]+)"/.exec(open)?.[1];
    const names = imports.map((entry) => entry.name).join(", ");
    const loads = imports.map((entry) => `import(${entry.url})`).join(", ");
    const setup = rest.replace(ENTRY_IMPORT, "");
    return (
      `${open}${HOLD_EARLY_CLICKS}\n${FIRST_ACTION}\n${AFTER_FIRST_PAINT}\n${preloadModules(moduleUrls, nonce)}await firstAction;\n` +
      `const [${names}] = await Promise.all([${loads}]);${setup}\nawait import(${entryUrl});\n${REPLAY_EARLY_CLICKS}${close}`
    );
  });
}

export function optimiseHead(html: string): string {
  const { html: withoutHints, moduleUrls } = takeScriptHints(inlineStylesheets(html, readBuiltCss));
  return deferHydration(withoutHints, moduleUrls);
}
