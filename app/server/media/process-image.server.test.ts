import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bandPhoto, expectOnlyTheMiddle } from "../../../tests/support/band-photo";
import { processImage } from "./process-image.server";

let dir: string;
beforeAll(async () => {
  dir = await fs.mkdtemp(path.join(os.tmpdir(), "pravas-process-image-"));
});
afterAll(async () => {
  await fs.rm(dir, { recursive: true, force: true });
});

const fileOf = (url: string) => path.join(dir, path.basename(url));

describe("processImage: the portrait cut (ADR 075)", () => {
  it("cuts a landscape photo's middle at 9:16, 450 and 720 pixels wide, in AVIF and WebP, after the whole photo's files", async () => {
    const processed = await processImage(await bandPhoto(2400, 1500), "lake", dir, "/media", "upload");
    const cut = processed.variants.filter((variant) => variant.crop === "portrait");
    expect(cut.map(({ format, width, height }) => ({ format, width, height }))).toEqual([
      { format: "avif", width: 450, height: 800 },
      { format: "webp", width: 450, height: 800 },
      { format: "avif", width: 720, height: 1280 },
      { format: "webp", width: 720, height: 1280 },
    ]);
    expect(processed.variants.findIndex((variant) => variant.crop)).toBe(processed.variants.length - cut.length);
    for (const variant of cut) {
      const file = sharp(await fs.readFile(fileOf(variant.url)));
      expect(await file.metadata()).toMatchObject({ width: variant.width, height: variant.height, format: variant.format === "avif" ? "heif" : "webp" });
      // The middle only (a 9:16 cut of 16:10 is 35% of the width).
      await expectOnlyTheMiddle(await fs.readFile(fileOf(variant.url)));
    }
  });

  it("cuts no wider than the photo allows, and makes no cut of a photo already as narrow as 9:16", async () => {
    const small = await processImage(await bandPhoto(1200, 900), "small", dir, "/media", "upload");
    // 900 px high: a 9:16 cut is 506 px wide, so the 720 cut becomes one of 506.
    expect(small.variants.filter((variant) => variant.crop).map(({ width, height }) => [width, height])).toEqual([
      [450, 800],
      [450, 800],
      [506, 900],
      [506, 900],
    ]);
    const upright = await processImage(await bandPhoto(500, 1000), "upright", dir, "/media", "upload");
    expect(upright.variants.some((variant) => variant.crop)).toBe(false);
  });
});
