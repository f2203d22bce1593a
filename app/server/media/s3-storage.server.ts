import type { Readable } from "node:stream";
import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  S3Client,
  type PutObjectCommandInput,
} from "@aws-sdk/client-s3";
import { Upload } from "@aws-sdk/lib-storage";
import { mediaCacheControl, mediaContentDisposition, mediaContentType } from "./media-headers.server";
import { PRIVATE_PREFIX } from "./private-store.server";
import { assertMediaKey, type MediaStorage, type StoredMediaFile } from "./storage.server";

/** Where partial tus uploads live in the bucket (server/tus-uploads.ts); never media. */
export const TUS_UPLOADS_PREFIX = "tus-uploads/";
/** Keys of the bucket that are not media (partial uploads, private files of ADR 114): not listed, not served. */
export const isNotMediaKey = (key: string) => key.startsWith(TUS_UPLOADS_PREFIX) || key.startsWith(PRIVATE_PREFIX);
/** Above this, a file goes up in parts (lib-storage): S3's own minimum part size. */
const MULTIPART_THRESHOLD = 5 * 1024 * 1024;

export type S3Settings = {
  endpoint?: string;
  region: string;
  bucket: string;
  accessKeyId?: string;
  secretAccessKey?: string;
  forcePathStyle: boolean;
};

/**
 * An S3 client for AWS S3, Cloudflare R2 or MinIO. Checksums only where S3
 * requires them: the SDK's default (a CRC32 on every request, streamed bodies
 * sent aws-chunked) is not understood by every S3-compatible server.
 */
export function createS3Client(settings: S3Settings): S3Client {
  return new S3Client({
    endpoint: settings.endpoint,
    region: settings.region,
    forcePathStyle: settings.forcePathStyle,
    credentials:
      settings.accessKeyId && settings.secretAccessKey ? { accessKeyId: settings.accessKeyId, secretAccessKey: settings.secretAccessKey } : undefined, // the SDK's own chain: an instance role, AWS_* variables
    requestChecksumCalculation: "WHEN_REQUIRED",
    responseChecksumValidation: "WHEN_REQUIRED",
  });
}

type S3MediaStorageOptions = {
  client: S3Client;
  bucket: string;
  /** MEDIA_PUBLIC_URL: a CDN or the bucket's public address; unset: the app serves /media from the bucket. */
  publicUrl?: string;
  urlPrefix?: string;
};

/** One object as the app serves it (GET /media/...). */
type S3MediaObject = { status: 304; etag?: string } | { status: 200; body: Readable; bytes?: number; etag?: string; lastModified?: Date };

const isNotFound = (error: unknown) => {
  const { name, $metadata } = (error ?? {}) as { name?: string; $metadata?: { httpStatusCode?: number } };
  return name === "NotFound" || name === "NoSuchKey" || $metadata?.httpStatusCode === 404;
};

/**
 * Media in an S3-compatible bucket (ADR 053): each key is one object at the
 * bucket's root, stored with its Content-Type and Cache-Control so that a CDN
 * or the bucket itself can serve it as the app would.
 */
export class S3MediaStorage implements MediaStorage {
  readonly client: S3Client;
  readonly bucket: string;
  readonly publicUrl: string | undefined;
  readonly urlPrefix: string;

  constructor({ client, bucket, publicUrl, urlPrefix = "/media" }: S3MediaStorageOptions) {
    this.client = client;
    this.bucket = bucket;
    this.publicUrl = publicUrl?.replace(/\/+$/, "");
    this.urlPrefix = urlPrefix;
  }

  async put(key: string, data: Buffer): Promise<void> {
    assertMediaKey(key);
    const params: PutObjectCommandInput = {
      Bucket: this.bucket,
      Key: key,
      Body: data,
      ContentType: mediaContentType(key),
      CacheControl: mediaCacheControl(key),
      ContentDisposition: key.toLowerCase().endsWith(".pdf") ? mediaContentDisposition(key) : undefined,
    };
    if (data.length <= MULTIPART_THRESHOLD) {
      await this.client.send(new PutObjectCommand({ ...params, ContentLength: data.length }));
      return;
    }
    // A large file goes up in parts, a few at a time; an object appears only whole.
    await new Upload({ client: this.client, params, partSize: MULTIPART_THRESHOLD, queueSize: 2 }).done();
  }

  async read(key: string): Promise<Buffer> {
    assertMediaKey(key);
    const answer = await this.client.send(new GetObjectCommand({ Bucket: this.bucket, Key: key }));
    if (!answer.Body) throw new Error(`media object without a body: ${key}`);
    return Buffer.from(await answer.Body.transformToByteArray());
  }

  async delete(key: string): Promise<void> {
    assertMediaKey(key);
    await this.client.send(new DeleteObjectCommand({ Bucket: this.bucket, Key: key }));
  }

  async exists(key: string): Promise<boolean> {
    return (await this.head(key)) !== null;
  }

  /** An object's size and type, or null when there is none. */
  async head(key: string): Promise<{ bytes: number; contentType?: string; cacheControl?: string } | null> {
    assertMediaKey(key);
    try {
      const answer = await this.client.send(new HeadObjectCommand({ Bucket: this.bucket, Key: key }));
      return { bytes: answer.ContentLength ?? 0, contentType: answer.ContentType, cacheControl: answer.CacheControl };
    } catch (error) {
      if (isNotFound(error)) return null;
      throw error;
    }
  }

  async *list(): AsyncIterable<StoredMediaFile> {
    let token: string | undefined;
    do {
      const page = await this.client.send(new ListObjectsV2Command({ Bucket: this.bucket, ContinuationToken: token }));
      for (const object of page.Contents ?? []) {
        if (!object.Key || isNotMediaKey(object.Key) || object.Key.endsWith("/")) continue;
        yield { key: object.Key, bytes: object.Size ?? 0, modifiedAt: object.LastModified };
      }
      token = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (token);
  }

  /** For GET /media/... when the app serves media itself: the object's bytes as a stream, or 304, or null. */
  async open(key: string, ifNoneMatch?: string): Promise<S3MediaObject | null> {
    try {
      assertMediaKey(key);
    } catch {
      return null;
    }
    if (isNotMediaKey(key)) return null;
    try {
      const answer = await this.client.send(new GetObjectCommand({ Bucket: this.bucket, Key: key, IfNoneMatch: ifNoneMatch }));
      return { status: 200, body: answer.Body as Readable, bytes: answer.ContentLength, etag: answer.ETag, lastModified: answer.LastModified };
    } catch (error) {
      if (isNotFound(error)) return null;
      if ((error as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode === 304) return { status: 304, etag: ifNoneMatch };
      throw error;
    }
  }

  /**
   * Pages link /media/<key> whatever the store, so the database never holds a
   * bucket's or CDN's address: moving stores or CDNs rewrites nothing.
   */
  urlOf(key: string): string {
    return `${this.urlPrefix}/${key}`;
  }

  keyOf(url: string): string | null {
    return url.startsWith(`${this.urlPrefix}/`) ? url.slice(this.urlPrefix.length + 1) : null;
  }

  /** Where browsers get a key's bytes when MEDIA_PUBLIC_URL is set (the app redirects /media/<key> there). */
  publicUrlOf(key: string): string | null {
    return this.publicUrl && !isNotMediaKey(key) ? `${this.publicUrl}/${key.split("/").map(encodeURIComponent).join("/")}` : null;
  }
}
