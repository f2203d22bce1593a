import { PGlite } from "@electric-sql/pglite";
import { drizzle as drizzlePg } from "drizzle-orm/node-postgres";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import pg from "pg";
import { acquireDataDirLock, PGLITE_EXTENSIONS, type DatabaseConfig, type Db } from "~/server/db/db.server";
import * as schema from "~/server/db/schema.server";
import type { BackupTarget } from "./backup.server";

/**
 * A database opened for a backup or a restore by the command (or a test),
 * apart from the process's own: neither migrated nor seeded here (a restore
 * migrates it itself). A PGlite data directory is locked like the server
 * locks it, so the command never opens one a running server has open.
 */
export async function openForBackup(config: DatabaseConfig): Promise<BackupTarget & { close: () => Promise<void> }> {
  if (config.kind === "postgres") {
    const pool = new pg.Pool({ connectionString: config.url, max: 2 });
    return { db: drizzlePg(pool, { schema }), kind: "postgres", close: () => pool.end() };
  }
  const release = config.kind === "pglite" ? acquireDataDirLock(config.dataDir) : () => {};
  try {
    const client =
      config.kind === "pglite"
        ? await PGlite.create(config.dataDir, { extensions: PGLITE_EXTENSIONS })
        : await PGlite.create({ loadDataDir: config.loadDataDir, extensions: PGLITE_EXTENSIONS });
    return {
      db: drizzlePglite(client, { schema }) as unknown as Db,
      kind: config.kind,
      async close() {
        await client.close();
        release();
      },
    };
  } catch (error) {
    release();
    throw error;
  }
}
