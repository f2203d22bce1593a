import { reactRouter } from "@react-router/dev/vite";
import { defineConfig, type Plugin } from "vite";
import { fileURLToPath } from "node:url";

/**
 * @tiptap/react (admin editor only) imports react-dom's DEFAULT export; for a
 * CommonJS module that makes Rollup add a default-export shim to the shared
 * react-dom chunk every public page loads. A namespace import needs no shim
 * and gives the same object (it only calls ReactDOM.flushSync).
 */
function tiptapReactDomNamespace(): Plugin {
  return {
    name: "pravas:tiptap-react-dom-namespace",
    enforce: "pre",
    transform(code, id) {
      if (!id.includes("/node_modules/@tiptap/react/")) return null;
      if (!code.includes('import ReactDOM from "react-dom";')) return null;
      return { code: code.replace('import ReactDOM from "react-dom";', 'import * as ReactDOM from "react-dom";'), map: null };
    },
  };
}

export default defineConfig(({ isSsrBuild }) => ({
  resolve: {
    alias: { "~": fileURLToPath(new URL("./app", import.meta.url)) },
  },
  build: {
    // Assets are served with long-lived immutable cache headers by server/.
    assetsInlineLimit: 2048,
    // The server build starts at the Express entry, which imports React Router's
    // build: one bundle, build/server/index.js (ADR 052).
    ...(isSsrBuild ? { rollupOptions: { input: "./server/main.ts" } } : {}),
  },
  plugins: [tiptapReactDomNamespace(), reactRouter()],
}));
