import fs from "node:fs";
import fsp from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import type { Readable } from "node:stream";
import { recordActivity } from "~/server/activity/activity.server";
import type { Viewer } from "~/server/auth/guard.server";
import { getDatabaseKind, getDb } from "~/server/db/db.server";
import type { PrivateFileStore } from "~/server/media/private-store.server";
import type { MediaStorage } from "~/server/media/storage.server";
import { createBackup } from "./backup.server";
import { backupFileName } from "./backup-job.server";

export type BackupDownload = { name: string; bytes: number; encrypted: boolean; body: Readable };

/** One download at a time per server: each one reads the whole database and every media file. */
let making = false;

export class BackupUnderWayError extends Error {}

/**
 * "Download a backup now" (issue 49): the same archive as `npm run backup`
 * (ADR 054), written to a private temporary directory, streamed to the admin
 * and removed once sent (or abandoned). Recorded in the activity log, since it
 * holds every enquiry and account.
 */
export async function backupForDownload(options: {
  actor: Viewer;
  ip?: string | null;
  storage: MediaStorage;
  /** Payment proofs (ADR 114), archived with the media. */
  privateStore?: PrivateFileStore;
  key?: Buffer;
  now: Date;
}): Promise<BackupDownload> {
  if (making) throw new BackupUnderWayError("A backup is being made for another download. Try again in a minute.");
  making = true;
  const directory = await fsp.mkdtemp(path.join(os.tmpdir(), "pravas-backup-"));
  const removeDirectory = () => fsp.rm(directory, { recursive: true, force: true });
  try {
    const encrypted = Boolean(options.key);
    const name = backupFileName(options.now, encrypted);
    const file = path.join(directory, name);
    const result = await createBackup({
      source: { db: getDb(), kind: getDatabaseKind() === "postgres" ? "postgres" : "pglite" },
      storage: options.storage,
      privateStore: options.privateStore,
      file,
      key: options.key,
    });
    await recordActivity({
      kind: "backup.downloaded",
      actor: { id: options.actor.id, email: options.actor.email, name: options.actor.name },
      subject: { type: "backup", id: name, label: name },
      ip: options.ip ?? null,
      detail: { bytes: result.bytes, encrypted },
    });
    const body = fs.createReadStream(file);
    // Sent, failed or abandoned by the browser: the copy on this server goes either way.
    body.once("close", () => void removeDirectory());
    return { name, bytes: result.bytes, encrypted, body };
  } catch (error) {
    await removeDirectory();
    throw error;
  } finally {
    making = false;
  }
}
