import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { REVIEW_PHOTO_MAX_BYTES, REVIEW_PHOTO_TOO_LARGE, REVIEW_PHOTO_TOO_MANY } from "~/lib/review";
import { decompressionBomb, PHONE_MAKE, phonePhoto } from "../../../tests/support/review-photo-files";
import { checkPhotoCount, PhotoRefused, processReviewPhoto } from "./review-photos.server";

// A review's photos (ADR 118): pixels only (no EXIF, no GPS), upright, WebP at two widths; hostile files refused with a 4xx.
const refusal = (promise: Promise<unknown>) =>
  promise.then(
    () => null,
    (error: unknown) => (error instanceof PhotoRefused ? { status: error.status, message: error.message } : error),
  );

describe("processReviewPhoto", () => {
  it("writes a phone's photo again as upright WebP at 240, 480 and 1200 px with no EXIF, GPS or camera details left", async () => {
    const source = await phonePhoto();
    const before = await sharp(source).metadata();
    expect(before.exif?.toString("latin1")).toContain(PHONE_MAKE);
    expect(before.orientation).toBe(6);

    const photo = await processReviewPhoto(source);
    // Shown upright: the sideways 1600 x 1200 is 1200 x 1600.
    expect({ width: photo.width, height: photo.height }).toEqual({ width: 1200, height: 1600 });
    expect(photo.files.map((file) => file.width)).toEqual([240, 480, 1200]);
    for (const file of photo.files) {
      const after = await sharp(file.data).metadata();
      expect(after.format).toBe("webp");
      expect(after.width).toBe(file.width);
      expect(after.exif).toBeUndefined();
      expect(after.xmp).toBeUndefined();
      expect(after.orientation).toBeUndefined();
      expect(file.data.toString("latin1")).not.toContain(PHONE_MAKE);
      expect(file.data.toString("latin1")).not.toContain("GPS");
    }
  });

  it("refuses a non-image, a decompression bomb and an oversize file with a 4xx, before decoding", async () => {
    expect(await refusal(processReviewPhoto(Buffer.from("<svg xmlns='http://www.w3.org/2000/svg'/>")))).toMatchObject({ status: 415 });
    expect(await refusal(processReviewPhoto(Buffer.from("%PDF-1.7 not a photo")))).toMatchObject({ status: 415 });
    const bomb = decompressionBomb();
    expect(bomb.length).toBeLessThan(200);
    expect(await refusal(processReviewPhoto(bomb))).toMatchObject({ status: 413, message: expect.stringContaining("megapixels") });
    const oversize = Buffer.concat([await phonePhoto(), Buffer.alloc(REVIEW_PHOTO_MAX_BYTES)]);
    expect(await refusal(processReviewPhoto(oversize))).toEqual({ status: 413, message: REVIEW_PHOTO_TOO_LARGE });
  });

  it("counts the photos of a post: a 4th is refused, and so is one over the size limit", () => {
    expect(() => checkPhotoCount([{ size: 1 }, { size: 1 }, { size: 1 }])).not.toThrow();
    expect(() => checkPhotoCount([{ size: 1 }, { size: 1 }, { size: 1 }, { size: 1 }])).toThrow(REVIEW_PHOTO_TOO_MANY);
    expect(() => checkPhotoCount([{ size: REVIEW_PHOTO_MAX_BYTES + 1 }])).toThrow(REVIEW_PHOTO_TOO_LARGE);
  });
});
