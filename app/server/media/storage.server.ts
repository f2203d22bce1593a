import fs from "node:fs/promises";
import path from "node:path";
import { services } from "~/server/services.server";

/**
 * Where media files live. Keys are relative paths ("bali-3f2a-800.avif",
 * "brochures/kerala-1a2b.pdf"); `urlOf` is what pages link to. Local disk by
 * default; MEDIA_STORE=s3 an S3-compatible bucket (s3-storage.server.ts, ADR 053).
 */
export interface MediaStorage {
  put(key: string, data: Buffer): Promise<void>;
  read(key: string): Promise<Buffer>;
  delete(key: string): Promise<void>;
  exists(key: string): Promise<boolean>;
  /** The public URL of a stored key. */
  urlOf(key: string): string;
  /** The key of one of our public URLs, or null when the URL is not ours. */
  keyOf(url: string): string | null;
  /** Every stored file, in no particular order (media:migrate, backups). */
  list(): AsyncIterable<StoredMediaFile>;
}

/** `modifiedAt`: when it was written (the orphan sweep leaves files younger than a day alone). */
export type StoredMediaFile = { key: string; bytes: number; modifiedAt?: Date };

/** A key is a relative path of plain segments: never "../", an absolute path or a backslash. */
export function assertMediaKey(key: string): void {
  const segments = key.split("/");
  if (key === "" || key.includes("\\") || key.includes("\0") || segments.some((part) => part === "" || part === "." || part === "..")) {
    throw new Error(`invalid media key: ${key}`);
  }
}

/** Files under one directory, served by Express at `urlPrefix` (/media). */
export class LocalDiskStorage implements MediaStorage {
  constructor(
    readonly directory: string,
    readonly urlPrefix = "/media",
  ) {}

  private resolve(key: string): string {
    assertMediaKey(key);
    const file = path.resolve(this.directory, key);
    // A key never leaves the directory ("../" or an absolute path would).
    if (!file.startsWith(path.resolve(this.directory) + path.sep)) throw new Error(`invalid media key: ${key}`);
    return file;
  }

  async put(key: string, data: Buffer): Promise<void> {
    const file = this.resolve(key);
    await fs.mkdir(path.dirname(file), { recursive: true });
    // Written under a temporary name first so a crash never leaves half a file.
    await fs.writeFile(`${file}.tmp`, data);
    await fs.rename(`${file}.tmp`, file);
  }

  read(key: string): Promise<Buffer> {
    return fs.readFile(this.resolve(key));
  }

  async delete(key: string): Promise<void> {
    await fs.rm(this.resolve(key), { force: true });
  }

  async exists(key: string): Promise<boolean> {
    try {
      await fs.access(this.resolve(key));
      return true;
    } catch {
      return false;
    }
  }

  async *list(): AsyncIterable<StoredMediaFile> {
    const root = path.resolve(this.directory);
    const entries = await fs.readdir(root, { recursive: true, withFileTypes: true }).catch(() => []);
    for (const entry of entries) {
      // A file half written (see put) is not stored yet.
      if (!entry.isFile() || entry.name.endsWith(".tmp")) continue;
      const file = path.join(entry.parentPath, entry.name);
      const stat = await fs.stat(file);
      yield { key: path.relative(root, file).split(path.sep).join("/"), bytes: stat.size, modifiedAt: stat.mtime };
    }
  }

  urlOf(key: string): string {
    return `${this.urlPrefix}/${key}`;
  }

  keyOf(url: string): string | null {
    return url.startsWith(`${this.urlPrefix}/`) ? url.slice(this.urlPrefix.length + 1) : null;
  }
}

/** The process's media storage, set once at boot (server/app.ts). */
export function setMediaStorage(value: MediaStorage): void {
  services.mediaStorage = value;
}

export function getMediaStorage(): MediaStorage {
  const storage = services.mediaStorage;
  if (!storage) throw new Error("media storage is not configured (setMediaStorage at boot)");
  return storage;
}
