import { and, eq, sql } from "drizzle-orm";
import { z } from "zod";
import { wholeVariants, type MediaVariant } from "~/lib/media";
import { ContentWriteAbort, writeContent, type ContentWriteContext } from "~/server/content/content-write.server";
import { getDb, type Db } from "~/server/db/db.server";
import { media } from "~/server/db/schema.server";
import { defineJobType, enqueueJobs, subjectOnceKey } from "~/server/jobs/jobs.server";
import { handleJob, type JobRegistration } from "~/server/jobs/worker.server";
import { deleteStoredFilesIfUnclaimed } from "~/server/media/media-files.server";
import { cutPortraitFrom } from "~/server/media/process-image.server";
import { imageQueue } from "~/server/media/serial-queue.server";
import type { MediaStorage } from "~/server/media/storage.server";

/**
 * The job that gives an image processed before ADR 075 its portrait cut (ADR
 * 076), about the image (subject "media"). In the long lane (ADR 082): a
 * decode takes about a second, and it waits its turn in the image queue
 * behind uploads, so it has 5 minutes.
 */
export const PORTRAIT_CUT_JOB = defineJobType({ name: "media.portrait-cut", lane: "long", payload: z.object({}), timeoutMs: 5 * 60_000 });

/** Nobody did it: the server adds files to an image, no field anyone edits changes (so no revision and no activity). */
const BACKFILL: ContentWriteContext = { viewer: { id: null, email: null, name: null } };

/** An image wider than 9:16 that has no portrait cut (its stored width and height are the photo's, upright). */
const needsCut = and(eq(media.kind, "image"), sql`${media.width} * 16 > ${media.height} * 9`, sql`not (${media.variants} @> '[{"crop":"portrait"}]'::jsonb)`);

/**
 * Queues a portrait cut for every image that needs one, once per image (its
 * once-key): an image processed before the cut existed, on a server upgraded
 * since. Run at start; returns how many were queued.
 */
export async function queuePortraitCuts(db: Db = getDb()): Promise<number> {
  const rows = await db.select({ id: media.id }).from(media).where(needsCut);
  const queued = await enqueueJobs(
    db,
    PORTRAIT_CUT_JOB,
    rows.map((row) => {
      const subject = { type: "media", id: row.id };
      return { payload: {}, subject, onceKey: subjectOnceKey(PORTRAIT_CUT_JOB, subject) };
    }),
  );
  return queued.length;
}

/** The widest of an image's whole-photo files; WebP when both formats are as wide (it decodes faster). */
function widestFile(variants: MediaVariant[]): MediaVariant | undefined {
  return wholeVariants({ variants }).reduce<MediaVariant | undefined>(
    (best, variant) => (!best || variant.width > best.width || (variant.width === best.width && variant.format === "webp") ? variant : best),
    undefined,
  );
}

/**
 * Makes the image's portrait cut from its widest stored file (the original is
 * not kept) and adds it to the image's files in one content write, so every
 * server's page cache shows it at the next request. An image replaced or
 * deleted meanwhile is left alone (a new file comes with its own cut), and
 * the files made for it are deleted again. `storage` is the server's media
 * storage (the worker starts before the app is set up).
 */
export const portraitCutJobHandler = (storage: MediaStorage): JobRegistration =>
  handleJob(PORTRAIT_CUT_JOB, async (job, { signal }) => {
    if (!job.subject) return;
    const [row] = await getDb()
      .select()
      .from(media)
      .where(and(eq(media.id, job.subject.id), needsCut));
    const source = row && widestFile(row.variants);
    const sourceKey = source && storage.keyOf(source.url);
    if (!row || !source || !sourceKey) return;
    // One photo decoded at a time, uploads included (ADR 024): a batch of 25 cuts at once held 25 decodes in memory.
    const cut = await imageQueue.run(async () => cutPortraitFrom(await storage.read(sourceKey), sourceKey.replace(/-\d+\.(?:avif|webp)$/, ""), storage));
    if (cut.length === 0) return;
    // Stopped meanwhile (its lease lost: another try may be writing the same files): it writes nothing.
    // Its files are left: their names come from their bytes, so the try that writes uses the same ones.
    signal.throwIfAborted();
    const added = await writeContent<boolean>(BACKFILL, async (tx) => {
      const [locked] = await tx.select().from(media).where(eq(media.id, row.id)).for("update");
      if (!locked || !locked.variants.some((variant) => variant.url === source.url) || locked.variants.some((variant) => variant.crop)) {
        throw new ContentWriteAbort(false);
      }
      await tx
        .update(media)
        .set({ variants: [...locked.variants, ...cut] })
        .where(eq(media.id, row.id));
      return { result: true, revisions: [] };
    });
    if (!added)
      await deleteStoredFilesIfUnclaimed(
        cut.map((variant) => variant.url),
        { storage },
      );
  });
