import path from "node:path";
import * as build from "virtual:react-router/server-build";
import type { ViteDevServer } from "vite";
import { addAcceptors, LISTEN_BACKLOG } from "./acceptors";
import { createApp } from "./app";
import { boot, e2eFixturesFrom } from "./boot";

/**
 * The server's entry. `react-router build` bundles it with the app it serves
 * into build/server/index.js (vite.config.ts), so the Express app and React
 * Router's routes share one copy of every module, and the services created
 * here at start are the ones the routes reach (ADR 052). Production:
 * scripts/start.mjs imports the bundle and calls this; development: server/dev.ts
 * loads this file through Vite and passes its dev server.
 */
export async function startServer({ vite }: { vite?: ViteDevServer } = {}) {
  const { env, logger, mediaDir, uploadsDir, scheduling } = await boot();
  const buildDir = path.resolve(process.env.BUILD_DIR ?? "build");
  const app = createApp({
    logger,
    mediaDir,
    uploadsDir,
    trustProxy: env.TRUST_PROXY,
    clock: scheduling.clock,
    e2eFixtures: e2eFixturesFrom(env, scheduling),
    ...(vite
      ? { vite }
      : {
          pageCacheMb: env.PAGE_CACHE_MB,
          pageRenderLimit: env.PAGE_RENDER_LIMIT,
          clientDir: path.join(buildDir, "client"),
          // The module itself, not a function (ADR 031); Vite's dev server loads it per request instead.
          build,
        }),
  });

  if (vite) {
    app.listen(env.PORT, () => process.stdout.write(`  Pravas dev server on http://localhost:${env.PORT}\n\n`));
    return;
  }
  // A longer accept queue than Node's 511: a burst of new connections (a
  // campaign, a load test) waits in the kernel instead of being dropped and
  // retried by the client after 1, 3 and 7 seconds. More handles accept it
  // faster while the server is busy (ADR 031).
  const server = app.listen({ port: env.PORT, host: env.HOST, backlog: LISTEN_BACKLOG }, () => {
    void addAcceptors(server, logger);
    process.stdout.write(`  Pravas is serving ${env.SITE_URL} (http://localhost:${env.PORT})\n\n`);
  });
}
