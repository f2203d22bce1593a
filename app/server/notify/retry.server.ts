// Small helpers for the outbox worker's retries.

/** The wait after `attempts` failed tries: exponential, capped, with jitter so retries spread out. */
export function backoffDelay(attempts: number, baseMs: number, maxMs: number, random = Math.random): number {
  const exponential = baseMs * 2 ** Math.min(30, Math.max(0, attempts - 1));
  return Math.round(Math.min(maxMs, exponential * (0.9 + 0.2 * random())));
}

/** Rejects after `ms`; the underlying work is not cancelled. */
export function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`timed out after ${ms} ms`)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

/** An error as one line for `last_error`, with the SMTP reply code when there is one. */
export function errorText(error: unknown): string {
  if (error instanceof Error) {
    const code = (error as { responseCode?: number; code?: string }).responseCode ?? (error as { code?: string }).code;
    return code ? `${code}: ${error.message}` : error.message;
  }
  return String(error);
}

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
