// A closed-loop HTTP load of `connections` kept-alive connections, each sending
// its next GET as soon as the previous answer has been read, for `duration`
// seconds. Node's own HTTP client (llhttp) reads the bodies and drops them.
//
// Why not autocannon for large answers: autocannon 8 appends every body chunk
// to a string (`req.body += data`, lib/pipelinedRequestsQueue.js), so each
// 160 KiB answer costs the client a UTF-8 decode and a copy; with 20
// connections the client, not the server, sets the latency (bench/brochure.mjs
// prints both on a bare server to show it).
import http from "node:http";

/** Percentile of sorted milliseconds (nearest rank). */
function percentile(sorted, q) {
  if (sorted.length === 0) return null;
  return sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)];
}

const round = (value) => (value === null ? null : Math.round(value * 100) / 100);

/**
 * @param {{ url: string, connections?: number, duration?: number, headers?: Record<string, string> }} options
 * @returns {Promise<{ requests: number, rps: number, p50Ms: number, p90Ms: number, p99Ms: number, maxMs: number, httpErrors: number, errors: number, bytes: number }>}
 */
export async function closedLoopLoad({ url, connections = 20, duration = 8, headers = {} }) {
  const target = new URL(url);
  const latencies = [];
  let httpErrors = 0;
  let errors = 0;
  let bytes = 0;
  const started = performance.now();
  const end = started + duration * 1000;

  const one = (agent) =>
    new Promise((resolve) => {
      const start = performance.now();
      const request = http.get(target, { agent, headers }, (response) => {
        if (response.statusCode < 200 || response.statusCode >= 400) httpErrors++;
        response.on("data", (chunk) => {
          bytes += chunk.length;
        });
        response.on("end", () => {
          latencies.push(performance.now() - start);
          resolve();
        });
        response.on("error", () => {
          errors++;
          resolve();
        });
      });
      request.on("error", () => {
        errors++;
        resolve();
      });
    });

  await Promise.all(
    Array.from({ length: connections }, async () => {
      const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
      while (performance.now() < end) await one(agent);
      agent.destroy();
    }),
  );
  const elapsed = (performance.now() - started) / 1000;
  latencies.sort((a, b) => a - b);
  return {
    requests: latencies.length,
    rps: Math.round(latencies.length / elapsed),
    p50Ms: round(percentile(latencies, 0.5)),
    p90Ms: round(percentile(latencies, 0.9)),
    p99Ms: round(percentile(latencies, 0.99)),
    maxMs: round(latencies[latencies.length - 1] ?? null),
    httpErrors,
    errors,
    bytes,
  };
}
