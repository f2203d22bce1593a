// Bundles the Express entry (server/index.ts) and the server code it imports
// from app/ into build/server-entry/; npm packages stay external.
import { build } from "esbuild";
import { fileURLToPath } from "node:url";

await build({
  entryPoints: ["server/index.ts"],
  outfile: `${process.env.BUILD_DIR ?? "build"}/server-entry/index.js`,
  bundle: true,
  platform: "node",
  format: "esm",
  target: "node20",
  packages: "external",
  alias: { "~": fileURLToPath(new URL("../app", import.meta.url)) },
  sourcemap: true,
  logLevel: "warning",
});

