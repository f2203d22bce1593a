import crypto from "node:crypto";
import { defineConfig, devices } from "@playwright/test";

const port = Number(process.env.E2E_PORT ?? 3100);
export const baseURL = `http://127.0.0.1:${port}`;
/** The e2e server's DATA_DIR (scripts/e2e-server.mjs empties it at start). */
export const e2eDataDir = process.env.E2E_DATA_DIR ?? `.cache/e2e-data-${port}`;
// Shared with the server so tests can insert and remove fixtures in its database.
process.env.E2E_FIXTURE_TOKEN ??= crypto.randomBytes(16).toString("hex");

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
  fullyParallel: false,
  workers: 1,
  retries: process.env.CI ? 1 : 0,
  reporter: process.env.CI ? [["list"]] : [["list"], ["html", { open: "never" }]],
  timeout: 30_000,
  use: {
    baseURL,
    trace: "retain-on-failure",
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
      args: chromiumArgs,
    },
  },
  projects: [
    { name: "desktop", use: { ...devices["Desktop Chrome"], viewport: { width: 1366, height: 768 } } },
  ],
  webServer: {
    command: "node scripts/e2e-server.mjs",
    url: `${baseURL}/api/health`,
    reuseExistingServer: false,
    timeout: 600_000,
    stdout: "pipe",
    stderr: "pipe",
    env: {
      ...(process.env as Record<string, string>),
      PORT: String(port),
      E2E_DATA_DIR: e2eDataDir,
      SITE_URL: baseURL,
      E2E_FIXTURE_TOKEN: process.env.E2E_FIXTURE_TOKEN,
      FORM_RATE_LIMIT: "1000",
      // Every test signs in from 127.0.0.1: a high per-IP cap keeps specs independent;
      // the per-e-mail limit stays at its default of 5 (tests/e2e/admin-auth.spec.ts).
      LOGIN_MAX_PER_IP: "1000",
      LOG_LEVEL: "warn",
      // The whole suite renders pages from 127.0.0.1; the cap's own test uses another address.
      PAGE_RENDER_LIMIT: "300",
    },
  },
});
