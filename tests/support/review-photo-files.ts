import sharp from "sharp";

/**
 * Photos for the review photo tests (ADR 118): a phone's JPEG with camera
 * details, a GPS position and "turn me upright" in its EXIF; and a
 * decompression bomb: a PNG of a few hundred bytes whose header declares
 * 40000 x 40000 pixels (1.6 gigapixels).
 */
export const PHONE_MAKE = "PravasPhoneCo";

/** A 1600 x 1200 JPEG stored sideways (orientation 6: shown 1200 x 1600), with EXIF make and GPS. */
export function phonePhoto(): Promise<Buffer> {
  return sharp({ create: { width: 1600, height: 1200, channels: 3, background: "#3a7d5c" } })
    .jpeg({ quality: 80 })
    .withExif({
      IFD0: { Make: PHONE_MAKE, Model: "P1" },
      IFD3: { GPSLatitudeRef: "N", GPSLatitude: "12/1 58/1 1/1", GPSLongitudeRef: "E", GPSLongitude: "77/1 35/1 2/1" },
    })
    .withMetadata({ orientation: 6 })
    .toBuffer();
}

/** A small PNG (the 4th photo of a post, a photo on the package page). */
export function smallPhoto(background = "#c83"): Promise<Buffer> {
  return sharp({ create: { width: 640, height: 480, channels: 3, background } })
    .png()
    .toBuffer();
}

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});
function crc32(bytes: Buffer): number {
  let crc = 0xffffffff;
  for (const byte of bytes) crc = CRC_TABLE[(crc ^ byte) & 0xff]! ^ (crc >>> 8);
  return (crc ^ 0xffffffff) >>> 0;
}
function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, "latin1"), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/** A valid PNG header declaring 40000 x 40000 pixels, with a tiny (truncated) image stream. */
export function decompressionBomb(): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(40_000, 0);
  header.writeUInt32BE(40_000, 4);
  header.set([8, 2, 0, 0, 0], 8); // 8-bit RGB
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk("IHDR", header),
    chunk("IDAT", Buffer.from([0x78, 0x9c, 0x63, 0x00, 0x00, 0x00, 0x01, 0x00, 0x01])),
    chunk("IEND", Buffer.alloc(0)),
  ]);
}
