import { pino, type Logger } from "pino";

// One logger per process, kept on globalThis: the Express entry (server/) and the
// React Router build are separate bundles, and both must log through it.
const globalForLogger = globalThis as typeof globalThis & { __pravasLogger?: Logger };

/** Sets the process's logger; called once at start by server/boot.ts. */
export function setLogger(logger: Logger): void {
  globalForLogger.__pravasLogger = logger;
}

/**
 * The process's pino logger. Before boot (unit tests, scripts) a quiet
 * default that still writes errors, so nothing is lost and `console.*` is never needed.
 */
export function getLogger(): Logger {
  globalForLogger.__pravasLogger ??= pino({ level: process.env.LOG_LEVEL ?? (process.env.VITEST ? "silent" : "info") });
  return globalForLogger.__pravasLogger;
}
