import fs from "node:fs/promises";
import path from "node:path";
import { promisify } from "node:util";
import zlib from "node:zlib";

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

/** Text a browser fetches from /assets; fonts and images are compressed formats already. */
const COMPRESSIBLE = /\.(js|css|svg|json)$/;
/** Below this a compressed copy saves less than its own headers cost. */
const MIN_BYTES = 1024;

/**
 * Writes NAME.br (brotli 11) and NAME.gz (gzip 9) beside each script and style
 * of the client build, once, for server/app.ts to send as they are (ADR 074).
 * Runs at React Router's buildEnd, after it has written its manifest module,
 * which Vite's own bundle hooks never see.
 */
export async function precompressAssets(directory: string): Promise<{ files: number; bytes: number; brotliBytes: number }> {
  const names = (await fs.readdir(directory)).filter((name) => COMPRESSIBLE.test(name));
  const totals = { files: 0, bytes: 0, brotliBytes: 0 };
  await Promise.all(
    names.map(async (name) => {
      const file = path.join(directory, name);
      const source = await fs.readFile(file);
      if (source.length < MIN_BYTES) return;
      const [br, gz] = await Promise.all([
        brotli(source, {
          params: { [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: source.length },
        }),
        gzip(source, { level: zlib.constants.Z_BEST_COMPRESSION }),
      ]);
      await Promise.all([fs.writeFile(`${file}.br`, br), fs.writeFile(`${file}.gz`, gz)]);
      totals.files++;
      totals.bytes += source.length;
      totals.brotliBytes += br.length;
    }),
  );
  return totals;
}
