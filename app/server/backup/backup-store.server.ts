import fs from "node:fs";
import fsp from "node:fs/promises";
import path from "node:path";
import type { Readable } from "node:stream";
import type { S3Client } from "@aws-sdk/client-s3";
import { services } from "~/server/services.server";

/** One stored backup: its file name (pravas-<UTC time>.tar.gz or .bak) and size. */
export type StoredBackup = { name: string; bytes: number };

/**
 * Where automatic backups are kept (ADR 063): a directory (BACKUP_DIR) or a
 * prefix in an S3-compatible bucket (BACKUP_S3_PREFIX). The job writes each
 * archive to a local file first (createBackup hashes and renames it), then
 * `keep` moves it here.
 */
export interface BackupStore {
  /** Where the backups go, for logs and the dashboard ("/var/backups/pravas", "s3://bucket/backups/"). */
  readonly location: string;
  /** A local directory the job writes the archive into before `keep` (the store's own directory when it is one). */
  readonly stagingDir: string;
  /** Takes a finished archive from `file` (in stagingDir) and stores it as `name`; `signal` stops an upload under way. */
  keep(file: string, name: string, signal?: AbortSignal): Promise<void>;
  list(): Promise<StoredBackup[]>;
  remove(name: string): Promise<void>;
  read(name: string): Promise<{ body: Readable; bytes: number }>;
}

/** The server's backup store, set once at start (server/boot.ts); undefined when automatic backups are off. */
export function getBackupStore(): BackupStore | undefined {
  return services.backupStore;
}

export function setBackupStore(store: BackupStore | undefined): void {
  services.backupStore = store;
}

export class DirectoryBackupStore implements BackupStore {
  readonly location: string;
  readonly stagingDir: string;

  constructor(directory: string) {
    this.location = path.resolve(directory);
    this.stagingDir = this.location;
  }

  async keep(file: string, name: string): Promise<void> {
    const destination = path.join(this.location, name);
    if (path.resolve(file) !== destination) await fsp.rename(file, destination);
  }

  async list(): Promise<StoredBackup[]> {
    const names = await fsp.readdir(this.location).catch(() => [] as string[]);
    const backups: StoredBackup[] = [];
    for (const name of names) {
      const stat = await fsp.stat(path.join(this.location, name)).catch(() => null);
      if (stat?.isFile()) backups.push({ name, bytes: stat.size });
    }
    return backups;
  }

  async remove(name: string): Promise<void> {
    await fsp.rm(path.join(this.location, path.basename(name)), { force: true });
  }

  async read(name: string): Promise<{ body: Readable; bytes: number }> {
    const file = path.join(this.location, path.basename(name));
    const { size } = await fsp.stat(file);
    return { body: fs.createReadStream(file), bytes: size };
  }
}

/** Parses BACKUP_S3_PREFIX: `s3://bucket/some/prefix/` (any bucket) or `some/prefix/` (in S3_BUCKET). */
export function parseBackupS3Prefix(value: string, defaultBucket: string | undefined): { bucket: string; prefix: string } {
  const url = /^s3:\/\/([^/]+)\/?(.*)$/.exec(value);
  const bucket = url ? url[1]! : defaultBucket;
  if (!bucket) throw new Error("BACKUP_S3_PREFIX names no bucket: write s3://bucket/prefix/, or set S3_BUCKET");
  const prefix = (url ? url[2]! : value).replace(/^\/+/, "");
  return { bucket, prefix: prefix === "" || prefix.endsWith("/") ? prefix : `${prefix}/` };
}

/**
 * Backups as objects under a prefix of an S3-compatible bucket: the media
 * bucket or another, with the S3_* endpoint and credentials. The archive is
 * uploaded in parts (lib-storage) and the local copy deleted.
 */
export class S3BackupStore implements BackupStore {
  readonly location: string;
  readonly stagingDir: string;
  private readonly client: S3Client;
  private readonly bucket: string;
  private readonly prefix: string;

  constructor(options: { client: S3Client; bucket: string; prefix: string; stagingDir: string }) {
    this.client = options.client;
    this.bucket = options.bucket;
    this.prefix = options.prefix;
    this.stagingDir = options.stagingDir;
    this.location = `s3://${options.bucket}/${options.prefix}`;
  }

  async keep(file: string, name: string, signal?: AbortSignal): Promise<void> {
    const { Upload } = await import("@aws-sdk/lib-storage");
    let upload: InstanceType<typeof Upload> | undefined;
    const stop = () => void upload?.abort().catch(() => {});
    signal?.addEventListener("abort", stop, { once: true });
    try {
      upload = new Upload({
        client: this.client,
        params: {
          Bucket: this.bucket,
          Key: this.prefix + name,
          Body: fs.createReadStream(file),
          ContentType: name.endsWith(".tar.gz") ? "application/gzip" : "application/octet-stream",
        },
      });
      await upload.done();
    } finally {
      signal?.removeEventListener("abort", stop);
      await fsp.rm(file, { force: true });
    }
  }

  async list(): Promise<StoredBackup[]> {
    const { ListObjectsV2Command } = await import("@aws-sdk/client-s3");
    const backups: StoredBackup[] = [];
    let token: string | undefined;
    do {
      const page = await this.client.send(new ListObjectsV2Command({ Bucket: this.bucket, Prefix: this.prefix, ContinuationToken: token }));
      for (const object of page.Contents ?? []) {
        const name = object.Key?.slice(this.prefix.length) ?? "";
        if (name && !name.includes("/")) backups.push({ name, bytes: object.Size ?? 0 });
      }
      token = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (token);
    return backups;
  }

  async remove(name: string): Promise<void> {
    const { DeleteObjectCommand } = await import("@aws-sdk/client-s3");
    await this.client.send(new DeleteObjectCommand({ Bucket: this.bucket, Key: this.prefix + path.basename(name) }));
  }

  async read(name: string): Promise<{ body: Readable; bytes: number }> {
    const { GetObjectCommand } = await import("@aws-sdk/client-s3");
    const object = await this.client.send(new GetObjectCommand({ Bucket: this.bucket, Key: this.prefix + path.basename(name) }));
    return { body: object.Body as Readable, bytes: object.ContentLength ?? 0 };
  }
}
