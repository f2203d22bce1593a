import type pg from "pg";
import { RateLimiterMemory, RateLimiterPostgres, type RateLimiterAbstract } from "rate-limiter-flexible";
import type { OpenDatabase } from "~/server/db/db.server";
import { services } from "~/server/services.server";

/**
 * Where the limits keep their counts (ADR 060): with DATABASE_URL in the
 * PostgreSQL that every server shares, so two servers do not give an attacker
 * twice the sign-in guesses or a spammer twice the form posts; with the
 * embedded database (one process by design) in this process's memory.
 */
export type LimitStore = { kind: "memory" } | { kind: "postgres"; pool: pg.Pool };

/** The store that goes with an open database: PostgreSQL's pool, or memory for PGlite. */
export function limitStoreFor(open: OpenDatabase | undefined): LimitStore {
  return open?.kind === "postgres" && open.pool ? { kind: "postgres", pool: open.pool } : { kind: "memory" };
}

/** The table of migration 0018: rate-limiter-flexible's own schema, so the app runs no DDL. */
const RATE_LIMITS_TABLE = "rate_limits";

type LimiterOptions = {
  /** Names the counter: keys are `${keyPrefix}:${key}`. */
  keyPrefix: string;
  /** How many may be consumed per key in a window. */
  points: number;
  /** The window, in seconds, from a key's first consumption (a fixed window). */
  duration: number;
};

/**
 * A fixed-window counter (rate-limiter-flexible): RateLimiterPostgres on the
 * shared database, one atomic upsert per consume; RateLimiterMemory otherwise.
 * On PostgreSQL a memory limiter of the same size insures it: if the database
 * cannot be reached, each server keeps counting on its own rather than failing
 * the request or letting everything through.
 */
export function createLimiter(options: LimiterOptions, store: LimitStore = limitStoreFor(services.db)): RateLimiterAbstract {
  if (store.kind === "memory") return new RateLimiterMemory(options);
  return new RateLimiterPostgres({
    ...options,
    storeClient: store.pool,
    storeType: "pool",
    tableName: RATE_LIMITS_TABLE,
    tableCreated: true,
    // Deletes rows expired over an hour ago every 5 minutes (an unref'd timer: it keeps no process alive).
    clearExpiredByTimeout: true,
    insuranceLimiter: new RateLimiterMemory(options),
  });
}

/**
 * The times of recent failures per key, over a sliding window: what the
 * sign-in throttle counts (ADR 022, 032). Times are ms since the epoch, passed
 * in by the caller (its clock), ascending.
 */
export interface FailureLog {
  /** The failures of each key within the window before `now` (a key with none is absent). */
  recent(keys: string[], now: number): Promise<Map<string, number[]>>;
  /** One failure for each key at `now`. */
  record(keys: string[], now: number): Promise<void>;
  /** Forgets every failure of these keys. */
  forget(keys: string[]): Promise<void>;
}

/** Past this many keys in memory (never in practice), finished windows are dropped. */
const MAX_MEMORY_KEYS = 20_000;

class MemoryFailureLog implements FailureLog {
  private readonly failures = new Map<string, number[]>();
  constructor(private readonly windowMs: number) {}

  private within(key: string, now: number): number[] {
    return (this.failures.get(key) ?? []).filter((time) => now - time < this.windowMs);
  }

  async recent(keys: string[], now: number) {
    const found = new Map<string, number[]>();
    for (const key of keys) {
      const times = this.within(key, now);
      if (times.length) found.set(key, times);
    }
    return found;
  }

  async record(keys: string[], now: number) {
    for (const key of keys) this.failures.set(key, [...this.within(key, now), now]);
    if (this.failures.size > MAX_MEMORY_KEYS) {
      for (const key of [...this.failures.keys()]) {
        const times = this.within(key, now);
        if (times.length) this.failures.set(key, times);
        else this.failures.delete(key);
      }
    }
  }

  async forget(keys: string[]) {
    for (const key of keys) this.failures.delete(key);
  }
}

/** How often one server deletes failures that have left the window. */
const PRUNE_EVERY_MS = 60_000;

/** One row per key and failure in login_failures (migration 0018): a check is one indexed select. */
class PostgresFailureLog implements FailureLog {
  private lastPruned = 0;
  constructor(
    private readonly pool: pg.Pool,
    private readonly windowMs: number,
  ) {}

  async recent(keys: string[], now: number) {
    const { rows } = await this.pool.query<{ key: string; times: string[] }>(
      "select key, array_agg(at order by at) as times from login_failures where key = any($1::text[]) and at > $2 group by key",
      [keys, now - this.windowMs],
    );
    return new Map(rows.map((row) => [row.key, row.times.map(Number)]));
  }

  async record(keys: string[], now: number) {
    await this.pool.query("insert into login_failures (key, at) select unnest($1::text[]), $2", [keys, now]);
    if (now - this.lastPruned >= PRUNE_EVERY_MS) {
      this.lastPruned = now;
      await this.pool.query("delete from login_failures where at <= $1", [now - this.windowMs]);
    }
  }

  async forget(keys: string[]) {
    await this.pool.query("delete from login_failures where key = any($1::text[])", [keys]);
  }
}

export function createFailureLog(windowMs: number, store: LimitStore = limitStoreFor(services.db)): FailureLog {
  return store.kind === "postgres" ? new PostgresFailureLog(store.pool, windowMs) : new MemoryFailureLog(windowMs);
}

/** The limits one server counts through, by name: made at their first use, once the database is open (services.limits). */
export type Limits = Map<string, unknown>;

/**
 * This server's limit called `name`, made by `make` at its first use. It lives
 * in services beside the database it counts through, and goes when that closes.
 */
export function serverLimit<T>(name: string, make: () => T): T {
  const limits = (services.limits ??= new Map());
  if (!limits.has(name)) limits.set(name, make());
  return limits.get(name) as T;
}
