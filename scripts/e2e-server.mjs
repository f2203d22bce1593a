// Serves the production build for Playwright on a fresh database, so every run
// starts from the seeded content. Processed images are content-hashed and
// kept in .cache/media between runs.
import fs from "node:fs";

// A test run: the fixture route (/__e2e) exists only with NODE_ENV=test. The
// pages are the production build's all the same (see readBuiltCss).
process.env.NODE_ENV ??= "test";
process.env.DATA_DIR = process.env.E2E_DATA_DIR ?? `.cache/e2e-data-${process.env.PORT ?? 3100}`;
process.env.MEDIA_DIR ??= ".cache/media";
process.env.ADMIN_PASSWORD ??= "lotus-temple-at-dawn-42";
fs.rmSync(process.env.DATA_DIR, { recursive: true, force: true });
await import("./start.mjs");
