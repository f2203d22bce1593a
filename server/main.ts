import path from "node:path";
import * as build from "virtual:react-router/server-build";
import type { ViteDevServer } from "vite";
import { addAcceptors, LISTEN_BACKLOG } from "./acceptors";
import { createApp } from "./app";
import { boot, e2eFixturesFrom } from "./boot";

/**
 * The server's entry, built with the app it serves into one bundle,
 * build/server/index.js (vite.config.ts, ADR 052): the routes reach the very
 * services started here. Production: scripts/start.mjs calls it; development:
 * server/dev.ts, through Vite, with its dev server.
 */
export async function startServer({ vite }: { vite?: ViteDevServer } = {}) {
  const { env, logger, mediaDir, uploadsDir, scheduling } = await boot();
  const clientDir = path.resolve(process.env.BUILD_DIR ?? "build", "client");
  // Production: the build as the module itself, not a function (ADR 031). Vite loads it per request.
  const served = vite ? { vite } : { build, clientDir, pageCacheMb: env.PAGE_CACHE_MB, pageRenderLimit: env.PAGE_RENDER_LIMIT };
  const e2eFixtures = e2eFixturesFrom(env, scheduling);
  const app = createApp({ logger, mediaDir, uploadsDir, trustProxy: env.TRUST_PROXY, clock: scheduling.clock, e2eFixtures, ...served });
  // A longer accept queue than Node's 511: a burst of new connections (a
  // campaign, a load test) waits in the kernel instead of being dropped and
  // retried by the client after 1, 3 and 7 seconds. More handles accept it
  // faster while the server is busy (ADR 031).
  const server = app.listen({ port: env.PORT, host: env.HOST, backlog: LISTEN_BACKLOG }, () => {
    if (!vite) void addAcceptors(server, logger);
    const local = `http://localhost:${env.PORT}`;
    process.stdout.write(vite ? `  Pravas dev server on ${local}\n\n` : `  Pravas is serving ${env.SITE_URL} (${local})\n\n`);
  });
}
