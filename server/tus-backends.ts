import fs from "node:fs/promises";
import path from "node:path";
import { FileStore } from "@tus/file-store";
import type { DataStore } from "@tus/server";
import { readHead } from "~/server/media/upload-kinds.server";

/** What the upload service reads of one stored upload's info. */
export type StoredUploadInfo = { id: string; size?: number; creation_date?: string; metadata?: Record<string, string | null> };

/**
 * Where partial tus uploads live (ADR 024, 053): a directory of this server,
 * or, with MEDIA_STORE=s3, the media bucket under tus-uploads/, which every
 * server shares: any chunk can reach any server, and the per-person quota
 * counts the same uploads everywhere (tus-s3-backend.ts, loaded only then:
 * the AWS SDK costs about a second and 25 MB at start).
 */
export type UploadBackend = {
  store: DataStore;
  /** Every upload stored, read from the store itself (not from memory). */
  list(): AsyncIterable<StoredUploadInfo>;
  /** The first bytes received so far, or null when the store cannot tell yet. */
  head(id: string): Promise<Buffer | null>;
  /** A local file holding a finished upload's bytes, and how to let go of it. */
  localFile(id: string): Promise<{ file: string; release(): Promise<void> }>;
  /** Forgets an upload: its bytes and its info. */
  remove(id: string): Promise<void>;
};

export function fileBackend(directory: string, expiryMs: number): UploadBackend {
  const store = new FileStore({ directory, expirationPeriodInMilliseconds: expiryMs });
  return {
    store,
    async *list() {
      for (const name of await fs.readdir(directory).catch(() => [] as string[])) {
        if (!name.endsWith(".json")) continue;
        const upload = await store.getUpload(name.slice(0, -".json".length)).catch(() => null);
        if (upload) yield upload;
      }
    },
    head: (id) => readHead(path.join(directory, id)).catch(() => null),
    localFile: async (id) => ({ file: path.join(directory, id), release: async () => {} }),
    remove: (id) => store.remove(id),
  };
}
