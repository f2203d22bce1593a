import fs from "node:fs";
import fsp from "node:fs/promises";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { pipeline } from "node:stream/promises";
import type { Logger } from "pino";
import type { PrivateFileStore } from "~/server/media/private-store.server";
import type { MediaStorage } from "~/server/media/storage.server";
import { isEncrypted, parseEncryptionKey } from "./archive.server";
import { createBackup, type BackupTarget } from "./backup.server";

/**
 * PGlite allows one process per data directory, so `npm run backup` asks the
 * running server for the backup (ADR 054): over a Unix socket in DATA_DIR,
 * mode 0600 in a 0700 directory, so only the server's own user (who can read
 * the database files anyway) reaches it. The client writes one line,
 * {"op":"backup","key":…}; the server answers with one JSON line (ok, bytes,
 * a summary, whether it is encrypted, or an error) and then the archive's bytes.
 *
 * The key is the command's BACKUP_ENCRYPTION_KEY (base64), or null: the
 * archive is encrypted with the key the operator gave the command, never the
 * server's own, so what the command says about it is true (issue 44 finding 3).
 */
export function backupSocketPath(dataDir: string): string {
  return path.resolve(dataDir, "backup.sock");
}

export async function startBackupSocket(options: {
  socketPath: string;
  source: BackupTarget;
  /** Read at each backup: the media store is set up after the socket starts. */
  storage: () => MediaStorage;
  /** Payment proofs (ADR 114), archived with the media. */
  privateStore?: PrivateFileStore;
  logger: Logger;
}): Promise<() => Promise<void>> {
  const { socketPath, source, storage, logger } = options;
  // A socket left by a crash would make listen fail: nothing else can be listening (the data directory's lock is ours).
  await fsp.rm(socketPath, { force: true });
  let running = Promise.resolve();
  const server = net.createServer((socket) => {
    let request = "";
    socket.setEncoding("utf8");
    socket.on("error", () => {});
    socket.on("data", (chunk: string) => {
      request += chunk;
      if (!request.includes("\n")) {
        if (request.length > 1024) socket.destroy();
        return;
      }
      socket.removeAllListeners("data");
      let asked: { op?: unknown; key?: unknown } = {};
      try {
        asked = JSON.parse(request.slice(0, request.indexOf("\n"))) as typeof asked;
      } catch {
        asked = {};
      }
      if (asked.op !== "backup" || !(asked.key === null || typeof asked.key === "string")) {
        // An older command that does not say which key it was given gets no archive, rather than one it may misdescribe.
        socket.end(`${JSON.stringify({ ok: false, error: "unknown request: upgrade the backup command" })}\n`);
        return;
      }
      let key: Buffer | undefined;
      try {
        key = typeof asked.key === "string" ? parseEncryptionKey(asked.key) : undefined;
      } catch (error) {
        socket.end(`${JSON.stringify({ ok: false, error: (error as Error).message })}\n`);
        return;
      }
      // One backup at a time.
      running = running.then(() => answer(socket, key));
    });
  });
  const answer = async (socket: net.Socket, key: Buffer | undefined) => {
    const work = await fsp.mkdtemp(path.join(os.tmpdir(), "pravas-backup-"));
    const file = path.join(work, "backup");
    try {
      const result = await createBackup({ source, storage: storage(), privateStore: options.privateStore, file, key });
      const rows = result.manifest.tables.reduce((sum, table) => sum + table.rows, 0);
      const media = Object.keys(result.manifest.files).filter((name) => name.startsWith("media/")).length;
      const summary = { ok: true, bytes: result.bytes, rows, media, ms: result.ms, migration: result.manifest.migration.tag, encrypted: Boolean(key) };
      socket.write(`${JSON.stringify(summary)}\n`);
      await pipeline(fs.createReadStream(file), socket);
      logger.info({ bytes: result.bytes, ms: result.ms }, "backup sent over the backup socket");
    } catch (error) {
      logger.error({ err: error }, "backup over the backup socket failed");
      if (!socket.destroyed) socket.end(`${JSON.stringify({ ok: false, error: (error as Error).message })}\n`);
    } finally {
      await fsp.rm(work, { recursive: true, force: true });
    }
  };
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(socketPath, () => resolve());
  });
  await fsp.chmod(socketPath, 0o600);
  return async () => {
    await new Promise<void>((resolve) => server.close(() => resolve()));
    await fsp.rm(socketPath, { force: true });
  };
}

type SocketAnswer = { ok: true; bytes: number; rows: number; media: number; ms: number; migration: string | null; encrypted: boolean };

/**
 * Asks the server listening on `socketPath` for a backup encrypted with `key`
 * (none: a plain archive) and writes it to `file` (0600). Resolves null when
 * no server listens there (no socket, or a stale one): the caller opens the
 * data directory itself. The file's own first bytes are checked against the
 * key: an archive that is not what was asked for is deleted, never kept.
 */
export async function requestBackupOverSocket(socketPath: string, file: string, key: Buffer | undefined): Promise<SocketAnswer | null> {
  const answer = await receiveBackup(socketPath, file, key);
  if (answer && (await isEncrypted(file)) !== Boolean(key)) {
    await fsp.rm(file, { force: true });
    throw new Error(
      key
        ? "The server sent a backup that is not encrypted although BACKUP_ENCRYPTION_KEY was given: it was deleted. Is the server an older version? Stop it, or upgrade it."
        : "The server sent an encrypted backup although no BACKUP_ENCRYPTION_KEY was given: it was deleted.",
    );
  }
  return answer;
}

function receiveBackup(socketPath: string, file: string, key: Buffer | undefined): Promise<SocketAnswer | null> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(socketPath);
    let header = "";
    let answer: SocketAnswer | undefined;
    let out: fs.WriteStream | undefined;
    let received = 0;
    const temporary = `${file}.${process.pid}.tmp`;
    socket.once("error", (error: NodeJS.ErrnoException) => {
      if (!answer && (error.code === "ENOENT" || error.code === "ECONNREFUSED")) resolve(null);
      else reject(error);
    });
    socket.on("connect", () => socket.write(`${JSON.stringify({ op: "backup", key: key ? key.toString("base64") : null })}\n`));
    socket.on("data", (chunk: Buffer) => {
      if (answer) {
        received += chunk.length;
        out!.write(chunk);
        return;
      }
      header += chunk.toString("latin1");
      const end = header.indexOf("\n");
      if (end === -1) return;
      const parsed = JSON.parse(Buffer.from(header.slice(0, end), "latin1").toString("utf8")) as SocketAnswer | { ok: false; error: string };
      if (!parsed.ok) {
        socket.destroy();
        reject(new Error(`The server could not make the backup: ${parsed.error}`));
        return;
      }
      answer = parsed;
      out = fs.createWriteStream(temporary, { mode: 0o600 });
      const rest = Buffer.from(header.slice(end + 1), "latin1");
      received += rest.length;
      if (rest.length > 0) out.write(rest);
    });
    socket.on("end", () => {
      if (!answer || !out) return;
      const stream = out;
      stream.end(() => {
        if (received !== answer!.bytes) {
          fs.rmSync(temporary, { force: true });
          reject(new Error(`The backup was cut short: ${received} of ${answer!.bytes} bytes.`));
          return;
        }
        fs.renameSync(temporary, file);
        resolve(answer!);
      });
    });
  });
}
