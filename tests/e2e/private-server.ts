import { spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { test } from "@playwright/test";
import { e2eDatabaseUrl } from "../../playwright.config";
import { emptyDatabase } from "../../scripts/e2e-database.mjs";

/**
 * A production server of its own, for the few tests that need settings the
 * shared e2e server must not have (its log at info level, the default sign-in
 * limits). It uses the build the shared server was started from, its own
 * data directory and port, and is stopped (and its data removed) after use.
 * Give it `privateServerPort` from playwright.config: each worker has its own.
 */
export type PrivateServer = { baseURL: string; dataDir: string; process: ChildProcess; log: () => string; stop: () => Promise<void> };

/**
 * `keepData`: start on the data a previous private server on this port left (a restart); `stop` removes it either way.
 * `engine`: the shared servers' (PostgreSQL when TEST_DATABASE_URL is set, a database of its own: ADR 085), or
 * "pglite" for a test about PGlite itself (its data directory's lock).
 */
export async function startPrivateServer(
  port: number,
  env: Record<string, string> = {},
  { keepData = false, engine = "shared" }: { keepData?: boolean; engine?: "shared" | "pglite" } = {},
): Promise<PrivateServer> {
  // Starting a server (migrations, seed) may take most of a minute on a busy CI
  // machine: the test or hook that starts one gets the time on top of its own.
  if (test.info().timeout > 0) test.info().setTimeout(test.info().timeout + 120_000);
  const baseURL = `http://127.0.0.1:${port}`;
  const dataDir = path.resolve(`.cache/private-server-${port}`);
  if (!keepData) fs.rmSync(dataDir, { recursive: true, force: true });
  const databaseUrl = engine === "shared" ? e2eDatabaseUrl(port) : undefined;
  if (databaseUrl && !keepData) await emptyDatabase(databaseUrl);
  const output: string[] = [];
  const child: ChildProcess = spawn(process.execPath, ["scripts/start.mjs"], {
    env: {
      ...process.env,
      NODE_ENV: "production",
      BUILD_ON_START: "0",
      PORT: String(port),
      SITE_URL: baseURL,
      DATA_DIR: dataDir,
      MEDIA_DIR: ".cache/media",
      ADMIN_PASSWORD: "lotus-temple-at-dawn-42",
      // Named, as the shared e2e servers are (scripts/e2e-server.mjs): an unnamed first admin is asked for a name first (issue 49).
      ADMIN_NAME: "Administrator",
      LOG_LEVEL: "info",
      E2E_FIXTURE_TOKEN: "",
      // The defaults, whatever the shared e2e server was given.
      LOGIN_MAX_PER_IP: "30",
      LOGIN_MAX_FAILURES: "5",
      FORM_RATE_LIMIT: "10",
      PAGE_RENDER_LIMIT: "120",
      ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
      ...env,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  child.stdout!.on("data", (chunk: Buffer) => output.push(chunk.toString()));
  child.stderr!.on("data", (chunk: Buffer) => output.push(chunk.toString()));
  const stop = () =>
    new Promise<void>((resolve) => {
      const done = () => {
        fs.rmSync(dataDir, { recursive: true, force: true });
        resolve();
      };
      if (child.exitCode !== null) return done();
      child.once("exit", done);
      child.kill("SIGTERM");
    });
  const started = Date.now();
  while (Date.now() - started < 120_000) {
    if (child.exitCode !== null) throw new Error(`private server exited:\n${output.join("")}`);
    try {
      if ((await fetch(`${baseURL}/api/health`)).ok) return { baseURL, dataDir, process: child, log: () => output.join(""), stop };
    } catch {
      // not up yet
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  await stop();
  throw new Error(`private server did not start:\n${output.join("")}`);
}
