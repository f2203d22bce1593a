// `npm run restore -- FILE [--force]`: fills an empty database and media store
// from a backup (ADR 054), PGlite or PostgreSQL whichever made it. Checks every
// checksum and row count first; refuses a target that holds data without --force.
import fs from "node:fs";
import path from "node:path";
import { parseArgs } from "node:util";
import { RestoreRefusedError, restoreBackup } from "~/server/backup/backup.server";
import { commandMediaStorage, encryptionKeyFromEnv } from "~/server/backup/backup-env.server";
import { openForBackup } from "~/server/backup/open.server";
import { databaseConfigFromEnv, DataDirLockedError } from "~/server/db/db.server";
import { getEnv } from "~/server/env.server";
import { privateStoreFromEnv } from "~/server/media/private-store.server";
import { tightenPrivateDir } from "../server/private-data-dir";

const { values, positionals } = parseArgs({ options: { force: { type: "boolean", default: false } }, allowPositionals: true });
if (positionals.length !== 1) {
  process.stderr.write("Usage: npm run restore -- FILE [--force]\n");
  process.exit(2);
}
if (fs.existsSync(".env")) process.loadEnvFile(".env");
process.umask(0o077);
const env = getEnv();
const file = path.resolve(positionals[0]!);
const config = databaseConfigFromEnv(env);

try {
  if (!fs.existsSync(file)) throw new Error(`${file} does not exist.`);
  const target = await openForBackup(config);
  try {
    const result = await restoreBackup({
      file,
      target,
      storage: await commandMediaStorage(env),
      privateStore: await privateStoreFromEnv(env),
      key: encryptionKeyFromEnv(env),
      force: values.force,
      log: (message) => process.stdout.write(`${message}\n`),
    });
    const rows = Object.values(result.rows).reduce((sum, count) => sum + count, 0);
    process.stdout.write(
      `Restored into ${config.kind === "postgres" ? "PostgreSQL" : `PGlite (${config.kind === "pglite" ? config.dataDir : "memory"})`}: ${rows} rows, ${result.mediaFiles} media files, in ${result.ms} ms\n`,
    );
    // The one key a backup does not carry (ADR 087): without it two-step codes cannot be checked.
    const twoStepUsers = result.rows.two_factor ?? 0;
    if (twoStepUsers > 0) {
      process.stdout.write(
        `${twoStepUsers} staff account(s) use two-step sign-in: their secrets are encrypted with the SESSION_SECRET of the server that made this backup. ` +
          `Give this server the same SESSION_SECRET (or copy that server's $DATA_DIR/session-secret), or they cannot sign in until an admin resets their two-step sign-in.\n`,
      );
    }
  } finally {
    await target.close();
    // PGlite writes a new cluster's files 0666, past the umask: private, as the server keeps them (ADR 034).
    if (config.kind === "pglite") tightenPrivateDir(path.resolve(env.DATA_DIR));
  }
} catch (error) {
  if (error instanceof DataDirLockedError) process.stderr.write(`${error.message}\nA restore replaces the database: stop the server first.\n`);
  else if (error instanceof RestoreRefusedError) process.stderr.write(`${error.message}\n`);
  else process.stderr.write(`Restore failed: ${(error as Error).message}\n`);
  process.exit(1);
}
