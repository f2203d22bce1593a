import { reactRouter } from "@react-router/dev/vite";
import { defineConfig } from "vite";
import { fileURLToPath } from "node:url";
import { tiptapReactDomNamespace } from "./vite-plugins/tiptap-react-dom-namespace";

/**
 * V8's explicit compile hint (Chrome 136+): a script that starts with this
 * comment has every function compiled eagerly, in the background while it
 * streams in (module preloads are), instead of on the main thread when first
 * called. The framework's chunks (React DOM, React, React Router) run their
 * big factories at start, so on the main thread that compile was most of a
 * 30 ms task (ADR 078). Added after minification, which would drop it.
 */
function compileHintsForFrameworkChunks(): Plugin {
  const FRAMEWORK = /\/node_modules\/(react|react-dom|react-router|scheduler)\//;
  return {
    name: "pravas:framework-compile-hints",
    apply: "build",
    generateBundle(_options, bundle) {
      for (const chunk of Object.values(bundle)) {
        if (chunk.type === "chunk" && chunk.moduleIds.some((id) => FRAMEWORK.test(id))) chunk.code = `//# allFunctionsCalledOnLoad\n${chunk.code}`;
      }
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
  plugins: [tiptapReactDomNamespace(), reactRouter(), ...(isSsrBuild ? [] : [compileHintsForFrameworkChunks()])],
}));
