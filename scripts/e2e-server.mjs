// Serves the production build for Playwright on a fresh database, so every run
// starts from the seeded content. Processed images are content-hashed and
// kept in .cache/media between runs.
import fs from "node:fs";

process.env.DATA_DIR = `.cache/e2e-data-${process.env.PORT ?? 3100}`;
process.env.MEDIA_DIR ??= ".cache/media";
process.env.ADMIN_PASSWORD ??= "e2e-admin-password";
fs.rmSync(process.env.DATA_DIR, { recursive: true, force: true });
await import("./start.mjs");
