import path from "node:path";
import type { Env } from "~/server/env.server";
import { LocalDiskStorage, type MediaStorage } from "~/server/media/storage.server";
import { parseEncryptionKey } from "./archive.server";

/** The media store the server uses, for the commands (the server sets its own at boot). */
export function mediaStorageFromEnv(env: Pick<Env, "DATA_DIR" | "MEDIA_DIR">): MediaStorage {
  return new LocalDiskStorage(path.resolve(env.MEDIA_DIR ?? path.join(env.DATA_DIR, "media")));
}

export function encryptionKeyFromEnv(env: Pick<Env, "BACKUP_ENCRYPTION_KEY">): Buffer | undefined {
  return env.BACKUP_ENCRYPTION_KEY ? parseEncryptionKey(env.BACKUP_ENCRYPTION_KEY) : undefined;
}
