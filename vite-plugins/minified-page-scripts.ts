import { type Plugin, transformWithEsbuild } from "vite";

/** The page scripts sent inline as their own source (app/lib/page-scripts, ADR 078); not their tests. */
const PAGE_SCRIPT = /\/app\/lib\/page-scripts\/(?!.*\.test\.)[^/]+\.ts$/;

/**
 * The source of a page-scripts module, minified as a browser would get it:
 * whitespace, comments and local names go; top-level names stay (no output
 * format is set, so esbuild keeps them), so each
 * function's `toString()` is still a named function the page can call.
 */
export async function minifyPageScript(code: string, id: string): Promise<string> {
  const result = await transformWithEsbuild(code, id, { loader: "ts", target: "es2022", minify: true });
  return result.code;
}

/**
 * The public pages' inline scripts (the bootstrap's startPageScripts and the
 * first-tap script) are functions sent as their source (inlineCall), which the
 * server build otherwise keeps as written, comments and all: every visit
 * downloads them with the HTML. Minified here (vite.config.ts adds this to the server build), they
 * cost about half as many bytes (bench/bundle-size.mjs counts them).
 */
export function minifiedPageScripts(): Plugin {
  return {
    name: "pravas:minified-page-scripts",
    apply: "build",
    enforce: "pre",
    async transform(code, id) {
      if (!PAGE_SCRIPT.test(id.split("?")[0]!)) return null;
      return { code: await minifyPageScript(code, id), map: null };
    },
  };
}
