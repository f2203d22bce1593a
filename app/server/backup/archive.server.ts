import crypto from "node:crypto";
import fs from "node:fs";
import fsp from "node:fs/promises";
import path from "node:path";
import { Transform } from "node:stream";
import { pipeline } from "node:stream/promises";
import zlib from "node:zlib";
import tar from "tar-stream";

/**
 * The backup file (ADR 054): a gzipped tar, optionally wrapped in AES-256-GCM.
 * Encrypted: "PRAVASB1", a 12-byte IV, the ciphertext, the 16-byte GCM tag.
 */
const MAGIC = Buffer.from("PRAVASB1");
const IV_BYTES = 12;
const TAG_BYTES = 16;

/** BACKUP_ENCRYPTION_KEY: 32 bytes as 64 hex digits or base64. */
export function parseEncryptionKey(text: string): Buffer {
  const trimmed = text.trim();
  const key = /^[0-9a-f]{64}$/i.test(trimmed) ? Buffer.from(trimmed, "hex") : Buffer.from(trimmed, "base64");
  if (key.length !== 32) throw new Error("BACKUP_ENCRYPTION_KEY must be 32 bytes: 64 hex digits or base64 (openssl rand -base64 32)");
  return key;
}

function encryptStream(key: Buffer): Transform {
  const iv = crypto.randomBytes(IV_BYTES);
  const cipher = crypto.createCipheriv("aes-256-gcm", key, iv);
  let started = false;
  return new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      if (!started) {
        started = true;
        this.push(Buffer.concat([MAGIC, iv]));
      }
      callback(null, cipher.update(chunk));
    },
    flush(callback) {
      if (!started) this.push(Buffer.concat([MAGIC, iv]));
      this.push(cipher.final());
      callback(null, cipher.getAuthTag());
    },
  });
}

type ArchiveEntry = { name: string; data: Buffer };

/**
 * Writes the archive to `file` (mode 0600, under a temporary name first, so a
 * failed backup never leaves a file that looks whole). `fill` adds the
 * entries in order; each `add` resolves once its entry is written.
 */
export async function writeArchive(
  file: string,
  fill: (add: (entry: ArchiveEntry) => Promise<void>) => Promise<void>,
  key?: Buffer,
): Promise<{ bytes: number }> {
  const temporary = `${file}.${process.pid}.tmp`;
  const pack = tar.pack();
  const stages: NodeJS.ReadWriteStream[] = [zlib.createGzip({ level: 6 })];
  if (key) stages.push(encryptStream(key));
  const written = pipeline(pack, ...(stages as [Transform]), fs.createWriteStream(temporary, { mode: 0o600 }));
  const add = (entry: ArchiveEntry) =>
    new Promise<void>((resolve, reject) =>
      pack.entry({ name: entry.name, size: entry.data.length, mode: 0o600, mtime: new Date(0) }, entry.data, (error) => (error ? reject(error) : resolve())),
    );
  const feeding = fill(add).then(
    () => pack.finalize(),
    (error: Error) => {
      pack.destroy(error);
      throw error;
    },
  );
  try {
    await Promise.all([feeding, written]);
    await fsp.chmod(temporary, 0o600);
    await fsp.rename(temporary, file);
  } catch (error) {
    await fsp.rm(temporary, { force: true });
    throw error;
  }
  return { bytes: (await fsp.stat(file)).size };
}

export class BackupFileError extends Error {}

/** Whether the file is an encrypted backup (its first bytes). */
export async function isEncrypted(file: string): Promise<boolean> {
  const handle = await fsp.open(file, "r");
  try {
    const head = Buffer.alloc(MAGIC.length);
    await handle.read(head, 0, MAGIC.length, 0);
    return head.equals(MAGIC);
  } finally {
    await handle.close();
  }
}

/** Decrypts into `out` and checks the GCM tag: a changed byte or a wrong key throws. */
async function decryptTo(file: string, key: Buffer, out: string): Promise<void> {
  const { size } = await fsp.stat(file);
  if (size < MAGIC.length + IV_BYTES + TAG_BYTES) throw new BackupFileError("The backup is too short to be an encrypted backup.");
  const handle = await fsp.open(file, "r");
  const iv = Buffer.alloc(IV_BYTES);
  const tag = Buffer.alloc(TAG_BYTES);
  try {
    await handle.read(iv, 0, IV_BYTES, MAGIC.length);
    await handle.read(tag, 0, TAG_BYTES, size - TAG_BYTES);
  } finally {
    await handle.close();
  }
  const decipher = crypto.createDecipheriv("aes-256-gcm", key, iv);
  decipher.setAuthTag(tag);
  try {
    await pipeline(
      fs.createReadStream(file, { start: MAGIC.length + IV_BYTES, end: size - TAG_BYTES - 1 }),
      decipher,
      fs.createWriteStream(out, { mode: 0o600 }),
    );
  } catch {
    throw new BackupFileError("The backup could not be decrypted: a wrong BACKUP_ENCRYPTION_KEY, or the file was changed.");
  }
}

type ExtractedFile = { path: string; sha256: string; size: number };

/**
 * Unpacks the archive into `directory` (which must be private and empty),
 * hashing each file as it is written. An encrypted archive is decrypted (and
 * its tag checked) first. Returns every file by its name in the archive.
 */
export async function extractArchive(file: string, directory: string, key?: Buffer): Promise<Map<string, ExtractedFile>> {
  let source = file;
  if (await isEncrypted(file)) {
    if (!key) throw new BackupFileError("The backup is encrypted: set BACKUP_ENCRYPTION_KEY to the key it was made with.");
    source = path.join(directory, ".decrypted.tar.gz");
    await decryptTo(file, key, source);
  }
  const files = new Map<string, ExtractedFile>();
  const extract = tar.extract();
  const root = path.resolve(directory, "archive");
  extract.on("entry", (header, stream, next) => {
    const target = path.resolve(root, header.name);
    if (header.type !== "file" || !target.startsWith(root + path.sep)) {
      stream.resume();
      stream.on("end", () => next(new BackupFileError(`The backup holds an unexpected entry: ${header.name}`)));
      return;
    }
    const hash = crypto.createHash("sha256");
    let size = 0;
    fs.mkdirSync(path.dirname(target), { recursive: true, mode: 0o700 });
    const out = fs.createWriteStream(target, { mode: 0o600 });
    stream.on("data", (chunk: unknown) => {
      hash.update(chunk as Buffer);
      size += (chunk as Buffer).length;
    });
    pipeline(stream, out).then(
      () => {
        files.set(header.name, { path: target, sha256: hash.digest("hex"), size });
        next();
      },
      (error: Error) => next(error),
    );
  });
  try {
    await pipeline(fs.createReadStream(source), zlib.createGunzip(), extract);
  } catch (error) {
    if (error instanceof BackupFileError) throw error;
    throw new BackupFileError(`The backup is not a readable archive (${(error as Error).message}).`);
  } finally {
    if (source !== file) await fsp.rm(source, { force: true });
  }
  return files;
}

export const sha256 = (data: Buffer) => crypto.createHash("sha256").update(data).digest("hex");
