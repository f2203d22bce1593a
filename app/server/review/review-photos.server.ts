import crypto from "node:crypto";
import { asc, eq, inArray } from "drizzle-orm";
import sharp from "sharp";
import { REVIEW_PHOTO_MAX_BYTES, REVIEW_PHOTO_TOO_LARGE, REVIEW_PHOTO_TOO_MANY, REVIEW_PHOTOS_MAX, type ReviewPhoto } from "~/lib/review";
import { getDb } from "~/server/db/db.server";
import { reviewPhotos, reviews, type ReviewPhotoRow, type ReviewStatus } from "~/server/db/schema.server";
import type { DbExecutor } from "~/server/jobs/jobs.server";
import { deletePrivateFiles, getPrivateStore, type PrivateFileStore } from "~/server/media/private-store.server";
import { MAX_INPUT_PIXELS } from "~/server/media/process-image.server";
import { imageQueue } from "~/server/media/serial-queue.server";
import { headLooksLike, readImageHeader } from "~/server/media/upload-kinds.server";

/**
 * A traveller's photos on their review (issue 48, ADR 118). Each is checked by
 * its bytes (never its name or declared type), decoded by sharp within the
 * pixel limit (a "decompression bomb" is refused before its pixels are
 * decoded), turned upright and written again as WebP at two widths: pixels
 * only, so no EXIF, GPS or camera data leaves the traveller's phone. They live
 * in the private store (ADR 114), never under /media: the photo route serves
 * them while the review is published, and to the team.
 */

/** Widths stored (each capped at the photo's own): the thumbnail at 1x and at 2-3x, and the photo opened. */
export const REVIEW_PHOTO_WIDTHS = [240, 480, 1280] as const;
/** The widths a thumbnail chooses from (the largest copy is only opened). */
const THUMB_MAX_WIDTH = 480;
const WEBP = { quality: 78, effort: 2 } as const;

/** A photo refused: the status to answer and a sentence for the traveller, shown beside the photo field. */
export class PhotoRefused extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

const NOT_A_PHOTO = "One of the files is not a photo we can use: choose JPEG, PNG or WebP photos.";
const TOO_MANY_PIXELS = `One of the photos is too large in pixels (at most ${MAX_INPUT_PIXELS / 1_000_000} megapixels): choose a smaller copy.`;
const PHOTO_FORMATS = new Set(["jpeg", "png", "webp", "heif"]);

export type ProcessedPhoto = { width: number; height: number; files: { width: number; data: Buffer }[] };

/** The files a post carried in the photo field, without the empty part a browser sends when none was chosen. */
export function chosenPhotos(values: FormDataEntryValue[]): File[] {
  return values.filter((value): value is File => typeof value !== "string" && !(value.size === 0 && value.name === ""));
}

/** The checks that need no decoding: how many, how large. Throws PhotoRefused. */
export function checkPhotoCount(files: { size: number }[]): void {
  if (files.length > REVIEW_PHOTOS_MAX) throw new PhotoRefused(400, REVIEW_PHOTO_TOO_MANY);
  if (files.some((file) => file.size > REVIEW_PHOTO_MAX_BYTES)) throw new PhotoRefused(413, REVIEW_PHOTO_TOO_LARGE);
}

