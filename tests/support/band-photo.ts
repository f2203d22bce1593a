// A test photo whose middle is easy to tell from its sides, for the portrait cut's tests.
import sharp from "sharp";
import { expect } from "vitest";

/** A photo in three upright bands: red (the left quarter), green (the middle half), blue (the right quarter). */
export async function bandPhoto(width: number, height: number): Promise<Buffer> {
  const quarter = Math.round(width / 4);
  const band = (r: number, g: number, b: number, left: number, w: number) => ({
    input: { create: { width: w, height, channels: 3 as const, background: { r, g, b } } },
    left,
    top: 0,
  });
  return sharp({ create: { width, height, channels: 3, background: { r: 0, g: 0, b: 0 } } })
    .composite([band(255, 0, 0, 0, quarter), band(0, 255, 0, quarter, width - 2 * quarter), band(0, 0, 255, width - quarter, quarter)])
    .jpeg({ quality: 95 })
    .toBuffer();
}

/** Asserts that an image file shows only a band photo's middle: green at both edges and in the centre. */
export async function expectOnlyTheMiddle(file: Buffer): Promise<void> {
  const { data, info } = await sharp(file).raw().toBuffer({ resolveWithObject: true });
  for (const x of [2, Math.floor(info.width / 2), info.width - 3]) {
    const at = (Math.floor(info.height / 2) * info.width + x) * info.channels;
    expect([data[at]! < 60, data[at + 1]! > 190, data[at + 2]! < 60], `pixel at x=${x}`).toEqual([true, true, true]);
  }
}
