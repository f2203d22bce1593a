import fs from "node:fs";
import net from "node:net";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import { privateServerPort } from "../../playwright.config";
import { expect, test } from "./fixtures";
import { startPrivateServer } from "./private-server";

// Issue 25 §4: stopping and starting cleanly, so a rolling restart behind a load balancer loses nothing.

test("ready says whether the server can take traffic, and nothing more", async ({ request }) => {
  const response = await request.get("/api/health/ready");
  expect(response.status()).toBe(200);
  expect(response.headers()["cache-control"]).toBe("no-store");
  expect(await response.json()).toEqual({ status: "ready" });
  expect((await request.post("/api/health/ready")).status()).toBe(405);
});

/**
 * Starts a request and sends the first half of its body; resolves once the server is answering it (it has
 * read the head and said "100 Continue", so the request is under way), with how to send the rest and read
 * the final answer.
 */
async function startSlowPost(port: number, path: string, body: string) {
  const socket = net.connect(port, "127.0.0.1");
  let answer = "";
  socket.setEncoding("utf8");
  const continued = new Promise<void>((resolve) =>
    socket.on("data", (chunk: string) => {
      answer += chunk;
      if (answer.startsWith("HTTP/1.1 100 Continue\r\n\r\n")) resolve();
    }),
  );
  const ended = new Promise<void>((resolve) => socket.on("close", () => resolve()));
  const half = Math.floor(body.length / 2);
  socket.write(
    `POST ${path} HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nContent-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\nExpect: 100-continue\r\n\r\n`,
  );
  await continued;
  socket.write(body.slice(0, half));
  return {
    finish: async () => {
      socket.end(body.slice(half));
      await ended;
      return answer.replace("HTTP/1.1 100 Continue\r\n\r\n", "");
    },
  };
}

test("on SIGTERM the requests under way finish, new connections are refused, and it exits 0 with the database free", async () => {
  test.slow();
  const port = privateServerPort;
  // On PGlite: what is checked at the end is that its data directory's lock was released.
  const first = await startPrivateServer(port, {}, { engine: "pglite" });
  try {
    const inFlight = await startSlowPost(port, "/api/leads", JSON.stringify({ name: "Meera Iyer", phone: "+91 98450 11223" }));
    const exited = new Promise<number | null>((resolve) => first.process.once("exit", (code) => resolve(code)));
    first.process.kill("SIGTERM");
    // Logged once every listening handle is closed: at once, or, on a machine too busy to have added its
    // extra acceptors yet, when they have been (at most 10 s after the start).
    await expect.poll(() => first.log(), { timeout: 20_000 }).toContain("no new connections");

    // A new connection is refused: a load balancer tries another server. (A raw connect: fetch would reuse
    // the kept-alive connection its health checks left open, and that is not a new one.)
    const connecting = new Promise<void>((resolve, reject) => {
      const socket = net.connect(port, "127.0.0.1");
      socket.once("connect", () => {
        socket.destroy();
        resolve();
      });
      socket.once("error", reject);
    });
    await expect(connecting).rejects.toThrow(/ECONNREFUSED/);

    // The request that had started is answered in full.
    const answer = await inFlight.finish();
    expect(answer).toMatch(/^HTTP\/1\.1 201/);
    expect(answer).toContain("Thank you! We will call you back soon.");

    expect(await exited).toBe(0);
    expect(first.log()).toContain('"msg":"stopped"');

    // PGlite's lock was released (its file is gone: a new server takes it at once) and the database was
    // closed cleanly: the data directory opens again, as a new server's start opens it (db.server.ts), and
    // holds the lead of the request that was under way. Opened here rather than by a second server, whose
    // start would cost as much as the first's.
    const pgliteDir = path.join(first.dataDir, "pglite");
    expect(fs.existsSync(`${pgliteDir}.lock`)).toBe(false);
    const reopened = await PGlite.create(pgliteDir, { extensions: { pg_trgm } });
    try {
      const { rows } = await reopened.query<{ name: string }>("select name from leads where phone = $1", ["+91 98450 11223"]);
      expect(rows).toEqual([{ name: "Meera Iyer" }]);
    } finally {
      await reopened.close();
    }
  } finally {
    await first.stop();
  }
});
