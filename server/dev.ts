import { createServer } from "vite";
import { createApp } from "./app";
import { boot, e2eFixturesFrom } from "./boot";

const { env, logger, mediaDir, mediaStorage, uploadsDir, uploadsS3, scheduling } = await boot();

const vite = await createServer({ server: { middlewareMode: true } });
const app = createApp({ logger, mediaDir, mediaStorage, uploadsDir, uploadsS3, trustProxy: env.TRUST_PROXY, clock: scheduling.clock, e2eFixtures: e2eFixturesFrom(env, scheduling), vite });

app.listen(env.PORT, () => {
  process.stdout.write(`  Pravas dev server on http://localhost:${env.PORT}\n\n`);
});
