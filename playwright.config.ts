import fs from "node:fs";
import crypto from "node:crypto";
import { defineConfig, devices } from "@playwright/test";

/**
 * Each Playwright worker has a production server of its own (ADR 036): its own
 * port, database and media directory, so what one worker's tests change never
 * reaches the other's. Worker i (its parallelIndex) talks to server i.
 */
export const e2eWorkers = Number(process.env.E2E_WORKERS ?? 2);
const firstPort = Number(process.env.E2E_PORT ?? 3100);

export type E2eServer = { port: number; baseURL: string; dataDir: string; mediaDir: string; privatePort: number; logFile: string };

/** The server of the worker with this parallelIndex. */
export function e2eServer(parallelIndex: number): E2eServer {
  const port = firstPort + parallelIndex;
  return {
    port,
    baseURL: `http://127.0.0.1:${port}`,
    /** Its DATA_DIR (scripts/e2e-server.mjs empties it at start). */
    dataDir: `.cache/e2e-data-${port}`,
    /** Its MEDIA_DIR: tests upload and delete files, checked against its own database only. */
    mediaDir: `.cache/e2e-media-${port}`,
    /** For a test's private server (tests/e2e/private-server.ts), one at a time per worker. */
    privatePort: firstPort + 60 + parallelIndex,
    /** Its whole output for the run (made anew at its start), which the global teardown checks for passport numbers and PANs (issue 48). */
    logFile: `.cache/e2e-server-${port}.log`,
  };
}

/**
 * The database of the e2e server on this port: with TEST_DATABASE_URL (CI starts a PostgreSQL
 * server), a database of its own on that server, named after TEST_DATABASE_URL's with `_e2e_<port>`
 * (scripts/e2e-server.mjs makes it empty at start; ADR 085) when E2E_ENGINE=postgres. Otherwise,
 * none: the server runs on PGlite in its DATA_DIR, as `npm start` does.
 */
export function e2eDatabaseUrl(port: number): string | undefined {
  const testDatabaseUrl = process.env.TEST_DATABASE_URL;
  if (!testDatabaseUrl || process.env.E2E_ENGINE !== "postgres") return undefined;
  const url = new URL(testDatabaseUrl);
  url.pathname = `/${decodeURIComponent(url.pathname.slice(1))}_e2e_${port}`;
  return url.toString();
}

// Playwright sets TEST_PARALLEL_INDEX in each worker before loading this file
// or a spec; in the runner process it is unset (server 0).
const parallelIndex = Number(process.env.TEST_PARALLEL_INDEX ?? 0);
if (parallelIndex >= e2eWorkers) {
  throw new Error(`worker ${parallelIndex} has no e2e server: set E2E_WORKERS=${parallelIndex + 1} rather than --workers`);
}
const ownServer = e2eServer(parallelIndex);
/** This worker's server. */
export const baseURL = ownServer.baseURL;
/** This worker's server's DATA_DIR. */
export const e2eDataDir = ownServer.dataDir;
/** The port for this worker's private server (tests/e2e/private-server.ts). */
export const privateServerPort = ownServer.privatePort;
// Shared with the servers so tests can insert and remove fixtures in their databases.
const fixtureToken = (process.env.E2E_FIXTURE_TOKEN ??= crypto.randomBytes(16).toString("hex"));

/**
 * Debian's headless shell (package chromium-headless-shell, the "old headless"
 * that Playwright itself runs) when installed: since Chromium 132 `--headless`
 * on the full browser is the new headless mode, a whole browser with its
 * window UI per context, and the suite took about three times as long.
 */
function chromiumPath() {
  return fs.existsSync("/usr/bin/chromium-headless-shell") ? "/usr/bin/chromium-headless-shell" : "/usr/bin/chromium";
}

const chromiumArgs = [
  "--headless",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
];

export default defineConfig({
  testDir: "tests/e2e",
  // Issue 48: no passport number or PAN the tests typed reached a server's log during the run.
  globalTeardown: "./tests/e2e/global-teardown.ts",
  // A spec file runs in one worker, its tests in order; files are spread over the workers.
  fullyParallel: false,
  workers: e2eWorkers,
  retries: process.env.CI ? 1 : 0,
  reporter: process.env.CI ? [["list"]] : [["list"], ["html", { open: "never" }]],
  timeout: 30_000,
  use: {
    baseURL,
    // A trace only when a test is run again after failing (CI retries once): recording every
    // test cost about a fifth of the suite's CPU (ADR 084). Locally: `--trace on`.
    trace: "on-first-retry",
    // As a visitor who asked for less motion: the carousel, the gallery's strips and
    // the reveals otherwise repaint all through a test, in software on a CPU the whole
    // suite shares (Chromium's CPU over the suite: 40% less). The motion itself is
    // tested where it is the subject (home.spec.ts, gallery.spec.ts: "no-preference").
    reducedMotion: "reduce",
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? chromiumPath(),
      args: chromiumArgs,
    },
  },
  projects: [{ name: "desktop", use: { ...devices["Desktop Chrome"], viewport: { width: 1366, height: 768 } } }],
  // Started one after another: the first builds when needed (scripts/start.mjs)
  // and fills the shared cache of processed seed photos for the next.
  webServer: Array.from({ length: e2eWorkers }, (_, index) => {
    const server = e2eServer(index);
    return {
      name: `server ${index}`,
      // E2E_SERVER_NODE_ARGS="--cpu-prof --cpu-prof-dir=…" profiles the servers: they are then stopped
      // with SIGTERM, so that node writes the profile (otherwise killed at once).
      // It logs at production's level (info) to its log file, which the global teardown reads for passport numbers and
      // PANs (issue 48); the console gets only warnings and worse. tee and grep ignore SIGTERM, so a server stopped
      // gracefully still logs to the end.
      command: `mkdir -p .cache && node ${process.env.E2E_SERVER_NODE_ARGS ?? ""} scripts/e2e-server.mjs 2>&1 | { trap '' TERM; tee ${server.logFile} | grep --line-buffered -v '^{"level":30,'; }`,
      ...(process.env.E2E_SERVER_NODE_ARGS ? { gracefulShutdown: { signal: "SIGTERM" as const, timeout: 10_000 } } : {}),
      url: `${server.baseURL}/api/health`,
      reuseExistingServer: false,
      timeout: 600_000,
      stdout: "pipe" as const,
      stderr: "pipe" as const,
      env: {
        ...(process.env as Record<string, string>),
        PORT: String(server.port),
        E2E_DATA_DIR: server.dataDir,
        ...(e2eDatabaseUrl(server.port) ? { E2E_DATABASE_URL: e2eDatabaseUrl(server.port)! } : {}),
        MEDIA_DIR: server.mediaDir,
        SITE_URL: server.baseURL,
        E2E_FIXTURE_TOKEN: fixtureToken,
        FORM_RATE_LIMIT: "1000",
        // Every test signs in from 127.0.0.1: a high per-IP cap keeps specs independent;
        // the per-e-mail limit stays at its default of 5 (tests/e2e/admin-auth.spec.ts).
        LOGIN_MAX_PER_IP: "1000",
        LOG_LEVEL: "info",
        // The whole suite renders pages from 127.0.0.1; the cap's own test uses another address.
        PAGE_RENDER_LIMIT: "300",
      },
    };
  }),
});
