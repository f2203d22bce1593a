import path from "node:path";
import type { Env } from "~/server/env.server";
import { getLogger } from "~/server/logger.server";
import { services } from "~/server/services.server";
import { s3SettingsFrom } from "./media-store.server";
import { LocalDiskStorage, type StoredMediaFile } from "./storage.server";

/**
 * Files that are nobody's to see but the team's (ADR 114): payment proofs, a
 * traveller's UPI screenshot or bank slip. Never under /media: the local store
 * is a directory of DATA_DIR (0700, beside the database), the S3 store a
 * prefix of the media bucket that the /media route, its listing and the
 * orphan sweep leave alone, or a bucket of its own (S3_PRIVATE_BUCKET). Read
 * only through routes that call requireUser (the proof route).
 */
export interface PrivateFileStore {
  put(key: string, data: Buffer): Promise<void>;
  read(key: string): Promise<Buffer>;
  delete(key: string): Promise<void>;
  exists(key: string): Promise<boolean>;
  list(): AsyncIterable<StoredMediaFile>;
}

/** Where private files live in the media bucket when they have no bucket of their own. */
export const PRIVATE_PREFIX = "private/";

/** The local private store: DATA_DIR/private (a LocalDiskStorage no route serves). */
export function localPrivateStore(directory: string): PrivateFileStore {
  return new LocalDiskStorage(directory, "");
}

type PrivateEnv = Pick<
  Env,
  | "MEDIA_STORE"
  | "S3_ENDPOINT"
  | "S3_REGION"
  | "S3_BUCKET"
  | "S3_ACCESS_KEY_ID"
  | "S3_SECRET_ACCESS_KEY"
  | "S3_FORCE_PATH_STYLE"
  | "MEDIA_PUBLIC_URL"
  | "S3_PRIVATE_BUCKET"
  | "DATA_DIR"
>;

/** The private store the environment asks for: DATA_DIR/private, or with MEDIA_STORE=s3 the bucket (ADR 114). */
export async function privateStoreFromEnv(env: PrivateEnv): Promise<PrivateFileStore> {
  if (env.MEDIA_STORE !== "s3") return localPrivateStore(path.resolve(env.DATA_DIR, "private"));
  const settings = s3SettingsFrom(env);
  const { createS3Client } = await import("./s3-storage.server");
  const { S3PrivateStore } = await import("./s3-private-store.server");
  const client = createS3Client(settings);
  return env.S3_PRIVATE_BUCKET ? new S3PrivateStore(client, env.S3_PRIVATE_BUCKET, "") : new S3PrivateStore(client, settings.bucket, PRIVATE_PREFIX);
}

/** The process's private store, set once at boot (server/app.ts). */
export function setPrivateStore(value: PrivateFileStore): void {
  services.privateStore = value;
}

export function getPrivateStore(): PrivateFileStore {
  const store = services.privateStore;
  if (!store) throw new Error("the private file store is not configured (setPrivateStore at boot)");
  return store;
}

/**
 * Deletes private files after the transaction that dropped their rows has
 * committed: a file that cannot be deleted is logged (as `what`), not thrown,
 * since nothing points to it any more. Returns how many were deleted.
 */
export async function deletePrivateFiles(keys: string[], what: string, store?: PrivateFileStore): Promise<number> {
  if (keys.length === 0) return 0;
  const from = store ?? getPrivateStore();
  let deleted = 0;
  for (const key of keys) {
    try {
      await from.delete(key);
      deleted += 1;
    } catch (err) {
      getLogger().warn({ err, key }, `could not delete ${what}`);
    }
  }
  return deleted;
}
