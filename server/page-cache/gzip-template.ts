import zlib from "node:zlib";

/**
 * A page's gzip bytes, compressed once, into which each response splices its
 * own CSP nonce without compressing anything again (ADR 003).
 *
 * The HTML is cut at every occurrence of the nonce it was rendered with. Each
 * piece is raw-deflated on its own and ends byte-aligned on a sync flush (the
 * last one ends the stream), so the pieces can be joined with the new nonce
 * written between them as a *stored* (uncompressed) deflate block. What the
 * decoder sees is exactly the HTML with the new nonce.
 *
 * For a good ratio each piece is compressed with the HTML before it as its
 * preset dictionary, the nonces replaced by NUL bytes. The decoder's window
 * holds the real nonce there, so no back-reference may touch those bytes: none
 * can while the page has no NUL byte of its own (a match needs equal bytes).
 * A page with a NUL is compressed without dictionaries, still correct.
 *
 * The gzip trailer's CRC-32 covers the uncompressed bytes, so it is computed
 * per response (zlib's crc32, about a gigabyte a second).
 */
export type GzipTemplate = {
  /** The uncompressed pieces between nonces (also the identity answer). */
  pieces: Buffer[];
  /** Each piece raw-deflated; all but the last end on a sync flush. */
  deflated: Buffer[];
  /** Length of the nonce spliced between pieces, in bytes. */
  nonceLength: number;
};

const GZIP_HEADER = Buffer.from([0x1f, 0x8b, 8, 0, 0, 0, 0, 0, 0, 0xff]);
const WINDOW = 32 * 1024;

function splitOn(body: Buffer, separator: Buffer): Buffer[] {
  if (separator.length === 0) return [body];
  const pieces: Buffer[] = [];
  let from = 0;
  for (let at = body.indexOf(separator, from); at >= 0; at = body.indexOf(separator, from)) {
    pieces.push(body.subarray(from, at));
    from = at + separator.length;
  }
  pieces.push(body.subarray(from));
  return pieces;
}

/** Compresses `body`, rendered with `nonce` (null: it has none to replace). */
export function createGzipTemplate(body: Buffer, nonce: string | null): GzipTemplate {
  const nonceBytes = Buffer.from(nonce ?? "");
  const pieces = nonce ? splitOn(body, nonceBytes) : [body];
  const placeholder = Buffer.alloc(nonceBytes.length, 0);
  const withDictionary = !body.includes(0);
  const deflated: Buffer[] = [];
  let history: Buffer = Buffer.alloc(0);
  pieces.forEach((piece, index) => {
    const last = index === pieces.length - 1;
    const options: zlib.ZlibOptions = { finishFlush: last ? zlib.constants.Z_FINISH : zlib.constants.Z_SYNC_FLUSH };
    if (withDictionary && history.length > 0) options.dictionary = history;
    deflated.push(zlib.deflateRawSync(piece, options));
    if (withDictionary && !last) history = tail(Buffer.concat([history, piece, placeholder]), WINDOW);
  });
  return { pieces, deflated, nonceLength: nonceBytes.length };
}

function tail(buffer: Buffer, length: number): Buffer {
  return buffer.length > length ? Buffer.from(buffer.subarray(buffer.length - length)) : buffer;
}

/** A stored deflate block (not the last) holding `bytes` as they are. */
function storedBlock(bytes: Buffer): Buffer {
  const header = Buffer.alloc(5);
  header[0] = 0; // BFINAL 0, BTYPE 00 (stored); the stream is byte-aligned here
  header.writeUInt16LE(bytes.length, 1);
  header.writeUInt16LE(~bytes.length & 0xffff, 3);
  return Buffer.concat([header, bytes]);
}

/** The gzip answer with `nonce` in place of the rendered one, as buffers to write in order. */
export function gzipWithNonce(template: GzipTemplate, nonce: string): Buffer[] {
  const nonceBytes = Buffer.from(nonce);
  if (template.pieces.length > 1 && nonceBytes.length !== template.nonceLength) {
    throw new Error("the nonce must have the length of the rendered one");
  }
  const stored = template.pieces.length > 1 ? storedBlock(nonceBytes) : null;
  const parts: Buffer[] = [GZIP_HEADER];
  let crc = 0;
  let size = 0;
  template.pieces.forEach((piece, index) => {
    crc = zlib.crc32(piece, crc);
    size += piece.length;
    parts.push(template.deflated[index]!);
    if (stored && index < template.pieces.length - 1) {
      crc = zlib.crc32(nonceBytes, crc);
      size += nonceBytes.length;
      parts.push(stored);
    }
  });
  const trailer = Buffer.alloc(8);
  trailer.writeUInt32LE(crc >>> 0, 0);
  trailer.writeUInt32LE(size % 2 ** 32, 4);
  parts.push(trailer);
  return parts;
}

/** The uncompressed answer with `nonce` in place of the rendered one. */
export function identityWithNonce(template: GzipTemplate, nonce: string): Buffer[] {
  const nonceBytes = Buffer.from(nonce);
  return template.pieces.flatMap((piece, index) => (index === 0 ? [piece] : [nonceBytes, piece]));
}

export const byteLength = (parts: Buffer[]) => parts.reduce((sum, part) => sum + part.length, 0);
