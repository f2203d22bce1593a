import fs from "node:fs";
import fsp from "node:fs/promises";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { pipeline } from "node:stream/promises";
import type { Logger } from "pino";
import type { BackupResult } from "./backup.server";

/**
 * PGlite allows one process per data directory, so `npm run backup` asks the
 * running server for the backup (ADR 054): over a Unix socket in DATA_DIR,
 * mode 0600 in a 0700 directory, so only the server's own user (who can read
 * the database files anyway) reaches it. The client writes one line,
 * {"op":"backup"}; the server answers with one JSON line (ok, bytes, a
 * summary, or an error) and then the archive's bytes.
 */
export function backupSocketPath(dataDir: string): string {
  return path.resolve(dataDir, "backup.sock");
}

type SocketBackup = (file: string) => Promise<BackupResult>;

export async function startBackupSocket(options: { socketPath: string; backup: SocketBackup; logger: Logger }): Promise<() => Promise<void>> {
  const { socketPath, backup, logger } = options;
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
      let op: unknown;
      try {
        op = (JSON.parse(request.slice(0, request.indexOf("\n"))) as { op?: unknown }).op;
      } catch {
        op = undefined;
      }
      if (op !== "backup") {
        socket.end(`${JSON.stringify({ ok: false, error: "unknown request" })}\n`);
        return;
      }
      // One backup at a time.
      running = running.then(() => answer(socket));
    });
  });
  const answer = async (socket: net.Socket) => {
    const work = await fsp.mkdtemp(path.join(os.tmpdir(), "pravas-backup-"));
    const file = path.join(work, "backup");
    try {
      const result = await backup(file);
      const rows = result.manifest.tables.reduce((sum, table) => sum + table.rows, 0);
      const media = Object.keys(result.manifest.files).filter((name) => name.startsWith("media/")).length;
      socket.write(`${JSON.stringify({ ok: true, bytes: result.bytes, rows, media, ms: result.ms, migration: result.manifest.migration.tag })}\n`);
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

type SocketAnswer = { ok: true; bytes: number; rows: number; media: number; ms: number; migration: string | null };

/**
 * Asks the server listening on `socketPath` for a backup and writes it to
 * `file` (0600). Resolves null when no server listens there (no socket, or a
 * stale one): the caller opens the data directory itself.
 */
export function requestBackupOverSocket(socketPath: string, file: string): Promise<SocketAnswer | null> {
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
    socket.on("connect", () => socket.write(`${JSON.stringify({ op: "backup" })}\n`));
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
