// Throughput of public pages against a static-file server (issue 14, ADR 003):
// autocannon (50 connections, 8 s, gzip accepted) against the production
// build, and against nginx (Debian's, one worker, gzip on) serving the very
// same HTML captured from the app, in the same run, for /, /packages/dubai and a
// filtered package list (issue 26: a cached filter URL; nginx serves its capture
// under a plain path).
// Prints req/s, p50 and p99 and the ratios; writes bench/results/throughput.json.
// Traffic goes to 127.0.0.1 only.
//
//   npm run build && node bench/throughput.mjs     (BENCH_PORT, default 3150; nginx on BENCH_PORT + 1)
//   BENCH_UNCACHED=1 ...   also measures the app with its page cache off (PAGE_CACHE_MB=0)
//   BENCH_DURATION=8 BENCH_CONNECTIONS=50 ...
//
// The goal: at least 0.5x nginx, and p99 at most 200 ms, on both pages.
import { spawn, spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import autocannon from "autocannon";
import { startBenchServer } from "./lib/server.mjs";

// A filter URL in its normalised order (region, month, budget, duration, category, sort).
const FILTERED = "/packages?region=international&budget=50000-100000";
const PAGES = ["/", "/packages/dubai", FILTERED];

/** Where nginx serves a page's capture: the path itself, or a plain name for a query. */
const staticPath = (page) => (page.includes("?") ? `/${page.slice(1).replace(/[?&=]/g, "_")}` : page);
const DURATION = Number(process.env.BENCH_DURATION ?? 8);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);
const APP_PORT = Number(process.env.BENCH_PORT ?? 3150);
const NGINX_PORT = APP_PORT + 1;
const GOAL = { ratio: 0.5, p99Ms: 200 };

/** Issue 14's figures, before the page cache (same machine, same method). */
const ORIGINAL = {
  "/": { app: { rps: 49, p99: 1415 }, nginx: { rps: 1060 } },
  "/packages/dubai": { app: { rps: 75, p99: 916 }, nginx: { rps: 1026 } },
};

const NGINX = ["/usr/sbin/nginx", "/usr/bin/nginx"].find((file) => fs.existsSync(file));
if (!NGINX) {
  console.error("nginx is not installed (Debian: apt-get install -y nginx)");
  process.exit(1);
}

/** CPU time a process has used, in ms (Linux /proc; null elsewhere). */
function cpuMs(pid) {
  try {
    const fields = fs.readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1].split(" ");
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100; // utime + stime, in 1/100 s
  } catch {
    return null;
  }
}

/**
 * Also the server's CPU time per request: unlike req/s it barely depends on
 * what else the machine runs, so it compares the servers on a busy machine too.
 */
async function measure(url, pid) {
  const cpuBefore = cpuMs(pid);
  const result = await autocannon({
    url,
    connections: CONNECTIONS,
    duration: DURATION,
    headers: { "accept-encoding": "gzip, deflate, br" },
  });
  return {
    rps: Math.round(result.requests.average),
    p50: result.latency.p50,
    p99: result.latency.p99,
    requests: result.requests.total,
    non2xx: result.non2xx,
    errors: result.errors + result.timeouts,
    cpuMsPerRequest: cpuBefore === null ? null : Number(((cpuMs(pid) - cpuBefore) / Math.max(1, result.requests.total)).toFixed(3)),
  };
}

/** Starts nginx (one worker, gzip on) serving `root`, where /x is x.html and / is index.html. */
async function startNginx(root) {
  const prefix = fs.mkdtempSync(path.join(os.tmpdir(), "pravas-nginx-"));
  const config = path.join(prefix, "nginx.conf");
  fs.writeFileSync(
    config,
    `worker_processes 1;
pid ${prefix}/nginx.pid;
error_log ${prefix}/error.log warn;
events { worker_connections 1024; }
http {
  include /etc/nginx/mime.types;
  access_log off;
  sendfile on;
  keepalive_requests 100000;
  gzip on;
  client_body_temp_path ${prefix}/body;
  proxy_temp_path ${prefix}/proxy;
  fastcgi_temp_path ${prefix}/fastcgi;
  uwsgi_temp_path ${prefix}/uwsgi;
  scgi_temp_path ${prefix}/scgi;
  server {
    listen 127.0.0.1:${NGINX_PORT};
    root ${root};
    location / { try_files $uri $uri.html $uri/index.html =404; }
  }
}
`,
  );
  const check = spawnSync(NGINX, ["-t", "-c", config, "-p", prefix], { encoding: "utf8" });
  if (check.status !== 0) throw new Error(`nginx config: ${check.stderr}`);
  const child = spawn(NGINX, ["-c", config, "-p", prefix, "-g", "daemon off;"], { stdio: "inherit" });
  const baseUrl = `http://127.0.0.1:${NGINX_PORT}`;
  for (let tries = 0; tries < 50; tries++) {
    try {
      if ((await fetch(`${baseUrl}/`)).ok) break;
    } catch {
      // not up yet
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  // The one worker process does the serving.
  const workerPid = Number(fs.readFileSync(`/proc/${child.pid}/task/${child.pid}/children`, "utf8").trim().split(/\s+/)[0]);
  const stop = () =>
    new Promise((resolve) => {
      if (child.exitCode !== null) return resolve(undefined);
      child.once("exit", () => {
        fs.rmSync(prefix, { recursive: true, force: true });
        resolve(undefined);
      });
      child.kill("SIGQUIT");
    });
  return { baseUrl, stop, workerPid };
}

/** The HTML the app serves for each page, written where nginx serves it under the same path. */
async function capturePages(baseUrl) {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), "pravas-pages-"));
  fs.chmodSync(root, 0o755); // nginx's workers run as an unprivileged user
  for (const page of PAGES) {
    const response = await fetch(`${baseUrl}${page}`);
    if (!response.ok) throw new Error(`${page}: ${response.status}`);
    const file = page === "/" ? path.join(root, "index.html") : path.join(root, `${staticPath(page).slice(1)}.html`);
    fs.mkdirSync(path.dirname(file), { recursive: true, mode: 0o755 });
    fs.writeFileSync(file, await response.text(), { mode: 0o644 });
  }
  return root;
}

