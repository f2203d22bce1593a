import path from "node:path";
import { pathToFileURL } from "node:url";
import type { ServerBuild } from "react-router";
import { createApp } from "./app";
import { boot } from "./boot";

const { env, logger, mediaDir } = await boot();

const buildDir = path.resolve(process.env.BUILD_DIR ?? "build");
const buildPath = pathToFileURL(path.join(buildDir, "server/index.js")).href;
const build = (await import(buildPath)) as ServerBuild;

const app = createApp({
  logger,
  mediaDir,
  formRateLimit: env.FORM_RATE_LIMIT,
  e2eFixtureToken: env.E2E_FIXTURE_TOKEN,
  clientDir: path.join(buildDir, "client"),
  build: async () => build,
});

app.listen(env.PORT, () => {
  console.log(`  Pravas is serving ${env.SITE_URL} (http://localhost:${env.PORT})\n`);
});
