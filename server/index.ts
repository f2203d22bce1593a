import path from "node:path";
import { pathToFileURL } from "node:url";
import type { ServerBuild } from "react-router";
import { addAcceptors, LISTEN_BACKLOG } from "./acceptors";
import { createApp } from "./app";
import { boot, e2eFixturesFrom } from "./boot";

const { env, logger, mediaDir, mediaStorage, uploadsDir, uploadsS3, scheduling } = await boot();

const buildDir = path.resolve(process.env.BUILD_DIR ?? "build");
const buildPath = pathToFileURL(path.join(buildDir, "server/index.js")).href;
const build = (await import(buildPath)) as ServerBuild;

const app = createApp({
  logger,
  mediaDir,
  mediaStorage,
  uploadsDir,
  uploadsS3,
  trustProxy: env.TRUST_PROXY,
  clock: scheduling.clock,
  e2eFixtures: e2eFixturesFrom(env, scheduling),
  pageCacheMb: env.PAGE_CACHE_MB,
  pageRenderLimit: env.PAGE_RENDER_LIMIT,
  clientDir: path.join(buildDir, "client"),
  build,
});

// A longer accept queue than Node's 511: a burst of new connections (a
// campaign, a load test) waits in the kernel instead of being dropped and
// retried by the client after 1, 3 and 7 seconds. More handles accept it
// faster while the server is busy (ADR 031).
const server = app.listen({ port: env.PORT, host: env.HOST, backlog: LISTEN_BACKLOG }, () => {
  void addAcceptors(server, logger);
  process.stdout.write(`  Pravas is serving ${env.SITE_URL} (http://localhost:${env.PORT})\n\n`);
});
