import path from "node:path";
import type { Env } from "~/server/env.server";
import { mediaStorageFromEnv, s3SettingsFrom } from "~/server/media/media-store.server";
import type { MediaStorage } from "~/server/media/storage.server";
import { parseEncryptionKey } from "./archive.server";
import { DirectoryBackupStore, parseBackupS3Prefix, S3BackupStore, type BackupStore } from "./backup-store.server";

/** The media store of the environment, for `npm run backup` and `restore` run beside the server: local disk or the S3 bucket (ADR 053). */
export function commandMediaStorage(env: Env): Promise<MediaStorage> {
  return mediaStorageFromEnv(env, path.resolve(env.MEDIA_DIR ?? path.join(env.DATA_DIR, "media")));
}

export function encryptionKeyFromEnv(env: Pick<Env, "BACKUP_ENCRYPTION_KEY">): Buffer | undefined {
  return env.BACKUP_ENCRYPTION_KEY ? parseEncryptionKey(env.BACKUP_ENCRYPTION_KEY) : undefined;
}

/** What `npm run backup` says about the archive it wrote: whether it is encrypted, in words an operator cannot miss (issue 44 finding 3). */
export function encryptionNote(encrypted: boolean): string {
  return encrypted
    ? "Encrypted with BACKUP_ENCRYPTION_KEY (AES-256-GCM): keep the key apart from the archive; a restore needs it."
    : "NOT encrypted: no BACKUP_ENCRYPTION_KEY was given, so anyone with the file can read the users, sessions and enquiries in it.";
}

/**
 * Where automatic backups go (ADR 063): BACKUP_DIR, or BACKUP_S3_PREFIX in the
 * media bucket or another one reached with the same S3_* settings; undefined
 * when neither is set (no automatic backups). The AWS SDK loads only for S3.
 */
export async function backupStoreFromEnv(env: Env): Promise<BackupStore | undefined> {
  if (env.BACKUP_DIR) return new DirectoryBackupStore(env.BACKUP_DIR);
  if (!env.BACKUP_S3_PREFIX) return undefined;
  const { bucket, prefix } = parseBackupS3Prefix(env.BACKUP_S3_PREFIX, env.S3_BUCKET);
  const { createS3Client } = await import("~/server/media/s3-storage.server");
  const client = createS3Client({ ...s3SettingsFrom({ ...env, S3_BUCKET: bucket }), bucket });
  return new S3BackupStore({ client, bucket, prefix, stagingDir: path.resolve(env.DATA_DIR, "backup-staging") });
}
