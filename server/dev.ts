import { createServer } from "vite";

// The server's entry is loaded through Vite like the routes it serves: one
// module graph, so the database and the other services opened at start are
// the ones the routes reach (ADR 052).
const vite = await createServer({ server: { middlewareMode: true } });
const { startServer } = (await vite.ssrLoadModule("/server/main.ts")) as typeof import("./main");
await startServer({ vite });
