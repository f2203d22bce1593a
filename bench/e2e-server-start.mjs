// What one e2e server costs to start (ADR 085): scripts/e2e-server.mjs on PGlite
// (WASM in the server's process) and on a database of its own on a PostgreSQL
// server, one after the other, ROUNDS times each, interleaved. Prints the wall
// time until /api/health answers and the server process's CPU time by then
// (user + system, from /proc). Needs a build (`npx react-router build`).
//
//   BENCH_PG_URL=postgres://postgres@127.0.0.1:5432/pravas_bench node bench/e2e-server-start.mjs
//   BENCH_PORT=3190 ROUNDS=3
import { spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";

const pgUrl = process.env.BENCH_PG_URL;
if (!pgUrl) throw new Error("BENCH_PG_URL: a PostgreSQL database URL (its name gets _e2e_<port>)");
const port = Number(process.env.BENCH_PORT ?? 3190);
const rounds = Number(process.env.ROUNDS ?? 2);
const ticks = 100; // USER_HZ on Linux

function cpuSeconds(pid) {
  const fields = fs.readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1].split(" ");
  return (Number(fields[11]) + Number(fields[12])) / ticks; // utime, stime
}

async function startOnce(engine) {
  const url = new URL(pgUrl);
  url.pathname = `${url.pathname}_e2e_${port}`;
  const started = performance.now();
  const child = spawn(process.execPath, ["scripts/e2e-server.mjs"], {
    env: {
      ...process.env,
      BUILD_ON_START: "0",
      PORT: String(port),
      E2E_DATA_DIR: `.cache/e2e-data-${port}`,
      MEDIA_DIR: `.cache/e2e-media-${port}`,
      SITE_URL: `http://127.0.0.1:${port}`,
      LOG_LEVEL: "warn",
      ...(engine === "postgres" ? { E2E_DATABASE_URL: url.toString() } : {}),
    },
    stdio: "ignore",
  });
  try {
    for (;;) {
      if (child.exitCode !== null) throw new Error(`the ${engine} server exited with ${child.exitCode}`);
      const up = await fetch(`http://127.0.0.1:${port}/api/health`).then(
        (response) => response.ok,
        () => false,
      );
      if (up) return { engine, wallSeconds: (performance.now() - started) / 1000, cpuSeconds: cpuSeconds(child.pid) };
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  } finally {
    const exited = new Promise((resolve) => child.once("exit", resolve));
    child.kill("SIGTERM");
    await exited;
  }
}

const results = [];
for (let round = 0; round < rounds; round++) {
  for (const engine of ["pglite", "postgres"]) {
    const result = await startOnce(engine);
    results.push(result);
    console.log(`${engine.padEnd(8)} up in ${result.wallSeconds.toFixed(1)} s, ${result.cpuSeconds.toFixed(1)} s CPU (load ${os.loadavg()[0].toFixed(1)})`);
  }
}
for (const engine of ["pglite", "postgres"]) {
  const mine = results.filter((result) => result.engine === engine);
  const mean = (key) => (mine.reduce((sum, result) => sum + result[key], 0) / mine.length).toFixed(1);
  console.log(`${engine}: mean ${mean("wallSeconds")} s wall, ${mean("cpuSeconds")} s CPU over ${mine.length} starts`);
}
