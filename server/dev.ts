import { createServer } from "vite";
import type * as Main from "./main";

// The server's entry is loaded through Vite like the routes it serves: one
// module graph, so the routes reach the services started there (ADR 052).
const vite = await createServer({ server: { middlewareMode: true } });
const { startServer } = (await vite.ssrLoadModule("/server/main.ts")) as typeof Main;
await startServer({ vite });
