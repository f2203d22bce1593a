import type { Plugin } from "vite";

/**
 * Worker threads of the server (ADR 087): each is its own entry of the server
 * build, emitted beside the server bundle under a fixed name (React Router
 * names every entry index.js), where the code that starts it looks for it.
 */
export function serverWorkers(workers: Record<string, string>): Plugin {
  return {
    name: "pravas:server-workers",
    apply: "build",
    buildStart() {
      for (const [fileName, id] of Object.entries(workers)) this.emitFile({ type: "chunk", id, fileName });
    },
  };
}
