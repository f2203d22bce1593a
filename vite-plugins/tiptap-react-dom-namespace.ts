import type { Plugin } from "vite";

/** The line of @tiptap/react's ESM build that this plugin rewrites (its contract test reads the installed build). */
export const DEFAULT_IMPORT = 'import ReactDOM from "react-dom";';
const NAMESPACE_IMPORT = 'import * as ReactDOM from "react-dom";';

/** @tiptap/react's code with react-dom's default import made a namespace import; null when it has none. */
export function rewriteReactDomImport(code: string): string | null {
  return code.includes(DEFAULT_IMPORT) ? code.replace(DEFAULT_IMPORT, NAMESPACE_IMPORT) : null;
}

/**
 * @tiptap/react (admin editor only) imports react-dom's DEFAULT export; for a
 * CommonJS module that makes Rollup add a default-export shim to the shared
 * react-dom chunk every public page loads. A namespace import needs no shim
 * and gives the same object (it only calls ReactDOM.createPortal). This
 * depends on @tiptap/react's build: tiptap-react-dom-namespace.test.ts checks
 * the installed one and fails when it changes.
 */
export function tiptapReactDomNamespace(): Plugin {
  return {
    name: "pravas:tiptap-react-dom-namespace",
    enforce: "pre",
    transform(code, id) {
      if (!id.includes("/node_modules/@tiptap/react/")) return null;
      const rewritten = rewriteReactDomImport(code);
      return rewritten === null ? null : { code: rewritten, map: null };
    },
  };
}
