import type { Env } from "~/server/env.server";
import type { S3Settings } from "./s3-storage.server";
import { LocalDiskStorage, type MediaStorage } from "./storage.server";

type MediaEnv = Pick<
  Env,
  "MEDIA_STORE" | "S3_ENDPOINT" | "S3_REGION" | "S3_BUCKET" | "S3_ACCESS_KEY_ID" | "S3_SECRET_ACCESS_KEY" | "S3_FORCE_PATH_STYLE" | "MEDIA_PUBLIC_URL"
>;

/** The S3 settings of a validated environment (MEDIA_STORE=s3 guarantees a bucket). */
export function s3SettingsFrom(env: MediaEnv): S3Settings {
  if (!env.S3_BUCKET) throw new Error("S3_BUCKET is not set");
  return {
    endpoint: env.S3_ENDPOINT,
    region: env.S3_REGION,
    bucket: env.S3_BUCKET,
    accessKeyId: env.S3_ACCESS_KEY_ID,
    secretAccessKey: env.S3_SECRET_ACCESS_KEY,
    forcePathStyle: env.S3_FORCE_PATH_STYLE,
  };
}

/**
 * The media storage the environment asks for (ADR 053): local disk under
 * mediaDir unless MEDIA_STORE=s3. The AWS SDK is loaded only then: it costs
 * about a second and 25 MB at start.
 */
export async function mediaStorageFromEnv(env: MediaEnv, mediaDir: string): Promise<MediaStorage> {
  if (env.MEDIA_STORE !== "s3") return new LocalDiskStorage(mediaDir);
  const settings = s3SettingsFrom(env);
  const { createS3Client, S3MediaStorage } = await import("./s3-storage.server");
  return new S3MediaStorage({ client: createS3Client(settings), bucket: settings.bucket, publicUrl: env.MEDIA_PUBLIC_URL });
}
