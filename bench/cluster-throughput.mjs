// Throughput through nginx with two app servers against one (issue 25 §5/"Done when",
// ADR 061): the cluster of the cluster test (tests/cluster/cluster.ts: PostgreSQL,
// an S3 bucket, two production servers, nginx round-robin), measured with
// autocannon through nginx; then nginx with only server A behind it, same pages.
// Two addresses: a public page (served from each server's page cache) and the
// JSON API for the same package (a database read on every request).
// Prints req/s, p50 and p99 and writes bench/results/cluster-throughput.json.
//
//   npm run build && TEST_DATABASE_URL=postgres://… npm run bench:cluster
//   BENCH_DURATION=8 BENCH_CONNECTIONS=50 CLUSTER_PORT=3420 (nginx; +1, +2 the servers, +3 the one-server nginx)
//
// On a 2-core machine the two servers share the same two cores (and nginx,
// PostgreSQL and autocannon run there too): the ratio says what a second
// process gains on one machine, not what a second machine would.
import fs from "node:fs";
import os from "node:os";
import autocannon from "autocannon";
import { startCluster, startNginx } from "../tests/cluster/cluster.ts";

const DURATION = Number(process.env.BENCH_DURATION ?? 8);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);
const PAGES = ["/packages/dubai", "/api/packages/dubai"];

/** CPU time a process has used, in ms (Linux /proc; null elsewhere). */
function cpuMs(pid) {
  try {
    const fields = fs.readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1].split(" ");
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100;
  } catch {
    return null;
  }
}

async function measure(url, pids) {
  await autocannon({ url, connections: 10, duration: 1, headers: { "accept-encoding": "gzip" } });
  const before = pids.map(cpuMs);
  const result = await autocannon({ url, connections: CONNECTIONS, duration: DURATION, headers: { "accept-encoding": "gzip, deflate, br" } });
  const after = pids.map(cpuMs);
  return {
    rps: Math.round(result.requests.average),
    p50: result.latency.p50,
    p99: result.latency.p99,
    non2xx: result.non2xx,
    errors: result.errors,
    requests: result.requests.total,
    appCpuMsPerRequest: Number((after.reduce((sum, ms, n) => sum + (ms - before[n]), 0) / Math.max(1, result.requests.total)).toFixed(2)),
  };
}

const started = new Date();
// Every request comes from 127.0.0.1: no page-render cap for the bench.
const cluster = await startCluster({ env: { PAGE_RENDER_LIMIT: "0", LOG_LEVEL: "warn" } });
const rows = [];
try {
  const one = await startNginx(Number(process.env.CLUSTER_PORT ?? 3420) + 3, [cluster.A]);
  try {
    for (const page of PAGES) {
      const two = await measure(
        `${cluster.nginxURL}${page}`,
        cluster.servers.map((server) => server.process.pid),
      );
      const single = await measure(`${one.url}${page}`, [cluster.A.process.pid]);
      const ratio = Number((two.rps / single.rps).toFixed(2));
      rows.push({ page, twoServers: two, oneServer: single, ratio });
      console.log(
        `${page.padEnd(20)} two servers ${two.rps} req/s (p50 ${two.p50} ms, p99 ${two.p99} ms), one ${single.rps} req/s (p50 ${single.p50} ms, p99 ${single.p99} ms): ×${ratio}`,
      );
    }
  } finally {
    await one.stop();
  }
} finally {
  await cluster.close();
}

const load = os.loadavg().map((n) => Number(n.toFixed(1)));
console.log(`\n${CONNECTIONS} connections, ${DURATION} s each, through nginx; load average ${load.join(" ")} on ${os.cpus().length} CPUs`);
console.log("| page | two servers req/s | p99 | one server req/s | p99 | ratio |");
console.log("|---|---|---|---|---|---|");
for (const row of rows)
  console.log(`| ${row.page} | ${row.twoServers.rps} | ${row.twoServers.p99} ms | ${row.oneServer.rps} | ${row.oneServer.p99} ms | ×${row.ratio} |`);

fs.mkdirSync("bench/results", { recursive: true });
fs.writeFileSync(
  "bench/results/cluster-throughput.json",
  `${JSON.stringify({ date: started.toISOString(), connections: CONNECTIONS, durationSeconds: DURATION, cpus: os.cpus().length, loadAverage: load, results: rows }, null, 2)}\n`,
);
console.log("wrote bench/results/cluster-throughput.json");
