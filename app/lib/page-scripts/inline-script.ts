/** A value as JSON for an inline <script>, with "<" escaped so no string in it can close the script. */
export function scriptJson(value: unknown): string {
  return JSON.stringify(value).replaceAll("<", "\\u003c");
}

/**
 * A function's own source for an inline <script>, without the indentation and
 * the `@__PURE__` notes the server build prints into it (the page scripts are
 * minified in the build, vite-plugins/minified-page-scripts.ts, then printed
 * again with indentation). Line breaks stay, so no statement runs into the
 * next; page scripts have no multi-line strings for this to change.
 */
export function functionSource(fn: (...args: never[]) => unknown): string {
  return fn
    .toString()
    .replaceAll("/* @__PURE__ */ ", "")
    .replace(/\n[ \t]+/g, "\n");
}

/**
 * The source of a call of `fn` with `args`, for an inline <script>: how a
 * browser function written (typed and linted) in app/lib/page-scripts runs in
 * a page before any module has loaded, as React Router's own ScrollRestoration
 * does. `fn` must use nothing from outside its own body: only its source is
 * sent, and the arguments as JSON.
 */
export function inlineCall<Args extends unknown[]>(fn: (...args: Args) => unknown, ...args: Args): string {
  return `(${functionSource(fn as (...args: never[]) => unknown)})(${args.map(scriptJson).join(", ")})`;
}
