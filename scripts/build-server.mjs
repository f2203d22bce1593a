// Bundles the Express entry (server/index.ts) and the server code it imports
// from app/ into build/server-entry/; npm packages stay external. Split: what
// server code imports on demand (the S3 media store, ADR 053) is a chunk of its
// own, so a server that never needs it never loads it (or the AWS SDK).
import { build } from "esbuild";
import { fileURLToPath } from "node:url";

await build({
  entryPoints: ["server/index.ts"],
  outdir: `${process.env.BUILD_DIR ?? "build"}/server-entry`,
  bundle: true,
  splitting: true,
  chunkNames: "chunks/[name]-[hash]",
  platform: "node",
  format: "esm",
  target: "node20",
  packages: "external",
  alias: { "~": fileURLToPath(new URL("../app", import.meta.url)) },
  sourcemap: true,
  logLevel: "warning",
});