/** One photo, checked and written again as WebP at REVIEW_PHOTO_WIDTHS. Throws PhotoRefused. */
export async function processReviewPhoto(source: Buffer): Promise<ProcessedPhoto> {
  if (source.length > REVIEW_PHOTO_MAX_BYTES) throw new PhotoRefused(413, REVIEW_PHOTO_TOO_LARGE);
  if (source.length === 0 || !headLooksLike("image", source.subarray(0, 16))) throw new PhotoRefused(415, NOT_A_PHOTO);
  // The header's size is what a bomb lies big about: refused before any pixel is decoded.
  const header = await readImageHeader(source, PHOTO_FORMATS);
  if (header.refused === "pixels") throw new PhotoRefused(413, TOO_MANY_PIXELS);
  if (header.refused) throw new PhotoRefused(415, NOT_A_PHOTO);
  const { meta } = header;
  const orientedWidth = meta.autoOrient?.width ?? meta.width;
  const orientedHeight = meta.autoOrient?.height ?? meta.height;
  const largest = Math.min(orientedWidth, REVIEW_PHOTO_WIDTHS.at(-1)!);
  const widths = [...new Set([...REVIEW_PHOTO_WIDTHS.filter((width) => width < largest), largest])];
  try {
    // One photo at a time, as the media pipeline does: decoding is the heavy part. Decoded once, at the largest width.
    return await imageQueue.run(async () => {
      const decoded = await sharp(source, { failOn: "error", limitInputPixels: MAX_INPUT_PIXELS })
        .rotate()
        .resize({ width: largest, withoutEnlargement: true })
        .raw()
        .toBuffer({ resolveWithObject: true });
      const { width, height, channels } = decoded.info;
      const files: ProcessedPhoto["files"] = [];
      for (const target of widths) {
        // Raw pixels in, WebP out: sharp writes no metadata unless asked (no EXIF, no GPS, no ICC beyond sRGB).
        const pixels = sharp(decoded.data, { raw: { width, height, channels } });
        files.push({ width: target, data: await (target === width ? pixels : pixels.resize({ width: target })).webp(WEBP).toBuffer() });
      }
      return { width, height: Math.round((orientedHeight * width) / orientedWidth) || height, files };
    });
  } catch (error) {
    if (error instanceof PhotoRefused) throw error;
    // A truncated or undecodable file (an iPhone HEIC whose codec this server lacks among them).
    throw new PhotoRefused(415, NOT_A_PHOTO);
  }
}

const fileKey = (key: string, width: number) => `reviews/${key}-${width}.webp`;
const fileKeysOf = (rows: Pick<ReviewPhotoRow, "key" | "widths">[]) => rows.flatMap((row) => row.widths.map((width) => fileKey(row.key, width)));

/** Writes the processed photos to the private store under new random keys (before the review's transaction). */
export async function storeReviewPhotoFiles(photos: ProcessedPhoto[], store?: PrivateFileStore) {
  const stored: { key: string; widths: number[]; width: number; height: number }[] = [];
  for (const photo of photos) {
    store ??= getPrivateStore();
    const key = crypto.randomBytes(16).toString("base64url");
    for (const file of photo.files) await store.put(fileKey(key, file.width), file.data);
    stored.push({ key, widths: photo.files.map((file) => file.width), width: photo.width, height: photo.height });
  }
  return { stored, fileKeys: fileKeysOf(stored) };
}

/** The photo rows of a new review, in the caller's transaction. */
export async function insertReviewPhotos(tx: DbExecutor, reviewId: number, stored: Awaited<ReturnType<typeof storeReviewPhotoFiles>>["stored"], now: Date) {
  if (stored.length === 0) return;
  await tx.insert(reviewPhotos).values(stored.map((photo, index) => ({ reviewId, position: index + 1, ...photo, createdAt: now })));
}

/** Deletes files from the private store (after the transaction that dropped their rows committed); a failure is logged. */
export const deleteReviewPhotoFiles = (keys: string[], store?: PrivateFileStore): Promise<number> => deletePrivateFiles(keys, "a review photo", store);

/** The files of these bookings' review photos, for the caller to delete once its transaction commits. */
export async function reviewPhotoKeysOfBookings(bookingIds: number[], db: DbExecutor): Promise<string[]> {
  if (bookingIds.length === 0) return [];
  const rows = await db
    .select({ key: reviewPhotos.key, widths: reviewPhotos.widths })
    .from(reviewPhotos)
    .innerJoin(reviews, eq(reviews.id, reviewPhotos.reviewId))
    .where(inArray(reviews.bookingId, bookingIds));
  return fileKeysOf(rows);
}

/**
 * Drops these bookings' review photos' rows in the caller's transaction (the
 * review's words stay); returns how many and their files, for the caller to
 * delete once it commits.
 */
export async function dropReviewPhotosOfBookings(bookingIds: number[], tx: DbExecutor): Promise<{ photos: number; fileKeys: string[] }> {
  if (bookingIds.length === 0) return { photos: 0, fileKeys: [] };
  const ofBookings = tx.select({ id: reviews.id }).from(reviews).where(inArray(reviews.bookingId, bookingIds));
  const gone = await tx
    .delete(reviewPhotos)
    .where(inArray(reviewPhotos.reviewId, ofBookings))
    .returning({ key: reviewPhotos.key, widths: reviewPhotos.widths });
  return { photos: gone.length, fileKeys: fileKeysOf(gone) };
}

