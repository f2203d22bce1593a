import { DeleteObjectCommand, GetObjectCommand, HeadObjectCommand, ListObjectsV2Command, PutObjectCommand, type S3Client } from "@aws-sdk/client-s3";
import { mediaContentType } from "./media-headers.server";
import type { PrivateFileStore } from "./private-store.server";
import { assertMediaKey, type StoredMediaFile } from "./storage.server";

const isNotFound = (error: unknown) => {
  const { name, $metadata } = (error ?? {}) as { name?: string; $metadata?: { httpStatusCode?: number } };
  return name === "NotFound" || name === "NoSuchKey" || $metadata?.httpStatusCode === 404;
};

/**
 * Private files in a bucket (ADR 114): each key under `prefix` ("private/" in
 * the media bucket, "" in a bucket of their own), stored `private, no-store`
 * so that nothing in front of the bucket keeps a copy. The media store's
 * listing and its /media route skip the prefix.
 */
export class S3PrivateStore implements PrivateFileStore {
  constructor(
    readonly client: S3Client,
    readonly bucket: string,
    readonly prefix: string,
  ) {}

  private objectKey(key: string): string {
    assertMediaKey(key);
    return `${this.prefix}${key}`;
  }

  async put(key: string, data: Buffer): Promise<void> {
    await this.client.send(
      new PutObjectCommand({
        Bucket: this.bucket,
        Key: this.objectKey(key),
        Body: data,
        ContentLength: data.length,
        ContentType: mediaContentType(key),
        CacheControl: "private, no-store",
      }),
    );
  }

  async read(key: string): Promise<Buffer> {
    const answer = await this.client.send(new GetObjectCommand({ Bucket: this.bucket, Key: this.objectKey(key) }));
    if (!answer.Body) throw new Error(`private object without a body: ${key}`);
    return Buffer.from(await answer.Body.transformToByteArray());
  }

  async delete(key: string): Promise<void> {
    await this.client.send(new DeleteObjectCommand({ Bucket: this.bucket, Key: this.objectKey(key) }));
  }

  async exists(key: string): Promise<boolean> {
    try {
      await this.client.send(new HeadObjectCommand({ Bucket: this.bucket, Key: this.objectKey(key) }));
      return true;
    } catch (error) {
      if (isNotFound(error)) return false;
      throw error;
    }
  }

  async *list(): AsyncIterable<StoredMediaFile> {
    let token: string | undefined;
    do {
      const page = await this.client.send(new ListObjectsV2Command({ Bucket: this.bucket, Prefix: this.prefix || undefined, ContinuationToken: token }));
      for (const object of page.Contents ?? []) {
        if (!object.Key || object.Key.endsWith("/")) continue;
        yield { key: object.Key.slice(this.prefix.length), bytes: object.Size ?? 0, modifiedAt: object.LastModified };
      }
      token = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (token);
  }
}
