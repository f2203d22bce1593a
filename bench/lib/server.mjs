// Starts the production build on a fresh seeded database for a benchmark,
// unless BENCH_URL points at a running server.
import { spawn } from "node:child_process";

export async function startBenchServer(defaultPort = 3200, extraEnv = {}) {
  if (process.env.BENCH_URL) return { baseUrl: process.env.BENCH_URL, stop: () => {}, pid: null, dataDir: null };
  const port = Number(process.env.BENCH_PORT ?? defaultPort);
  const baseUrl = `http://127.0.0.1:${port}`;
  const server = spawn(process.execPath, ["scripts/e2e-server.mjs"], {
    // Benchmarks measure production: no test fixtures.
    env: { NODE_ENV: "production", ...process.env, PORT: String(port), SITE_URL: baseUrl, LOG_LEVEL: "warn", ...extraEnv },
    stdio: ["ignore", "inherit", "inherit"],
  });
  const stop = () =>
    new Promise((resolve) => {
      if (server.exitCode !== null) return resolve(undefined);
      server.once("exit", resolve);
      server.kill("SIGTERM");
    });
  const dataDir = `.cache/e2e-data-${port}`;
  const start = Date.now();
  while (Date.now() - start < 600_000) {
    try {
      if ((await fetch(`${baseUrl}/api/health`)).ok) return { baseUrl, stop, pid: server.pid, dataDir };
    } catch {
      // not up yet
    }
    if (server.exitCode !== null) throw new Error("the bench server exited");
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  stop();
  throw new Error(`server at ${baseUrl} did not start`);
}

/**
 * Waits until a spawned server answers /api/health; returns how long it took.
 * Fails when the process exits first, or after 10 minutes.
 */
export async function waitUntilUp(child, baseUrl, pollMs = 200) {
  const started = Date.now();
  while (Date.now() - started < 600_000) {
    if (child.exitCode !== null) throw new Error(`the server exited with ${child.exitCode}`);
    try {
      if ((await fetch(`${baseUrl}/api/health`, { signal: AbortSignal.timeout(2_000) })).ok) return Date.now() - started;
    } catch {
      // not up yet
    }
    await new Promise((resolve) => setTimeout(resolve, pollMs));
  }
  throw new Error("the server did not start");
}
