import type net from "node:net";
import path from "node:path";
import * as build from "virtual:react-router/server-build";
import type { ViteDevServer } from "vite";
import { addAcceptors, LISTEN_BACKLOG } from "./perf/acceptors";
import { createApp } from "./app";
import { boot, e2eFixturesFrom } from "./boot";
import { drainable } from "./drain";

/**
 * The server's entry, built with the app it serves into one bundle,
 * build/server/index.js (vite.config.ts, ADR 052): the routes reach the very
 * services started here. Production: scripts/start.mjs calls it; development:
 * server/dev.ts, through Vite, with its dev server.
 */
export async function startServer({ vite }: { vite?: ViteDevServer } = {}) {
  const { env, logger, mediaDir, mediaStorage, privateStore, uploadsDir, uploadsS3, scheduling, stopBackground } = await boot();
  const clientDir = path.resolve(process.env.BUILD_DIR ?? "build", "client");
  // Production: the build as the module itself, not a function (ADR 031). Vite loads it per request.
  const served = vite ? { vite } : { build, clientDir, pageCacheMb: env.PAGE_CACHE_MB, pageRenderLimit: env.PAGE_RENDER_LIMIT };
  const e2eFixtures = e2eFixturesFrom(env, scheduling);
  if (e2eFixtures) logger.warn("E2E_FIXTURES=on: the Playwright fixture route /__e2e is mounted (test runs only)");
  const app = createApp({
    logger,
    mediaDir,
    mediaStorage,
    privateStore,
    uploadsDir,
    uploadsS3,
    trustProxy: env.TRUST_PROXY,
    clock: scheduling.clock,
    e2eFixtures,
    ...served,
  });
  // A longer accept queue than Node's 511: a burst of new connections (a
  // campaign, a load test) waits in the kernel instead of being dropped and
  // retried by the client after 1, 3 and 7 seconds. More handles accept it
  // faster while the server is busy (ADR 031).
  let acceptors: Promise<net.Server[]> = Promise.resolve([]);
  const server = app.listen({ port: env.PORT, host: env.HOST, backlog: LISTEN_BACKLOG }, () => {
    if (!vite && env.PERF_EXTRA_ACCEPTORS) acceptors = addAcceptors(server, logger);
    const local = `http://localhost:${env.PORT}`;
    process.stdout.write(vite ? `  Pravas dev server on ${local}\n\n` : `  Pravas is serving ${env.SITE_URL} (${local})\n\n`);
  });
  // Node closes a kept-alive connection after 5 s idle by default. A client
  // or load balancer that reuses it at that moment gets ECONNRESET (it broke
  // e2e requests in CI); balancers keep idle connections about 60 s, so the
  // server keeps them longer than that, and a balancer always closes first.
  server.keepAliveTimeout = KEEP_ALIVE_MS;
  server.headersTimeout = KEEP_ALIVE_MS + 1_000;
  const connections = drainable(server);
  const stop = async (signal: NodeJS.Signals) => {
    // Logged once no handle accepts any more (the extra acceptors too, when they were still being added).
    const noNewConnections = () => logger.info({ signal }, "stopping: no new connections; finishing the requests under way");
    await connections.stop(await acceptors, logger, { closed: noNewConnections });
    await stopBackground();
    logger.info("stopped");
    process.exit(0);
  };
  process.once("SIGTERM", stop);
  process.once("SIGINT", stop);
}

/** How long an idle kept-alive connection stays open: longer than a load balancer's (AWS: 60 s). */
const KEEP_ALIVE_MS = 65_000;
