import fs from "node:fs";
import path from "node:path";
import { functionSource, scriptJson } from "~/lib/page-scripts/inline-script";
import { type PageScriptsPlan, startPageScripts } from "~/lib/page-scripts/start-page-scripts";

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
 *    would start downloading at once and run in one task. It now starts them
 *    with startPageScripts (app/lib/page-scripts, ADR 078): after the first
 *    paint and the hero image, fetched in parallel, and evaluated one per idle
 *    period; the client entry then hydrates in slices (deferHydration).
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
/** The bootstrap's last statement: the client entry, which hydrates as it runs. */
const ENTRY_IMPORT = /\bimport\(("[^"]+")\);?\s*$/;

/**
 * React Router's bootstrap imports the route modules statically, so all of
 * them download at once and run in one task. Rewritten, it first runs
 * startPageScripts (app/lib/page-scripts, ADR 078: after the first paint and
 * the hero, modules fetched, then evaluated one per idle period), then names
 * the route modules as React Router's setup code expects and imports the
 * client entry as before.
 */
export function deferHydration(html: string, moduleUrls: string[] = []): string {
  return html.replace(BOOTSTRAP_SCRIPT, (whole, open: string, body: string, close: string) => {
    const imports: { name: string; url: string }[] = [];
    const rest = body.replace(ROUTE_IMPORT, (_match, name: string, url: string) => {
      imports.push({ name, url });
      return "";
    });
    const entryUrl = ENTRY_IMPORT.exec(rest)?.[1];
    if (imports.length === 0 || !entryUrl) return whole;
    const plan: PageScriptsPlan = {
      modules: moduleUrls,
      entry: JSON.parse(entryUrl) as string,
      nonce: /\bnonce="([^"]+)"/.exec(open)?.[1] ?? null,
    };
    const names = imports.map((entry) => entry.name).join(", ");
    const loads = imports.map((entry) => `import(${entry.url})`).join(", ");
    const setup = rest.replace(ENTRY_IMPORT, "");
    return (
      // The imports are written here, in the page: a module's own would be rewritten by Vite in development.
      `${open}await (${functionSource(startPageScripts)})(${scriptJson(plan)}, (href) => import(href));\n` +
      `const [${names}] = await Promise.all([${loads}]);${setup}\nawait import(${entryUrl});${close}`
    );
  });
}

export function optimiseHead(html: string): string {
  const { html: withoutHints, moduleUrls } = takeScriptHints(inlineStylesheets(html, readBuiltCss));
  return deferHydration(withoutHints, moduleUrls);
}
