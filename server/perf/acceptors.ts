import { spawn } from "node:child_process";
import type http from "node:http";
import net from "node:net";
import type { Logger } from "pino";

/** Accept queue of the listening socket: a burst of connections waits in the kernel instead of being dropped. */
export const LISTEN_BACKLOG = 4096;

/** Handles on the listening socket, the server's own included: each accepts one connection per turn of the event loop. */
const ACCEPTOR_COUNT = 64;

// The child only hands each raw listening handle straight back (and closes
// its own copy once sent); a new descriptor is made for it on each way
// (SCM_RIGHTS), which is the point. A raw handle, not a net.Server: Node
// would make the child listen on a server, and the child would then take
// connections that nobody answers.
const RELAY = 'process.on("message",(m,h)=>{process.send(m,h,()=>{h.close();if(m==="last")process.exit(0);});});';

/**
 * Since libuv 1.45 (Node 20) a listening handle accepts ONE connection per
 * turn of the event loop (libuv PR #3696). Under load a turn lasts tens of
 * milliseconds, so 500 connections opened at once were accepted over
 * seconds: their requests waited while kept-alive connections were answered
 * again and again (ADR 031). More handles on the same socket accept more per
 * turn. Node cannot dup() a descriptor, but a handle passed over an IPC
 * channel arrives as a new descriptor for the same socket, so a short-lived
 * child process passes the listening socket back to us `count - 1` times.
 *
 * Resolves with the handles added (close them with the server); none (and a
 * warning) when the child could not run: the server still works with its one.
 */
export function addAcceptors(server: http.Server, logger: Logger, count = ACCEPTOR_COUNT): Promise<net.Server[]> {
  const extra = count - 1;
  if (extra <= 0) return Promise.resolve([]);
  return new Promise((resolve) => {
    const acceptors: net.Server[] = [];
    let settled = false;
    const finish = (error?: unknown) => {
      if (settled) return;
      settled = true;
      if (error) logger.warn({ err: error, added: acceptors.length }, "extra acceptors not added: one handle accepts connections");
      resolve(acceptors);
    };
    const child = spawn(process.execPath, ["-e", RELAY], {
      stdio: ["ignore", "ignore", "ignore", "ipc"],
      env: { PATH: process.env.PATH },
    });
    child.on("error", finish);
    let received = 0;
    const timer = setTimeout(() => {
      child.kill();
      finish(new Error("the relay did not answer"));
    }, 10_000);
    timer.unref();
    // "close", not "exit": every message the child sent has been read by then.
    child.on("close", () => {
      clearTimeout(timer);
      if (received < extra) finish(new Error("the relay exited early"));
    });
    child.on("message", (_message, handle) => {
      if (!handle) return;
      received++;
      const acceptor = new net.Server();
      acceptor.on("connection", (socket) => server.emit("connection", socket));
      acceptor.on("error", (error) => logger.error({ err: error }, "extra acceptor failed"));
      acceptor.listen(handle as net.Server, LISTEN_BACKLOG, () => {
        // One that comes after the answer (the relay was slow) would accept connections that no one
        // closes at shutdown: only the handles resolved with are ever listening.
        if (settled) return void acceptor.close();
        acceptors.push(acceptor);
        if (acceptors.length === extra) finish();
      });
    });
    // The raw handle (a libuv TCP handle), which Node passes on as it is.
    const rawHandle = (server as unknown as { _handle: net.Server })._handle;
    for (let index = 0; index < extra; index++) child.send(index === extra - 1 ? "last" : "more", rawHandle);
  });
}
