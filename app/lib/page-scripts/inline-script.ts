/** A value as JSON for an inline <script>, with "<" escaped so no string in it can close the script. */
export function scriptJson(value: unknown): string {
  return JSON.stringify(value).replaceAll("<", "\\u003c");
}

/**
 * The source of a call of `fn` with `args`, for an inline <script>: how a
 * browser function written (typed and linted) in app/lib/page-scripts runs in
 * a page before any module has loaded, as React Router's own ScrollRestoration
 * does. `fn` must use nothing from outside its own body: only its source is
 * sent, and the arguments as JSON.
 */
export function inlineCall<Args extends unknown[]>(fn: (...args: Args) => unknown, ...args: Args): string {
  return `(${fn.toString()})(${args.map(scriptJson).join(", ")})`;
}
