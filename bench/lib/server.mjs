// Starts the production build on a fresh seeded database for a benchmark,
// unless BENCH_URL points at a running server.
import { spawn } from "node:child_process";

export async function startBenchServer(defaultPort = 3200, extraEnv = {}, fixedPort = undefined) {
  if (process.env.BENCH_URL && fixedPort === undefined) return { baseUrl: process.env.BENCH_URL, stop: () => {}, pid: null, dataDir: null };
  const port = fixedPort ?? Number(process.env.BENCH_PORT ?? defaultPort);
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

/**
 * Reads `--build label=dir` options (repeatable): production builds to measure
 * side by side, e.g. a copy of the build before a change and the build after.
 * `label=dir:NAME=value,NAME=value` also sets environment variables for that
 * build's server (e.g. `--build off=build:PERF_HEAD_ORDER=off`). Without any,
 * the one build in BUILD_DIR (default ./build).
 */
export function buildsFromArgs(args) {
  const builds = [];
  for (let index = 0; index < args.length; index++) {
    if (args[index] !== "--build") continue;
    const [label, rest] = args[++index].split(/=(.*)/s);
    const [dir, settings] = (rest ?? "").split(/:(.*)/s);
    if (!label || !dir) throw new Error("--build takes label=directory[:NAME=value,…], e.g. --build before=.cache/build-before");
    const env = Object.fromEntries(
      (settings ?? "")
        .split(",")
        .filter(Boolean)
        .map((pair) => pair.split(/=(.*)/s).slice(0, 2)),
    );
    builds.push({ label, dir, env });
  }
  return builds.length > 0 ? builds : [{ label: "current", dir: process.env.BUILD_DIR ?? "build", env: {} }];
}

/**
 * Starts one server per build at once (ports basePort, basePort + 1…), each on a
 * fresh seeded database of its own, so that benchmarks can take turns between
 * them and a busy spell of a shared machine hurts every build alike. With
 * BENCH_URL set, that running server stands in for the one build.
 */
export async function startBuildServers(builds, basePort) {
  if (process.env.BENCH_URL) {
    if (builds.length > 1) throw new Error("BENCH_URL names one server: give at most one --build");
    return [{ ...builds[0], baseUrl: process.env.BENCH_URL, stop: async () => {} }];
  }
  const servers = await Promise.all(
    builds.map(async (build, index) => {
      const started = await startBenchServer(basePort + index, { BUILD_DIR: build.dir, BUILD_ON_START: "0", ...build.env }, basePort + index);
      return { ...build, ...started };
    }),
  );
  return servers;
}
