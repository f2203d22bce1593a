import type http from "node:http";
import net from "node:net";
import type { Logger } from "pino";

/** How long requests under way may take after SIGTERM before their connections are cut. */
export const DRAIN_MS = 10_000;

/**
 * While stopping, an idle kept-alive connection is closed only once it has
 * been idle this long: longer than a load balancer keeps an idle upstream
 * connection (deploy/nginx.conf: `keepalive_timeout 4s`). By then the
 * balancer has closed it itself, so it cannot have written a request onto it
 * that the close would cut (issue 49: nginx does not retry a POST it sent).
 */
export const BALANCER_IDLE_MS = 5_000;

type Connection = { busy: number; idleSince: number; responses: Set<http.ServerResponse> };

export type DrainOptions = {
  drainMs?: number;
  balancerIdleMs?: number;
  sweepMs?: number;
  /** Runs once no handle accepts connections any more (the stop is logged then). */
  closed?: () => void;
};

/**
 * Keeps track of every connection of `server` (and of its extra acceptors,
 * which hand theirs to it): how many requests it has under way and since
 * when it is idle. Call it when the server starts; `stop` drains it.
 */
export function drainable(server: http.Server) {
  const connections = new Map<net.Socket, Connection>();
  let draining = false;

  server.on("connection", (socket: net.Socket) => {
    connections.set(socket, { busy: 0, idleSince: Date.now(), responses: new Set() });
    socket.once("close", () => connections.delete(socket));
  });
  server.on("request", (req: http.IncomingMessage, res: http.ServerResponse) => {
    const connection = connections.get(req.socket);
    // A request that arrives while stopping is answered, and its connection closed after it.
    if (draining) closeAfter(res);
    if (!connection) return;
    connection.busy++;
    connection.responses.add(res);
    let done = false;
    const finish = () => {
      if (done) return;
      done = true;
      connection.busy--;
      connection.responses.delete(res);
      connection.idleSince = Date.now();
    };
    res.once("finish", finish);
    res.once("close", finish);
  });

  return {
    /** How many connections are open (tests). */
    get open() {
      return connections.size;
    },
    /**
     * Stops accepting connections (the server and every acceptor handle),
     * answers what comes on the open ones with `Connection: close`, closes an
     * idle one only once it has been idle for `balancerIdleMs`, and after
     * `drainMs` cuts whatever is left.
     */
    async stop(acceptors: net.Server[], logger: Logger, options: DrainOptions = {}): Promise<void> {
      const { drainMs = DRAIN_MS, balancerIdleMs = BALANCER_IDLE_MS, sweepMs = 100 } = options;
      draining = true;
      for (const connection of connections.values()) for (const res of connection.responses) closeAfter(res);
      // net.Server's close, not http.Server's: since Node 19 that one also closes every idle
      // kept-alive connection at once, under a request a balancer may have just written.
      const handles = [server, ...acceptors];
      const allClosed = Promise.all(handles.map((handle) => new Promise<void>((resolve) => net.Server.prototype.close.call(handle, () => resolve()))));
      options.closed?.();
      const sweep = setInterval(() => {
        const now = Date.now();
        for (const [socket, connection] of connections) {
          if (connection.busy === 0 && now - connection.idleSince >= balancerIdleMs) socket.destroy();
        }
      }, sweepMs);
      const deadline = setTimeout(() => {
        logger.warn({ afterMs: drainMs }, "requests still under way: closing their connections");
        for (const socket of connections.keys()) socket.destroy();
      }, drainMs);
      await allClosed;
      clearInterval(sweep);
      clearTimeout(deadline);
    },
  };
}

/** The answer says `Connection: close` (a balancer then never reuses the connection) unless its head is already sent. */
function closeAfter(res: http.ServerResponse) {
  if (!res.headersSent) res.setHeader("Connection", "close");
}
