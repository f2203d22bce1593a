import fs from "node:fs";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import { sql } from "drizzle-orm";
import { drizzle as drizzlePg, type NodePgDatabase } from "drizzle-orm/node-postgres";
import { migrate as migratePg } from "drizzle-orm/node-postgres/migrator";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import pg from "pg";
import { services } from "~/server/services.server";
import * as schema from "./schema.server";

/**
 * Both drivers expose the same Drizzle query API; the PGlite instance is typed as
 * the node-postgres one so the rest of the code has one database type.
 */
export type Db = NodePgDatabase<typeof schema>;

export type DatabaseConfig =
  | { kind: "postgres"; url: string }
  | { kind: "pglite"; dataDir: string }
  /** In memory; `loadDataDir`: start from a dump (PGlite's dumpDataDir) instead of an empty cluster. */
  | { kind: "pglite-memory"; loadDataDir?: Blob };

export type OpenDatabase = {
  db: Db;
  kind: DatabaseConfig["kind"];
  /** PostgreSQL only: the node-postgres pool itself, for what shares counters through it (rate-limiter-flexible, ADR 060). */
  pool?: pg.Pool;
  migrate: () => Promise<void>;
  close: () => Promise<void>;
};

const migrationsFolder = path.resolve(process.env.MIGRATIONS_DIR ?? "drizzle");

/**
 * Extensions the migrations create (pg_trgm: the inbox search's indexes, ADR 047).
 * PGlite loads an extension only when it is registered, so every PGlite opened on
 * Pravas's data (the server, the tests' template, the benches) passes these.
 */
export const PGLITE_EXTENSIONS = { pg_trgm };

export function getDb(): Db {
  const open = services.db;
  if (!open) throw new Error("The database is not open: call openDatabase() at start.");
  return open.db;
}

export function getDatabaseKind(): DatabaseConfig["kind"] | null {
  return services.db?.kind ?? null;
}

export function databaseConfigFromEnv(env: { DATABASE_URL?: string; DATA_DIR: string }): DatabaseConfig {
  return env.DATABASE_URL ? { kind: "postgres", url: env.DATABASE_URL } : { kind: "pglite", dataDir: path.resolve(env.DATA_DIR, "pglite") };
}

/** Opens (once per process) and migrates the database. */
export async function openDatabase(config: DatabaseConfig): Promise<OpenDatabase> {
  if (services.db) return services.db;
  const open = config.kind === "postgres" ? openPostgres(config.url) : await openPglite(config);
  services.db = open;
  try {
    await open.migrate();
  } catch (error) {
    await closeDatabase();
    throw error;
  }
  return open;
}

export async function closeDatabase(): Promise<void> {
  const open = services.db;
  services.db = undefined;
  // Limits counted through this database (or in memory beside it) start again with the next one.
  services.limits = undefined;
  await open?.close();
}

export async function isDatabaseReachable(): Promise<boolean> {
  try {
    await getDb().execute(sql`select 1`);
    return true;
  } catch {
    return false;
  }
}

function openPostgres(url: string): OpenDatabase {
  const pool = new pg.Pool({ connectionString: url, max: 10 });
  const db = drizzlePg(pool, { schema });
  return {
    db,
    kind: "postgres",
    pool,
    async migrate() {
      // Several servers may start at once: an advisory lock lets one migrate at a time.
      const client = await pool.connect();
      try {
        await client.query("select pg_advisory_lock(727274)");
        await migratePg(db, { migrationsFolder });
      } finally {
        await client.query("select pg_advisory_unlock(727274)").catch(() => {});
        client.release();
      }
    },
    close: () => pool.end(),
  };
}

async function openPglite(config: Extract<DatabaseConfig, { kind: "pglite" | "pglite-memory" }>): Promise<OpenDatabase> {
  let releaseLock = () => {};
  let client: PGlite;
  if (config.kind === "pglite") {
    releaseLock = acquireDataDirLock(config.dataDir);
    try {
      client = await PGlite.create(config.dataDir, { extensions: PGLITE_EXTENSIONS });
    } catch (error) {
      releaseLock();
      throw error;
    }
  } else {
    client = await PGlite.create({ loadDataDir: config.loadDataDir, extensions: PGLITE_EXTENSIONS });
  }
  const db = drizzlePglite(client, { schema }) as unknown as Db;
  return {
    db,
    kind: config.kind,
    migrate: () => migratePglite(drizzlePglite(client, { schema }), { migrationsFolder }),
    async close() {
      await client.close();
      releaseLock();
    },
  };
}

export class DataDirLockedError extends Error {}

/**
 * PGlite allows one process per data directory; a second one silently loses
 * writes. A lock file naming our process makes a second server refuse to start.
 * It holds the pid and the process's start time: after a crash the pid may be
 * reused by an unrelated process, and a different start time tells them apart.
 */
export function acquireDataDirLock(dataDir: string): () => void {
  fs.mkdirSync(dataDir, { recursive: true });
  const lockPath = path.join(dataDir, "..", `${path.basename(dataDir)}.lock`);
  const ours = lockText(process.pid);
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      fs.writeFileSync(lockPath, ours, { flag: "wx" });
      let released = false;
      const release = () => {
        if (released) return;
        released = true;
        try {
          if (fs.readFileSync(lockPath, "utf8") === ours) fs.unlinkSync(lockPath);
        } catch {
          // already gone
        }
      };
      process.once("exit", release);
      return release;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
      const holder = parseLock(fs.readFileSync(lockPath, "utf8"));
      if (holder && holder.pid !== process.pid && isLockHolderAlive(holder)) {
        throw new DataDirLockedError(
          `The database in ${dataDir} is in use by another Pravas server (pid ${holder.pid}). ` +
            `Stop that server first, or set DATA_DIR to another directory.`,
        );
      }
      // The holder is gone (a crash or kill -9), or its pid now names another process: the lock is stale.
      fs.rmSync(lockPath, { force: true });
    }
  }
  throw new DataDirLockedError(`Could not lock ${dataDir}.`);
}

type LockHolder = { pid: number; startTime: string | null };

/** "pid start-time" (start time from /proc, where there is one). */
function lockText(pid: number): string {
  const startTime = processStartTime(pid);
  return startTime ? `${pid} ${startTime}` : String(pid);
}

function parseLock(text: string): LockHolder | null {
  const [pidText, startTime] = text.trim().split(/\s+/);
  const pid = Number(pidText);
  return Number.isSafeInteger(pid) && pid > 0 ? { pid, startTime: startTime ?? null } : null;
}

/** The process's start time in clock ticks since boot (Linux /proc/<pid>/stat field 22), or null. */
export function processStartTime(pid: number): string | null {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, "utf8");
    // The command name (field 2) may hold spaces and parentheses: count fields after its last ")".
    const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    return fields[19] ?? null;
  } catch {
    return null;
  }
}

function isLockHolderAlive(holder: LockHolder): boolean {
  if (!isProcessAlive(holder.pid)) return false;
  const startTime = processStartTime(holder.pid);
  // Without /proc (or an older lock without a start time) a live pid is trusted.
  if (!holder.startTime || !startTime) return true;
  return holder.startTime === startTime;
}

function isProcessAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}
