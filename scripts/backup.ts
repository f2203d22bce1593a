// `npm run backup -- --out FILE`: one archive with the database, every media
// object and a manifest (ADR 054). On PGlite with the server running, the
// server makes it (over DATA_DIR/backup.sock); otherwise this process does.
import fs from "node:fs";
import path from "node:path";
import { parseArgs } from "node:util";
import { createBackup } from "~/server/backup/backup.server";
import { commandMediaStorage, encryptionKeyFromEnv, encryptionNote } from "~/server/backup/backup-env.server";
import { backupSocketPath, requestBackupOverSocket } from "~/server/backup/backup-socket.server";
import { openForBackup } from "~/server/backup/open.server";
import { databaseConfigFromEnv, DataDirLockedError } from "~/server/db/db.server";
import { getEnv } from "~/server/env.server";
import { privateStoreFromEnv } from "~/server/media/private-store.server";

const { values } = parseArgs({ options: { out: { type: "string", short: "o" } } });
if (!values.out) {
  process.stderr.write("Usage: npm run backup -- --out FILE\n");
  process.exit(2);
}
if (fs.existsSync(".env")) process.loadEnvFile(".env");
process.umask(0o077);
const env = getEnv();
const out = path.resolve(values.out);
const config = databaseConfigFromEnv(env);
const key = encryptionKeyFromEnv(env);
const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;

try {
  if (config.kind === "pglite") {
    // The server encrypts with this command's key, and the file is checked against it (issue 44 finding 3).
    const answer = await requestBackupOverSocket(backupSocketPath(env.DATA_DIR), out, key);
    if (answer) {
      process.stdout.write(
        `Backed up through the running server: ${out} (${mb(answer.bytes)}, ${answer.rows} rows, ${answer.media} media files, migration ${answer.migration}) in ${answer.ms} ms\n${encryptionNote(answer.encrypted)}\n`,
      );
      process.exit(0);
    }
  }
  const source = await openForBackup(config);
  try {
    const result = await createBackup({ source, storage: await commandMediaStorage(env), privateStore: await privateStoreFromEnv(env), file: out, key });
    const rows = result.manifest.tables.reduce((sum, table) => sum + table.rows, 0);
    const media = Object.keys(result.manifest.files).filter((name) => name.startsWith("media/")).length;
    process.stdout.write(
      `Backed up ${config.kind === "postgres" ? "PostgreSQL" : "PGlite"}: ${out} (${mb(result.bytes)}, ${rows} rows, ${media} media files, migration ${result.manifest.migration.tag}) in ${result.ms} ms\n${encryptionNote(Boolean(key))}\n`,
    );
  } finally {
    await source.close();
  }
} catch (error) {
  if (error instanceof DataDirLockedError) {
    process.stderr.write(
      `${error.message}\nThe server holds the database but did not answer on ${backupSocketPath(env.DATA_DIR)}: is it an older version? Stop it, or upgrade it.\n`,
    );
  } else {
    process.stderr.write(`Backup failed: ${(error as Error).message}\n`);
  }
  process.exit(1);
}
