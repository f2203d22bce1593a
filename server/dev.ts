import { createServer } from "vite";
import { createApp } from "./app";
import { boot } from "./boot";

const { env, logger, mediaDir } = await boot();

const vite = await createServer({ server: { middlewareMode: true } });
const app = createApp({ logger, mediaDir, formRateLimit: env.FORM_RATE_LIMIT,
  e2eFixtureToken: env.E2E_FIXTURE_TOKEN, vite });

app.listen(env.PORT, () => {
  console.log(`  Pravas dev server on http://localhost:${env.PORT}\n`);
});
