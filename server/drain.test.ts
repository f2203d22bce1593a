import http from "node:http";
import net from "node:net";
import pino from "pino";
import { Worker } from "node:worker_threads";
import { afterEach, describe, expect, it } from "vitest";
import { drainable } from "./drain";

const logger = pino({ level: "silent" });

/** A server that answers every request 201 with what it was sent, after `delayMs` when the path says /slow. */
async function startServer() {
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", () => {
      const text = `stored ${req.method} ${Buffer.concat(chunks).toString()}`;
      const answer = () => res.writeHead(201, { "content-type": "text/plain", "content-length": Buffer.byteLength(text) }).end(text);
      if (req.url === "/slow") setTimeout(answer, 300);
      else answer();
    });
  });
  server.keepAliveTimeout = 65_000;
  const connections = drainable(server);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return { server, connections, port: (server.address() as net.AddressInfo).port };
}

/** A kept-alive connection written to by hand, as a load balancer's upstream connection. */
function keptAlive(port: number) {
  const socket = net.connect(port, "127.0.0.1");
  let received = "";
  let closed = false;
  socket.setEncoding("utf8");
  socket.on("data", (chunk: string) => (received += chunk));
  socket.on("error", () => {});
  socket.on("close", () => (closed = true));
  const opened = new Promise<void>((resolve) => socket.once("connect", () => resolve()));
  return {
    opened,
    get closed() {
      return closed;
    },
    /** Writes a request and resolves with its whole answer, or with what came before the connection ended. */
    async send(method: string, path: string, body = "") {
      const before = received.length;
      if (closed) return "(connection already closed)";
      socket.write(`${method} ${path} HTTP/1.1\r\nHost: upstream\r\nContent-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`);
      for (let waited = 0; waited < 5_000; waited += 10) {
        const answer = received.slice(before);
        if (answer.endsWith(`\r\n\r\nstored ${method} ${body}`)) return answer;
        if (closed) return answer || "(connection closed without an answer)";
        await sleep(10);
      }
      return received.slice(before) || "(no answer in 5 s)";
    },
    destroy: () => socket.destroy(),
  };
}
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
/** The client sees the server's close a moment after the server made it. */
async function closedSoon(upstream: { closed: boolean }) {
  for (let waited = 0; waited < 1_000 && !upstream.closed; waited += 10) await sleep(10);
  return upstream.closed;
}

let cleanup: (() => void)[] = [];
afterEach(() => {
  for (const step of cleanup) step();
  cleanup = [];
});

/** A server and an open kept-alive connection to it, both closed after the test. */
async function serverWithUpstream() {
  const { server, connections, port } = await startServer();
  const upstream = keptAlive(port);
  cleanup.push(upstream.destroy, () => server.closeAllConnections());
  await upstream.opened;
  return { connections, port, upstream };
}

describe("stopping: no request written to an open connection is lost (issue 49)", () => {
  it("a POST sent on an idle kept-alive connection after the stop began is answered, with Connection: close", async () => {
    const { connections, upstream } = await serverWithUpstream();
    expect(await upstream.send("GET", "/")).toMatch(/^HTTP\/1\.1 201[\s\S]*Connection: keep-alive/i);

    const stopped = connections.stop([], logger, { balancerIdleMs: 2_000 });
    // The balancer picked the idle connection just as the server began to stop.
    await sleep(150);
    const posted = await upstream.send("POST", "/api/leads", '{"name":"Meera"}');
    expect(posted).toMatch(/^HTTP\/1\.1 201/);
    expect(posted).toMatch(/Connection: close/i);
    expect(posted).toContain('stored POST {"name":"Meera"}');
    // The answer said close: the server ends the connection, and the stop completes.
    await stopped;
    expect(await closedSoon(upstream)).toBe(true);
  });

  it("new connections are refused at once; an idle connection is closed only once idle longer than a balancer keeps it", async () => {
    const { connections, port, upstream } = await serverWithUpstream();
    await upstream.send("GET", "/");
    const started = Date.now();
    const stopped = connections.stop([], logger, { balancerIdleMs: 600, sweepMs: 20 });
    await expect(new Promise((resolve, reject) => net.connect(port, "127.0.0.1").once("connect", resolve).once("error", reject))).rejects.toThrow(
      /ECONNREFUSED/,
    );
    await sleep(300);
    expect(upstream.closed).toBe(false);
    await stopped;
    expect(await closedSoon(upstream)).toBe(true);
    expect(Date.now() - started).toBeGreaterThanOrEqual(550);
    expect(connections.open).toBe(0);
  });

  it("a request under way when the stop began is answered in full, with Connection: close", async () => {
    const { connections, upstream } = await serverWithUpstream();
    const slow = upstream.send("POST", "/slow", "late");
    await sleep(100);
    const stopped = connections.stop([], logger, { balancerIdleMs: 5_000 });
    const posted = await slow;
    expect(posted).toMatch(/^HTTP\/1\.1 201[\s\S]*Connection: close[\s\S]*stored POST late$/i);
    await stopped;
  });

  it("after the drain time, whatever is left is cut", async () => {
    const { connections, upstream } = await serverWithUpstream();
    await upstream.send("GET", "/");
    const started = Date.now();
    await connections.stop([], logger, { balancerIdleMs: 60_000, drainMs: 400 });
    expect(Date.now() - started).toBeLessThan(2_000);
    expect(await closedSoon(upstream)).toBe(true);
  });
});

describe("what the drain cannot save: the accept queue (ADR 093)", () => {
  it("a connection the kernel accepted while the event loop was busy is reset when the listener closes, its POST never read", async () => {
    // The server in a thread of its own, so that its event loop can be busy while this one connects and writes.
    const worker = new Worker(
      `const http = require("node:http"); const net = require("node:net"); const { parentPort } = require("node:worker_threads");
      let seen = 0;
      const server = http.createServer((req, res) => { seen++; req.resume(); req.on("end", () => res.end("stored")); });
      server.listen(0, "127.0.0.1", () => parentPort.postMessage({ port: server.address().port }));
      parentPort.on("message", ({ busyMs }) => {
        const until = Date.now() + busyMs;
        while (Date.now() < until);
        // What drain.ts's stop does first: net.Server's close.
        net.Server.prototype.close.call(server, () => parentPort.postMessage({ seen }));
      });`,
      { eval: true },
    );
    cleanup.push(() => void worker.terminate());
    const port = await new Promise<number>((resolve) => worker.once("message", (message: { port: number }) => resolve(message.port)));
    const seen = new Promise<number>((resolve) => worker.on("message", (message: { seen?: number }) => message.seen !== undefined && resolve(message.seen)));
    worker.postMessage({ busyMs: 600 });
    await sleep(100);
    const outcomes = await Promise.all(
      Array.from(
        { length: 5 },
        () =>
          new Promise<string>((resolve) => {
            const socket = net.connect(port, "127.0.0.1", () => socket.write("POST /api/enquiries HTTP/1.1\r\nHost: upstream\r\nContent-Length: 2\r\n\r\n{}"));
            let received = "";
            socket.on("data", (chunk: Buffer) => (received += chunk.toString()));
            socket.on("error", (error: NodeJS.ErrnoException) => resolve(error.code ?? error.message));
            socket.on("close", () => resolve(received || "closed without an answer"));
          }),
      ),
    );
    // Each written POST is reset and was never read by the app: only the balancer's retry on
    // the other server (with the same X-Request-Id, stored once) keeps it.
    expect(outcomes).toEqual(Array(5).fill("ECONNRESET"));
    expect(await seen).toBe(0);
  });
});
