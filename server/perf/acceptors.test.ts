import http from "node:http";
import net from "node:net";
import type { AddressInfo } from "node:net";
import pino from "pino";
import { afterEach, describe, expect, it } from "vitest";
import { addAcceptors, LISTEN_BACKLOG } from "./acceptors";

const logger = pino({ level: "silent" });
const cleanups: (() => void)[] = [];
afterEach(() => {
  for (const cleanup of cleanups.splice(0)) cleanup();
});

function listen(server: http.Server): Promise<number> {
  return new Promise((resolve) =>
    server.listen({ port: 0, host: "127.0.0.1", backlog: LISTEN_BACKLOG }, () => resolve((server.address() as AddressInfo).port)),
  );
}

/**
 * Opens `count` connections while the event loop is blocked, so all of them
 * wait in the kernel's accept queue, then counts how many the server accepts
 * in the first turn of the loop after the block.
 */
async function acceptedInFirstTurn(server: http.Server, port: number, count: number): Promise<number> {
  let turn = 0;
  let ticking = true;
  const tick = () => {
    turn++;
    if (ticking) setImmediate(tick);
  };
  const turns: number[] = [];
  server.on("connection", () => turns.push(turn));
  const sockets = Array.from({ length: count }, () => net.connect(port, "127.0.0.1"));
  cleanups.push(() => sockets.forEach((socket) => socket.destroy()));
  // The kernel completes the handshakes while this thread is busy.
  const until = Date.now() + 150;
  while (Date.now() < until);
  tick();
  while (turns.length < count) await new Promise((resolve) => setTimeout(resolve, 5));
  ticking = false;
  return turns.filter((value) => value === turns[0]).length;
}

describe("addAcceptors", () => {
  it("accepts a burst of connections several per turn of the event loop, not one", async () => {
    const server = http.createServer((_req, res) => res.end("ok"));
    cleanups.push(() => server.close());
    const port = await listen(server);
    expect(await addAcceptors(server, logger, 8)).toHaveLength(7);

    expect(await acceptedInFirstTurn(server, port, 40)).toBeGreaterThanOrEqual(6);
  });

  it("with the server's one handle, libuv accepts one connection per turn (why this exists)", async () => {
    const server = http.createServer((_req, res) => res.end("ok"));
    cleanups.push(() => server.close());
    const port = await listen(server);

    expect(await acceptedInFirstTurn(server, port, 40)).toBe(1);
  });

  it("answers requests on connections the extra handles accepted", async () => {
    const server = http.createServer((_req, res) => res.end("ok"));
    cleanups.push(() => server.close());
    const port = await listen(server);
    await addAcceptors(server, logger, 4);

    const agent = new http.Agent({ keepAlive: false });
    cleanups.push(() => agent.destroy());
    const bodies = await Promise.all(
      Array.from(
        { length: 30 },
        () =>
          new Promise<string>((resolve, reject) => {
            http
              .get({ port, host: "127.0.0.1", agent }, (res) => {
                let body = "";
                res.on("data", (chunk) => (body += chunk));
                res.on("end", () => resolve(body));
              })
              .on("error", reject);
          }),
      ),
    );
    expect(bodies).toEqual(Array(30).fill("ok"));
  });
});
