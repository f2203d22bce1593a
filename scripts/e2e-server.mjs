// Serves the production build for Playwright on a fresh database, so every run
// starts from the seeded content. Processed seed photos are content-hashed and
// kept in .cache/media between runs and between servers.
import fs from "node:fs";
import path from "node:path";

// A test run serves what production serves, with production React on the server
// (its development build cost 38 % more server CPU per page; ADR 091), and turns
// on the fixture route (/__e2e) explicitly. The fake payment gateway is
// production's "none" otherwise.
process.env.NODE_ENV ??= "production";
process.env.E2E_FIXTURES ??= "on";
process.env.PAYMENT_GATEWAY ??= "fake";
// A test key for the trip page's sealed passport numbers and PANs (ADR 108); never a real site's.
process.env.TRAVELLER_DATA_KEY ??= "0f".repeat(32);
process.env.DATA_DIR = process.env.E2E_DATA_DIR ?? `.cache/e2e-data-${process.env.PORT ?? 3100}`;
process.env.ADMIN_PASSWORD ??= "lotus-temple-at-dawn-42";
// Named, so that no test is first asked for a name (tests/e2e/admin-users.spec.ts asks it on purpose).
process.env.ADMIN_NAME ??= "Administrator";
fs.rmSync(process.env.DATA_DIR, { recursive: true, force: true });

// E2E_DATABASE_URL (playwright.config.ts sets it when TEST_DATABASE_URL names a
// PostgreSQL server, ADR 085): this server's database of its own there, made
// empty here, so the engine runs in its own processes rather than as WASM in
// this one. Without it, PGlite in DATA_DIR.
if (process.env.E2E_DATABASE_URL && !process.env.DATABASE_URL) {
  const { emptyDatabase } = await import("./e2e-database.mjs");
  await emptyDatabase(process.env.E2E_DATABASE_URL);
  process.env.DATABASE_URL = process.env.E2E_DATABASE_URL;
}

/** Processed seed photos, shared by every server and test run (scripts/process-seed-photos.ts fills it). */
const PHOTO_CACHE = path.resolve(".cache/media");
process.env.MEDIA_DIR ??= PHOTO_CACHE;
const mediaDir = path.resolve(process.env.MEDIA_DIR);
const ownMedia = mediaDir !== PHOTO_CACHE;

// A media directory of its own (each Playwright worker's server: tests upload
// and delete files there) starts as a copy of the cache, so the seed finds its
// photos processed; what the seed had to process goes back into the cache.
if (ownMedia) {
  fs.rmSync(mediaDir, { recursive: true, force: true });
  if (fs.existsSync(PHOTO_CACHE)) fs.cpSync(PHOTO_CACHE, mediaDir, { recursive: true, filter: (source) => !source.endsWith(".tmp") });
}

await import("./start.mjs");

// The server is up and seeded (start.mjs returns once it listens).
if (ownMedia) copyNewFiles(mediaDir, PHOTO_CACHE);

function copyNewFiles(from, to) {
  for (const entry of fs.readdirSync(from, { withFileTypes: true })) {
    const source = path.join(from, entry.name);
    const target = path.join(to, entry.name);
    if (entry.isDirectory()) {
      fs.mkdirSync(target, { recursive: true });
      copyNewFiles(source, target);
    } else if (!entry.name.endsWith(".tmp") && !fs.existsSync(target)) {
      // Under a name of its own first: another server may be copying the same file.
      const temporary = `${target}.${process.pid}.tmp`;
      try {
        fs.copyFileSync(source, temporary);
        fs.renameSync(temporary, target);
      } catch (error) {
        // A file the server replaced meanwhile (the seed still processing photos) is copied by a later run.
        if (error.code !== "ENOENT") throw error;
        fs.rmSync(temporary, { force: true });
      }
    }
  }
}
