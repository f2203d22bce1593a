import path from "node:path";
import type { Env } from "~/server/env.server";
import { mediaStorageFromEnv as configuredMediaStorage } from "~/server/media/media-store.server";
import type { MediaStorage } from "~/server/media/storage.server";
import { parseEncryptionKey } from "./archive.server";

/**
 * The media store the server uses, for the commands (the server sets its own
 * at boot): MEDIA_DIR (or DATA_DIR/media) on disk, or the bucket with
 * MEDIA_STORE=s3 (ADR 053). The cluster test (ADR 061) found the commands
 * reading the local directory even with MEDIA_STORE=s3.
 */
export function mediaStorageFromEnv(env: Parameters<typeof configuredMediaStorage>[0] & Pick<Env, "DATA_DIR" | "MEDIA_DIR">): Promise<MediaStorage> {
  return configuredMediaStorage(env, path.resolve(env.MEDIA_DIR ?? path.join(env.DATA_DIR, "media")));
}

export function encryptionKeyFromEnv(env: Pick<Env, "BACKUP_ENCRYPTION_KEY">): Buffer | undefined {
  return env.BACKUP_ENCRYPTION_KEY ? parseEncryptionKey(env.BACKUP_ENCRYPTION_KEY) : undefined;
}
