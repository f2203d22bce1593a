import { pino, type Logger } from "pino";
import { services } from "~/server/services.server";

/** Sets the process's logger; called once at start by server/boot.ts. */
export function setLogger(logger: Logger): void {
  services.logger = logger;
}

/**
 * The process's pino logger. Before boot (unit tests, scripts) a quiet
 * default that still writes errors, so nothing is lost and `console.*` is never needed.
 */
export function getLogger(): Logger {
  services.logger ??= pino({ level: process.env.LOG_LEVEL ?? (process.env.VITEST ? "silent" : "info") });
  return services.logger;
}
