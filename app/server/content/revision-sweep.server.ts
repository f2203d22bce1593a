import type { Logger } from "pino";
import { deleteMediaIfUnused } from "~/server/media/media-cleanup.server";
import { documentMediaRefs } from "~/server/media/document-media.server";
import { sweepDeletedRevisions } from "./revisions.server";

const REVISION_SWEEP_MS = 6 * 60 * 60 * 1000;

/**
 * Every six hours: documents deleted more than 30 days ago lose their
 * revisions (they can no longer be restored), and uploads only those
 * revisions still used are deleted (ADR 037). Returns a stop function.
 */
export function startRevisionSweep(logger: Logger): () => void {
  const sweep = async () => {
    try {
      const removed = await sweepDeletedRevisions();
      if (removed.length === 0) return;
      const refs = removed.flatMap(({ type, document }) => documentMediaRefs(type, document));
      const { deleted } = await deleteMediaIfUnused(refs);
      logger.info({ revisions: removed.length, media: deleted.length }, "revisions: removed the history of items deleted over 30 days ago");
    } catch (err) {
      logger.error({ err }, "revision sweep failed");
    }
  };
  void sweep();
  const timer = setInterval(sweep, REVISION_SWEEP_MS);
  timer.unref();
  return () => clearInterval(timer);
}
