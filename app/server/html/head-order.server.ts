import fs from "node:fs";
import path from "node:path";

/**
 * Head tuning for a fast first paint on slow phones, applied to each rendered
 * document (app/entry.server.tsx):
 *
 * 1. React 19 hoists every <link rel="modulepreload"> (and font preloads) to
 *    the top of <head>, ahead of the stylesheets React Router renders in
 *    place, so a dozen script downloads queue before the render-blocking CSS.
 *    Those hints move to the end of <head>, and scripts are fetched at low
 *    priority: the server HTML is complete and works without JavaScript, so
 *    the text, CSS and hero image come first and hydration follows. They are
 *    hoistable resources, which React does not hydrate by position.
 * 2. React Router's bootstrap is an async module script whose static imports
 *    may run before the browser has painted the server HTML. Its route
 *    imports become dynamic imports that start after the first frame, so
 *    the content paints first and hydration follows (deferHydration).
 * 3. The page's stylesheets (a few KiB gzipped in all) are inlined into the
 *    marked <style> element, and their <link>s get media="not all" so they no
 *    longer block rendering; the browser still fetches and caches them, and
 *    React Router keeps managing the <link> elements on client navigation.
 *    React does not compare attributes or inner HTML when hydrating in
 *    production, so hydration is unaffected.
 */
const DEFERRABLE_HINT = /<link\b(?=[^>]*\brel="(?:modulepreload|preload)")(?![^>]*\bas="image")[^>]*>/g;
const STYLESHEET_LINK = /<link\b(?=[^>]*\brel="stylesheet")[^>]*\bhref="(\/assets\/[^"#?]+\.css)[^"]*"[^>]*?\/?>/g;
export const INLINE_CSS_MARKER = "data-inline-css";

export function moveHintsAfterStylesheets(html: string): string {
  const headEnd = html.indexOf("</head>");
  if (headEnd < 0) return html;
  const head = html.slice(0, headEnd);
  const hints = head.match(DEFERRABLE_HINT);
  if (!hints) return html;
  const deprioritised = hints.map((hint) =>
    hint.includes('rel="modulepreload"') && !hint.includes("fetchpriority")
      ? hint.replace(/^<link\b/, '<link fetchpriority="low"')
      : hint,
  );
  return head.replace(DEFERRABLE_HINT, "") + deprioritised.join("") + html.slice(headEnd);
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
    return tag.replace(/\s*\/?>$/, ' media="not all"/>');
  });
  if (!css) return html;
  const styleClose = head.indexOf("</style>", head.indexOf(`<style ${INLINE_CSS_MARKER}`));
  head = head.slice(0, styleClose) + css.replaceAll("</style", "<\\/style") + head.slice(styleClose);
  return head + html.slice(headEnd);
}

const cssCache = new Map<string, string | null>();

/** Reads a built stylesheet from the client build (production only), cached. */
export function readBuiltCss(href: string): string | null {
  if (process.env.NODE_ENV !== "production") return null;
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
/** Resolves after the next frame is painted; a timer covers hidden tabs, where frames never come. */
const AFTER_FIRST_PAINT =
  "await new Promise((resolve) => { requestAnimationFrame(() => setTimeout(resolve, 0)); setTimeout(resolve, 300); });";

export function deferHydration(html: string): string {
  return html.replace(BOOTSTRAP_SCRIPT, (whole, open: string, body: string, close: string) => {
    const imports: { name: string; url: string }[] = [];
    const rest = body.replace(ROUTE_IMPORT, (_match, name: string, url: string) => {
      imports.push({ name, url });
      return "";
    });
    if (imports.length === 0) return whole;
    const names = imports.map((entry) => entry.name).join(", ");
    const loads = imports.map((entry) => `import(${entry.url})`).join(", ");
    return `${open}${AFTER_FIRST_PAINT}\nconst [${names}] = await Promise.all([${loads}]);${rest}${close}`;
  });
}

export function optimiseHead(html: string): string {
  return deferHydration(moveHintsAfterStylesheets(inlineStylesheets(html, readBuiltCss)));
}
