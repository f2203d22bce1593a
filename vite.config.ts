import { reactRouter } from "@react-router/dev/vite";
import { defineConfig } from "vite";
import { fileURLToPath } from "node:url";
import { frameworkCompileHints } from "./vite-plugins/framework-compile-hints";
import { minifiedPageScripts } from "./vite-plugins/minified-page-scripts";
import { serverWorkers } from "./vite-plugins/server-workers";
import { tiptapReactDomNamespace } from "./vite-plugins/tiptap-react-dom-namespace";

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
  plugins: [
    tiptapReactDomNamespace(),
    reactRouter(),
    ...(isSsrBuild
      ? [minifiedPageScripts(), serverWorkers({ "brochure-render-worker.js": "./app/server/brochure/brochure-render.worker.ts" })]
      : [frameworkCompileHints()]),
  ],
}));
