import type { Plugin } from "vite";

/** V8's explicit compile hint (Chrome 136+), as the first line of a script. */
export const COMPILE_HINT = "//# allFunctionsCalledOnLoad";
const FRAMEWORK = /\/node_modules\/(react|react-dom|react-router|scheduler)\//;

/**
 * A script that starts with V8's compile hint has every function compiled
 * eagerly, in the background while it streams in (module preloads are),
 * instead of on the main thread when first called. The framework's chunks
 * (React DOM, React, React Router) run their big factories at start, so on the
 * main thread that compile was most of a 30 ms task (ADR 078). Added after
 * minification, which would drop the comment; other browsers ignore it.
 */
export function frameworkCompileHints(): Plugin {
  return {
    name: "pravas:framework-compile-hints",
    apply: "build",
    generateBundle(_options, bundle) {
      for (const chunk of Object.values(bundle)) {
        if (chunk.type === "chunk" && chunk.moduleIds.some((id) => FRAMEWORK.test(id))) chunk.code = `${COMPILE_HINT}\n${chunk.code}`;
      }
    },
  };
}