const ORPHAN_AGE_MS = 24 * 60 * 60 * 1000;
const STORED_FILE = /^reviews\/([A-Za-z0-9_-]{22})-\d{2,5}\.webp$/;

/**
 * Review photo files no row claims, once a day old: deleted. They are left
 * only by a server that stopped between writing a review's photos and its
 * transaction's commit (a refused or failed review deletes its own). One
 * listing of the store, one read of the keys; run with the hourly upload sweep.
 */
export async function sweepOrphanReviewPhotos(options: { now?: number; db?: DbExecutor; store?: PrivateFileStore } = {}): Promise<string[]> {
  const { now = Date.now() } = options;
  const store = options.store ?? getPrivateStore();
  const keys = new Set((await (options.db ?? getDb()).select({ key: reviewPhotos.key }).from(reviewPhotos)).map((row) => row.key));
  const orphans: string[] = [];
  for await (const file of store.list()) {
    const key = STORED_FILE.exec(file.key)?.[1];
    if (!key || keys.has(key) || !file.modifiedAt || now - file.modifiedAt.getTime() < ORPHAN_AGE_MS) continue;
    orphans.push(file.key);
  }
  await deleteReviewPhotoFiles(orphans, store);
  return orphans;
}

/** Where the public page (published reviews only) and the team's screen (any review) read photos. */
export const PUBLIC_PHOTO_BASE = "/review/photos";
export const TEAM_PHOTO_BASE = "/admin/reviews/photos";

/** A photo's address at a width: `/review/photos/<key>-<width>.webp`. */
export const reviewPhotoPath = (key: string, width: number, base = PUBLIC_PHOTO_BASE) => `${base}/${key}-${width}.webp`;

/** The widths a thumbnail may use: those up to THUMB_MAX_WIDTH, or the smallest stored. */
const thumbWidths = (widths: number[]) => {
  const small = widths.filter((width) => width <= THUMB_MAX_WIDTH);
  return small.length ? small : widths.slice(0, 1);
};

/** The photos of these reviews as the pages draw them, in the traveller's order. */
export async function photosOfReviews(
  items: { id: number; authorName: string }[],
  base = PUBLIC_PHOTO_BASE,
  db: DbExecutor = getDb(),
): Promise<Map<number, ReviewPhoto[]>> {
  const byReview = new Map<number, ReviewPhoto[]>();
  if (items.length === 0) return byReview;
  const rows = await db
    .select()
    .from(reviewPhotos)
    .where(
      inArray(
        reviewPhotos.reviewId,
        items.map((item) => item.id),
      ),
    )
    .orderBy(asc(reviewPhotos.reviewId), asc(reviewPhotos.position));
  for (const item of items) {
    const own = rows.filter((row) => row.reviewId === item.id);
    byReview.set(
      item.id,
      own.map((row) => ({
        src: reviewPhotoPath(row.key, thumbWidths(row.widths).at(-1)!, base),
        srcSet: thumbWidths(row.widths)
          .map((width) => `${reviewPhotoPath(row.key, width, base)} ${width}w`)
          .join(", "),
        full: reviewPhotoPath(row.key, row.widths.at(-1)!, base),
        width: row.width,
        height: row.height,
        alt: `Photo ${row.position} of ${own.length} from ${item.authorName}’s trip`,
      })),
    );
  }
  return byReview;
}

const PHOTO_FILE = /^([A-Za-z0-9_-]{22})-(\d{2,5})\.webp$/;

/** The photo a file name names, with its review's status, or null (a wrong name, an unknown key or width). */
export async function reviewPhotoFile(fileName: string, db: DbExecutor = getDb()): Promise<{ fileKey: string; status: ReviewStatus } | null> {
  const match = PHOTO_FILE.exec(fileName);
  if (!match) return null;
  const [, key, widthText] = match;
  const [row] = await db
    .select({ widths: reviewPhotos.widths, status: reviews.status })
    .from(reviewPhotos)
    .innerJoin(reviews, eq(reviews.id, reviewPhotos.reviewId))
    .where(eq(reviewPhotos.key, key!));
  const width = Number(widthText);
  if (!row || !row.widths.includes(width)) return null;
  return { fileKey: fileKey(key!, width), status: row.status };
}
