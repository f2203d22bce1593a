// `npm start`: builds when there is no build (or the sources are newer), then
// serves the production build. The build never opens the database.
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";

const buildDir = process.env.BUILD_DIR ?? "build";
const outputs = [`${buildDir}/server/index.js`];
const sources = ["app", "server", "drizzle", "content", "package.json", "vite.config.ts"];

function newestMtime(entry) {
  if (!fs.existsSync(entry)) return 0;
  const stat = fs.statSync(entry);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return Math.max(stat.mtimeMs, ...fs.readdirSync(entry).map((name) => newestMtime(path.join(entry, name))));
}

const builtAt = Math.min(...outputs.map((file) => (fs.existsSync(file) ? fs.statSync(file).mtimeMs : 0)));
// BUILD_ON_START=0: the build was made beforehand (CI builds once for every
// server; ADR 036): never build here, where servers starting at once would race.
if (process.env.BUILD_ON_START === "0") {
  if (builtAt === 0) {
    console.error(`BUILD_ON_START=0 but there is no build in ${buildDir}: run \`npm run build\` first.`);
    process.exit(1);
  }
} else if (builtAt === 0 || Math.max(...sources.map(newestMtime)) > builtAt) {
  console.log("Building Pravas (first start or sources changed)...");
  // Always a production build: a test run (NODE_ENV=test, scripts/e2e-server.mjs)
  // must serve the very pages production serves, and Vite builds for NODE_ENV.
  const result = spawnSync("npm", ["run", "build"], {
    stdio: "inherit",
    shell: process.platform === "win32",
    env: { ...process.env, NODE_ENV: "production" },
  });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

// Same process, so signals reach the server (and its database lock) directly.
// The build is one bundle: the Express server and the app it serves (ADR 052).
process.env.NODE_ENV ??= "production";
const { startServer } = await import(pathToFileURL(path.resolve(buildDir, "server/index.js")).href);
await startServer();
