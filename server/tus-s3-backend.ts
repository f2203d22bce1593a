import { createWriteStream } from "node:fs";
import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import type { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import { DeleteObjectsCommand, GetObjectCommand, ListObjectsV2Command, type S3Client } from "@aws-sdk/client-s3";
import { S3Store } from "@tus/s3-store";
import { createS3Client, TUS_UPLOADS_PREFIX, type S3Settings } from "~/server/media/s3-storage.server";
import { SNIFF_BYTES } from "~/server/media/upload-kinds.server";
import type { StoredUploadInfo, UploadBackend } from "./tus-backends";

/**
 * @tus/s3-store keeps an upload's objects at the bucket's root (<id>,
 * <id>.info, <id>.part): its client is given a middleware that puts every key
 * it names under tus-uploads/ (and takes the prefix off the keys it lists),
 * so partial uploads never mix with media in the same bucket.
 */
class PrefixedS3Store extends S3Store {
  constructor(options: ConstructorParameters<typeof S3Store>[0], prefix: string) {
    super(options);
    this.client.middlewareStack.add(
      (next) => async (args) => {
        const input = args.input as { Key?: string; Prefix?: string; Delete?: { Objects?: { Key?: string }[] } };
        if (typeof input.Key === "string") input.Key = prefix + input.Key;
        for (const object of input.Delete?.Objects ?? []) if (object.Key) object.Key = prefix + object.Key;
        // ListMultipartUploads (the expiry sweep) is the one call with a KeyMarker: ours only.
        if ("KeyMarker" in input) input.Prefix = prefix;
        const result = await next(args);
        const output = result.output as { Uploads?: { Key?: string }[] };
        for (const upload of output.Uploads ?? []) if (upload.Key?.startsWith(prefix)) upload.Key = upload.Key.slice(prefix.length);
        return result;
      },
      { step: "initialize", name: "pravasTusUploadsPrefix" },
    );
  }
}

export function s3Backend(settings: S3Settings, expiryMs: number): UploadBackend {
  const client: S3Client = createS3Client(settings);
  const store = new PrefixedS3Store(
    {
      s3ClientConfig: {
        bucket: settings.bucket,
        endpoint: settings.endpoint,
        region: settings.region,
        forcePathStyle: settings.forcePathStyle,
        credentials:
          settings.accessKeyId && settings.secretAccessKey ? { accessKeyId: settings.accessKeyId, secretAccessKey: settings.secretAccessKey } : undefined,
        requestChecksumCalculation: "WHEN_REQUIRED",
        responseChecksumValidation: "WHEN_REQUIRED",
      },
      // S3's smallest part: a 25 MB image is five parts.
      partSize: 5 * 1024 * 1024,
      expirationPeriodInMilliseconds: expiryMs,
      // Expiry by object tags needs a lifecycle rule, and R2 refuses tags: our own sweep expires uploads.
      useTags: false,
    },
    TUS_UPLOADS_PREFIX,
  );
  const keyOf = (id: string, suffix = "") => `${TUS_UPLOADS_PREFIX}${id}${suffix}`;
  const getObject = (key: string, range?: string) => client.send(new GetObjectCommand({ Bucket: settings.bucket, Key: key, Range: range }));
  return {
    store,
    async *list() {
      let token: string | undefined;
      do {
        const page = await client.send(new ListObjectsV2Command({ Bucket: settings.bucket, Prefix: TUS_UPLOADS_PREFIX, ContinuationToken: token }));
        for (const object of page.Contents ?? []) {
          if (!object.Key?.endsWith(".info")) continue;
          const info = await getObject(object.Key)
            .then(async (answer) => JSON.parse((await answer.Body?.transformToString()) ?? "null") as StoredUploadInfo | null)
            .catch(() => null);
          if (info) yield { ...info, id: object.Key.slice(TUS_UPLOADS_PREFIX.length, -".info".length) };
        }
        token = page.IsTruncated ? page.NextContinuationToken : undefined;
      } while (token);
    },
    async head(id) {
      // Until an upload has a whole part (5 MiB), its bytes wait in <id>.part; a part sent to S3 cannot be read back before the end.
      try {
        const answer = await getObject(keyOf(id, ".part"), `bytes=0-${SNIFF_BYTES - 1}`);
        return Buffer.from((await answer.Body?.transformToByteArray()) ?? []);
      } catch {
        return null;
      }
    },
    async localFile(id) {
      const directory = await fs.mkdtemp(path.join(os.tmpdir(), "pravas-upload-"));
      const file = path.join(directory, "upload");
      const release = () => fs.rm(directory, { recursive: true, force: true });
      try {
        const answer = await getObject(keyOf(id));
        await pipeline(answer.Body as Readable, createWriteStream(file, { mode: 0o600 }));
      } catch (error) {
        await release();
        throw error;
      }
      return { file, release };
    },
    async remove(id) {
      // An unfinished upload's parts are dropped by tus (abort); a finished one is an object like any other.
      await store.remove(id).catch(() => undefined);
      await client.send(
        new DeleteObjectsCommand({
          Bucket: settings.bucket,
          Delete: { Objects: [{ Key: keyOf(id) }, { Key: keyOf(id, ".info") }, { Key: keyOf(id, ".part") }], Quiet: true },
        }),
      );
    },
  };
}