async function measureApp(label, extraEnv) {
  const server = await startBenchServer(APP_PORT, extraEnv);
  try {
    const root = await capturePages(server.baseUrl);
    const rows = {};
    for (const page of PAGES) {
      await warm(`${server.baseUrl}${page}`);
      rows[page] = await measure(`${server.baseUrl}${page}`, server.pid);
      console.log(
        `${label.padEnd(8)} ${page.padEnd(16)} ${rows[page].rps} req/s, p50 ${rows[page].p50} ms, p99 ${rows[page].p99} ms, ${rows[page].cpuMsPerRequest} ms CPU/request`,
      );
    }
    return { rows, root };
  } finally {
    await server.stop();
  }
}

// A short warm-up run before each measured one: the first requests fill the cache and JIT.
async function warm(url) {
  await autocannon({ url, connections: 10, duration: 1, headers: { "accept-encoding": "gzip" } });
}

const started = new Date();
const app = await measureApp("app", {});
const uncached = process.env.BENCH_UNCACHED ? (await measureApp("uncached", { PAGE_CACHE_MB: "0" })).rows : null;

const nginx = await startNginx(app.root);
const nginxRows = {};
try {
  for (const page of PAGES) {
    const check = await fetch(`${nginx.baseUrl}${staticPath(page)}`, { headers: { "accept-encoding": "gzip" } });
    if (!check.ok || check.headers.get("content-encoding") !== "gzip")
      throw new Error(`nginx ${page}: ${check.status} ${check.headers.get("content-encoding")}`);
    await warm(`${nginx.baseUrl}${staticPath(page)}`);
    nginxRows[page] = await measure(`${nginx.baseUrl}${staticPath(page)}`, nginx.workerPid);
    console.log(
      `${"nginx".padEnd(8)} ${page.padEnd(16)} ${nginxRows[page].rps} req/s, p50 ${nginxRows[page].p50} ms, p99 ${nginxRows[page].p99} ms, ${nginxRows[page].cpuMsPerRequest} ms CPU/request`,
    );
  }
} finally {
  await nginx.stop();
  fs.rmSync(app.root, { recursive: true, force: true });
}

const results = PAGES.map((page) => {
  const ratio = Number((app.rows[page].rps / nginxRows[page].rps).toFixed(2));
  return {
    page,
    app: app.rows[page],
    nginx: nginxRows[page],
    ratio,
    ...(uncached ? { uncached: uncached[page] } : {}),
    original: ORIGINAL[page] ? { ...ORIGINAL[page], ratio: Number((ORIGINAL[page].app.rps / ORIGINAL[page].nginx.rps).toFixed(2)) } : null,
    meetsGoal: ratio >= GOAL.ratio && app.rows[page].p99 <= GOAL.p99Ms && app.rows[page].non2xx === 0 && app.rows[page].errors === 0,
  };
});

console.log(
  `\n${CONNECTIONS} connections, ${DURATION} s each; load average ${os
    .loadavg()
    .map((n) => n.toFixed(1))
    .join(" ")} on ${os.cpus().length} CPUs (a busy machine lowers every figure)`,
);
console.log("| page | app req/s | nginx req/s | ratio | app p50 | app p99 | nginx p99 | CPU ms/request app, nginx | original (req/s, ratio, p99) | goal |");
console.log("|---|---|---|---|---|---|---|---|---|---|");
for (const row of results) {
  console.log(
    `| ${row.page} | ${row.app.rps} | ${row.nginx.rps} | ${row.ratio} | ${row.app.p50} ms | ${row.app.p99} ms | ${row.nginx.p99} ms | ${row.app.cpuMsPerRequest}, ${row.nginx.cpuMsPerRequest} | ` +
      `${row.original ? `${row.original.app.rps} vs ${row.original.nginx.rps}, ${row.original.ratio}, ${row.original.app.p99} ms` : "(new)"} | ${row.meetsGoal ? "met" : "NOT met"} |`,
  );
  if (row.uncached)
    console.log(
      `|   cache off | ${row.uncached.rps} | | ${(row.uncached.rps / row.nginx.rps).toFixed(2)} | ${row.uncached.p50} ms | ${row.uncached.p99} ms | | ${row.uncached.cpuMsPerRequest} | | |`,
    );
}

fs.mkdirSync("bench/results", { recursive: true });
fs.writeFileSync(
  "bench/results/throughput.json",
  `${JSON.stringify({ date: started.toISOString(), connections: CONNECTIONS, durationSeconds: DURATION, loadAverage: os.loadavg(), cpus: os.cpus().length, goal: GOAL, results }, null, 2)}\n`,
);
console.log("wrote bench/results/throughput.json");
process.exit(results.every((row) => row.meetsGoal) ? 0 : 1);
