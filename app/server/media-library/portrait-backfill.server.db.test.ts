import fs from "node:fs/promises";
import path from "node:path";
import { and, eq } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { readContentVersion } from "~/server/cache/content-version.server";
import type { Db } from "~/server/db/db.server";
import { jobs, media } from "~/server/db/schema.server";
import type { Job } from "~/server/jobs/worker.server";
import { bandPhoto, expectOnlyTheMiddle } from "../../../tests/support/band-photo";
import { runJobHandler } from "../../../tests/support/job-workers";
import { useTempMediaDir } from "../../../tests/support/media-rows";
import { closeTestDatabase, openTestDatabase } from "../../../tests/support/test-db";
import { PORTRAIT_CUT_JOB, portraitCutJobHandler, queuePortraitCuts } from "./portrait-backfill.server";
import { processImage } from "~/server/media/process-image.server";
import { getMediaStorage } from "~/server/media/storage.server";

let db: Db;
let files: Awaited<ReturnType<typeof useTempMediaDir>>;
const fileOf = (url: string) => path.join(files.dir, path.basename(url));

beforeAll(async () => {
  db = await openTestDatabase();
  files = await useTempMediaDir("pravas-portrait-backfill-");
});
afterAll(async () => {
  await closeTestDatabase();
  await files.remove();
});

/** An image as a server before ADR 075 stored it: its whole-photo files only. */
async function imageWithoutCut(key: string, width: number, height: number) {
  const processed = await processImage(await bandPhoto(width, height), key, getMediaStorage(), "/media", "upload");
  for (const variant of processed.variants.filter((one) => one.crop)) await fs.rm(fileOf(variant.url));
  const variants = processed.variants.filter((one) => !one.crop);
  const [row] = await db
    .insert(media)
    .values({ key, originalName: `${key}.jpg`, alt: "", width, height, placeholder: processed.placeholder, variants, bytes: 1000 })
    .returning();
  return row!;
}

const jobFor = async (id: number): Promise<Partial<Job>> => {
  const [row] = await db
    .select()
    .from(jobs)
    .where(and(eq(jobs.type, PORTRAIT_CUT_JOB.name), eq(jobs.subjectId, id)));
  expect(row, `a queued cut for media #${id}`).toBeDefined();
  expect(row).toMatchObject({ lane: "long", onceKey: `media.portrait-cut:media:${id}` });
  return { id: row!.id, type: row!.type, subject: { type: row!.subjectType!, id: row!.subjectId! }, payload: row!.payload, createdAt: row!.createdAt };
};

describe("the portrait cut for images processed before it existed (ADR 076)", () => {
  it("queues one job per landscape image without a cut, once, and none for an upright one", async () => {
    const lake = await imageWithoutCut("upload-lake", 2400, 1500);
    const tower = await imageWithoutCut("upload-tower", 500, 1000);
    expect(await queuePortraitCuts(db)).toBe(1);
    await jobFor(lake.id);
    const forTower = await db.select().from(jobs).where(eq(jobs.subjectId, tower.id));
    expect(forTower).toEqual([]);
    // A second start queues nothing again.
    expect(await queuePortraitCuts(db)).toBe(0);
  });

  it("cuts the middle of the widest stored file, adds it to the image, and makes it live at the next request", async () => {
    const [lake] = await db.select().from(media).where(eq(media.key, "upload-lake"));
    const before = await readContentVersion(db);
    await runJobHandler(portraitCutJobHandler(getMediaStorage()), await jobFor(lake!.id));

    const [after] = await db.select().from(media).where(eq(media.id, lake!.id));
    // The whole photo's files are kept as they were, the cut follows them.
    expect(after!.variants.slice(0, lake!.variants.length)).toEqual(lake!.variants);
    const cut = after!.variants.filter((variant) => variant.crop === "portrait");
    // From the 2000 px file (2000 × 1250): its 9:16 middle is 703 px wide.
    expect(cut.map(({ format, width, height }) => ({ format, width, height }))).toEqual([
      { format: "avif", width: 450, height: 800 },
      { format: "webp", width: 450, height: 800 },
      { format: "avif", width: 703, height: 1250 },
      { format: "webp", width: 703, height: 1250 },
    ]);
    for (const variant of cut) {
      expect(variant.url).toMatch(/^\/media\/upload-lake-[0-9a-f]{10}-p\d+\.(avif|webp)$/);
      const file = await fs.readFile(fileOf(variant.url));
      expect(await sharp(file).metadata()).toMatchObject({ width: variant.width, height: variant.height });
      await expectOnlyTheMiddle(file);
    }
    expect(await readContentVersion(db)).toBeGreaterThan(before);

    // Run again (a job is repeated when a server stops before marking it done): nothing changes.
    await runJobHandler(portraitCutJobHandler(getMediaStorage()), await jobFor(lake!.id));
    const [again] = await db.select().from(media).where(eq(media.id, lake!.id));
    expect(again!.variants).toEqual(after!.variants);
  });

  it("leaves an image deleted before its job ran alone", async () => {
    const gone = await imageWithoutCut("upload-gone", 1600, 900);
    await queuePortraitCuts(db);
    const job = await jobFor(gone.id);
    await db.delete(media).where(eq(media.id, gone.id));
    await runJobHandler(portraitCutJobHandler(getMediaStorage()), job);
    const names = await fs.readdir(files.dir);
    expect(names.filter((name) => name.startsWith("upload-gone-") && /-p\d+\./.test(name))).toEqual([]);
  });
});
