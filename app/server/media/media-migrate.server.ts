import crypto from "node:crypto";
import type { MediaStorage } from "./storage.server";

type MigrationReport = {
  /** Files copied and read back identical. */
  copied: number;
  /** Files the target already held, byte for byte. */
  alreadyThere: number;
  bytes: number;
  /** Keys that could not be copied or did not read back identical. */
  failed: { key: string; reason: string }[];
};

/** A media store, or the private store of payment proofs (ADR 114), which the same command moves. */
type CopyableStore = Pick<MediaStorage, "read" | "exists" | "put" | "list">;

const sha256 = (data: Buffer) => crypto.createHash("sha256").update(data).digest("hex");

/**
 * Copies every file of one media store to another (npm run media:migrate,
 * ADR 053) and checks each: the target's copy is read back and must hash the
 * same as the source. A file the target already holds identically is left as
 * it is, so a run that stopped half way is simply run again. The source is
 * never changed.
 */
export async function migrateMedia(
  from: CopyableStore,
  to: CopyableStore,
  { log = () => {}, concurrency = 4 }: { log?: (message: string) => void; concurrency?: number } = {},
): Promise<MigrationReport> {
  const report: MigrationReport = { copied: 0, alreadyThere: 0, bytes: 0, failed: [] };
  const inFlight = new Set<Promise<void>>();

  async function copy(key: string) {
    try {
      const data = await from.read(key);
      const hash = sha256(data);
      if ((await to.exists(key)) && sha256(await to.read(key)) === hash) {
        report.alreadyThere += 1;
        return;
      }
      await to.put(key, data);
      const copiedHash = sha256(await to.read(key));
      if (copiedHash !== hash) throw new Error(`read back ${copiedHash.slice(0, 12)}, expected ${hash.slice(0, 12)}`);
      report.copied += 1;
      report.bytes += data.length;
      log(`copied ${key} (${data.length} bytes)`);
    } catch (error) {
      report.failed.push({ key, reason: (error as Error).message });
      log(`FAILED ${key}: ${(error as Error).message}`);
    }
  }

  for await (const { key } of from.list()) {
    const task = copy(key).finally(() => inFlight.delete(task));
    inFlight.add(task);
    if (inFlight.size >= concurrency) await Promise.race(inFlight);
  }
  await Promise.all(inFlight);
  return report;
}
